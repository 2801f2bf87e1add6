// Lays a plot out and writes it as one SVG document: the header, the surface, the legend and the timeline.
import Tactile

/// Writes a ``GesturePlot`` as an SVG document 1200 pixels wide: the
/// header, the surface with the fingers' paths (left), the legend (right),
/// and the timeline below across the whole width.
struct PlotRenderer {
    let plot: GesturePlot

    static let width = 1200.0
    /// The largest the surface is drawn.
    static let surfaceBox = Size(width: 640, height: 420)
    static let surfaceLeft = 80.0
    static let legendLeft = 780.0
    /// The timeline's data area, between its labels and the right margin.
    static let timelineLeft = 220.0
    static let timelineRight = 1170.0

    /// The document.
    func render() -> String {
        var svg = SVGWriter()
        let header = headerLines()
        let surfaceTop = 60 + 16 * Double(header.count) + 34
        let surface = surfaceFrame(top: surfaceTop)
        let legendHeight = legendLayoutHeight()
        let timelineTop = max(surface.maxY + 56, surfaceTop + legendHeight + 16) + 20
        let timelineHeight = self.timelineHeight()
        let height = (timelineTop + timelineHeight + 44).rounded(.up)

        svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        let size = SVGWriter.number(Self.width) + " " + SVGWriter.number(height)
        svg.open("svg", ["xmlns": "http://www.w3.org/2000/svg", "version": "1.1",
                         "width": SVGWriter.number(Self.width), "height": SVGWriter.number(height), "viewBox": "0 0 " + size])
        svg.element("title", content: "Tactile: " + plot.title)
        svg.open("style")
        svg.raw(PlotPalette.styleSheet)
        svg.close("style")
        svg.open("defs")
        svg.raw("<pattern id=\"held-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
                + "<rect width=\"6\" height=\"6\" fill=\"#ffe0a3\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#b8860b\" stroke-width=\"2.5\"/></pattern>")
        svg.close("defs")
        svg.element("rect", ["id": "background", "x": "0", "y": "0", "width": SVGWriter.number(Self.width),
                             "height": SVGWriter.number(height), "fill": "#ffffff"])
        drawHeader(header, into: &svg)
        drawSurface(in: surface, into: &svg)
        drawLegend(top: surfaceTop - 14, into: &svg)
        drawTimeline(top: timelineTop, into: &svg)
        svg.close("svg")
        return svg.text
    }

    // MARK: Header

    /// The title's lines under it: the device, what was seen, the surface.
    func headerLines() -> [String] {
        let duration = (plot.end ?? 0) - (plot.start ?? 0)
        let touches = plot.touchCount == 1 ? "1 touch" : "\(plot.touchCount) touches"
        var lines = ["\(plot.deviceName) (\(plot.deviceKind.rawValue)): \(touches), \(plot.frameCount) frames, "
                     + SVGWriter.figure(duration, places: 3) + " s"]
        let size = plot.surface.sizeInUnits
        var surfaceLine = "Surface: \(plot.surface.outlineName), " + SVGWriter.figure(size.width, places: 1) + " × "
            + SVGWriter.figure(size.height, places: 1) + " " + plot.surface.unit.rawValue
        switch plot.surface.unit {
        case .millimetres: break
        case .screenPoints: surfaceLine += " (the device reports no resolution: positions in the points of the screen it covers)"
        case .deviceUnits: surfaceLine += " (the device reports no resolution: positions in its own units)"
        }
        lines.append(surfaceLine)
        return lines + plot.notes
    }

    private func drawHeader(_ lines: [String], into svg: inout SVGWriter) {
        svg.open("g", ["id": "header"])
        svg.element("text", ["class": "title", "x": "20", "y": "32"], content: plot.title)
        for (index, line) in lines.enumerated() {
            svg.element("text", ["class": "subtitle", "x": "20", "y": SVGWriter.number(54 + 16 * Double(index))], content: line)
        }
        svg.close("g")
    }

    // MARK: Shared

    /// The time axis: seconds from the plot's start, and their x.
    struct TimeAxis {
        let start: Double
        let duration: Double
        let left: Double
        let right: Double

        func x(_ time: Double) -> Double {
            let fraction = ((time - start) / duration).clamped(0, 1)
            return left + fraction * (right - left)
        }

        /// Seconds one pixel stands for.
        var secondsPerPixel: Double { duration / max(1, right - left) }
    }

    /// From the first time seen to a little past the last (so what happens last is not on the edge).
    var timeAxis: TimeAxis {
        let start = plot.start ?? 0
        let seen = max((plot.end ?? start) - start, 0.001)
        let duration = seen * 1.03
        return TimeAxis(start: start, duration: duration, left: Self.timelineLeft, right: Self.timelineRight)
    }

    /// `name` cut to `limit` characters with `…` (the whole name goes in a tooltip).
    static func shortened(_ name: String, to limit: Int) -> String {
        name.count <= limit ? name : String(name.prefix(limit - 1)) + "…"
    }

    /// A time for people: `1.250 s`.
    static func seconds(_ value: Double) -> String {
        FixedDecimal.format(value, places: 3) + " s"
    }
}
