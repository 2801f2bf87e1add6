// TouchAssembler on bad input: SYN_DROPPED and resync, out-of-range and undeclared codes, time going backwards, random garbage.
import TactileTestSupport
import Testing
@testable import Tactile

@Suite("TouchAssembler: SYN_DROPPED and bad input")
struct RobustnessTests {
    /// Two fingers down, then a drop during which the finger in slot 1 lifts.
    private func droppedStream() -> EventScript {
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(1).x(100).y(100).slot(1).track(2).x(500).y(100).key(KeyCode.touch, 1) }
        script.frame(at: 0.01) { $0.slot(0).x(110) }
        script.frame(at: 0.02) { $0.dropped().x(120).slot(1).lift().slot(0) }  // all discarded
        script.frame(at: 0.03) { $0.x(130) }  // slot 0 is still down and moves
        script.frame(at: 0.04) { $0.slot(1).lift() }  // late lift of the dropped finger: silent
        script.frame(at: 0.05) { $0.slot(0).lift() }
        return script
    }

    @Test("SYN_DROPPED: discard to the report, cancel touches in flight, revive live slots, nothing stuck")
    func droppedEvents() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        let frames = assembler.frames(droppedStream())
        #expect(frames.map(\.phases) == [
            ["0:began", "1:began"], ["0:moved", "1:stationary"],
            ["0:cancelled", "1:cancelled"], ["0:began"], ["0:stationary"], ["0:ended"],
        ])
        #expect(frames[2].touches[0].surfaceLocation.x == 11, "events after SYN_DROPPED were discarded")
        #expect(frames[3].touches[0].surfaceLocation.x == 13)
        #expect(frames[3].touches[0].id != frames[0].touches[0].id, "a revived finger is a new touch")
        #expect(assembler.diagnostics.count(.eventsDropped) == 1)
        #expect(assembler.diagnostics.count(.releaseWithoutTouch) == 0)
    }

    @Test("a resync frame right after the drop restores every finger at once")
    func libevdevResync() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(1).x(100).y(100).slot(1).track(2).x(500).y(100) }
        script.frame(at: 0.02) { $0.dropped() }
        // libevdev's sync events: the state of each slot.
        script.frame(at: 0.02) { $0.slot(0).track(1).x(100).y(100).slot(1).track(3).x(600).y(100) }
        let frames = assembler.frames(script)
        #expect(frames[1].phases == ["0:cancelled", "1:cancelled"])
        #expect(frames[2].phases == ["0:began", "1:began"])
        #expect(frames[2].touches.map(\.trackingID) == [1, 3])
    }

    @Test("out-of-range positions are clamped and counted")
    func outOfRange() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        var script = EventScript()
        script.frame(at: 0) { $0.track(1).x(5000).y(-20) }
        let touch = assembler.frames(script)[0].touches[0]
        #expect(touch.surfaceLocation == Point(x: 99.9, y: 0))
        #expect(assembler.diagnostics.count(.valueOutOfRange) == 2)
        #expect(assembler.diagnostics.firstOccurrence[.valueOutOfRange]?.contains("ABS_MT_POSITION_X 5000 outside 0…999") == true)
    }

    @Test("undeclared codes, impossible slots and bad tracking ids are ignored and counted")
    func unknownValues() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        var script = EventScript()
        script.frame(at: 0) {
            $0.slot(0).track(1).x(100).y(100)
            $0.abs(AbsCode.mtToolType, 2)  // not announced by the device
            $0.slot(7).track(9).x(700)  // slot 7 of 2: ignored up to the next valid slot
            $0.slot(1).track(-5)  // invalid id
        }
        script.raw(.rel, 0, 4, at: 0.01)
        script.raw(EventType(rawValue: 0x1e), 1, 1, at: 0.01)
        script.frame(at: 0.01)
        let frames = assembler.frames(script)
        #expect(frames[0].phases == ["0:began"])
        #expect(frames[0].touches[0].surfaceLocation.x == 10)
        let diagnostics = assembler.diagnostics
        #expect(diagnostics.count(.undeclaredCode) == 3)
        #expect(diagnostics.count(.slotOutOfRange) == 1)
        #expect(diagnostics.count(.invalidTrackingID) == 1)
        #expect(diagnostics.summary.count == 3)
    }

    @Test("a touch that never got a position sits at the surface centre, counted")
    func missingPosition() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        var script = EventScript()
        script.frame(at: 0) { $0.slot(1).track(4) }
        let touch = assembler.frames(script)[0].touches[0]
        #expect(touch.surfaceLocation == Point(x: 49.9, y: 24.9))
        #expect(assembler.diagnostics.count(.missingPosition) == 1)
    }

    @Test("the end of input cancels touches still down; an unfinished frame is dropped")
    func finishInput() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(1).x(100).y(100) }
        script.raw(.abs, AbsCode.mtSlot, 1, at: 0.01)
        script.raw(.abs, AbsCode.mtTrackingID, 2, at: 0.01)  // no SYN_REPORT follows
        _ = assembler.frames(script)
        let last = assembler.finishInput(at: 2)
        #expect(last.phases == ["0:cancelled"])
        #expect(last.time == 2)
        #expect(assembler.diagnostics.count(.inputEnded) == 1)
        #expect(assembler.finishInput().touches.isEmpty, "nothing left to cancel")
    }

    @Test("diagnostics name unknown codes and print times to the microsecond")
    func diagnosticText() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        var script = EventScript()
        script.frame(at: 0.000002) { $0.abs(0x1d, 3) }
        _ = assembler.frames(script)
        #expect(assembler.diagnostics.firstOccurrence[.undeclaredCode] == "EV_ABS ABS_0x1d at 0.000002 s is not announced by Test Touchpad")
    }

    @Test("time going backwards is held level and counted")
    func timeBackwards() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        var script = EventScript()
        script.frame(at: 5) { $0.track(1).x(1).y(1) }
        script.frame(at: 4) { $0.x(2) }
        let frames = assembler.frames(script)
        #expect(frames.map(\.time) == [5, 5])
        #expect(assembler.diagnostics.count(.timeWentBackwards) == 2)
    }

    @Test("random garbage: no crash, every touch begins once and finishes at most once, no phantom slots")
    func randomStreams() {
        for seed in 1...20 as ClosedRange<UInt64> {
            var random = SplitMix(seed: seed)
            var assembler = TouchAssembler(device: TestDevices.touchpad)
            var life: [TouchID: TouchPhase] = [:]
            var time = 0.0
            for _ in 0..<4000 {
                time += Double(random.next() % 3) * 0.004 - 0.001
                let event = InputEvent(time: time, type: random.pick([.abs, .abs, .abs, .key, .syn, .syn, .msc, .rel]),
                                       code: random.pick([0x2f, 0x39, 0x35, 0x36, 0x14a, 0x14e, 0, 3, 0x3f, 0x3a]),
                                       value: random.pick([-1, -1, 0, 1, 2, 7, 400, 9999, -3, Int32.max, Int32.min]))
                guard let frame = assembler.process(event) else { continue }
                #expect(frame.activeTouches.count <= 2)
                #expect(Set(frame.touches.map(\.id)).count == frame.touches.count)
                for touch in frame.touches {
                    let previous = life[touch.id]
                    switch touch.phase {
                    case .began:
                        #expect(previous == nil)
                    case .moved, .stationary:
                        #expect(previous != nil && previous?.isFinal == false)
                    case .ended:
                        #expect(previous?.isFinal != true)
                    case .cancelled:
                        #expect(previous != nil && previous?.isFinal == false)
                    }
                    life[touch.id] = touch.phase
                    #expect(touch.surfaceLocation.x >= 0 && touch.surfaceLocation.x <= 100)
                }
            }
        }
    }
}
