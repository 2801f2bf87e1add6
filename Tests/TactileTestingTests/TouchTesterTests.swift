import Foundation
import Tactile
import TactileRecording
import TactileSynthesis
import TactileTesting
import Testing

/// The testing library used as a developer would: gestures drawn in code
/// against the developer's own recognizers, recordings bundled as the test
/// target's resources, expectations that fail with the recognizer, the time,
/// the values and the trace.
@Suite struct TouchTesterTests {
    /// An 800×600 window (a touchscreen mapped onto it).
    static func window() -> Window { Window(screen: Screen(width: 800, height: 600)) }

    @Test func aPinchInCodeScalesAsDrawn() throws {
        let window = Self.window()
        let pinch = PinchGestureRecognizer()
        window.addGestureRecognizer(pinch)
        let tester = TouchTester(window: window)
        tester.pinch(center: Point(x: 400, y: 300), fromSpan: 100, toSpan: 200)
        try tester.expect(pinch, to: .began)
        let ended = try tester.expect(pinch, to: .ended, with: ["scale": 2.0 ± 0.1])
        #expect(ended.time > 0.5 && ended.time < 0.8, "\(ended.time)")
        // Pinching in halves it.
        tester.advance(by: 0.5)
        tester.clearActions()
        tester.pinch(center: Point(x: 400, y: 300), fromSpan: 200, toSpan: 100)
        try tester.expect(pinch, to: .ended, with: ["scale": 0.5 ± 0.05])
    }

    @Test func aBrokenExpectationNamesRecognizerTimeValuesAndTrace() throws {
        let window = Self.window()
        let pinch = PinchGestureRecognizer(name: "zoom")
        window.addGestureRecognizer(pinch)
        let tester = TouchTester(window: window)
        tester.recordsFailures = false   // the failures are the subject
        tester.pinch(center: Point(x: 400, y: 300), fromSpan: 100, toSpan: 200)
        do {
            try tester.expect(pinch, to: .ended, with: ["scale": 3.0 ± 0.1])
            Issue.record("a scale of 2 passed for 3 ± 0.1")
        } catch {
            let message = error.description
            #expect(message.hasPrefix("zoom: expected ended with scale ≈ 3.000 ± 0.100; got ended at 0."), "\(message)")
            #expect(message.contains(" s with scale 1.9") || message.contains(" s with scale 2.0"), "\(message)")
            #expect(message.contains("zoom's actions: began "), "\(message)")
            #expect(message.contains("zoom's trace"), "\(message)")
        }
        // A state never reached says so, with the clock.
        let tap = TapGestureRecognizer(name: "select")
        window.addGestureRecognizer(tap)
        do {
            try tester.expect(tap, to: .ended)
            Issue.record("a tap that never happened passed")
        } catch {
            #expect(error.description.hasPrefix("select: expected ended; it never reported ended (clock at "), "\(error.description)")
            #expect(error.description.contains("select's actions: none"), "\(error.description)")
        }
    }

    @Test func aTapWaitsOutItsDoubleTapAndADoubleTapTakesItsPlace() throws {
        let window = Self.window()
        let doubleTap = TapGestureRecognizer(taps: 2, name: "doubleTap")
        let tap = TapGestureRecognizer(name: "tap")
        tap.require(toFail: doubleTap)
        window.addGestureRecognizer(doubleTap)
        window.addGestureRecognizer(tap)
        let tester = TouchTester(window: window)
        tester.tap(at: Point(x: 100, y: 100))
        try tester.expectNoAction(from: tap)
        tester.settle()
        try tester.expectActions([(tap, .ended)])
        tester.clearActions()
        tester.advance(by: 0.5)
        tester.doubleTap(at: Point(x: 300, y: 200))
        tester.settle()
        try tester.expectActions([(doubleTap, .ended)])
    }

    @Test func longPressDragFlingSwipeAndRotate() throws {
        let window = Self.window()
        let press = LongPressGestureRecognizer(name: "press")
        let pan = PanGestureRecognizer(name: "pan")
        let swipe = SwipeGestureRecognizer(direction: .left, touches: 2, name: "swipeLeft")
        let rotation = RotationGestureRecognizer(name: "rotation")
        for recognizer in [press, pan, swipe, rotation] as [GestureRecognizer] { window.addGestureRecognizer(recognizer) }
        let tester = TouchTester(window: window)

        tester.longPress(at: Point(x: 200, y: 200), for: 0.9)
        try tester.expect(press, to: .began)
        try tester.expect(press, to: .ended)
        tester.advance(by: 0.5)

        tester.clearActions()
        tester.drag(from: Point(x: 100, y: 300), to: Point(x: 500, y: 300))
        try tester.expect(pan, to: .ended, with: ["translation.x": 400 ± 25, "translation.y": 0 ± 10])
        tester.advance(by: 0.5)

        tester.clearActions()
        tester.fling(from: Point(x: 200, y: 300), velocity: Vector(dx: 0, dy: -2000))
        let flung = try tester.expect(pan, to: .ended)
        #expect((flung.value(named: "velocity.y") ?? 0) < -1000, "\(flung)")
        tester.advance(by: 0.5)

        // On this window the pan takes a swipe first, and the failure says so.
        tester.clearActions()
        tester.swipe(fingers: 2, direction: .left, from: Point(x: 600, y: 300), distance: 300)
        tester.recordsFailures = false
        #expect(throws: TouchTestFailure.self) { try tester.expect(swipe, to: .ended) }
        tester.recordsFailures = true
        #expect(tester.trace.contains { $0.recognizer == "swipeLeft" && $0.description.contains("failed: prevented by pan") })
        tester.advance(by: 0.5)

        tester.clearActions()
        tester.rotate(center: Point(x: 400, y: 300), by: .pi / 4)
        try tester.expect(rotation, to: .ended, with: ["rotation": Double.pi / 4 ± 0.08])
    }

    @Test func aSwipeOfTwoFingers() throws {
        let window = Self.window()
        let swipe = SwipeGestureRecognizer(direction: .left, touches: 2, name: "swipeLeft")
        window.addGestureRecognizer(swipe)
        let tester = TouchTester(window: window)
        tester.swipe(fingers: 2, direction: .left, from: Point(x: 600, y: 300), distance: 300)
        try tester.expect(swipe, to: .ended)
        try tester.expectActions([(swipe, .ended)])
    }

    @Test func touchesByHandMakeAPinch() throws {
        let window = Self.window()
        let pinch = PinchGestureRecognizer()
        window.addGestureRecognizer(pinch)
        let tester = TouchTester(window: window)
        let left = tester.touch(), right = tester.touch()
        left.down(at: Point(x: 350, y: 300))
        right.down(at: Point(x: 450, y: 300))
        tester.advance(by: 0.05)
        left.move(to: Point(x: 300, y: 300), duration: 0.3)
        right.move(by: Vector(dx: 50, dy: 0), duration: 0.3)
        #expect(right.location == Point(x: 500, y: 300))
        left.up()
        right.up()
        #expect(left.location == nil)
        // Left moved first, then right: 100 → 150 → 200 apart.
        try tester.expect(pinch, to: .ended, with: ["scale": 2.0 ± 0.05])
    }

    @Test func gesturesPlacedInMillimetresOfTheSurface() throws {
        let window = Self.window()
        let press = LongPressGestureRecognizer(name: "press")
        window.addGestureRecognizer(press)
        let tester = TouchTester(window: window, device: .touchpad)
        // The touchpad's 108.3 × 66.7 mm span the 800 × 600 window: its middle is the window's.
        let middle = tester.point(atMillimetres: Point(x: 1301.0 / 12 / 2, y: 801.0 / 12 / 2))
        #expect(abs(middle.x - 400) < 1e-9 && abs(middle.y - 300) < 1e-9, "\(middle)")
        #expect(abs(tester.points(forMillimetres: 1301.0 / 12) - 800) < 1e-9)
        let finger = tester.touch()
        finger.down(at: tester.point(atMillimetres: Point(x: 30, y: 20)))
        finger.advance(by: 0.6)
        try tester.expect(press, to: .began)
        finger.up()
        let ended = try tester.expect(press, to: .ended)
        #expect(abs(ended.location.x - tester.point(atMillimetres: Point(x: 30, y: 20)).x) < 1, "\(ended.location)")
    }

    @Test func aRecordingBundledAsAResourceReplaysIntoOwnRecognizers() throws {
        let recording = try TouchTester.recording(named: "Recordings/pinches", in: .module)
        let window = Window(screen: recording.screen)
        let pinch = PinchGestureRecognizer(name: "myPinch")
        window.addGestureRecognizer(pinch)
        let tester = TouchTester(window: window, replaying: recording)
        try tester.replay(recording)
        // Three pinches: in, out, out.
        #expect(tester.actions(of: pinch).filter { $0.state == .ended }.count == 3)
        let scales = tester.actions(of: pinch).filter { $0.state == .ended }.compactMap { $0.value(named: "scale") }
        #expect(scales.count == 3 && scales[0] < 1 && scales[1] > 1 && scales[2] > 1, "\(scales)")
        // evemu too, with its timers by the recording's clock: the same at any pace.
        let taps = try TouchTester.recording(named: "Recordings/taps.evemu", in: .module)
        let again = Window(screen: taps.screen)
        let threeFingerTap = TapGestureRecognizer(touches: 3, name: "threeFingerTap")
        again.addGestureRecognizer(threeFingerTap)
        let tapTester = TouchTester(window: again, replaying: taps)
        try tapTester.replay(taps)
        try tapTester.expect(threeFingerTap, to: .ended)
        #expect(throws: TouchTestFailure.self) { try TouchTester.recording(named: "Recordings/none", in: .module) }
        #expect(throws: TouchTestFailure.self) { try TouchTester(window: again, device: .touchpad).replay(recording) }
    }

    @Test func palmBandsCanBeSwitchedOffForTestsOfTheRecognizersAlone() throws {
        // A finger held still 2 mm from the touchpad's left edge: a palm in the default bands, a long press without them.
        func longPress(palmEdges: PalmEdgeZones?) -> Bool {
            let window = Self.window()
            let press = LongPressGestureRecognizer(name: "press")
            window.addGestureRecognizer(press)
            let tester = TouchTester(window: window, device: .touchpad, palmEdges: palmEdges)
            tester.recordsFailures = false   // a probe
            tester.longPress(at: tester.point(atMillimetres: Point(x: 2, y: 33)), for: 1)
            return (try? tester.expect(press, to: .began)) != nil
        }
        #expect(!longPress(palmEdges: nil))
        #expect(longPress(palmEdges: PalmEdgeZones.none))
    }

    /// A tester whose window's double tap was double tapped at (200, 200), its clock settled.
    static func doubleTapped() -> TouchTester {
        let window = Self.window()
        window.addGestureRecognizer(TapGestureRecognizer(taps: 2, name: "doubleTap"))
        let tester = TouchTester(window: window)
        tester.doubleTap(at: Point(x: 200, y: 200))
        tester.settle()
        return tester
    }

    @Test func aSnapshotSurvivesALastDigitChange() throws {
        let tester = Self.doubleTapped()
        tester.recordsFailures = false   // the failure with no tolerance is the subject
        // The stored snapshot differs in the last digit of the time and of the location.
        try tester.expectSnapshot(named: "double-tap-last-digits")
        #expect(throws: TouchTestFailure.self) { try tester.expectSnapshot(named: "double-tap-last-digits", tolerance: 0) }
    }

    @Test func theActionLogMatchesItsSnapshot() throws {
        let tester = Self.doubleTapped()
        tester.recordsFailures = false   // the mismatch is the subject
        try tester.expectSnapshot(named: "double-tap")
        // Another gesture does not match it, and the failure is a diff.
        tester.doubleTap(at: Point(x: 600, y: 400))
        tester.settle()
        do {
            try tester.expectSnapshot(named: "double-tap")
            Issue.record("a longer log matched the snapshot")
        } catch {
            #expect(error.description.contains("the action log differs from the snapshot"), "\(error.description)")
            #expect(error.description.contains("\n+ {\"t\":"), "\(error.description)")
        }
    }

    @Test func theSameGesturesGiveTheSameLogEveryTime() throws {
        func log(realism: TouchTester.Realism) -> [String] {
            let window = Self.window()
            let pan = PanGestureRecognizer()
            window.addGestureRecognizer(pan)
            let tester = TouchTester(window: window, realism: realism)
            tester.drag(from: Point(x: 100, y: 100), to: Point(x: 400, y: 250), imperfections: [.drift(Vector(dx: 2, dy: 1))])
            return tester.actions.map(\.jsonLine)
        }
        #expect(log(realism: .exact) == log(realism: .exact))
        #expect(log(realism: .realistic(seed: 7)) == log(realism: .realistic(seed: 7)))
        #expect(log(realism: .realistic(seed: 7)) != log(realism: .exact))
    }
}
