// Press-and-hold: recognized when the fingers lift in place after resting; a drag after the hold is not it.
import TactileTestSupport
import Testing
@testable import Tactile

@Suite("Recognizers: press-and-hold")
struct PressAndHoldTests {
    /// The actions of a press-and-hold (0.6 s) and a pan side by side, for `build`'s stream.
    private func actions(_ build: (inout EventScript) -> Void) -> [String] {
        let harness = Harness.panel()
        harness.window.addGestureRecognizer(PressAndHoldGestureRecognizer(minimumPressDuration: 0.6, name: "press"))
        harness.window.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
        var script = EventScript()
        build(&script)
        harness.run(script)
        harness.pipeline.advance(to: 20)
        return harness.actions.filter { !$0.hasSuffix(":changed") }
    }

    @Test("held 0.6 s and lifted in place: recognized at the lift, with where it rested")
    func heldAndLifted() {
        let harness = Harness.panel()
        let press = PressAndHoldGestureRecognizer(minimumPressDuration: 0.6, name: "press")
        harness.window.addGestureRecognizer(press)
        var script = EventScript()
        script.frame(at: 1) { $0.track(1).x(500).y(400) }
        script.frame(at: 1.3) { $0.x(502) }
        harness.run(script)
        harness.pipeline.advance(to: 1.65)
        #expect(press.isHeld && harness.actions.isEmpty, "held, but nothing until the lift")
        var lift = EventScript()
        lift.frame(at: 2) { $0.lift() }
        harness.run(lift)
        #expect(harness.actions == ["press:ended"])
        #expect(harness.log.records[0].time == 2 && harness.log.records[0].location.isClose(to: Point(x: 502, y: 400)))
    }

    @Test("a press held and then dragged is the pan's, never the press's")
    func heldThenDragged() {
        let result = actions { script in
            script.frame(at: 0) { $0.track(1).x(500).y(500) }
            script.frame(at: 0.9) { $0.x(501) }
            script.motion(from: [Point(x: 501, y: 500)], to: [Point(x: 1200, y: 500)], start: 1, duration: 0.5, firstID: 1, land: false)
        }
        #expect(result == ["pan:began", "pan:ended"])
    }

    @Test("lifted too soon, moved before the hold, or with a finger too many: not recognized")
    func limits() {
        #expect(actions { $0.tap(at: Point(x: 500, y: 500), start: 0, duration: 0.4, id: 1) } == [])
        #expect(actions { $0.tap(at: Point(x: 500, y: 500), start: 0, duration: 0.7, id: 1) } == ["press:ended"])
        #expect(!actions { script in
            script.frame(at: 0) { $0.track(1).x(500).y(500) }
            script.frame(at: 0.3) { $0.x(560) }   // 6 mm: past the 3 mm it may move
            script.frame(at: 0.4) { $0.x(500) }   // back again: it moved all the same
            script.frame(at: 1.0) { $0.lift() }
        }.contains("press:ended"))
        #expect(!actions { script in
            script.frame(at: 0) { $0.slot(0).track(1).x(500).y(500) }
            script.frame(at: 0.2) { $0.slot(1).track(2).x(900).y(500) }
            script.frame(at: 1.0) { $0.slot(0).lift().slot(1).lift() }
        }.contains("press:ended"))
    }

    @Test("two fingers held: the first lift recognizes it")
    func twoFingers() {
        let harness = Harness.panel()
        harness.window.addGestureRecognizer(PressAndHoldGestureRecognizer(minimumPressDuration: 0.5, touches: 2, name: "press"))
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(1).x(500).y(500) }
        script.frame(at: 0.05) { $0.slot(1).track(2).x(800).y(500) }
        script.frame(at: 0.8) { $0.slot(1).lift() }
        script.frame(at: 0.85) { $0.slot(0).lift() }
        harness.run(script)
        #expect(harness.actions == ["press:ended"])
        #expect(harness.log.records[0].time == 0.8)
    }
}
