// Why a recognizer failed, with numbers: which of its criteria, the value wanted and the value seen.
import Testing
@testable import Tactile

/// Each standard recognizer says which criterion it failed on, with the
/// threshold and what it measured (on the 200 × 100 mm test panel, 10 units = 1 mm).
@Suite("Recognizers: failure reasons with numbers")
struct FailureCriterionTests {
    /// Runs `script` on a panel harness with `recognizer` on the window, until `end`.
    private func run(_ recognizer: GestureRecognizer, until end: Double = 3, _ build: (inout EventScript) -> Void) -> [String] {
        let harness = Harness.panel()
        harness.window.addGestureRecognizer(recognizer)
        var lines: [String] = []
        harness.engine.onTrace = { lines.append($0.description) }
        var script = EventScript()
        build(&script)
        harness.run(script)
        harness.pipeline.advance(to: end)
        return lines
    }

    @Test("a tap that moved: how far, and how far it may")
    func tapMoved() throws {
        let tap = TapGestureRecognizer(name: "tap")
        let lines = run(tap) { $0.drag(from: Point(x: 1000, y: 500), dx: 60, steps: 3, start: 0.1, id: 1) }
        guard case .criterionNotMet(.moved(let millimetres, let allowed))? = tap.failureReason else {
            Issue.record("\(String(describing: tap.failureReason))")
            return
        }
        #expect(abs(millimetres - 4) < 1e-9 && allowed == 3)
        #expect(lines.contains("0.120000  tap@window  possible → failed: a finger moved 4 mm (3 mm allowed)"), "\(lines)")
    }

    @Test("a tap of too many fingers, and one held too long")
    func tapFingersAndDuration() {
        let two = TapGestureRecognizer(name: "tap")
        _ = run(two) { script in
            script.frame(at: 0.1) { $0.slot(0).track(1).x(900).y(500).slot(1).track(2).x(1100).y(500) }
            script.frame(at: 0.2) { $0.slot(0).lift().slot(1).lift() }
        }
        #expect(two.failureReason == .criterionNotMet(.tooManyFingers(wanted: 1, down: 2)))
        #expect(two.failureReason?.description == "2 fingers came down (it takes 1)")
        let long = TapGestureRecognizer(name: "tap")
        _ = run(long) { $0.tap(at: Point(x: 1000, y: 500), start: 0.1, duration: 0.8, id: 1) }
        #expect(long.failureReason == .criterionNotMet(.pressTooLong(seconds: 0.5, maximum: 0.5)))
        #expect(long.failureReason?.description == "still down after 0.5 s (a tap lifts sooner)")
    }

    @Test("a long press lifted early, and one of the wrong fingers")
    func longPress() {
        let press = LongPressGestureRecognizer(name: "press")
        _ = run(press) { $0.tap(at: Point(x: 1000, y: 500), start: 0.1, duration: 0.3, id: 1) }
        #expect(press.failureReason?.description == "lifted after 0.3 s (needs 0.5 s)")
        let two = LongPressGestureRecognizer(minimumPressDuration: 0.5, touches: 2, name: "press")
        _ = run(two) { $0.tap(at: Point(x: 1000, y: 500), start: 0.1, duration: 0.9, id: 1) }
        #expect(two.failureReason == .criterionNotMet(.fingerCount(wanted: 2, down: 1)))
    }

    @Test("a swipe the wrong way, and one too short")
    func swipe() {
        let right = SwipeGestureRecognizer(direction: .right, name: "swipe")
        _ = run(right) { $0.drag(from: Point(x: 1000, y: 500), dx: -300, steps: 6, start: 0.1, id: 1) }
        #expect(right.failureReason == .criterionNotMet(.direction(heading: .left, allowed: .right)))
        #expect(right.failureReason?.description == "went left (wants right)")
        let short = SwipeGestureRecognizer(direction: .right, name: "swipe")
        _ = run(short) { $0.drag(from: Point(x: 1000, y: 500), dx: 20, steps: 2, start: 0.1, id: 1) }
        #expect(short.failureReason?.description == "moved 2 mm before lifting (needs 12 mm)")
    }

    @Test("a pan whose finger lifts before it went far enough says how far it went")
    func pan() {
        let pan = PanGestureRecognizer(name: "pan")
        _ = run(pan) { $0.drag(from: Point(x: 1000, y: 500), dx: 15, steps: 3, start: 0.1, id: 1) }
        #expect(pan.failureReason?.description == "moved 1.5 mm before lifting (needs 3 mm)")
    }

    @Test("a recognizer of one's own that fails without saying why keeps the generic reason")
    func ownRecognizer() {
        let tap = TestTap(taps: 1)
        _ = run(tap) { $0.drag(from: Point(x: 1000, y: 500), dx: 60, steps: 3, start: 0.1, id: 1) }
        #expect(tap.failureReason == .gaveUp)
        #expect(tap.failureReason?.description == "its criteria were not met")
    }
}
