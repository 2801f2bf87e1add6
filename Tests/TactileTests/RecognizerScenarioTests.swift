// The standard recognizers on the 200 × 100 mm test panel: taps, continuous gestures, reclassification, semi-multitouch devices.
import Foundation
import TactileTestSupport
import Testing
@testable import Tactile

/// Recognizers on the 200 × 100 mm test panel: 10 device units = 10 pt = 1 mm.
@Suite("Recognizers: taps")
struct TapRecognizerTests {
    @Test("a single tap that requires a double tap fires once, after the double tap fails")
    func singleAfterDoubleFails() {
        let harness = Harness.panel()
        harness.addSingleAndDoubleTap()
        var script = EventScript()
        script.tap(at: Point(x: 500, y: 500), start: 1, duration: 0.08, id: 1)
        harness.run(script)
        harness.pipeline.advance(to: 1.37)
        #expect(harness.actions.isEmpty, "the double tap's 0.3 s window is still open")
        harness.pipeline.advance(to: 3)
        #expect(harness.actions == ["tap:ended"])
        #expect(harness.log.records[0].time == 1.38, "timer deadlines fall on whole microseconds")

        var second = EventScript()
        second.tap(at: Point(x: 500, y: 500), start: 4, duration: 0.06, id: 2)
        second.tap(at: Point(x: 530, y: 520), start: 4.2, duration: 0.06, id: 3)  // 3.6 mm away
        harness.run(second)
        harness.pipeline.advance(to: 6)
        #expect(harness.actions == ["tap:ended", "doubleTap:ended"])
    }

    @Test("taps fail on movement, on long presses, and on a second tap too far or too late")
    func tapLimits() {
        func actions(_ build: (inout EventScript) -> Void) -> [String] {
            let harness = Harness.panel()
            harness.window.addGestureRecognizer(TapGestureRecognizer(taps: 1, name: "tap"))
            harness.window.addGestureRecognizer(TapGestureRecognizer(taps: 2, name: "doubleTap"))
            var script = EventScript()
            build(&script)
            harness.run(script)
            harness.pipeline.advance(to: 20)
            return harness.actions
        }
        #expect(actions { $0.tap(at: Point(x: 500, y: 500), start: 0, duration: 0.1, id: 1) } == ["tap:ended"])
        #expect(actions { $0.drag(from: Point(x: 500, y: 500), dx: 40, steps: 2, start: 0, id: 1) } == [], "4 mm is too far")
        #expect(actions { $0.drag(from: Point(x: 500, y: 500), dx: 25, steps: 2, start: 0, id: 1) } == ["tap:ended"], "2.5 mm is fine")
        #expect(actions { $0.tap(at: Point(x: 500, y: 500), start: 0, duration: 0.6, id: 1) } == [], "0.6 s is a press")
        let farApart = actions {
            $0.tap(at: Point(x: 500, y: 500), start: 0, duration: 0.05, id: 1)
            $0.tap(at: Point(x: 700, y: 500), start: 0.15, duration: 0.05, id: 2)
        }
        #expect(!farApart.contains("doubleTap:ended"), "20 mm apart is two taps, not a double tap")
        let late = actions {
            $0.tap(at: Point(x: 500, y: 500), start: 0, duration: 0.05, id: 1)
            $0.tap(at: Point(x: 500, y: 500), start: 0.4, duration: 0.05, id: 2)
        }
        #expect(!late.contains("doubleTap:ended"), "0.35 s between taps is too long")
    }

    @Test("a two-finger tap with fingers landing and lifting 40 ms apart")
    func twoFingerTap() {
        let harness = Harness.panel()
        let gestures = StandardGestures(attachingTo: harness.window)
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(1).x(500).y(500) }
        script.frame(at: 0.04) { $0.slot(1).track(2).x(700).y(500) }
        script.frame(at: 0.10) { $0.slot(0).lift() }
        script.frame(at: 0.14) { $0.slot(1).lift() }
        harness.run(script)
        harness.pipeline.advance(to: 2)
        #expect(harness.actions.filter { !$0.hasPrefix("hold") } == ["twoFingerTap:ended"])
        #expect(harness.log.records.first { $0.recognizer == "twoFingerTap" }?.location == Point(x: 600, y: 500))
        _ = gestures
    }

    @Test("a three-finger tap on a two-slot touchpad counts the third finger from BTN_TOOL_TRIPLETAP")
    func threeFingersOnTwoSlots() {
        let harness = Harness(device: TestDevices.touchpad, screen: .standard)
        let gestures = StandardGestures(attachingTo: harness.window)
        var script = EventScript()
        script.frame(at: 0) {
            $0.slot(0).track(1).x(300).y(200).slot(1).track(2).x(500).y(220)
            $0.key(KeyCode.touch, 1).key(KeyCode.toolTripleTap, 1)
        }
        script.frame(at: 0.09) { $0.slot(0).lift().slot(1).lift().key(KeyCode.touch, 0).key(KeyCode.toolTripleTap, 0) }
        harness.run(script)
        harness.pipeline.advance(to: 2)
        #expect(harness.actions.filter { !$0.hasPrefix("hold") } == ["threeFingerTap:ended"])
        _ = gestures
    }
}

@Suite("Recognizers: continuous gestures")
struct ContinuousRecognizerTests {
    @Test("tap versus long press: a short touch taps, a long one presses (by timer, no input)")
    func tapVersusLongPress() {
        let harness = Harness.panel()
        harness.window.addGestureRecognizer(TapGestureRecognizer(name: "tap"))
        harness.window.addGestureRecognizer(LongPressGestureRecognizer(name: "longPress"))
        var script = EventScript()
        script.tap(at: Point(x: 500, y: 500), start: 0, duration: 0.2, id: 1)
        script.frame(at: 2) { $0.track(2).x(900).y(500) }
        harness.run(script)
        harness.pipeline.advance(to: 2.5)
        #expect(harness.actions == ["tap:ended", "longPress:began"])
        #expect(harness.log.records[1].time == 2.5)
        var rest = EventScript()
        rest.frame(at: 2.8) { $0.x(1000) }  // may move freely once recognized
        rest.frame(at: 2.9) { $0.lift() }
        harness.run(rest)
        #expect(harness.actions == ["tap:ended", "longPress:began", "longPress:changed", "longPress:ended"])
    }

    @Test("a pan: translation zero at began, then following the finger from its landing; velocity in points per second",
          arguments: [FingerSetGestureRecognizer.StartBehavior.followingFingers, .fromRecognition])
    func pan(behavior: FingerSetGestureRecognizer.StartBehavior) {
        let harness = Harness.panel()
        let pan = PanGestureRecognizer()
        pan.startBehavior = behavior
        harness.window.addGestureRecognizer(pan)
        var translations: [Point] = []
        var velocities: [Point] = []
        pan.addAction {
            translations.append($0.translation(in: nil))
            velocities.append($0.velocity(in: nil))
        }
        var script = EventScript()
        // 50 mm to the right in 0.5 s: 100 mm/s = 1000 pt/s.
        script.motion(from: [Point(x: 200, y: 500)], to: [Point(x: 700, y: 500)], start: 0, duration: 0.5, firstID: 1)
        harness.run(script)
        #expect(harness.actions.first == "pan:began")
        #expect(harness.actions.last == "pan:ended")
        #expect(translations.first == .zero)
        #expect(harness.log.records[0].time == 0.03, "began at 3 mm")
        #expect(abs(velocities[velocities.count - 2].x - 1000) < 1)
        #expect(abs(velocities[1].x - 1000) < 1, "the finger's velocity from the first change, catching up or not")
        switch behavior {
        case .followingFingers:
            // The 3 mm before began are eased in over 0.1 s: 30 pt more than the finger's motion after began.
            #expect(translations.last == Point(x: 500, y: 0), "from where the finger landed")
            let steps = zip(translations, translations.dropFirst()).map { $1.x - $0.x }
            #expect(steps.allSatisfy { $0 >= 0 && $0 <= 20 + 1e-9 }, "no jump, never more than twice the finger's 10 pt a frame: \(steps)")
            let caughtUp = harness.log.records.firstIndex { $0.time >= 0.13 - 1e-9 } ?? 0
            #expect(abs(translations[caughtUp].x - 130) < 1e-9, "caught up 0.1 s after began")
        case .fromRecognition:
            #expect(translations.last == Point(x: 470, y: 0), "UIKit: the motion after began, 500 - 30 pt")
        }
    }

    @Test("pan and pinch on one view never both begin")
    func panVersusPinch() {
        for (label, to) in [("pinch", [Point(x: 300, y: 500), Point(x: 900, y: 500)]),
                            ("pan", [Point(x: 500, y: 800), Point(x: 700, y: 800)])] {
            let harness = Harness.panel()
            harness.window.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
            harness.window.addGestureRecognizer(PinchGestureRecognizer(name: "pinch"))
            var script = EventScript()
            script.motion(from: [Point(x: 500, y: 500), Point(x: 700, y: 500)], to: to, start: 0, duration: 0.4, firstID: 1)
            harness.run(script)
            let began = Set(harness.log.records.filter { $0.state == .began }.map(\.recognizer))
            #expect(began == [label], "\(label) stream")
        }
    }

    @Test("pinch: scale 1 at began, the true ratio since the landing at the end, velocity negative when pinching in")
    func pinch() {
        let harness = Harness.panel()
        let pinch = PinchGestureRecognizer()
        harness.window.addGestureRecognizer(pinch)
        var samples: [(scale: Double, velocity: Double)] = []
        pinch.addAction { samples.append(($0.scale, $0.velocity)) }
        var script = EventScript()
        // 60 mm apart → 20 mm apart, symmetric.
        script.motion(from: [Point(x: 700, y: 500), Point(x: 1300, y: 500)], to: [Point(x: 900, y: 500), Point(x: 1100, y: 500)],
                      start: 0, duration: 0.4, firstID: 1, lift: false)
        harness.run(script)
        #expect(samples.first?.scale == 1)
        // From where the fingers landed (60 mm), the 5 mm before began eased in.
        #expect(abs(samples.last!.scale - 200.0 / 600) < 1e-9)
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $1.scale <= $0.scale }, "no jump back or forth")
        #expect(samples.dropFirst(2).allSatisfy { $0.velocity < 0 })
        let velocity = pinch.velocity
        pinch.scale = 2
        #expect(pinch.velocity == velocity, "re-basing the scale leaves the fingers' velocity")
        #expect(pinch.scale == 2)
    }

    @Test("a finger added or lifted mid-pinch and mid-pan causes no jump")
    func fingerChangesDoNotJump() {
        // Pinch: two fingers spread, a third lands, then one lifts, while spreading continues.
        let harness = Harness.panel()
        let pinch = PinchGestureRecognizer(), pan = PanGestureRecognizer()
        let both = TestDelegate()
        both.simultaneous = true
        pinch.delegate = both
        let pinchWindow = harness.window
        pinchWindow.addGestureRecognizer(pinch)
        var scales: [(time: Double, scale: Double)] = []
        pinch.addAction { scales.append(($0.currentTime, $0.scale)) }
        var script = EventScript()
        script.motion(from: [Point(x: 800, y: 500), Point(x: 1200, y: 500)], to: [Point(x: 700, y: 500), Point(x: 1300, y: 500)],
                      start: 0, duration: 0.2, firstID: 1, lift: false)
        script.frame(at: 0.25) { $0.slot(2).track(3).x(1000).y(300) }
        script.motion(from: [Point(x: 700, y: 500), Point(x: 1300, y: 500)], to: [Point(x: 650, y: 500), Point(x: 1350, y: 500)],
                      start: 0.25, duration: 0.1, firstID: 1, land: false, lift: false)
        script.frame(at: 0.4) { $0.slot(2).lift() }
        script.motion(from: [Point(x: 650, y: 500), Point(x: 1350, y: 500)], to: [Point(x: 600, y: 500), Point(x: 1400, y: 500)],
                      start: 0.4, duration: 0.1, firstID: 1, land: false)
        harness.run(script)
        for change in [0.25, 0.4] {
            let index = scales.firstIndex { $0.time == change }!
            #expect(abs(scales[index].scale / scales[index - 1].scale - 1) < 1e-12, "a finger change at \(change) s reports the scale unchanged")
        }
        #expect(scales.last!.scale > 1.3)

        // Pan: one finger drags, a second lands beside it and both continue.
        let panHarness = Harness.panel()
        panHarness.window.addGestureRecognizer(pan)
        var translations: [(time: Double, x: Double)] = []
        pan.addAction { translations.append(($0.currentTime, $0.translation(in: nil).x)) }
        var panScript = EventScript()
        panScript.motion(from: [Point(x: 200, y: 500)], to: [Point(x: 400, y: 500)], start: 0, duration: 0.2, firstID: 1, lift: false)
        panScript.frame(at: 0.25) { $0.slot(1).track(2).x(400).y(700) }
        panScript.motion(from: [Point(x: 400, y: 500), Point(x: 400, y: 700)], to: [Point(x: 600, y: 500), Point(x: 600, y: 700)],
                         start: 0.25, duration: 0.2, firstID: 1, land: false)
        panHarness.run(panScript)
        let landing = translations.firstIndex { $0.time == 0.25 }!
        #expect(translations[landing].x == translations[landing - 1].x, "the second finger landing moves nothing")
        let steps = zip(translations, translations.dropFirst()).map { $1.x - $0.x }
        #expect(steps.allSatisfy { $0 >= 0 && $0 <= 23 }, "steps \(steps)")
        #expect(abs(translations.last!.x - 400) < 1e-9, "every point of motion since the landing counted once")
    }

    @Test("rotation: radians since the fingers landed, unwrapped past ±π")
    func rotationUnwraps() {
        let harness = Harness.panel()
        let rotation = RotationGestureRecognizer()
        harness.window.addGestureRecognizer(rotation)
        var script = EventScript()
        // Two fingers 40 mm apart turn 1.5 turns (3π) clockwise around (1000, 500).
        let radius = 200.0
        let frames = 150
        script.frame(at: 0) { $0.slot(0).track(1).x(1200).y(500).slot(1).track(2).x(800).y(500) }
        for step in 1...frames {
            let angle = 3 * Double.pi * Double(step) / Double(frames)
            let c = radius * cos(angle), s = radius * sin(angle)
            script.frame(at: Double(step) * 0.01) {
                $0.slot(0).x(Int32((1000 + c).rounded())).y(Int32((500 + s).rounded()))
                $0.slot(1).x(Int32((1000 - c).rounded())).y(Int32((500 - s).rounded()))
            }
        }
        harness.run(script)
        let last = harness.log.records.last!
        let rotationValue = last.values.first { $0.name == "rotation" }!.value
        let expected = 3 * Double.pi
        #expect(abs(rotationValue - expected) < 0.02, "rotation \(rotationValue), expected \(expected) since the landing")
        let velocity = last.values.first { $0.name == "velocity" }!.value
        #expect(abs(velocity - 2 * Double.pi) < 0.05, "3π over 1.5 s")
    }

    @Test("swipes: fast and straight is recognized with its direction; slow or diagonal fails")
    func swipes() {
        func run(dx: Int32, dy: Int32, duration: Double) -> (actions: [String], direction: Double?) {
            let harness = Harness.panel()
            harness.window.addGestureRecognizer(SwipeGestureRecognizer(direction: .all))
            var script = EventScript()
            script.motion(from: [Point(x: 1000, y: 500)], to: [Point(x: 1000 + Double(dx), y: 500 + Double(dy))],
                          start: 0, duration: duration, firstID: 1)
            harness.run(script)
            return (harness.actions, harness.log.records.first?.values.first?.value)
        }
        let right = run(dx: 400, dy: 0, duration: 0.1)
        #expect(right.actions == ["swipe:ended"])
        #expect(right.direction == 1)
        #expect(run(dx: 0, dy: -400, duration: 0.1).direction == 4, "up")
        #expect(run(dx: -400, dy: 30, duration: 0.1).direction == 2, "left, 4° off")
        #expect(run(dx: 400, dy: 0, duration: 0.8).actions.isEmpty, "50 mm/s is a pan")
        #expect(run(dx: 300, dy: 300, duration: 0.1).actions.isEmpty, "diagonal")
    }

    @Test("hold: begins after 40 ms at rest, never blocks a pan, and is cancelled by its motion")
    func hold() {
        let harness = Harness.panel()
        let hold = HoldGestureRecognizer(), pan = PanGestureRecognizer()
        harness.window.addGestureRecognizer(hold)
        harness.window.addGestureRecognizer(pan)
        var script = EventScript()
        script.frame(at: 0) { $0.track(1).x(500).y(500) }
        script.frame(at: 0.2) { $0.x(501) }
        script.motion(from: [Point(x: 501, y: 500)], to: [Point(x: 800, y: 500)], start: 0.3, duration: 0.3, firstID: 1, land: false)
        harness.run(script)
        #expect(Array(harness.actions.prefix(3)) == ["hold:began", "hold:cancelled", "pan:began"])
        #expect(harness.log.records[0].time == 0.04)
        #expect(harness.actions.last == "pan:ended")
    }

    @Test("three fingers hold after 180 ms")
    func threeFingerHold() {
        let harness = Harness.panel()
        harness.window.addGestureRecognizer(HoldGestureRecognizer())
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(1).x(500).y(500).slot(1).track(2).x(700).y(500).slot(2).track(3).x(900).y(500) }
        script.frame(at: 0.5) { $0.slot(0).lift().slot(1).lift().slot(2).lift() }
        harness.run(script)
        #expect(harness.actions == ["hold:began", "hold:ended"])
        #expect(harness.log.records[0].time == 0.18)
    }

    @Test("a recognizer on a subview and one on its superview compete as UIKit's do")
    func subviewAndSuperview() {
        let harness = Harness.panel()
        let button = View(frame: Rect(x: 400, y: 400, width: 200, height: 200), name: "button")
        harness.window.addSubview(button)
        button.addGestureRecognizer(TapGestureRecognizer(name: "buttonTap"))
        harness.window.addGestureRecognizer(PanGestureRecognizer(name: "windowPan"))
        var script = EventScript()
        script.tap(at: Point(x: 500, y: 500), start: 0, id: 1)  // on the button: its tap
        script.motion(from: [Point(x: 500, y: 500)], to: [Point(x: 900, y: 500)], start: 1, duration: 0.3, firstID: 2)  // drag from it: the window's pan
        script.tap(at: Point(x: 1500, y: 500), start: 2, id: 3)  // outside the button: nothing
        harness.run(script)
        #expect(harness.actions == ["buttonTap:ended", "windowPan:began"] + Array(repeating: "windowPan:changed", count: 27) + ["windowPan:ended"])
        #expect(harness.log.records[0].view == "button" && harness.log.records[0].location == Point(x: 100, y: 100))
    }
}

@Suite("Recognizers: reclassification")
struct ReclassificationTests {
    /// Two fingers drift right together for 40 ms, then, `delay` later, the right one pulls away.
    private func run(spreadAfter delay: Double) -> [String] {
        let harness = Harness.panel()
        harness.window.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
        harness.window.addGestureRecognizer(PinchGestureRecognizer(name: "pinch"))
        var script = EventScript()
        script.motion(from: [Point(x: 500, y: 500), Point(x: 700, y: 500)], to: [Point(x: 540, y: 500), Point(x: 740, y: 500)],
                      start: 0, duration: 0.04, firstID: 1, lift: false)
        script.frame(at: 0.04 + delay) { $0.slot(0).x(541) }
        script.motion(from: [Point(x: 541, y: 500), Point(x: 740, y: 500)], to: [Point(x: 541, y: 500), Point(x: 900, y: 500)],
                      start: 0.05 + delay, duration: 0.1, firstID: 1, land: false)
        harness.run(script)
        return harness.log.records.filter { $0.state != .changed }.map { "\($0.recognizer):\($0.state.rawValue)" }
    }

    @Test("a two-finger pan yields to a pinch its fingers turn into within 300 ms")
    func panYieldsToPinch() {
        #expect(run(spreadAfter: 0.05) == ["pan:began", "pinch:began", "pan:cancelled", "pinch:ended"])
    }

    @Test("after the window the pan keeps its fingers")
    func panKeepsItsFingersLater() {
        #expect(run(spreadAfter: 0.5) == ["pan:began", "pan:ended"])
    }
}

@Suite("Recognizers: semi-multitouch devices")
struct SemiMultitouchTests {
    @Test("a bounding box's corners never make a pinch or a rotation, but still a two-finger pan")
    func boundingBoxes() {
        var device = TestDevices.panel
        device.properties.append(InputProperty.semiMT)
        for (label, to, expected) in [
            ("spread", [Point(x: 300, y: 500), Point(x: 900, y: 500)], [String]()),
            ("drag", [Point(x: 500, y: 800), Point(x: 700, y: 800)], ["pan:began", "pan:ended"]),
        ] {
            let harness = Harness(device: device, screen: TestDevices.panelScreen)
            for recognizer in [PinchGestureRecognizer(name: "pinch"), RotationGestureRecognizer(name: "rotation"), PanGestureRecognizer(name: "pan")] as [GestureRecognizer] {
                harness.window.addGestureRecognizer(recognizer)
            }
            var script = EventScript()
            script.motion(from: [Point(x: 500, y: 500), Point(x: 700, y: 500)], to: to, start: 0, duration: 0.4, firstID: 1)
            harness.run(script)
            #expect(harness.actions.filter { !$0.hasSuffix(":changed") } == expected, "\(label)")
        }
    }
}
