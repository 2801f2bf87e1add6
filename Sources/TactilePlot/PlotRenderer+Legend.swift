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
        let left = Self.legendLeft
        let n = SVGWriter.number
        var y = top
        svg.open("g", ["id": "legend"])
        func heading(_ text: String) {
            y += 18
            svg.element("text", ["class": "heading", "x": n(left), "y": n(y)], content: text)
            y += 6
        }
        func entry(_ symbol: (Double, Double, inout SVGWriter) -> Void, _ text: String) {
            y += 17
            symbol(left + 10, y - 4, &svg)
            svg.element("text", ["class": "small", "x": n(left + 26), "y": n(y)], content: text)
        }

        heading("Fingers (a colour per slot)")
        let slots = Array(Set(plot.tracks.map(\.slot))).sorted()
        for (index, slot) in slots.prefix(PlotPalette.fingers.count).enumerated() {
            if index % 5 == 0 { y += 17 }
            let x = left + Double(index % 5) * 78
            svg.element("line", ["x1": n(x), "y1": n(y - 4), "x2": n(x + 18), "y2": n(y - 4), "stroke": PlotPalette.finger(slot), "stroke-width": "4"])
            svg.element("text", ["class": "small", "x": n(x + 22), "y": n(y)], content: "slot \(slot)")
        }
        if slots.isEmpty {
            y += 17
            svg.element("text", ["class": "small", "x": n(left), "y": n(y)], content: "no finger touched the surface")
        } else if slots.count > PlotPalette.fingers.count {
            y += 17
            svg.element("text", ["class": "small", "x": n(left), "y": n(y)],
                        content: "\(slots.count) slots: colours repeat every \(PlotPalette.fingers.count)")
        }
        entry({ x, y, svg in
            svg.element("circle", ["cx": n(x - 4), "cy": n(y), "r": "3.5", "fill": "#555"])
            svg.element("circle", ["cx": n(x + 6), "cy": n(y), "r": "3.5", "fill": "#fff", "stroke": "#555", "stroke-width": "1.5"])
        }, "where a finger landed, and lifted; × where it was lost")
        entry({ x, y, svg in
            svg.element("line", ["x1": n(x - 8), "y1": n(y), "x2": n(x + 10), "y2": n(y), "stroke": "#555", "stroke-width": "2",
                                 "stroke-dasharray": "4 3"])
        }, "dashed: a resting thumb or palm, kept from the recognizers")
        if plot.tracks.count > Self.markedTouchLimit {
            y += 17
            svg.element("text", ["class": "small", "x": n(left), "y": n(y)],
                        content: "\(plot.tracks.count) touches: their landing and lifting marks are left out")
        }

        heading("Recognizers")
        for kind in [TimelineSpan.Kind.tracking, .waiting, .inProgress] {
            entry({ x, y, svg in
                svg.element("rect", ["class": "band " + Self.className(kind), "x": n(x - 8), "y": n(y - 6), "width": "18", "height": "12"])
            }, Self.description(of: kind))
        }
        entry({ x, y, svg in
            svg.element("path", ["class": "mark recognized", "d": "M" + n(x - 4) + " " + n(y) + "l3 3.5l5.5 -7"])
        }, "recognized (ended)")
        entry({ x, y, svg in
            svg.element("path", ["class": "mark failed", "d": Self.cross(at: Point(x: x, y: y), size: 3.5)])
        }, "failed (point at it for the reason)")
        entry({ x, y, svg in
            svg.element("path", ["class": "mark cancelled", "d": "M" + n(x - 4) + " " + n(y + 4) + "L" + n(x + 4) + " " + n(y - 4) + "M" + n(x - 4) + " " + n(y) + "h8"])
        }, "cancelled")
        entry({ x, y, svg in
            svg.element("path", ["class": "mark action", "d": "M" + n(x - 3) + " " + n(y - 4) + "v8"])
            svg.element("path", ["class": "mark action-changed", "d": "M" + n(x + 3) + " " + n(y - 2) + "v4"])
        }, "an action sent: began, ended, cancelled; grey: changed")
        entry({ x, y, svg in
            svg.element("path", ["class": "spot began", "d": Self.diamond(at: Point(x: x - 5, y: y), size: 5)])
            svg.element("path", ["class": "spot ended", "d": Self.diamond(at: Point(x: x + 6, y: y), size: 5)])
        }, "on the surface: where a gesture began, ended (actions)")
        if plot.surfaceMarks.marks.count > Self.spotLimit {
            y += 17
            svg.element("text", ["class": "small", "x": n(left), "y": n(y)],
                        content: "\(plot.surfaceMarks.marks.count) places of actions: left out, they would hide the paths")
        }

        if showsService {
            heading("Gesture service")
            entry({ x, y, svg in
                svg.element("rect", ["class": "band held", "x": n(x - 8), "y": n(y - 5), "width": "18", "height": "10"])
            }, "a finger held back from the app until its zone's gestures decide")
            entry({ x, y, svg in
                svg.element("path", ["class": "mark claimed", "d": "M" + n(x - 4.5) + " " + n(y - 4) + "h9l-4.5 7z"])
            }, "taken from the app by a gesture")
            entry({ x, y, svg in
                svg.element("path", ["class": "mark released", "d": "M" + n(x - 4.5) + " " + n(y + 3) + "h9l-4.5 -7z"])
            }, "a held finger goes on to the app")
            entry({ x, y, svg in
                svg.element("path", ["class": "mark performed", "d": "M" + n(x) + " " + n(y - 4) + "l3.5 3.5l-3.5 3.5l-3.5 -3.5z"])
            }, "an action carried out (a key, a click, a command)")
            entry({ x, y, svg in
                svg.element("rect", ["class": "zone", "x": n(x - 8), "y": n(y - 6), "width": "18", "height": "12"])
            }, "a zone of the config (deeper: it holds its touches)")
        }
        y += 22
        svg.element("text", ["class": "small", "x": n(left), "y": n(y)], content: "Point at a path, band or mark for its details.")
        svg.close("g")
        return y + 6 - top
    }
}
