// The engine: binding and delivery, failure requirements, exclusivity and timers.
import TactileTestSupport
import Testing
@testable import Tactile

@Suite("Engine: binding and delivery")
struct DeliveryTests {
    @Test("a touch stays bound to the view it landed on, and ancestors' recognizers see it too")
    func bindingForLife() {
        let harness = Harness()
        let button = View(frame: Rect(x: 100, y: 100, width: 100, height: 100), name: "button")
        let sibling = View(frame: Rect(x: 300, y: 100, width: 100, height: 100), name: "sibling")
        harness.window.addSubview(button)
        harness.window.addSubview(sibling)
        let onButton = TouchRecorder(), onWindow = TouchRecorder(), onSibling = TouchRecorder()
        button.addGestureRecognizer(onButton)
        harness.window.addGestureRecognizer(onWindow)
        sibling.addGestureRecognizer(onSibling)
        var script = EventScript()
        script.drag(from: Point(x: 150, y: 150), dx: 200, steps: 4, start: 0, id: 1)  // ends over the sibling
        harness.run(script)
        #expect(onButton.began.count == 1)
        #expect(onButton.moved.count == 4)
        #expect(onButton.ended.count == 1)
        #expect(onWindow.began == onButton.began && onWindow.moved.count == 4)
        #expect(onSibling.began.isEmpty && onSibling.moved.isEmpty)
        #expect(harness.engine.boundTouchCount == 0, "the binding ends with the touch")
    }

    @Test("recognizers of the hit view are served before those of its ancestors")
    func deliveryOrder() {
        let harness = Harness()
        let child = View(frame: Rect(x: 0, y: 0, width: 500, height: 500), name: "child")
        harness.window.addSubview(child)
        var order: [String] = []
        final class Named: GestureRecognizer {
            var onBegan: () -> Void = {}
            override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) { onBegan() }
        }
        let outer = Named(name: "outer"), inner1 = Named(name: "inner1"), inner2 = Named(name: "inner2")
        for recognizer in [outer, inner1, inner2] { recognizer.onBegan = { [unowned recognizer] in order.append(recognizer.name) } }
        harness.window.addGestureRecognizer(outer)
        child.addGestureRecognizer(inner1)
        child.addGestureRecognizer(inner2)
        var script = EventScript()
        script.tap(at: Point(x: 10, y: 10), start: 0, id: 1)
        harness.run(script)
        #expect(order == ["inner1", "inner2", "outer"])
    }

    @Test("a touch that begins and ends in one frame is delivered as began then ended")
    func transientTouch() {
        let harness = Harness()
        let recorder = TouchRecorder(), tap = TestTap()
        harness.window.addGestureRecognizer(recorder)
        harness.window.addGestureRecognizer(tap)
        var script = EventScript()
        script.frame(at: 1) { $0.track(1).x(10).y(10).lift() }
        harness.run(script)
        #expect(recorder.began.count == 1 && recorder.ended == recorder.began)
        #expect(harness.actions == ["tap:ended"])
    }

    @Test("disabled recognizers and delegates that refuse a touch get nothing")
    func filtering() {
        let harness = Harness()
        let disabled = TouchRecorder(), picky = TouchRecorder()
        disabled.isEnabled = false
        let delegate = TestDelegate()
        delegate.shouldReceive = { $0.location.x > 500 }
        picky.delegate = delegate
        harness.window.addGestureRecognizer(disabled)
        harness.window.addGestureRecognizer(picky)
        var script = EventScript()
        script.tap(at: Point(x: 100, y: 10), start: 0, id: 1)
        script.tap(at: Point(x: 900, y: 10), start: 1, id: 2)
        harness.run(script)
        #expect(disabled.began.isEmpty)
        #expect(picky.began.count == 1)
    }

    @Test("disabling a recognizer mid-gesture cancels it; a removed one stops")
    func disableMidGesture() {
        let harness = Harness()
        let drag = TestDrag()
        harness.window.addGestureRecognizer(drag)
        var script = EventScript()
        script.drag(from: Point(x: 100, y: 100), dx: 100, steps: 5, start: 0, id: 1, lift: false)
        harness.run(script)
        drag.isEnabled = false
        #expect(harness.actions.last == "testDrag:cancelled")
        #expect(drag.state == .cancelled, "stays cancelled while its finger is down")
        var rest = EventScript()
        rest.frame(at: 0.1) { $0.lift() }
        harness.run(rest)
        #expect(drag.state == .possible, "reset once its touch is gone")
        drag.isEnabled = true
        drag.isEnabled = false  // idle: nothing to cancel, and no stuck state
        #expect(drag.state == .possible)
        drag.isEnabled = true
        var again = EventScript()
        again.drag(from: Point(x: 100, y: 100), dx: 100, steps: 2, start: 1, id: 2)
        harness.run(again)
        #expect(harness.actions.suffix(3) == ["testDrag:began", "testDrag:changed", "testDrag:ended"])
    }

    @Test("a recognizer resets after each gesture and recognizes the next one")
    func resetBetweenGestures() {
        let harness = Harness()
        let drag = TestDrag(), recorder = TouchRecorder()
        harness.window.addGestureRecognizer(drag)
        harness.window.addGestureRecognizer(recorder)
        var script = EventScript()
        script.drag(from: Point(x: 100, y: 100), dx: 50, steps: 2, start: 0, id: 1)
        script.drag(from: Point(x: 100, y: 100), dx: -50, steps: 2, start: 1, id: 2)
        harness.run(script)
        #expect(harness.actions == ["testDrag:began", "testDrag:changed", "testDrag:ended",
                                    "testDrag:began", "testDrag:changed", "testDrag:ended"])
        #expect(harness.log.records.map { ($0.values[0].value * 1e6).rounded() / 1e6 } == [25, 50, 50, -25, -50, -50])
        #expect(recorder.resets == 2)
    }

    @Test("a recognizer knows engine time while in play, keeps it after leaving, and outlives a dropped engine safely")
    func engineLinkFollowsPlay() {
        let window = Window(screen: .standard)
        let drag = TestDrag()
        window.addGestureRecognizer(drag)
        #expect(drag.currentTime == 0, "before its first touch")
        do {
            let pipeline = InputPipeline(device: TestDevices.touchscreen, window: window)
            var script = EventScript()
            script.drag(from: Point(x: 100, y: 100), dx: 50, steps: 2, start: 1, id: 1)
            pipeline.process(script.events)
            pipeline.engine.advance(to: 5)
            #expect(drag.currentTime == script.events.last?.time, "frozen when the gesture ended and it left the engine")
            // A second gesture, still in play when the pipeline goes.
            var held = EventScript()
            held.drag(from: Point(x: 100, y: 100), dx: 50, steps: 2, start: 6, id: 2, lift: false)
            pipeline.process(held.events)
            #expect(drag.state == .changed)
            #expect(drag.currentTime == held.events.last?.time)
        }
        // The engine is gone; the recognizer keeps its last time and no link to it.
        #expect(drag.currentTime == 6.02)
        drag.isEnabled = false  // would reach the engine if the link dangled
        #expect(drag.state == .changed, "no engine is left to cancel it")
    }

    @Test("touches lost to SYN_DROPPED cancel the gesture in progress")
    func droppedTouchesCancel() {
        let harness = Harness()
        harness.window.addGestureRecognizer(TestDrag())
        var script = EventScript()
        script.drag(from: Point(x: 100, y: 100), dx: 100, steps: 3, start: 0, id: 1, lift: false)
        script.frame(at: 0.1) { $0.dropped() }
        harness.run(script)
        #expect(harness.actions == ["testDrag:began", "testDrag:changed", "testDrag:changed", "testDrag:cancelled"])
    }
}

@Suite("Engine: failure requirements")
struct FailureRequirementTests {
    private func tapsHarness() -> (Harness, TestTap, TestTap) {
        let harness = Harness()
        let single = TestTap(taps: 1), double = TestTap(taps: 2)
        single.require(toFail: double)
        harness.window.addGestureRecognizer(single)
        harness.window.addGestureRecognizer(double)
        return (harness, single, double)
    }

    @Test("a single tap that requires a double tap to fail fires once, after the double tap fails")
    func singleTapWaits() {
        let (harness, _, _) = tapsHarness()
        var script = EventScript()
        script.tap(at: Point(x: 50, y: 50), start: 1.0, duration: 0.05, id: 1)
        harness.run(script)
        #expect(harness.actions.isEmpty, "nothing yet: the double tap may still come")
        harness.pipeline.advance(to: 1.2)
        #expect(harness.actions.isEmpty)
        harness.pipeline.advance(to: 5)
        #expect(harness.actions == ["tap:ended"])
        #expect(harness.log.records[0].time == 1.35, "fired when the double tap's 0.3 s timer ran out")
        #expect(harness.log.records[0].location == Point(x: 50, y: 50))
    }

    @Test("a double tap wins and the single tap never fires")
    func doubleTapWins() {
        let (harness, single, double) = tapsHarness()
        var script = EventScript()
        script.tap(at: Point(x: 50, y: 50), start: 1.0, duration: 0.05, id: 1)
        script.tap(at: Point(x: 52, y: 50), start: 1.2, duration: 0.05, id: 2)
        harness.run(script)
        harness.pipeline.advance(to: 5)
        #expect(harness.actions == ["doubleTap:ended"])
        #expect(harness.log.records[0].time == 1.25)
        #expect(single.state == .possible && double.state == .possible)
    }

    @Test("without the requirement both fire, the single tap first")
    func withoutRequirement() {
        let harness = Harness()
        harness.window.addGestureRecognizer(TestTap(taps: 1))
        harness.window.addGestureRecognizer(TestTap(taps: 2))
        var script = EventScript()
        script.tap(at: Point(x: 50, y: 50), start: 1.0, id: 1)
        harness.run(script)
        harness.pipeline.advance(to: 5)
        #expect(harness.actions == ["tap:ended"], "the recognized single tap makes the double tap fail")
    }

    @Test("delegates can require failure dynamically, in either direction")
    func dynamicRequirements() {
        for direction in ["requireFailureOf", "requiredToFailBy"] {
            let harness = Harness()
            let single = TestTap(taps: 1), double = TestTap(taps: 2)
            let delegate = TestDelegate()
            if direction == "requireFailureOf" {
                delegate.requireFailureOf = { $0 === double }
                single.delegate = delegate
            } else {
                delegate.requiredToFailBy = { $0 === single }
                double.delegate = delegate
            }
            harness.window.addGestureRecognizer(single)
            harness.window.addGestureRecognizer(double)
            var script = EventScript()
            script.tap(at: Point(x: 50, y: 50), start: 1.0, duration: 0.05, id: 1)
            harness.run(script)
            #expect(harness.actions.isEmpty, "\(direction)")
            harness.pipeline.advance(to: 2)
            #expect(harness.actions == ["tap:ended"], "\(direction)")
            #expect(harness.log.records.first?.time == 1.35, "\(direction)")
        }
    }

    @Test("a continuous recognizer waiting for a requirement begins when it fails")
    func continuousWaits() {
        let harness = Harness()
        let drag = TestDrag(), press = TestPress(duration: 0.2)
        drag.require(toFail: press)
        harness.window.addGestureRecognizer(drag)
        harness.window.addGestureRecognizer(press)
        var script = EventScript()
        script.drag(from: Point(x: 100, y: 100), dx: 60, steps: 3, start: 0, id: 1)
        harness.run(script)
        // The first move (20 pt) makes the press fail, which releases the drag at once.
        #expect(harness.actions == ["testDrag:began", "testDrag:changed", "testDrag:changed", "testDrag:ended"])
    }
}

@Suite("Engine: exclusivity and timers")
struct ExclusivityTests {
    @Test("two recognizers on the same touches are exclusive: the first to begin wins")
    func exclusive() {
        let harness = Harness()
        let drag = TestDrag(), press = TestPress(duration: 0.5)
        harness.window.addGestureRecognizer(press)
        harness.window.addGestureRecognizer(drag)
        var script = EventScript()
        script.frame(at: 0) { $0.track(1).x(100).y(100) }
        script.frame(at: 0.6) { $0.x(160) }  // the press began at 0.5; the drag may not
        script.frame(at: 0.7) { $0.lift() }
        harness.run(script)
        #expect(harness.actions == ["press:began", "press:changed", "press:ended"])
        #expect(harness.log.records[0].time == 0.5)
    }

    @Test("a delegate allowing simultaneous recognition lets both run")
    func simultaneous() {
        let harness = Harness()
        let drag = TestDrag(), press = TestPress(duration: 0.5)
        let delegate = TestDelegate()
        delegate.simultaneous = true
        drag.delegate = delegate
        harness.window.addGestureRecognizer(press)
        harness.window.addGestureRecognizer(drag)
        var script = EventScript()
        script.frame(at: 0) { $0.track(1).x(100).y(100) }
        script.frame(at: 0.6) { $0.x(160) }
        script.frame(at: 0.7) { $0.lift() }
        harness.run(script)
        #expect(harness.actions == ["press:began", "press:changed", "testDrag:began", "press:ended", "testDrag:ended"])
    }

    @Test("recognizers on different touches do not compete")
    func separateTouches() {
        let harness = Harness()
        let left = View(frame: Rect(x: 0, y: 0, width: 960, height: 1080), name: "left")
        let right = View(frame: Rect(x: 960, y: 0, width: 960, height: 1080), name: "right")
        harness.window.addSubview(left)
        harness.window.addSubview(right)
        left.addGestureRecognizer(TestDrag(name: "leftDrag"))
        right.addGestureRecognizer(TestDrag(name: "rightDrag"))
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(1).x(100).y(100).slot(1).track(2).x(1100).y(100) }
        script.frame(at: 0.01) { $0.slot(0).x(150).slot(1).x(1150) }
        script.frame(at: 0.02) { $0.slot(0).lift().slot(1).lift() }
        harness.run(script)
        #expect(harness.actions == ["leftDrag:began", "rightDrag:began", "leftDrag:ended", "rightDrag:ended"])
        #expect(harness.log.records.map(\.view) == ["left", "right", "left", "right"])
        #expect(harness.log.records[0].location == Point(x: 150, y: 100), "locations are in the recognizer's view")
        #expect(harness.log.records[1].location == Point(x: 190, y: 100))
    }

    @Test("a delegate can veto beginning, which frees the touches for a rival")
    func shouldBeginVeto() {
        let harness = Harness()
        let drag = TestDrag(), press = TestPress(duration: 0.5)
        let veto = TestDelegate()
        veto.shouldBegin = false
        press.delegate = veto
        harness.window.addGestureRecognizer(press)
        harness.window.addGestureRecognizer(drag)
        var script = EventScript()
        script.frame(at: 0) { $0.track(1).x(100).y(100) }
        script.frame(at: 0.6) { $0.x(160) }  // the press asked at 0.5 and was refused
        script.frame(at: 0.7) { $0.lift() }
        harness.run(script)
        #expect(harness.actions == ["testDrag:began", "testDrag:ended"])
    }

    @Test("timers fire through advance(to:) with no input, at their own deadlines")
    func timersWithoutInput() {
        let harness = Harness()
        let press = TestPress(duration: 0.5)
        harness.window.addGestureRecognizer(press)
        var script = EventScript()
        script.frame(at: 10) { $0.track(1).x(100).y(100) }
        harness.run(script)
        #expect(harness.engine.nextDeadline == 10.5)
        harness.pipeline.advance(to: 10.49)
        #expect(harness.actions.isEmpty)
        harness.pipeline.advance(to: 11)
        #expect(harness.actions == ["press:began"])
        #expect(harness.log.records[0].time == 10.5)
        #expect(harness.engine.now == 11)
        #expect(harness.engine.nextDeadline == nil)
    }

    @Test("engine timers fire in deadline order, ties in scheduling order; cancelled ones never")
    func timerOrdering() {
        let engine = GestureEngine(window: Window())
        var fired: [String] = []
        engine.schedule(at: 2) { fired.append("b") }
        engine.schedule(at: 1) { fired.append("a") }
        engine.schedule(at: 2) { fired.append("c") }
        let cancelled = engine.schedule(at: 1.5) { fired.append("x") }
        engine.cancelTimer(cancelled)
        engine.advance(to: 1)
        #expect(fired == ["a"])
        engine.advance(to: 3)
        #expect(fired == ["a", "b", "c"])
        engine.advance(to: 2)
        #expect(engine.now == 3, "time never goes back")
    }
}
