// The surface panel: the outline to scale with its axes, the zones, each finger's path and where actions happened.
import Tactile

extension PlotRenderer {
    /// Touches above this many are drawn without their start and end marks and labels.
    static let markedTouchLimit = 400
    /// Touches up to this many are labelled with their number at their start.
    static let labelledTouchLimit = 40
    /// Places where actions happened, above this many, are left out: they would hide the paths.
    static let spotLimit = 400

    /// Where the surface is drawn: as large as fits ``surfaceBox``, to scale.
    func surfaceFrame(top: Double) -> Rect {
        let size = plot.surface.size
        let scale = min(Self.surfaceBox.width / size.width, Self.surfaceBox.height / size.height)
        return Rect(x: Self.surfaceLeft, y: top, width: max(2, size.width * scale), height: max(2, size.height * scale))
    }

    /// The pixel of a point of the surface (millimetres), kept within the outline.
    private func pixel(_ point: Point, in frame: Rect) -> Point {
        let size = plot.surface.size
        return Point(x: frame.minX + (point.x / size.width).clamped(0, 1) * frame.width,
                     y: frame.minY + (point.y / size.height).clamped(0, 1) * frame.height)
    }

    func drawSurface(in frame: Rect, into svg: inout SVGWriter) {
        let unit = plot.surface.unit.rawValue
        svg.open("g", ["id": "surface"])
        svg.element("rect", ["id": "surface-outline", "class": "outline", "x": SVGWriter.number(frame.minX), "y": SVGWriter.number(frame.minY),
                             "width": SVGWriter.number(frame.width), "height": SVGWriter.number(frame.height)],
                    title: plot.surface.outlineName)
        drawSurfaceAxes(in: frame, unit: unit, into: &svg)
        svg.open("g", ["id": "zones"])
        for zone in plot.zones {
            let low = pixel(zone.frame.origin, in: frame)
            let high = pixel(Point(x: zone.frame.maxX, y: zone.frame.maxY), in: frame)
            let holds = zone.holdsTouches ? " (holds its touches until its gestures decide)" : ""
            svg.element("rect", ["class": zone.holdsTouches ? "zone holds" : "zone", "data-zone": zone.name,
                                 "x": SVGWriter.number(low.x), "y": SVGWriter.number(low.y),
                                 "width": SVGWriter.number(max(1, high.x - low.x)), "height": SVGWriter.number(max(1, high.y - low.y))],
                        title: "zone " + zone.name + holds)
            // At the zone's middle, kept clear of the outline's ends (edge zones are thin).
            let x = ((low.x + high.x) / 2).clamped(frame.minX + 40, max(frame.minX + 40, frame.maxX - 40))
            let y = ((low.y + high.y) / 2 + 3.5).clamped(frame.minY + 12, max(frame.minY + 12, frame.maxY - 4))
            svg.element("text", ["class": "zone-label", "x": SVGWriter.number(x), "y": SVGWriter.number(y), "text-anchor": "middle"],
                        content: Self.shortened(zone.name, to: 24))
        }
        svg.close("g")
        drawPaths(in: frame, into: &svg)
        svg.open("g", ["id": "action-spots"])
        let spots = plot.surfaceMarks.marks.count <= Self.spotLimit ? plot.surfaceMarks.marks : []
        for mark in spots {
            let at = pixel(mark.point, in: frame)
            let kind = switch mark.kind {
            case .actionBegan: "began"
            case .actionCancelled: "cancelled"
            default: "ended"
            }
            let repeated = mark.count > 1 ? " (and \(mark.count - 1) more here)" : ""
            svg.element("path", ["class": "spot " + kind, "d": Self.diamond(at: at, size: 5)], title: mark.note + repeated)
        }
        svg.close("g")
        svg.close("g")
    }

    private func drawSurfaceAxes(in frame: Rect, unit: String, into svg: inout SVGWriter) {
        let surface = plot.surface
        let size = surface.sizeInUnits
        svg.open("g", ["id": "surface-axes"])
        let xTicks = PlotTicks(length: size.width, count: max(2, Int(frame.width / 70)))
        for value in xTicks.values {
            let x = frame.minX + (value / size.width).clamped(0, 1) * frame.width
            svg.element("line", ["class": "grid", "x1": SVGWriter.number(x), "y1": SVGWriter.number(frame.minY),
                                 "x2": SVGWriter.number(x), "y2": SVGWriter.number(frame.maxY)])
            svg.element("line", ["class": "axis", "x1": SVGWriter.number(x), "y1": SVGWriter.number(frame.minY - 4),
                                 "x2": SVGWriter.number(x), "y2": SVGWriter.number(frame.minY)])
            svg.element("text", ["class": "tick", "x": SVGWriter.number(x), "y": SVGWriter.number(frame.minY - 7), "text-anchor": "middle"],
                        content: SVGWriter.figure(value, places: xTicks.places))
        }
        let yTicks = PlotTicks(length: size.height, count: max(2, Int(frame.height / 50)))
        for value in yTicks.values {
            let y = frame.minY + (value / size.height).clamped(0, 1) * frame.height
            svg.element("line", ["class": "grid", "x1": SVGWriter.number(frame.minX), "y1": SVGWriter.number(y),
                                 "x2": SVGWriter.number(frame.maxX), "y2": SVGWriter.number(y)])
            svg.element("line", ["class": "axis", "x1": SVGWriter.number(frame.minX - 4), "y1": SVGWriter.number(y),
                                 "x2": SVGWriter.number(frame.minX), "y2": SVGWriter.number(y)])
            svg.element("text", ["class": "tick", "x": SVGWriter.number(frame.minX - 7), "y": SVGWriter.number(y + 3.5), "text-anchor": "end"],
                        content: SVGWriter.figure(value, places: yTicks.places))
        }
        // Drawn again over the grid lines.
        svg.element("rect", ["x": SVGWriter.number(frame.minX), "y": SVGWriter.number(frame.minY), "width": SVGWriter.number(frame.width),
                             "height": SVGWriter.number(frame.height), "fill": "none", "stroke": "#333", "stroke-width": "1.5"])
        svg.element("text", ["id": "surface-x-label", "class": "axis-label", "x": SVGWriter.number(frame.center.x),
                             "y": SVGWriter.number(frame.maxY + 18), "text-anchor": "middle"],
                    content: "x (\(unit))")
        let labelX = SVGWriter.number(frame.minX - 44), labelY = SVGWriter.number(frame.center.y)
        svg.element("text", ["id": "surface-y-label", "class": "axis-label", "x": labelX, "y": labelY, "text-anchor": "middle",
                             "transform": "rotate(-90 \(labelX) \(labelY))"],
                    content: "y (\(unit))")
        svg.close("g")
    }

    private func drawPaths(in frame: Rect, into svg: inout SVGWriter) {
        let marked = plot.tracks.count <= Self.markedTouchLimit
        let labelled = plot.tracks.count <= Self.labelledTouchLimit
        svg.open("g", ["id": "touch-paths"])
        for track in plot.tracks {
            let pixels = track.points.map { pixel($0, in: frame) }
            guard let first = pixels.first else { continue }
            var d = "M" + SVGWriter.number(first.x) + " " + SVGWriter.number(first.y)
            if pixels.count == 1 {
                d += "l0 0"   // a dot: the round cap draws it
            }
            for point in pixels.dropFirst() {
                d += "L" + SVGWriter.number(point.x) + " " + SVGWriter.number(point.y)
            }
            let colour = PlotPalette.finger(track.slot)
            let ended = track.ended ?? track.began
            var title = "touch \(track.id), slot \(track.slot): " + Self.seconds(track.began - (plot.start ?? 0)) + " to "
                + Self.seconds(ended - (plot.start ?? 0)) + ", " + SVGWriter.figure(track.travelled, places: 1) + " mm travelled"
            if track.endPhase == .cancelled { title += ", lost (not lifted)" }
            if track.rejected { title += ", a resting thumb or palm for a while (kept from the recognizers)" }
            svg.element("path", ["class": track.rejected ? "touch rejected" : "touch", "data-touch": "\(track.id.rawValue)",
                                 "data-slot": "\(track.slot)", "stroke": colour, "d": d], title: title)
            guard marked, let last = pixels.last else { continue }
            svg.element("circle", ["class": "touch-start", "cx": SVGWriter.number(first.x), "cy": SVGWriter.number(first.y), "r": "3.5",
                                   "fill": colour])
            if track.endPhase == .cancelled {
                svg.element("path", ["class": "mark lost", "d": Self.cross(at: last, size: 4)])
            } else {
                svg.element("circle", ["class": "touch-end", "cx": SVGWriter.number(last.x), "cy": SVGWriter.number(last.y), "r": "3.5",
                                       "fill": "#ffffff", "stroke": colour, "stroke-width": "1.5"])
            }
            if labelled {
                svg.element("text", ["class": "small", "x": SVGWriter.number(min(first.x + 5, frame.maxX - 14)),
                                     "y": SVGWriter.number(max(first.y - 5, frame.minY + 10))],
                            content: "\(track.id)")
            }
        }
        svg.close("g")
    }

    /// A diamond of half-width `size` centred on `point`.
    static func diamond(at point: Point, size: Double) -> String {
        "M" + SVGWriter.number(point.x) + " " + SVGWriter.number(point.y - size) + "l" + SVGWriter.number(size) + " " + SVGWriter.number(size)
            + "l" + SVGWriter.number(-size) + " " + SVGWriter.number(size) + "l" + SVGWriter.number(-size) + " " + SVGWriter.number(-size) + "z"
    }

    /// An × of half-width `size` centred on `point`.
    static func cross(at point: Point, size: Double) -> String {
        let (x, y) = (point.x, point.y)
        return "M" + SVGWriter.number(x - size) + " " + SVGWriter.number(y - size) + "L" + SVGWriter.number(x + size) + " " + SVGWriter.number(y + size)
            + "M" + SVGWriter.number(x - size) + " " + SVGWriter.number(y + size) + "L" + SVGWriter.number(x + size) + " " + SVGWriter.number(y - size)
    }
}
