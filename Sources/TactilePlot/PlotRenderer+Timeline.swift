// The timeline: a shared time axis, a lane per slot for the fingers (down, held, taken) and a row per recognizer (its states, decisions and actions).
import Tactile

extension PlotRenderer {
    static let laneHeight = 14.0
    static let rowHeight = 16.0
    static let rowGap = 5.0
    static let headingHeight = 24.0
    static let axisHeight = 22.0

    /// The slots with a lane, in order.
    var laneSlots: [Int] { plot.lanes.keys.sorted() }

    /// The timeline's height, from its axis labels to its last row.
    func timelineHeight() -> Double {
        let lanes = max(1, laneSlots.count)
        let rows = max(1, plot.recognizers.rows.count)
        return Self.axisHeight + 2 * Self.headingHeight + Double(lanes) * (Self.laneHeight + Self.rowGap)
            + Double(rows) * (Self.rowHeight + Self.rowGap)
    }

    func drawTimeline(top: Double, into svg: inout SVGWriter) {
        let axis = timeAxis
        let bottom = top + timelineHeight()
        svg.open("g", ["id": "timeline"])
        drawTimeAxis(axis, top: top, bottom: bottom, into: &svg)
        var y = top + Self.axisHeight
        svg.element("text", ["class": "heading", "x": "20", "y": SVGWriter.number(y + 15)],
                    content: "Fingers, by slot: down, held back from the app, taken by a gesture")
        y += Self.headingHeight
        svg.open("g", ["id": "touch-lanes"])
        if laneSlots.isEmpty {
            svg.element("text", ["class": "row-label untouched", "x": SVGWriter.number(Self.timelineLeft), "y": SVGWriter.number(y + 11)],
                        content: "no finger touched the surface")
            y += Self.laneHeight + Self.rowGap
        }
        for slot in laneSlots {
            drawLane(slot, top: y, axis: axis, into: &svg)
            y += Self.laneHeight + Self.rowGap
        }
        svg.close("g")
        svg.element("text", ["class": "heading", "x": "20", "y": SVGWriter.number(y + 15)],
                    content: "Recognizers: following touches, waiting, in progress; their decisions and actions")
        y += Self.headingHeight
        svg.open("g", ["id": "recognizer-rows"])
        if plot.recognizers.rows.isEmpty {
            svg.element("text", ["class": "row-label untouched", "x": SVGWriter.number(Self.timelineLeft), "y": SVGWriter.number(y + 12)],
                        content: "no recognizer was reached")
        }
        for row in plot.recognizers.rows {
            drawRecognizer(row, top: y, axis: axis, into: &svg)
            y += Self.rowHeight + Self.rowGap
        }
        svg.close("g")
        svg.close("g")
    }

    private func drawTimeAxis(_ axis: TimeAxis, top: Double, bottom: Double, into svg: inout SVGWriter) {
        svg.open("g", ["id": "time-axis"])
        let ticks = PlotTicks(length: axis.duration, count: 10)
        for value in ticks.values {
            let x = axis.x(axis.start + value)
            svg.element("line", ["class": "grid", "x1": SVGWriter.number(x), "y1": SVGWriter.number(top + 16),
                                 "x2": SVGWriter.number(x), "y2": SVGWriter.number(bottom)])
            svg.element("text", ["class": "tick", "x": SVGWriter.number(x), "y": SVGWriter.number(top + 11), "text-anchor": "middle"],
                        content: SVGWriter.figure(value, places: ticks.places))
        }
        svg.element("line", ["class": "axis", "x1": SVGWriter.number(axis.left), "y1": SVGWriter.number(top + 16),
                             "x2": SVGWriter.number(axis.right), "y2": SVGWriter.number(top + 16)])
        svg.element("line", ["class": "axis", "x1": SVGWriter.number(axis.left), "y1": SVGWriter.number(bottom),
                             "x2": SVGWriter.number(axis.right), "y2": SVGWriter.number(bottom)])
        svg.element("text", ["id": "time-label", "class": "axis-label", "x": SVGWriter.number((axis.left + axis.right) / 2),
                             "y": SVGWriter.number(bottom + 22), "text-anchor": "middle"],
                    content: "time (s) from the first event")
        svg.close("g")
    }

    private func drawLane(_ slot: Int, top: Double, axis: TimeAxis, into svg: inout SVGWriter) {
        guard let lane = plot.lanes[slot] else { return }
        let colour = PlotPalette.finger(slot)
        svg.open("g", ["class": "lane", "data-slot": "\(slot)"])
        svg.element("rect", ["x": SVGWriter.number(Self.timelineLeft - 22), "y": SVGWriter.number(top + 2), "width": "10", "height": "10",
                             "fill": colour])
        svg.element("text", ["class": "row-label", "x": SVGWriter.number(Self.timelineLeft - 28), "y": SVGWriter.number(top + 11),
                             "text-anchor": "end"], content: "slot \(slot)")
        svg.element("rect", ["class": "row-back", "x": SVGWriter.number(axis.left), "y": SVGWriter.number(top),
                             "width": SVGWriter.number(axis.right - axis.left), "height": SVGWriter.number(Self.laneHeight)])
        let spans = lane.merged(within: axis.secondsPerPixel).spans
        for span in spans where span.kind == .touch {
            drawSpan(span, top: top, height: Self.laneHeight, axis: axis, attributes: ["class": "band finger", "fill": colour], into: &svg)
        }
        for span in spans where span.kind == .held {
            drawSpan(span, top: top + 3, height: Self.laneHeight - 6, axis: axis, attributes: ["class": "band held"], into: &svg)
        }
        for mark in lane.merged(within: 2 * axis.secondsPerPixel).marks {
            drawMark(mark, top: top, height: Self.laneHeight, axis: axis, into: &svg)
        }
        svg.close("g")
    }

    private func drawRecognizer(_ recognizer: RecognizerRow, top: Double, axis: TimeAxis, into svg: inout SVGWriter) {
        let name = recognizer.name + (recognizer.detail.map { " · " + $0 } ?? "")
        svg.open("g", ["class": "recognizer", "data-name": recognizer.name])
        svg.element("text", ["class": recognizer.touched ? "row-label" : "row-label untouched", "x": SVGWriter.number(Self.timelineLeft - 8),
                             "y": SVGWriter.number(top + 12), "text-anchor": "end"],
                    content: Self.shortened(name, to: 30), title: name)
        svg.element("rect", ["class": "row-back", "x": SVGWriter.number(axis.left), "y": SVGWriter.number(top),
                             "width": SVGWriter.number(axis.right - axis.left), "height": SVGWriter.number(Self.rowHeight)])
        if !recognizer.touched {
            svg.element("text", ["class": "small", "x": SVGWriter.number(axis.left + 6), "y": SVGWriter.number(top + 12)],
                        content: "no touch reached it")
        }
        let spans = recognizer.row.merged(within: axis.secondsPerPixel).spans
        for kind in [TimelineSpan.Kind.tracking, .waiting, .inProgress] {
            for span in spans where span.kind == kind {
                drawSpan(span, top: top + 2, height: Self.rowHeight - 4, axis: axis, attributes: ["class": "band " + Self.className(kind)], into: &svg)
            }
        }
        for mark in recognizer.row.merged(within: 2 * axis.secondsPerPixel).marks {
            drawMark(mark, top: top, height: Self.rowHeight, axis: axis, into: &svg)
        }
        svg.close("g")
    }

    private func drawSpan(_ span: TimelineSpan, top: Double, height: Double, axis: TimeAxis,
                          attributes: KeyValuePairs<String, String>, into svg: inout SVGWriter) {
        let x = axis.x(span.start)
        let width = max(1, axis.x(span.end) - x)
        var title = Self.description(of: span.kind) + ", " + Self.seconds(span.start - axis.start) + " to " + Self.seconds(span.end - axis.start)
        if span.count > 1 { title += " (\(span.count) of them, merged at this scale)" }
        var all = Array(attributes)
        all += [("x", SVGWriter.number(x)), ("y", SVGWriter.number(top)), ("width", SVGWriter.number(width)), ("height", SVGWriter.number(height))]
        svg.element("rect", attributes: all, title: title)
    }

    private func drawMark(_ mark: TimelineMark, top: Double, height: Double, axis: TimeAxis, into svg: inout SVGWriter) {
        let x = axis.x(mark.time)
        let middle = top + height / 2
        let n = SVGWriter.number
        let (kind, d): (String, String)
        switch mark.kind {
        case .recognized:
            kind = "recognized"
            d = "M" + n(x - 4) + " " + n(middle) + "l3 3.5l5.5 -7"
        case .failed:
            kind = "failed"
            d = Self.cross(at: Point(x: x, y: middle), size: 3.5)
        case .cancelled:
            kind = "cancelled"
            d = "M" + n(x - 4) + " " + n(middle + 4) + "L" + n(x + 4) + " " + n(middle - 4) + "M" + n(x - 4) + " " + n(middle) + "h8"
        case .actionBegan, .actionEnded, .actionCancelled:
            kind = "action"
            d = "M" + n(x) + " " + n(top - 2) + "v6"
        case .actionChanged:
            kind = "action-changed"
            d = "M" + n(x) + " " + n(top - 1) + "v4"
        case .performed:
            kind = "performed"
            d = "M" + n(x) + " " + n(top + height - 7) + "l3.5 3.5l-3.5 3.5l-3.5 -3.5z"
        case .claimed:
            kind = "claimed"
            d = "M" + n(x - 4.5) + " " + n(top - 2) + "h9l-4.5 7z"
        case .released:
            kind = "released"
            d = "M" + n(x - 4.5) + " " + n(top + 7) + "h9l-4.5 -7z"
        case .touchCancelled:
            kind = "lost"
            d = Self.cross(at: Point(x: x, y: middle), size: 3.5)
        }
        var title = Self.seconds(mark.time - axis.start) + ": " + mark.note
        if mark.count > 1 { title += " (×\(mark.count) at this scale)" }
        svg.element("path", ["class": "mark " + kind, "d": d], title: title)
    }

    static func className(_ kind: TimelineSpan.Kind) -> String {
        switch kind {
        case .tracking: "tracking"
        case .waiting: "waiting"
        case .inProgress: "in-progress"
        case .touch: "finger"
        case .held: "held"
        }
    }

    static func description(of kind: TimelineSpan.Kind) -> String {
        switch kind {
        case .tracking: "following touches (possible)"
        case .waiting: "waiting for another recognizer to fail"
        case .inProgress: "in progress (began, changed)"
        case .touch: "finger down"
        case .held: "held back from the app"
        }
    }
}
