// The screen-edge pan: where its fingers land, which way they go, on turned and denser panels, beside a pan; ScreenEdges' bands.
import Tactile
@_spi(Testing) import TactileSynthesis
import TactileTestSupport
import Testing

/// Strokes of one or two fingers on the 200 × 100 mm test panel (10 units
/// = 1 mm, on a 2000 × 1000 pt screen), upright or mounted a quarter turn
/// clockwise, and on a denser panel of the same size.
@Suite("Recognizers: the screen-edge pan")
struct ScreenEdgePanTests {
    /// What a run left: the actions, and the trace.
    struct Run {
        var records: [ActionRecord] = []
        var trace: [String] = []
        var actions: [String] { records.map { "\($0.recognizer):\($0.state.rawValue)" } }
        func value(_ name: String, of recognizer: String, _ state: GestureRecognizerState) -> Double? {
            records.last { $0.recognizer == recognizer && $0.state == state }?.values.first { $0.name == name }?.value
        }
    }

    /// Fingers moving in straight lines from `from[i]` to `to[i]` (device units) in 10 frames 10 ms apart, then lifting.
    static func strokes(on device: DeviceDescription, from: [Point], to: [Point], start: Double = 0.1) -> [InputEvent] {
        var script = FingerScript(device: device)
        for step in 0...10 {
            let f = Double(step) / 10
            for (key, (a, b)) in zip(from, to).enumerated() {
                script.down(key, FingerScript.Finger(x: Int32((a.x + (b.x - a.x) * f).rounded()), y: Int32((a.y + (b.y - a.y) * f).rounded())))
            }
            script.frame(at: start + Double(step) * 0.01)
        }
        for key in from.indices { script.up(key) }
        script.frame(at: start + 0.11)
        return script.events
    }

    /// One finger from `from` to `to` on `device`, upright on `screen` or mounted as `transform`
    /// (the window's screen turned with it), with `recognizers` on the window.
    static func run(_ recognizers: [GestureRecognizer], device: DeviceDescription = TestDevices.panel,
                    screen: Screen = TestDevices.panelScreen, transform: SurfaceTransform = .identity,
                    from: [Point], to: [Point]) -> Run {
        let window = Window(screen: transform.screen(turning: screen))
        for recognizer in recognizers { window.addGestureRecognizer(recognizer) }
        let pipeline = InputPipeline(device: device, window: window, transform: transform)
        var run = Run()
        pipeline.engine.onAction = { run.records.append($0) }
        pipeline.engine.onTrace = { run.trace.append($0.description) }
        pipeline.process(strokes(on: device, from: from, to: to))
        pipeline.finishInput(at: 1)
        return run
    }

    @Test("a finger landing 1 mm from the left edge and moving right begins it, from the left edge, as a pan")
    func fromTheLeftEdge() {
        let edgePan = ScreenEdgePanGestureRecognizer(edges: .left)
        var seen: [ScreenEdges] = []
        _ = edgePan.addAction { seen.append($0.recognizedEdge) }
        let run = Self.run([edgePan], from: [Point(x: 10, y: 500)], to: [Point(x: 210, y: 500)])
        #expect(run.actions.first == "screenEdgePan:began" && run.actions.last == "screenEdgePan:ended", "\(run.actions)")
        #expect(run.value("edge", of: "screenEdgePan", .began) == 2, "left is 2, as UIRectEdge")
        #expect(!seen.isEmpty && seen.allSatisfy { $0 == .left }, "\(seen)")
        #expect(edgePan.recognizedEdge.isEmpty, "reset once its fingers lifted")
        let translation = run.value("translation.x", of: "screenEdgePan", .ended) ?? 0
        #expect(abs(translation - 200) < 1, "the pan's translation, 20 mm at 10 pt per mm: \(translation)")
        #expect((run.value("velocity.x", of: "screenEdgePan", .ended) ?? 0) > 1000)
    }

    @Test("a finger landing 30 mm inside fails it as it lands, saying how far from the edge")
    func landingInside() {
        let edgePan = ScreenEdgePanGestureRecognizer(edges: .left)
        let run = Self.run([edgePan], from: [Point(x: 300, y: 500)], to: [Point(x: 500, y: 500)])
        #expect(run.records.isEmpty, "\(run.actions)")
        guard case .criterionNotMet(.landedAwayFromEdge(let millimetres, let band, let edges))? = edgePan.failureReason else {
            Issue.record("\(String(describing: edgePan.failureReason))")
            return
        }
        #expect(abs(millimetres - 30) < 0.1 && band == 4 && edges == .left)
        #expect(run.trace.contains("0.100000  screenEdgePan@window  possible → failed: a finger landed 30 mm from the left edge (it starts within 4 mm of it)"),
                "\(run.trace)")
    }

    @Test("a finger landing at the edge and moving along it, or out of it, fails it")
    func alongAndOut() {
        let along = ScreenEdgePanGestureRecognizer(edges: .left)
        let alongRun = Self.run([along], from: [Point(x: 10, y: 300)], to: [Point(x: 10, y: 700)])
        #expect(alongRun.records.isEmpty, "\(alongRun.actions)")
        #expect(along.failureReason == .criterionNotMet(.direction(heading: .down, allowed: .right)))
        #expect(along.failureReason?.description == "went down (wants right)")

        let out = ScreenEdgePanGestureRecognizer(edges: .left)
        _ = Self.run([out], from: [Point(x: 35, y: 500)], to: [Point(x: 0, y: 500)])
        #expect(out.failureReason == .criterionNotMet(.direction(heading: .left, allowed: .right)))
    }

    @Test("the glass edge counts on every side, a corner is at two edges, and two fingers must land at one")
    func glassEdgesAndCorners() {
        let right = ScreenEdgePanGestureRecognizer(edges: .right)
        let fromRight = Self.run([right], from: [Point(x: 1999, y: 500)], to: [Point(x: 1799, y: 500)])
        #expect(fromRight.value("edge", of: "screenEdgePan", .began) == 8, "\(fromRight.actions)")
        let bottom = ScreenEdgePanGestureRecognizer(edges: .bottom)
        let fromBottom = Self.run([bottom], from: [Point(x: 1000, y: 999)], to: [Point(x: 1000, y: 799)])
        #expect(fromBottom.value("edge", of: "screenEdgePan", .began) == 4, "\(fromBottom.actions)")

        // Landing in the top-left corner: the edge it heads away from.
        let down = ScreenEdgePanGestureRecognizer(edges: .all)
        #expect(Self.run([down], from: [Point(x: 10, y: 10)], to: [Point(x: 10, y: 210)]).value("edge", of: "screenEdgePan", .began) == 1)
        let across = ScreenEdgePanGestureRecognizer(edges: .all)
        #expect(Self.run([across], from: [Point(x: 10, y: 10)], to: [Point(x: 210, y: 10)]).value("edge", of: "screenEdgePan", .began) == 2)

        let two = ScreenEdgePanGestureRecognizer(edges: .left)
        let together = Self.run([two], from: [Point(x: 10, y: 400), Point(x: 20, y: 600)], to: [Point(x: 210, y: 400), Point(x: 220, y: 600)])
        #expect(together.value("fingers", of: "screenEdgePan", .began) == 2 && together.value("edge", of: "screenEdgePan", .began) == 2,
                "\(together.actions)")
        let apart = ScreenEdgePanGestureRecognizer(edges: .left)
        let oneInside = Self.run([apart], from: [Point(x: 10, y: 400), Point(x: 600, y: 600)], to: [Point(x: 210, y: 400), Point(x: 800, y: 600)])
        #expect(oneInside.records.isEmpty, "\(oneInside.actions)")
        guard case .criterionNotMet(.landedAwayFromEdge(let millimetres, _, .left))? = apart.failureReason else {
            Issue.record("\(String(describing: apart.failureReason))")
            return
        }
        #expect(abs(millimetres - 60) < 0.1)
    }

    @Test("mounted a quarter turn clockwise, the screen's left edge is the panel's bottom: a swipe in from it begins it from the left")
    func turnedPanel() {
        // x' = 1 − y, y' = x: the panel's bottom (y = 999) is the 1000 × 2000 pt screen's left edge, 1 mm in at y = 989;
        // moving up the panel is moving right on the screen.
        let edgePan = ScreenEdgePanGestureRecognizer(edges: .left)
        let turned = Self.run([edgePan], transform: .rotated(.clockwise90), from: [Point(x: 1000, y: 989)], to: [Point(x: 1000, y: 789)])
        #expect(turned.value("edge", of: "screenEdgePan", .began) == 2, "\(turned.actions)")
        #expect(abs((turned.value("translation.x", of: "screenEdgePan", .ended) ?? 0) - 200) < 1)
        #expect(abs(turned.value("translation.y", of: "screenEdgePan", .ended) ?? 1) < 1)

        // The panel's own left edge is the screen's top: not the left edge, and a swipe in from the top there.
        let left = ScreenEdgePanGestureRecognizer(edges: .left)
        _ = Self.run([left], transform: .rotated(.clockwise90), from: [Point(x: 10, y: 500)], to: [Point(x: 210, y: 500)])
        guard case .criterionNotMet(.landedAwayFromEdge(let millimetres, _, .left))? = left.failureReason else {
            Issue.record("\(String(describing: left.failureReason))")
            return
        }
        #expect(abs(millimetres - 50) < 0.1, "the screen's left edge is 50 mm away: \(millimetres)")
        let top = ScreenEdgePanGestureRecognizer(edges: .top)
        let fromTop = Self.run([top], transform: .rotated(.clockwise90), from: [Point(x: 10, y: 500)], to: [Point(x: 210, y: 500)])
        #expect(fromTop.value("edge", of: "screenEdgePan", .began) == 1, "\(fromTop.actions)")
    }

    /// The test panel's size at 40 units per mm (0…7999 × 0…3999), on a 1000 × 500 pt screen (5 pt per mm of
    /// the panel) that says it has 96 dpi (3.8 pt per mm): the band follows the panel, not what the screen says.
    static let densePanel = DeviceDescription(
        name: "Dense Test Panel", properties: [InputProperty.direct], keys: [KeyCode.touch],
        axes: [
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 9),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 7999, resolution: 40),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 3999, resolution: 40),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
        ])

    @Test("the band is millimetres of the panel: the same on one four times as dense, on a screen of half the points",
          arguments: [(3.0, true), (3.9, true), (4.5, false), (5.0, false)])
    func sameBandOnDenserPanel(millimetres: Double, begins: Bool) {
        for (device, screen, unitsPerMillimetre) in [(TestDevices.panel, TestDevices.panelScreen, 10.0),
                                                     (Self.densePanel, Screen(width: 1000, height: 500, dotsPerInch: 96), 40.0)] {
            let edgePan = ScreenEdgePanGestureRecognizer(edges: .left)
            let x = millimetres * unitsPerMillimetre, y = 50 * unitsPerMillimetre
            let run = Self.run([edgePan], device: device, screen: screen, from: [Point(x: x, y: y)], to: [Point(x: x + 20 * unitsPerMillimetre, y: y)])
            #expect((run.actions.first == "screenEdgePan:began") == begins, "\(device.name), \(millimetres) mm: \(run.actions)")
            if !begins, case .criterionNotMet(.landedAwayFromEdge(let seen, _, _))? = edgePan.failureReason {
                #expect(abs(seen - millimetres) < 0.05, "\(device.name): \(seen) mm")
            }
        }
    }

    /// A map filling the window with a pan, and a left-edge pan on the window (the kiosk's menu), as
    /// `delegate` (if any) lets them share a stroke from `x` (device units) 20 mm to the right.
    static func mapAndMenu(from x: Double, delegate: TestDelegate? = nil) -> Run {
        let window = Window(screen: TestDevices.panelScreen)
        let map = View(frame: window.bounds, name: "map")
        window.addSubview(map)
        let pan = PanGestureRecognizer(name: "pan")
        pan.delegate = delegate
        map.addGestureRecognizer(pan)
        window.addGestureRecognizer(ScreenEdgePanGestureRecognizer(edges: .left, name: "menu"))
        let pipeline = InputPipeline(device: TestDevices.panel, window: window)
        var run = Run()
        pipeline.engine.onAction = { run.records.append($0) }
        pipeline.engine.onTrace = { run.trace.append($0.description) }
        pipeline.process(strokes(on: TestDevices.panel, from: [Point(x: x, y: 500)], to: [Point(x: x + 200, y: 500)]))
        pipeline.finishInput(at: 1)
        return run
    }

    @Test("a map's pan waits for the edge pan: a stroke in from the edge is the menu's, one inside the map's at once")
    func panWaitsForTheEdge() {
        let fromEdge = Self.mapAndMenu(from: 10)
        #expect(fromEdge.actions.first == "menu:began" && !fromEdge.actions.contains { $0.hasPrefix("pan:") }, "\(fromEdge.actions)")
        #expect(fromEdge.trace.contains { $0.hasSuffix("pan@map  possible → failed: prevented by menu") }, "\(fromEdge.trace)")

        let inside = Self.mapAndMenu(from: 600)
        #expect(inside.actions.first == "pan:began" && !inside.actions.contains { $0.hasPrefix("menu:") }, "\(inside.actions)")
        #expect(!inside.trace.contains { $0.contains("waits for") }, "it never waits for an edge pan that failed as the touch landed")
        // The pan begins where it would alone: 3 mm in.
        let alone = Self.run([PanGestureRecognizer(name: "pan")], from: [Point(x: 600, y: 500)], to: [Point(x: 800, y: 500)])
        #expect(inside.records.first?.time == alone.records.first?.time)
    }

    @Test("a pan allowed to recognize with the edge pan does not wait for it")
    func simultaneousPanDoesNotWait() {
        let delegate = TestDelegate()
        delegate.simultaneous = true
        let run = Self.mapAndMenu(from: 10, delegate: delegate)
        #expect(run.actions.contains("menu:began") && run.actions.contains("pan:began"), "\(run.actions)")
        #expect(!run.trace.contains { $0.contains("waits for") }, "\(run.trace)")
    }
}
