// Where the peers disagree, Tactile's choice, its setting, and the other choice one setting away.
import Foundation
import TactileTestSupport
import Testing
@testable import Tactile

/// The conventions of docs/gestures.md ("Conventions"), each with its
/// default and its setting, on the 200 × 100 mm panel (10 units = 1 mm) and
/// the 100 × 50 mm two-slot test touchpad (10 units = 1 mm).
@Suite("Conventions")
struct ConventionTests {
    @MainActor
    private func run(_ harness: Harness, _ build: (inout EventScript) -> Void) -> [String] {
        var script = EventScript()
        build(&script)
        harness.run(script)
        harness.pipeline.advance(to: 30)
        return harness.actions.filter { !$0.hasPrefix("hold") }
    }

    // MARK: Tap, then rest

    @Test("a finger resting after landing: a tap on a screen up to 0.5 s, on a touchpad up to 0.18 s (libinput)",
          arguments: [0.1, 0.17, 0.25, 0.35, 0.45, 0.6])
    @MainActor
    func tapThenRest(duration: Double) {
        func taps(_ harness: Harness, maximum: Double? = nil) -> Bool {
            let tap = TapGestureRecognizer(name: "tap")
            if let maximum { tap.maximumPressDuration = maximum }
            harness.window.addGestureRecognizer(tap)
            return run(harness) { $0.tap(at: Point(x: 500, y: 300), start: 1, duration: duration, id: 1) } == ["tap:ended"]
        }
        #expect(taps(Harness.panel()) == (duration <= 0.5), "screen, \(duration) s")
        #expect(taps(Harness(device: TestDevices.touchpad, screen: .standard)) == (duration <= 0.18), "touchpad, \(duration) s")
        #expect(taps(Harness(device: TestDevices.touchpad, screen: .standard), maximum: 0.5) == (duration <= 0.5),
                "touchpad set to 0.5 s, \(duration) s")
    }

    @Test("the longest press follows the device only until it is set")
    @MainActor
    func pressDurationReadsTheDevice() {
        let tap = TapGestureRecognizer()
        #expect(tap.maximumPressDuration == 0.5, "before it is in play: the screen's")
        tap.maximumPressDuration = 0.3
        #expect(tap.maximumPressDuration == 0.3)
    }

    // MARK: A jump in the release frame

    @Test("a two-finger tap whose last frame jumps: counted up to 6 mm (libinput counts 5.5 mm), and strict when set",
          arguments: [2.0, 4.0, 5.5, 8.0])
    @MainActor
    func releaseJump(jump: Double) {
        func twoFingerTap(strict: Bool) -> Bool {
            let harness = Harness.panel()
            let tap = TapGestureRecognizer(taps: 1, touches: 2, name: "twoFingerTap")
            if strict { tap.allowableMovementAtLift = tap.allowableMovement }
            harness.window.addGestureRecognizer(tap)
            return run(harness) { script in
                script.frame(at: 1) { $0.slot(0).track(1).x(500).y(500).slot(1).track(2).x(700).y(500) }
                script.frame(at: 1.05) { $0.slot(0).lift().slot(1).x(Int32(700 + jump * 10)) }  // one lifts as the other jumps
                script.frame(at: 1.06) { $0.slot(1).lift() }
            } == ["twoFingerTap:ended"]
        }
        #expect(twoFingerTap(strict: false) == (jump <= 6), "\(jump) mm")
        #expect(twoFingerTap(strict: true) == (jump <= 3), "\(jump) mm, strict")
    }

    @Test("the allowance holds only in the lift frame: the same jump a frame earlier is movement")
    @MainActor
    func jumpBeforeLift() {
        let harness = Harness.panel()
        harness.window.addGestureRecognizer(TapGestureRecognizer(taps: 1, touches: 2, name: "twoFingerTap"))
        let actions = run(harness) { script in
            script.frame(at: 1) { $0.slot(0).track(1).x(500).y(500).slot(1).track(2).x(700).y(500) }
            script.frame(at: 1.04) { $0.slot(1).x(750) }
            script.frame(at: 1.05) { $0.slot(0).lift() }
            script.frame(at: 1.06) { $0.slot(1).lift() }
        }
        #expect(actions.isEmpty)
    }

    // MARK: Double-tap bounce

    @Test("a second landing within 40 ms of the lift is the same tap bouncing (Flutter); later ones are a double tap",
          arguments: [0.005, 0.01, 0.03, 0.05, 0.1, 0.25])
    @MainActor
    func bounce(gap: Double) {
        func actions(minimum: Double? = nil) -> [String] {
            let harness = Harness.panel()
            let double = harness.addSingleAndDoubleTap().double
            if let minimum { double.minimumTapInterval = minimum }
            return run(harness) {
                $0.tap(at: Point(x: 500, y: 500), start: 1, duration: 0.06, id: 1)
                $0.tap(at: Point(x: 505, y: 502), start: 1.06 + gap, duration: 0.06, id: 2)
            }
        }
        #expect(actions() == (gap < 0.04 ? ["tap:ended"] : ["doubleTap:ended"]), "\(gap) s")
        #expect(actions(minimum: 0) == ["doubleTap:ended"], "libinput's choice, \(gap) s")
    }

    @Test("on a touchpad every landing after the lift is the second tap, as libinput counts it: one and two fingers",
          arguments: [0.005, 0.01, 0.02, 0.03, 0.045, 0.06], [1, 2])
    @MainActor
    func touchpadDoubleTapAtLibinputsPace(gap: Double, fingers: Int) {
        let harness = Harness(device: TestDevices.touchpad)
        let single = TapGestureRecognizer(taps: 1, touches: fingers, name: "tap")
        let double = TapGestureRecognizer(taps: 2, touches: fingers, name: "doubleTap")
        single.require(toFail: double)
        harness.window.addGestureRecognizer(single)
        harness.window.addGestureRecognizer(double)
        let actions = run(harness) { script in
            for (tap, start) in [1.0, 1.06 + gap].enumerated() {
                script.frame(at: start) { builder in
                    for finger in 0..<fingers { builder.slot(Int32(finger)).track(Int32(10 * tap + finger + 1)).x(Int32(400 + 150 * finger)).y(250) }
                }
                script.frame(at: start + 0.06) { builder in
                    for finger in 0..<fingers { builder.slot(Int32(finger)).lift() }
                }
            }
        }
        #expect(actions == ["doubleTap:ended"], "\(fingers) fingers, \(gap) s")
    }

    @Test("a bounce, then a real second tap: a double tap")
    @MainActor
    func bounceThenSecondTap() {
        let harness = Harness.panel()
        harness.addSingleAndDoubleTap()
        let actions = run(harness) {
            $0.tap(at: Point(x: 500, y: 500), start: 1, duration: 0.06, id: 1)
            $0.tap(at: Point(x: 502, y: 500), start: 1.07, duration: 0.05, id: 2)
            $0.tap(at: Point(x: 505, y: 505), start: 1.25, duration: 0.06, id: 3)
        }
        #expect(actions == ["doubleTap:ended"])
    }

    // MARK: A hold when one finger lifts

    @Test("three fingers hold and one lifts: the hold goes on until the last lifts, or is cancelled as libinput's")
    @MainActor
    func holdWhenAFingerLifts() {
        func actions(cancels: Bool) -> [String] {
            let harness = Harness.panel()
            let hold = HoldGestureRecognizer(name: "hold")
            hold.cancelsWhenAFingerLifts = cancels
            harness.window.addGestureRecognizer(hold)
            var script = EventScript()
            script.frame(at: 1) { $0.slot(0).track(1).x(500).y(500).slot(1).track(2).x(700).y(500).slot(2).track(3).x(900).y(520) }
            script.frame(at: 1.5) { $0.slot(2).lift() }
            script.frame(at: 2) { $0.slot(0).lift().slot(1).lift() }
            harness.run(script)
            harness.pipeline.advance(to: 3)
            return harness.actions
        }
        #expect(actions(cancels: false) == ["hold:began", "hold:ended"])
        #expect(actions(cancels: true) == ["hold:began", "hold:cancelled"])
    }

    // MARK: From drag to zoom

    @Test("a one-finger drag that gains a second finger which spreads: it stays a drag (UIKit), or becomes a zoom when the pan yields (Flutter)",
          arguments: [0.2, 0.6, 1.5])
    @MainActor
    func dragToZoom(delay: Double) {
        func actions(yields: Bool) -> [String] {
            let harness = Harness.panel()
            let gestures = StandardGestures(attachingTo: harness.window)
            gestures.pan.yieldsToPinchAndRotation = yields
            harness.retained.append(gestures)
            var script = EventScript()
            // One finger drags 20 mm, rests, and a second lands 30 mm away after `delay` and spreads 30 mm.
            script.motion(from: [Point(x: 500, y: 500)], to: [Point(x: 700, y: 500)], start: 1, duration: 0.2, firstID: 1, lift: false)
            let second = 1.21 + delay
            script.motion(from: [Point(x: 1000, y: 500)], to: [Point(x: 1300, y: 500)], start: second, duration: 0.3,
                          firstID: 2, firstSlot: 1, lift: false)
            script.frame(at: second + 0.4) { $0.slot(0).lift().slot(1).lift() }
            harness.run(script)
            harness.pipeline.advance(to: 10)
            var seen: [String] = []
            for action in harness.actions where !action.hasPrefix("hold") && !action.hasSuffix(":changed") { seen.append(action) }
            return seen
        }
        #expect(actions(yields: false) == ["pan:began", "pan:ended"], "\(delay) s")
        let yielding = actions(yields: true)
        #expect(yielding.prefix(3) == ["pan:began", "pan:cancelled", "pinch:began"] || yielding.prefix(3) == ["pan:began", "pinch:began", "pan:cancelled"],
                "\(delay) s: \(yielding)")
        #expect(yielding.contains("pinch:ended"))
    }

    // MARK: Long press against double tap

    @Test("a first tap held past the long press's 0.5 s is a long press, and the next tap a tap of its own; held less, a double tap",
          arguments: [0.3, 0.45, 0.55, 0.8])
    @MainActor
    func longPressAgainstDoubleTap(held: Double) {
        let harness = Harness.panel()
        harness.retained.append(StandardGestures(attachingTo: harness.window))
        let actions = run(harness) {
            $0.tap(at: Point(x: 500, y: 500), start: 1, duration: held, id: 1)
            $0.tap(at: Point(x: 505, y: 500), start: 1.15 + held, duration: 0.06, id: 2)
        }
        let wanted = held < 0.5 ? ["doubleTap:ended"] : ["longPress:began", "longPress:ended", "tap:ended"]
        #expect(actions == wanted, "\(held) s")
    }
}
