// The legend: the fingers' colours, the path marks, the recognizers' bands and marks, and the service's holds, claims and zones.
import Tactile

extension PlotRenderer {
    /// Whether the plot shows what the gesture service did (holds, claims, zones, actions carried out).
    var showsService: Bool {
        !plot.zones.isEmpty || plot.lanes.values.contains { lane in
            lane.spans.contains { $0.kind == .held } || lane.marks.contains { $0.kind == .claimed || $0.kind == .released }
        } || plot.recognizers.rows.contains { $0.row.marks.contains { $0.kind == .performed } }
    }

    /// The legend's height (drawn once to measure it).
    func legendLayoutHeight() -> Double {
        var scratch = SVGWriter()
        return drawLegend(top: 0, into: &scratch)
    }

    /// Draws the legend from `top`; returns its height.
    @discardableResult
    func drawLegend(top: Double, into svg: inout SVGWriter) -> Double {
        var legend = LegendCursor(left: Self.legendLeft, y: top)
        svg.open("g", ["id": "legend"])
        drawFingerLegend(&legend, into: &svg)
        drawRecognizerLegend(&legend, into: &svg)
        if showsService { drawServiceLegend(&legend, into: &svg) }
        legend.y += 22
        svg.element("text", ["class": "small", "x": SVGWriter.number(legend.left), "y": SVGWriter.number(legend.y)],
                    content: "Point at a path, band or mark for its details.")
        svg.close("g")
        return legend.y + 6 - top
    }

    /// The legend's first part: a colour per slot, then the marks and dashes of the paths.
    private func drawFingerLegend(_ legend: inout LegendCursor, into svg: inout SVGWriter) {
        let n = SVGWriter.number
        legend.heading("Fingers (a colour per slot)", into: &svg)
        let slots = Array(Set(plot.tracks.map(\.slot))).sorted()
        for (index, slot) in slots.prefix(PlotPalette.fingers.count).enumerated() {
            if index % 5 == 0 { legend.y += 17 }
            let x = legend.left + Double(index % 5) * 78, y = legend.y
            svg.element("line", ["x1": n(x), "y1": n(y - 4), "x2": n(x + 18), "y2": n(y - 4), "stroke": PlotPalette.finger(slot), "stroke-width": "4"])
            svg.element("text", ["class": "small", "x": n(x + 22), "y": n(y)], content: "slot \(slot)")
        }
        if slots.isEmpty {
            legend.note("no finger touched the surface", into: &svg)
        } else if slots.count > PlotPalette.fingers.count {
            legend.note("\(slots.count) slots: colours repeat every \(PlotPalette.fingers.count)", into: &svg)
        }
        legend.entry("where a finger landed, and lifted; × where it was lost", into: &svg) { x, y, svg in
            svg.element("circle", ["cx": n(x - 4), "cy": n(y), "r": "3.5", "fill": "#555"])
            svg.element("circle", ["cx": n(x + 6), "cy": n(y), "r": "3.5", "fill": "#fff", "stroke": "#555", "stroke-width": "1.5"])
        }
        legend.entry("dashed: a resting thumb or palm, kept from the recognizers", into: &svg) { x, y, svg in
            svg.element("line", ["x1": n(x - 8), "y1": n(y), "x2": n(x + 10), "y2": n(y), "stroke": "#555", "stroke-width": "2",
                                 "stroke-dasharray": "4 3"])
        }
        if plot.tracks.count > Self.markedTouchLimit {
            legend.note("\(plot.tracks.count) touches: their landing and lifting marks are left out", into: &svg)
        }
    }

    /// The recognizers' part: their bands, their marks, the actions sent and where they were on the surface.
    private func drawRecognizerLegend(_ legend: inout LegendCursor, into svg: inout SVGWriter) {
        let n = SVGWriter.number
        legend.heading("Recognizers", into: &svg)
        for kind in [TimelineSpan.Kind.tracking, .waiting, .inProgress] {
            legend.entry(Self.description(of: kind), into: &svg) { x, y, svg in
                svg.element("rect", ["class": "band " + Self.className(kind), "x": n(x - 8), "y": n(y - 6), "width": "18", "height": "12"])
            }
        }
        legend.entry("recognized (ended)", into: &svg) { x, y, svg in
            svg.element("path", ["class": "mark recognized", "d": "M" + n(x - 4) + " " + n(y) + "l3 3.5l5.5 -7"])
        }
        legend.entry("failed (point at it for the reason)", into: &svg) { x, y, svg in
            svg.element("path", ["class": "mark failed", "d": Self.cross(at: Point(x: x, y: y), size: 3.5)])
        }
        legend.entry("cancelled", into: &svg) { x, y, svg in
            svg.element("path", ["class": "mark cancelled", "d": "M" + n(x - 4) + " " + n(y + 4) + "L" + n(x + 4) + " " + n(y - 4) + "M" + n(x - 4) + " " + n(y) + "h8"])
        }
        legend.entry("an action sent: began, ended, cancelled; grey: changed", into: &svg) { x, y, svg in
            svg.element("path", ["class": "mark action", "d": "M" + n(x - 3) + " " + n(y - 4) + "v8"])
            svg.element("path", ["class": "mark action-changed", "d": "M" + n(x + 3) + " " + n(y - 2) + "v4"])
        }
        legend.entry("on the surface: where a gesture began, ended (actions)", into: &svg) { x, y, svg in
            svg.element("path", ["class": "spot began", "d": Self.diamond(at: Point(x: x - 5, y: y), size: 5)])
            svg.element("path", ["class": "spot ended", "d": Self.diamond(at: Point(x: x + 6, y: y), size: 5)])
        }
        if plot.surfaceMarks.marks.count > Self.spotLimit {
            legend.note("\(plot.surfaceMarks.marks.count) places of actions: left out, they would hide the paths", into: &svg)
        }
    }

    /// The gesture service's part: held fingers, claims and releases, actions carried out, zones.
    private func drawServiceLegend(_ legend: inout LegendCursor, into svg: inout SVGWriter) {
        let n = SVGWriter.number
        legend.heading("Gesture service", into: &svg)
        legend.entry("a finger held back from the app until its zone's gestures decide", into: &svg) { x, y, svg in
            svg.element("rect", ["class": "band held", "x": n(x - 8), "y": n(y - 5), "width": "18", "height": "10"])
        }
        legend.entry("taken from the app by a gesture", into: &svg) { x, y, svg in
            svg.element("path", ["class": "mark claimed", "d": "M" + n(x - 4.5) + " " + n(y - 4) + "h9l-4.5 7z"])
        }
        legend.entry("a held finger goes on to the app", into: &svg) { x, y, svg in
            svg.element("path", ["class": "mark released", "d": "M" + n(x - 4.5) + " " + n(y + 3) + "h9l-4.5 -7z"])
        }
        legend.entry("an action carried out (a key, a click, a command)", into: &svg) { x, y, svg in
            svg.element("path", ["class": "mark performed", "d": "M" + n(x) + " " + n(y - 4) + "l3.5 3.5l-3.5 3.5l-3.5 -3.5z"])
        }
        legend.entry("a zone of the config (deeper: it holds its touches)", into: &svg) { x, y, svg in
            svg.element("rect", ["class": "zone", "x": n(x - 8), "y": n(y - 6), "width": "18", "height": "12"])
        }
    }
}

/// Where the legend is being written: its left edge and the baseline of its last line.
private struct LegendCursor {
    /// The legend's left edge.
    let left: Double
    /// The baseline of the line last written.
    var y: Double

    /// A heading, with its space above and below.
    mutating func heading(_ text: String, into svg: inout SVGWriter) {
        y += 18
        svg.element("text", ["class": "heading", "x": SVGWriter.number(left), "y": SVGWriter.number(y)], content: text)
        y += 6
    }

    /// A line with `symbol` drawn at its left, centred on the point it is given, and `text` after it.
    mutating func entry(_ text: String, into svg: inout SVGWriter, symbol: (Double, Double, inout SVGWriter) -> Void) {
        y += 17
        symbol(left + 10, y - 4, &svg)
        svg.element("text", ["class": "small", "x": SVGWriter.number(left + 26), "y": SVGWriter.number(y)], content: text)
    }

    /// A line of small text alone, from the left edge.
    mutating func note(_ text: String, into svg: inout SVGWriter) {
        y += 17
        svg.element("text", ["class": "small", "x": SVGWriter.number(left), "y": SVGWriter.number(y)], content: text)
    }
}
