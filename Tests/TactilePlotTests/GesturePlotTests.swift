// The plot of a replay, parsed back as XML: its parts, its paths on the surface, its recognizer rows, its units and its escaping.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Tactile
@testable import TactilePlot
import TactileTestSupport
import Testing

@Suite struct GesturePlotTests {
    /// The attribute `name` of `element` as text.
    func attribute(_ element: XMLElement, _ name: String) -> String {
        SVGStructure.attribute(element, name) ?? ""
    }

    @Test func aReplayIsDrawnWithEveryPartInsideThePicture() throws {
        let replay = try CorpusPlot("synthetic/touchpad-pans.json")
        let svg = try SVGStructure(replay.plot.svg())
        #expect(svg.pointsOutside().isEmpty, "\(svg.pointsOutside().prefix(5))")
        for id in ["header", "surface", "surface-outline", "surface-axes", "touch-paths", "action-spots", "timeline", "time-axis",
                   "touch-lanes", "recognizer-rows", "legend", "surface-x-label", "surface-y-label", "time-label"] {
            #expect(svg.element(id: id) != nil, "no element \(id)")
        }
        // A path per touch the replay saw, each within the surface's outline.
        let outline = try #require(svg.element(id: "surface-outline"))
        let (left, top) = (try #require(SVGStructure.number(outline, "x")), try #require(SVGStructure.number(outline, "y")))
        let (width, height) = (try #require(SVGStructure.number(outline, "width")), try #require(SVGStructure.number(outline, "height")))
        let paths = svg.elements(class: "touch").filter { $0.name == "path" }
        #expect(paths.count == replay.touches.count)
        #expect(Set(paths.map { attribute($0, "data-touch") }) == Set(replay.touches.map { "\($0.rawValue)" }))
        for path in paths {
            for point in SVGStructure.pathPoints(attribute(path, "d")) {
                #expect(point.x >= left && point.x <= left + width && point.y >= top && point.y <= top + height,
                        "touch \(attribute(path, "data-touch")) at \(point) outside the outline")
            }
        }
        // A lane per slot, a row per recognizer of the standard set.
        #expect(Set(svg.elements(class: "lane").map { attribute($0, "data-slot") }) == Set(replay.slots.map(String.init)))
        let rows = svg.elements(class: "recognizer")
        #expect(rows.count == replay.plot.recognizers.rows.count && rows.count >= 15)
        // The pans: in progress while they went on, one recognized mark per pan that ended.
        let pan = try #require(rows.first { attribute($0, "data-name") == "pan" })
        let ended = replay.actions.filter { $0.recognizer == "pan" && $0.state == .ended }.count
        #expect(ended > 1)
        #expect(svg.elements(class: "mark recognized", in: pan).count == ended)
        #expect(svg.elements(class: "band in-progress", in: pan).count == ended)
        #expect(!svg.elements(class: "mark action-changed", in: pan).isEmpty, "the pan's changed actions are marked")
        // Labelled axes in millimetres (the synthetic touchpad reports its resolution), and the legend.
        #expect(svg.texts.contains("x (mm)") && svg.texts.contains("y (mm)"))
        #expect(svg.texts.contains("time (s) from the first event"))
        #expect(svg.texts.contains("slot 0") && svg.texts.contains("recognized (ended)"))
        #expect(svg.texts.contains { $0.hasPrefix("Surface: touchpad surface, ") && $0.hasSuffix(" mm") })
    }

    @Test func aFailureSaysWhyInItsTooltip() throws {
        let replay = try CorpusPlot("touchpad-cypress-two-finger-tap.json")
        let svg = try SVGStructure(replay.plot.svg())
        let tap = try #require(svg.elements(class: "recognizer").first { attribute($0, "data-name") == "tap" })
        let failed = try #require(svg.elements(class: "mark failed", in: tap).first)
        let title = try #require((failed.children ?? []).first { $0.name == "title" }?.stringValue)
        #expect(title.contains("failed: 2 fingers came down (it takes 1)"), "\(title)")
        // The two-finger tap waited for its double tap to fail, then was recognized.
        let twoFingerTap = try #require(svg.elements(class: "recognizer").first { attribute($0, "data-name") == "twoFingerTap" })
        #expect(svg.elements(class: "band waiting", in: twoFingerTap).count == 1)
        #expect(svg.elements(class: "mark recognized", in: twoFingerTap).count == 1)
    }

    @Test func theAxesSayWhatTheNumbersAre() throws {
        // With resolution: millimetres.
        let pad = PlotSurface(device: TestDevices.touchpad, screen: .standard)
        #expect(pad.unit == .millimetres && pad.sizeInUnits == Size(width: 99.9, height: 49.9))
        // A touchpad without: its own units, the outline its axes' spans.
        var bare = TestDevices.touchpad
        bare.axes = bare.axes.map { AbsoluteAxis(code: $0.code, minimum: $0.minimum, maximum: $0.maximum) }
        let units = PlotSurface(device: bare, screen: .standard)
        #expect(units.unit == .deviceUnits)
        #expect(abs(units.sizeInUnits.width - 999) < 1e-6 && abs(units.sizeInUnits.height - 499) < 1e-6)
        // A touchscreen without: the points of the screen it covers.
        let screen = PlotSurface(device: TestDevices.touchscreen, screen: .standard)
        #expect(screen.unit == .screenPoints)
        #expect(abs(screen.sizeInUnits.width - 1919) < 1 && abs(screen.sizeInUnits.height - 1079) < 1)
        #expect(screen.outlineName == "touchscreen (the screen)")
        // The labels follow.
        var plot = GesturePlot(device: bare, screen: .standard, title: "bare")
        var frames = HandFrames()
        frames.frame(land: [0: Point(x: 10, y: 10)])
        frames.frame(move: [0: Point(x: 30, y: 20)], lift: [0])
        for frame in frames.frames { plot.add(frame) }
        let svg = try SVGStructure(plot.svg())
        #expect(svg.texts.contains("x (device units)") && svg.texts.contains("y (device units)"))
        #expect(svg.texts.contains { $0.contains("the device reports no resolution: positions in its own units") })
        #expect(svg.pointsOutside().isEmpty)
    }

    @Test func aPointOfTheScreenLandsWhereItsTouchIs() throws {
        let surface = PlotSurface(device: TestDevices.panel, screen: TestDevices.panelScreen)
        // The panel: 10 units per mm, 1 unit per point.
        let point = surface.millimetres(fromScreen: Point(x: 500, y: 250))
        #expect(abs(point.x - 50) < 1e-9 && abs(point.y - 25) < 1e-9)
    }

    @Test func aPathKeepsAPointEveryFifthOfAMillimetre() throws {
        var plot = GesturePlot(device: TestDevices.touchpad, screen: .standard, title: "circle")
        var frames = HandFrames()
        // 0.05 mm a frame around a circle of radius 20 mm, 4000 frames: about 200 mm.
        let radius = 20.0, step = 0.05, count = 4000
        func at(_ index: Int) -> Point {
            let angle = Double(index) * step / radius
            return Point(x: 50 + radius * cos(angle), y: 25 + radius * sin(angle))
        }
        frames.frame(land: [0: at(0)])
        for index in 1..<count { frames.frame(move: [0: at(index)]) }
        frames.frame(lift: [0])
        for frame in frames.frames { plot.add(frame) }
        let track = try #require(plot.tracks.first)
        // A point is kept at the first frame 0.2 mm from the last kept one: gaps of 0.2 mm to 0.2 mm and a step.
        let gaps = zip(track.points, track.points.dropFirst()).map { $0.distance(to: $1) }
        for gap in gaps.dropLast() {
            #expect(gap >= TouchTrack.spacing - 1e-9 && gap <= TouchTrack.spacing + step + 1e-9, "\(gap)")
        }
        let length = Double(count - 1) * step
        #expect(Double(track.points.count) >= length / (TouchTrack.spacing + step) && Double(track.points.count) <= length / TouchTrack.spacing + 2,
                "\(track.points.count) points for \(length) mm")
        #expect(abs(track.travelled - Double(count - 1) * step) < 1, "the travel along the kept points is the path's length")
    }

    @Test func namesFromOutsideCannotBreakTheDocument() throws {
        var device = TestDevices.touchpad
        device.name = "evil\u{1B}[31m <pad> & \"co\" 'x'\u{0}"
        var plot = GesturePlot(device: device, screen: .standard, title: "a&b<c>.json\u{7}")
        plot.addRecognizer("tap\u{1B}]0;pwned\u{7}", detail: "zone <left> & \"right\"")
        plot.addZone("edge\u{0}<&>", frame: Rect(x: 0, y: 0, width: 100, height: 540), holdsTouches: true)
        var frames = HandFrames()
        frames.frame(land: [0: Point(x: 5, y: 5)])
        frames.frame(lift: [0])
        for frame in frames.frames { plot.add(frame) }
        plot.add(GestureTraceEvent(time: 10.005, recognizer: "tap\u{1B}]0;pwned\u{7}", view: "window",
                                   step: .transition(from: .possible, to: .failed, reason: nil)))
        let text = plot.svg()
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character reaches the file")
        let svg = try SVGStructure(text)
        #expect(svg.texts.contains("a&b<c>.json\\x07"))
        #expect(svg.texts.contains { $0.hasPrefix("evil\\x1b[31m <pad> & \"co\" 'x'\\x00") })
        #expect(svg.elements(class: "recognizer").contains { attribute($0, "data-name") == "tap\\x1b]0;pwned\\x07" })
        #expect(svg.elements(class: "zone").contains { attribute($0, "data-zone") == "edge\\x00<&>" })
    }

    @Test func whatTheServiceDidIsDrawnOnTheFingersLanes() throws {
        var plot = GesturePlot(device: TestDevices.panel, screen: TestDevices.panelScreen, title: "service")
        plot.addZone("left-edge", frame: Rect(x: 0, y: 0, width: 40, height: 1000), holdsTouches: true)
        plot.addRecognizer("back", detail: "swipe on left-edge")
        plot.addRecognizer("never", detail: "tap on the screen")
        var frames = HandFrames()
        // Slot 0 lands in the edge and is held, then taken by back; slot 1 is held, then goes on to the app.
        frames.frame(land: [0: Point(x: 1, y: 50), 1: Point(x: 2, y: 80)])
        for frame in frames.frames { plot.add(frame) }
        plot.hold(slot: 0, zone: "left-edge", at: 10)
        plot.hold(slot: 1, zone: "left-edge", at: 10)
        frames.frame(move: [0: Point(x: 30, y: 50)], step: 0.2)
        frames.frame(move: [0: Point(x: 60, y: 50)], lift: [0, 1])
        for frame in frames.frames.suffix(2) { plot.add(frame) }
        plot.release(slot: 1, at: 10.15)
        plot.claim(slots: [0], by: "back", at: 10.21)
        plot.addAction(recognizer: "back", state: .ended, time: 10.21, location: Point(x: 300, y: 500))
        plot.addPerformed(recognizer: "back", time: 10.21, what: "key alt+Left")
        let svg = try SVGStructure(plot.svg())
        #expect(svg.pointsOutside().isEmpty)
        let lanes = svg.elements(class: "lane")
        let first = try #require(lanes.first { attribute($0, "data-slot") == "0" })
        let second = try #require(lanes.first { attribute($0, "data-slot") == "1" })
        #expect(svg.elements(class: "band held", in: first).count == 1)
        #expect(svg.elements(class: "band held", in: second).count == 1)
        #expect(svg.elements(class: "band finger", in: first).count == 1)
        #expect(svg.titles.contains { $0.contains("touch #1 (slot 0) taken by back (held in left-edge: the app never saw it)") })
        #expect(svg.titles.contains { $0.contains("touch #2 (slot 1) held 150 ms in left-edge, then went on to the app") })
        #expect(svg.elements(class: "mark performed", in: svg.element(id: "recognizer-rows")).count == 1)
        #expect(svg.titles.contains { $0.contains("back → key alt+Left") })
        // The zone on the surface, the bindings in the order given (the one no touch reached too), the legend's service part.
        #expect(svg.elements(class: "zone holds").count == 1)
        #expect(svg.elements(class: "recognizer").map { attribute($0, "data-name") } == ["back", "never"])
        #expect(svg.texts.contains("no touch reached it"))
        #expect(svg.texts.contains("Gesture service"))
        // The action where it happened: 300 pt on the panel's screen (1 pt a unit, 10 units a mm) is 30 mm of its 199.9.
        let spot = try #require(svg.elements(class: "spot ended").first)
        let outline = try #require(svg.element(id: "surface-outline"))
        let centre = SVGStructure.pathPoints(attribute(spot, "d"))[0]
        let expectedX = try #require(SVGStructure.number(outline, "x")) + 30.0 / 199.9 * (try #require(SVGStructure.number(outline, "width")))
        #expect(abs(centre.x - expectedX) < 0.2, "the diamond's top is above the action: \(centre.x) for \(expectedX)")
    }

    @Test func whereActionsHappenedIsDrawnUnlessItWouldHideThePaths() throws {
        func plot(taps: Int) throws -> SVGStructure {
            var plot = GesturePlot(device: TestDevices.panel, screen: TestDevices.panelScreen, title: "taps")
            for index in 0..<taps {
                // A place per tap, 2 mm (20 pt) apart along rows: a square millimetre each.
                let at = Point(x: Double(index % 90) * 20 + 10, y: Double(index / 90) * 20 + 10)
                plot.addAction(recognizer: "tap", state: .ended, time: Double(index), location: at)
            }
            return try SVGStructure(plot.svg())
        }
        let few = try plot(taps: 10)
        #expect(few.elements(class: "spot ended", in: few.element(id: "action-spots")).count == 10)
        let many = try plot(taps: PlotRenderer.spotLimit + 1)
        #expect(many.elements(class: "spot", in: many.element(id: "action-spots")).isEmpty)
        #expect(many.texts.contains("\(PlotRenderer.spotLimit + 1) places of actions: left out, they would hide the paths"))
    }

    @Test func aLostFingerIsMarkedAsLost() throws {
        var plot = GesturePlot(device: TestDevices.touchpad, screen: .standard, title: "lost")
        var frames = HandFrames()
        frames.frame(land: [0: Point(x: 10, y: 10)])
        frames.frame(move: [0: Point(x: 20, y: 10)], lose: [0])
        for frame in frames.frames { plot.add(frame) }
        let svg = try SVGStructure(plot.svg())
        #expect(svg.elements(class: "mark lost").count == 2, "an × on the surface and on the lane")
        #expect(svg.titles.contains { $0.contains("touch #1 lost, not lifted") })
    }

    @Test func nothingAtAllStillMakesAPicture() throws {
        let plot = GesturePlot(device: DeviceDescription(name: "nothing"), screen: .standard, title: "empty")
        let svg = try SVGStructure(plot.svg())
        #expect(svg.pointsOutside().isEmpty)
        #expect(svg.texts.contains("no finger touched the surface"))
        #expect(svg.texts.contains("no recognizer was reached"))
    }
}
