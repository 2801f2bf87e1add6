// Pinch and rotation limited to a number of fingers, and a hold of a number of fingers: off by default.
import Testing
@testable import Tactile

/// ``PinchGestureRecognizer/maximumNumberOfTouches`` and its like: by
/// default any number of fingers pinches, turns or holds, as before; with a
/// limit, more fingers make the gesture fail and fewer make a hold wait.
@Suite("Recognizers: finger limits of pinch, rotation and hold")
struct FingerLimitTests {
    /// Three fingers on the test panel spreading away from their centre.
    private static func threeFingerSpread(_ script: inout EventScript) {
        let from = [Point(x: 900, y: 500), Point(x: 1100, y: 500), Point(x: 1000, y: 400)]
        let to = [Point(x: 700, y: 500), Point(x: 1300, y: 500), Point(x: 1000, y: 200)]
        script.motion(from: from, to: to, start: 0.1, duration: 0.3, firstID: 1)
    }

    private func run(_ recognizers: [GestureRecognizer], _ build: (inout EventScript) -> Void) -> Harness {
        let harness = Harness.panel()
        for recognizer in recognizers { harness.window.addGestureRecognizer(recognizer) }
        var script = EventScript()
        build(&script)
        harness.run(script)
        harness.pipeline.advance(to: 3)
        return harness
    }

    @Test("a pinch takes three fingers by default, and fails on them when it takes two at most")
    func pinch() {
        let open = PinchGestureRecognizer(name: "pinch")
        #expect(run([open], Self.threeFingerSpread).actions.contains("pinch:began"))
        let two = PinchGestureRecognizer(name: "pinch")
        two.maximumNumberOfTouches = 2
        let harness = run([two], Self.threeFingerSpread)
        #expect(!harness.actions.contains("pinch:began"))
        #expect(two.failureReason == .criterionNotMet(.tooManyFingers(wanted: 2, down: 3)))
    }

    @Test("a rotation limited to two fingers fails on three; a pinch of at least three waits for them")
    func rotationAndMinimum() {
        let rotation = RotationGestureRecognizer(name: "rotation")
        rotation.maximumNumberOfTouches = 2
        _ = run([rotation], Self.threeFingerSpread)
        #expect(rotation.failureReason == .criterionNotMet(.tooManyFingers(wanted: 2, down: 3)))
        let three = PinchGestureRecognizer(name: "pinch")
        three.minimumNumberOfTouches = 3
        let twoFingers = run([three]) { script in
            script.motion(from: [Point(x: 900, y: 500), Point(x: 1100, y: 500)], to: [Point(x: 700, y: 500), Point(x: 1300, y: 500)],
                          start: 0.1, duration: 0.3, firstID: 1)
        }
        #expect(!twoFingers.actions.contains("pinch:began"))
        #expect(three.failureReason == .criterionNotMet(.fingerCount(wanted: 3, down: 2)))
    }

    @Test("once two fingers pinch, a third that lands stays free of a two-finger pinch")
    func noMoreFingersOncePinching() {
        let pinch = PinchGestureRecognizer(name: "pinch")
        pinch.maximumNumberOfTouches = 2
        let harness = run([pinch]) { script in
            script.motion(from: [Point(x: 900, y: 500), Point(x: 1100, y: 500)], to: [Point(x: 700, y: 500), Point(x: 1300, y: 500)],
                          start: 0.1, duration: 0.3, firstID: 1, lift: false)
            script.frame(at: 0.5) { $0.slot(2).track(3).x(1000).y(200) }
            script.frame(at: 0.6) { $0.slot(0).lift().slot(1).lift().slot(2).lift() }
        }
        #expect(harness.actions.contains("pinch:began"))
        #expect(harness.log.records.filter { $0.recognizer == "pinch" }.allSatisfy { $0.touches <= 2 })
    }

    @Test("a hold of two fingers waits for the second, and fails on a third")
    func hold() {
        let any = HoldGestureRecognizer(name: "hold")
        #expect(run([any]) { $0.tap(at: Point(x: 1000, y: 500), start: 0.1, duration: 0.3, id: 1) }.actions.contains("hold:began"))
        let two = HoldGestureRecognizer(name: "hold")
        two.numberOfTouchesRequired = 2
        #expect(!run([two]) { $0.tap(at: Point(x: 1000, y: 500), start: 0.1, duration: 0.3, id: 1) }.actions.contains("hold:began"))
        #expect(two.failureReason == .criterionNotMet(.fingerCount(wanted: 2, down: 1)))
        let both = run([two]) { script in
            script.frame(at: 0.1) { $0.slot(0).track(1).x(900).y(500) }
            script.frame(at: 0.13) { $0.slot(1).track(2).x(1100).y(500) }
            script.frame(at: 0.4) { $0.slot(0).lift().slot(1).lift() }
        }
        #expect(both.actions == ["hold:began", "hold:ended"])
        _ = run([two]) { script in
            script.frame(at: 0.1) { $0.slot(0).track(1).x(900).y(500).slot(1).track(2).x(1100).y(500).slot(2).track(3).x(1000).y(300) }
            script.frame(at: 0.4) { $0.slot(0).lift().slot(1).lift().slot(2).lift() }
        }
        #expect(two.failureReason == .criterionNotMet(.tooManyFingers(wanted: 2, down: 3)))
    }
}
