// The engine's trace: one line per binding, transition and arbitration decision, in order.
import Testing
@testable import Tactile

@Suite("Engine: the trace")
struct TraceTests {
    /// Runs `script` on `harness` and returns the trace's lines.
    private func trace(_ harness: Harness, _ script: EventScript, until end: Double) -> [String] {
        var lines: [String] = []
        harness.engine.onTrace = { lines.append($0.description) }
        harness.run(script)
        harness.pipeline.advance(to: end)
        return lines
    }

    @Test("a single tap that waits for a double tap: who waits for whom, who fails and why, who is released")
    func waitingAndReleased() {
        let harness = Harness()
        let tap = TestTap(taps: 1), doubleTap = TestTap(taps: 2)
        tap.require(toFail: doubleTap)
        harness.window.addGestureRecognizer(tap)
        harness.window.addGestureRecognizer(doubleTap)
        var script = EventScript()
        script.tap(at: Point(x: 10, y: 10), start: 0.1, id: 1)
        #expect(trace(harness, script, until: 2) == [
            "0.100000  touch #1 lands on window: tap, doubleTap",
            "0.180000  tap@window  waits for doubleTap to fail",
            "0.480000  doubleTap@window  possible → failed: its criteria were not met",
            "0.480000  tap@window  released: the recognizers it waited for failed",
            "0.480000  tap@window  possible → ended",
        ])
        #expect(harness.actions == ["tap:ended"])
    }

    @Test("a drag its delegate vetoes says why it never began")
    func delegateDeclined() {
        let harness = Harness()
        let drag = TestDrag(name: "pan"), delegate = TestDelegate()
        delegate.shouldBegin = false
        drag.delegate = delegate
        harness.retained.append(delegate)
        harness.window.addGestureRecognizer(drag)
        var script = EventScript()
        script.drag(from: Point(x: 100, y: 100), dx: 60, steps: 3, start: 0, id: 1)
        let lines = trace(harness, script, until: 1)
        #expect(lines.contains { $0.hasSuffix("pan@window  possible → failed: its delegate declined to let it begin") })
        #expect(harness.actions.isEmpty)
    }

    @Test("a press in progress yields to a drag it lets begin; a tap still possible fails, prevented by the press")
    func yieldedAndPrevented() {
        /// Begins 50 ms after landing and lets any rival begin beside it (it prevents none).
        final class PolitePress: GestureRecognizer {
            override func canPrevent(_ other: GestureRecognizer) -> Bool { other.name == "tap" }
            override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
                schedule(after: 0.05) { $0.transition(to: .began) }
            }
            override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) { transition(to: .changed) }
            override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) { transition(to: .ended) }
        }
        let harness = Harness()
        let press = PolitePress(name: "press"), drag = TestDrag(name: "pan"), tap = TestTap()
        for recognizer in [press, drag, tap] { harness.window.addGestureRecognizer(recognizer) }
        var script = EventScript()
        script.frame(at: 0) { $0.track(1).x(100).y(100) }
        script.frame(at: 0.2) { $0.x(102) }
        script.frame(at: 0.3) { $0.x(140) }
        script.frame(at: 0.4) { $0.lift() }
        #expect(trace(harness, script, until: 1) == [
            "0.000000  touch #1 lands on window: press, pan, tap",
            "0.050000  press@window  possible → began",
            "0.050000  tap@window  possible → failed: prevented by press",
            "0.200000  press@window  began → changed",
            "0.300000  pan@window  possible → began",
            "0.300000  press@window  yields to pan",
            "0.300000  press@window  changed → cancelled",
            "0.400000  pan@window  began → ended",
        ])
        #expect(harness.actions == ["press:began", "press:changed", "press:changed", "pan:began", "press:cancelled", "pan:ended"])
    }

    @Test("a two-finger pan whose one finger stayed says which finger fell short, not its centroid's travel")
    func panOfAStillFinger() {
        // The 200 × 100 mm panel: one finger goes 3.2 mm, the other stays, so their centroid goes
        // 1.6 mm, past the 1.5 mm that begins a pan of fingers moving together; but they never did.
        let harness = Harness.panel()
        harness.window.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
        var script = EventScript()
        script.motion(from: [Point(x: 900, y: 500), Point(x: 1100, y: 500)], to: [Point(x: 932, y: 500), Point(x: 1100, y: 500)],
                      start: 0.1, duration: 0.1, firstID: 1)
        let lines = trace(harness, script, until: 1)
        #expect(lines.contains("0.210000  pan@window  possible → failed: one finger moved 0 mm of the 1.5 mm each must move (their centroid moved 1.6 mm)"),
                "\(lines)")
        #expect(!lines.contains { $0.contains("before lifting") }, "\(lines)")
    }

    @Test("no trace, no cost: the same actions with and without it")
    func sameActions() {
        func run(tracing: Bool) -> [String] {
            let harness = Harness()
            let tap = TestTap(taps: 1), doubleTap = TestTap(taps: 2), drag = TestDrag()
            tap.require(toFail: doubleTap)
            for recognizer in [tap, doubleTap, drag] { harness.window.addGestureRecognizer(recognizer) }
            if tracing { harness.engine.onTrace = { _ in } }
            var script = EventScript()
            script.tap(at: Point(x: 10, y: 10), start: 0.1, id: 1)
            script.drag(from: Point(x: 100, y: 100), dx: 60, steps: 3, start: 1, id: 2)
            harness.run(script)
            harness.pipeline.advance(to: 3)
            return harness.actions
        }
        #expect(run(tracing: true) == run(tracing: false))
    }
}
