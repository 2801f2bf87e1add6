// The plot's colours and its style sheet: a colour per finger (by slot), one per recognizer state and mark.

/// The colours of a plot: one per finger (by slot, repeating every ten),
/// and the style sheet the drawing's classes use.
enum PlotPalette {
    /// Ten colours far apart (Tableau 10), one per slot.
    static let fingers = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                          "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#79706e"]

    /// The colour of the finger in `slot`.
    static func finger(_ slot: Int) -> String {
        fingers[((slot % fingers.count) + fingers.count) % fingers.count]
    }

    static let tracking = "#d9d9d9"
    static let waiting = "#f6d38b"
    static let inProgress = "#8fbbe0"
    static let recognized = "#1a9850"
    static let failed = "#d73027"
    static let cancelled = "#f46d43"
    static let action = "#333333"
    static let performed = "#7b3294"
    static let claimed = "#111111"
    static let released = "#1a9850"

    /// The style sheet: every class the drawing uses, so elements carry a class, not their colours.
    static let styleSheet = """
        text { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 12px; fill: #222; }
        .title { font-size: 18px; font-weight: bold; }
        .subtitle { font-size: 12px; fill: #444; }
        .heading { font-size: 13px; font-weight: bold; }
        .tick { font-size: 10px; fill: #555; }
        .axis-label { font-size: 12px; fill: #333; }
        .row-label { font-size: 11px; }
        .untouched { fill: #999; }
        .small { font-size: 10px; fill: #555; }
        .outline { fill: #fafafa; stroke: #333; stroke-width: 1.5; }
        .grid { stroke: #e6e6e6; stroke-width: 1; }
        .axis { stroke: #555; stroke-width: 1; }
        .touch { fill: none; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
        .rejected { stroke-dasharray: 4 3; }
        .zone { fill: #fff3c4; fill-opacity: 0.45; stroke: #b8860b; stroke-dasharray: 5 3; }
        .zone.holds { fill: #ffe0a3; }
        .zone-label { font-size: 10px; fill: #8a6400; }
        .row-back { fill: #f4f4f4; }
        .band.tracking { fill: \(tracking); }
        .band.waiting { fill: \(waiting); }
        .band.in-progress { fill: \(inProgress); }
        .band.held { fill: url(#held-hatch); stroke: #8a6400; stroke-width: 0.8; }
        .mark { fill: none; stroke-width: 2; stroke-linecap: round; }
        .mark.recognized { stroke: \(recognized); }
        .mark.failed { stroke: \(failed); }
        .mark.cancelled { stroke: \(cancelled); }
        .mark.action { stroke: \(action); stroke-width: 1.2; }
        .mark.action-changed { stroke: #9a9a9a; stroke-width: 1; }
        .mark.performed { fill: \(performed); stroke: none; }
        .mark.claimed { fill: \(claimed); stroke: none; }
        .mark.released { fill: \(released); stroke: none; }
        .mark.lost { stroke: #000; stroke-width: 1.5; }
        .spot { stroke: #222; stroke-width: 1; }
        .spot.began { fill: #ffffff; }
        .spot.ended { fill: \(recognized); }
        .spot.cancelled { fill: \(cancelled); }
        """
}
