// The touch gate alone: cancels, replays, finger counts and the copy's own slot state.
import Tactile
import TactileService
import TactileTestSupport
import Testing

@Suite struct TouchGateTests {
    static func e(_ type: EventType, _ code: UInt16, _ value: Int32, _ time: Double = 1) -> InputEvent {
        InputEvent(time: time, type: type, code: code, value: value)
    }
    static let report = e(.syn, SynCode.report, 0)

    /// The (code, value) pairs of `events`, reports as "|".
    static func pairs(_ events: [InputEvent]) -> [String] {
        events.map { $0.isReport ? "|" : "\(EventCodeNames.name(ofCode: $0.code, type: $0.type))=\($0.value)" }
    }

    @Test func claimingThreeFingersCancelsThemInOnePalmFrameThenOneRelease() {
        var gate = TouchGate(device: servicePanel)
        var frame: [InputEvent] = []
        for slot in 0..<3 {
            frame += [Self.e(.abs, AbsCode.mtSlot, Int32(slot)), Self.e(.abs, AbsCode.mtTrackingID, Int32(10 + slot)),
                      Self.e(.abs, AbsCode.mtPositionX, 100)]
        }
        frame += [Self.e(.key, KeyCode.touch, 1), Self.report]
        #expect(gate.process(frame: frame, at: 1) { _ in .pass } == frame)
        let out = gate.claim(slots: [2, 0, 1], at: 1.1)
        #expect(Self.pairs(out) == [
            "ABS_MT_SLOT=0", "ABS_MT_TOOL_TYPE=2", "ABS_MT_SLOT=1", "ABS_MT_TOOL_TYPE=2", "ABS_MT_SLOT=2", "ABS_MT_TOOL_TYPE=2", "|",
            "ABS_MT_SLOT=0", "ABS_MT_TRACKING_ID=-1", "ABS_MT_SLOT=1", "ABS_MT_TRACKING_ID=-1", "ABS_MT_SLOT=2",
            "ABS_MT_TRACKING_ID=-1", "BTN_TOUCH=0", "|",
            "ABS_MT_SLOT=0", "ABS_MT_TOOL_TYPE=0", "ABS_MT_SLOT=1", "ABS_MT_TOOL_TYPE=0", "ABS_MT_SLOT=2", "ABS_MT_TOOL_TYPE=0", "|",
        ])
        // Their later motion and lift stay away from the app.
        let move = [Self.e(.abs, AbsCode.mtPositionX, 120), Self.e(.abs, AbsCode.mtSlot, 0), Self.e(.abs, AbsCode.mtPositionX, 130), Self.report]
        #expect(gate.process(frame: move, at: 1.2) { _ in .pass }.isEmpty)
        #expect(!gate.copyHasContacts)
    }

    @Test func aNewContactInACancelledSlotIsAFingerWithEveryValueSent() {
        var gate = TouchGate(device: servicePanel)
        let land = [Self.e(.abs, AbsCode.mtTrackingID, 1), Self.e(.abs, AbsCode.mtPositionX, 500),
                    Self.e(.abs, AbsCode.mtPositionY, 300), Self.e(.key, KeyCode.touch, 1), Self.report]
        _ = gate.process(frame: land, at: 1) { _ in .pass }
        // The cancel ends with the slot a finger again (the palm would make libinput ignore the next touch).
        #expect(Self.pairs(gate.claim(slots: [0], at: 1.5)).suffix(2) == ["ABS_MT_TOOL_TYPE=0", "|"])
        _ = gate.process(frame: [Self.e(.abs, AbsCode.mtTrackingID, -1), Self.e(.key, KeyCode.touch, 0), Self.report], at: 2) { _ in .pass }
        // The device sends no X: it did not change since its last contact. The copy's tool type is palm.
        let again = [Self.e(.abs, AbsCode.mtTrackingID, 2), Self.e(.abs, AbsCode.mtPositionY, 310),
                     Self.e(.key, KeyCode.touch, 1), Self.report]
        let out = gate.process(frame: again, at: 3) { _ in .pass }
        #expect(!out.contains { $0.code == AbsCode.mtToolType }, "\(Self.pairs(out))")
        #expect(out.contains { $0.code == AbsCode.mtTrackingID && $0.value == 2 })
        #expect(out.contains { $0.code == AbsCode.mtPositionY && $0.value == 310 })
        #expect(out.last?.isReport == true)
    }

    @Test func aHeldContactIsReplayedFrameByFrame() {
        var gate = TouchGate(device: servicePanel)
        let frames: [[InputEvent]] = [
            [Self.e(.abs, AbsCode.mtTrackingID, 7), Self.e(.abs, AbsCode.mtPositionX, 10), Self.e(.key, KeyCode.touch, 1), Self.report],
            [Self.e(.abs, AbsCode.mtPositionX, 14), Self.report],
            [Self.e(.abs, AbsCode.mtPositionX, 18), Self.report],
        ]
        for (index, frame) in frames.enumerated() {
            #expect(gate.process(frame: frame, at: Double(index)) { _ in .hold }.isEmpty)
        }
        #expect(gate.heldSlots == [0])
        let out = gate.release(slot: 0, at: 3)
        // The single-touch axes follow the replayed contact, as the kernel's pointer emulation would.
        #expect(Self.pairs(out) == ["ABS_MT_TRACKING_ID=7", "ABS_MT_POSITION_X=10", "ABS_X=10", "ABS_Y=0", "BTN_TOUCH=1", "|",
                                    "ABS_MT_POSITION_X=14", "ABS_X=14", "|", "ABS_MT_POSITION_X=18", "ABS_X=18", "|"])
        // Then it passes as it comes.
        let lift = [Self.e(.abs, AbsCode.mtTrackingID, -1), Self.e(.key, KeyCode.touch, 0), Self.report]
        #expect(Self.pairs(gate.process(frame: lift, at: 4) { _ in .pass }) == Self.pairs(lift))
    }

    @Test func theCopysSlotIsNamedWhenTheDeviceSkipsItsSlotEvent() {
        var gate = TouchGate(device: servicePanel)
        // Slot 1 lands in a holding zone (dropped later); slot 0 passes.
        let first = [Self.e(.abs, AbsCode.mtTrackingID, 1), Self.e(.abs, AbsCode.mtPositionX, 100),
                     Self.e(.abs, AbsCode.mtSlot, 1), Self.e(.abs, AbsCode.mtTrackingID, 2), Self.e(.abs, AbsCode.mtPositionX, 5),
                     Self.e(.key, KeyCode.touch, 1), Self.report]
        let out = gate.process(frame: first, at: 1) { $0 == 1 ? .hold : .pass }
        #expect(!out.contains { $0.code == AbsCode.mtSlot && $0.value == 1 })
        _ = gate.claim(slots: [1], at: 1.1)
        // The device is in slot 1 and moves it without naming it; then names slot 0.
        let next = [Self.e(.abs, AbsCode.mtPositionX, 9), Self.e(.abs, AbsCode.mtSlot, 0), Self.e(.abs, AbsCode.mtPositionX, 104), Self.report]
        #expect(Self.pairs(gate.process(frame: next, at: 1.2) { _ in .pass }) == ["ABS_MT_POSITION_X=104", "ABS_X=104", "|"])
        // Slot 1 lifts; the next frame of slot 0 arrives without a slot event, as the device is in slot 0 again.
        _ = gate.process(frame: [Self.e(.abs, AbsCode.mtSlot, 1), Self.e(.abs, AbsCode.mtTrackingID, -1), Self.report], at: 1.3) { _ in .pass }
        let back = [Self.e(.abs, AbsCode.mtSlot, 0), Self.e(.abs, AbsCode.mtPositionX, 108), Self.report]
        let sent = gate.process(frame: back, at: 1.4) { _ in .pass }
        #expect(sent.contains { $0.code == AbsCode.mtPositionX && $0.value == 108 })
    }

    @Test func theSingleTouchAxesFollowTheContactsTheAppStillHasNotAClaimedOne() {
        var gate = TouchGate(device: servicePanel)
        // Two fingers; the device's ABS_X/ABS_Y follow slot 0, the oldest, as the kernel emulates them.
        let land = [Self.e(.abs, AbsCode.mtTrackingID, 1), Self.e(.abs, AbsCode.mtPositionX, 100), Self.e(.abs, AbsCode.mtPositionY, 50),
                    Self.e(.abs, AbsCode.mtSlot, 1), Self.e(.abs, AbsCode.mtTrackingID, 2), Self.e(.abs, AbsCode.mtPositionX, 900),
                    Self.e(.abs, AbsCode.mtPositionY, 500), Self.e(.key, KeyCode.touch, 1), Self.e(.abs, AbsCode.x, 100),
                    Self.e(.abs, AbsCode.y, 50), Self.report]
        #expect(gate.process(frame: land, at: 1) { _ in .pass } == land)
        // Slot 0 is claimed: the copy's pointer goes to slot 1, the contact it still has.
        let claim = Self.pairs(gate.claim(slots: [0], at: 1.1))
        #expect(claim.contains("ABS_X=900") && claim.contains("ABS_Y=500"), "\(claim)")
        // The claimed finger moves; the device's single-touch axes follow it, the copy's do not.
        let move = [Self.e(.abs, AbsCode.mtSlot, 0), Self.e(.abs, AbsCode.mtPositionX, 140), Self.e(.abs, AbsCode.x, 140), Self.report]
        let out = gate.process(frame: move, at: 1.2) { _ in .pass }
        #expect(!out.contains { $0.code == AbsCode.x || $0.code == AbsCode.mtPositionX }, "\(Self.pairs(out))")
        // Slot 1 moves: its position, and the pointer with it.
        let other = [Self.e(.abs, AbsCode.mtSlot, 1), Self.e(.abs, AbsCode.mtPositionX, 910), Self.report]
        #expect(Self.pairs(gate.process(frame: other, at: 1.3) { _ in .pass }) == ["ABS_MT_SLOT=1", "ABS_MT_POSITION_X=910", "ABS_X=910", "|"])
    }

    @Test func aTouchpadsFingerCountFollowsTheFingersTheAppStillHas() {
        var gate = TouchGate(device: TestDevices.touchpad)
        let two = [Self.e(.abs, AbsCode.mtTrackingID, 1), Self.e(.abs, AbsCode.mtPositionX, 100),
                   Self.e(.abs, AbsCode.mtSlot, 1), Self.e(.abs, AbsCode.mtTrackingID, 2), Self.e(.abs, AbsCode.mtPositionX, 300),
                   Self.e(.key, KeyCode.touch, 1), Self.e(.key, KeyCode.toolDoubleTap, 1), Self.report]
        #expect(gate.process(frame: two, at: 1) { _ in .pass } == two)
        let out = gate.claim(slots: [1], at: 1.1)
        let keys = out.filter { $0.type == .key }.map { "\($0.code)=\($0.value)" }
        #expect(keys == ["\(KeyCode.toolFinger)=1", "\(KeyCode.toolDoubleTap)=0"], "\(Self.pairs(out))")
    }
}

@Suite struct TouchGateOrderTests {
    static func e(_ type: EventType, _ code: UInt16, _ value: Int32) -> InputEvent { TouchGateTests.e(type, code, value) }

    @Test func aSecondTapInASlotStillHoldingTheFirstWaitsBehindIt() {
        var gate = TouchGate(device: servicePanel)
        let report = TouchGateTests.report
        let tap = { (id: Int32) -> [[InputEvent]] in
            [[Self.e(.abs, AbsCode.mtTrackingID, id), Self.e(.abs, AbsCode.mtPositionX, 20), Self.e(.key, KeyCode.touch, 1), report],
             [Self.e(.abs, AbsCode.mtTrackingID, -1), Self.e(.key, KeyCode.touch, 0), report]]
        }
        // The first tap is held (an edge zone whose double tap is undecided); the second lands where
        // nothing holds, yet waits behind the first.
        for frame in tap(1) { #expect(gate.process(frame: frame, at: 1) { _ in .hold }.isEmpty) }
        for frame in tap(2) { #expect(gate.process(frame: frame, at: 2) { _ in .pass }.isEmpty) }
        let out = gate.release(slot: 0, at: 3)
        #expect(out.filter { $0.code == AbsCode.mtTrackingID }.map(\.value) == [1, -1, 2, -1])
        #expect(out.filter { $0.code == KeyCode.touch && $0.type == .key }.map(\.value) == [1, 0, 1, 0])
    }
}

@Suite struct TouchGateHostileTests {
    static func e(_ type: EventType, _ code: UInt16, _ value: Int32) -> InputEvent { TouchGateTests.e(type, code, value) }

    @Test func whatFollowsASlotTheDeviceLacksIsDroppedAsTheEngineDropsIt() {
        var gate = TouchGate(device: servicePanel)
        let report = TouchGateTests.report
        _ = gate.process(frame: [Self.e(.abs, AbsCode.mtTrackingID, 6), Self.e(.abs, AbsCode.mtPositionX, 10), Self.e(.key, KeyCode.touch, 1), report], at: 1) { _ in .hold }
        // ABS_MT_SLOT 102 on a 10-slot panel: the lift and the new contact after it belong to no slot.
        let invalid = gate.process(frame: [Self.e(.abs, AbsCode.mtSlot, 102), Self.e(.abs, AbsCode.mtTrackingID, -1), Self.e(.key, KeyCode.touch, 0), report], at: 2) { _ in .pass }
        let again = gate.process(frame: [Self.e(.abs, AbsCode.mtTrackingID, 7), Self.e(.abs, AbsCode.mtPositionX, 0), Self.e(.key, KeyCode.touch, 1), report], at: 3) { _ in .pass }
        #expect(!(invalid + again).contains { $0.code == AbsCode.mtSlot || $0.code == AbsCode.mtTrackingID })
        #expect(gate.isDown(slot: 0), "the held contact is still down for the gate, as for the engine")
        // Back in slot 0, it lifts; released, the app gets it whole.
        _ = gate.process(frame: [Self.e(.abs, AbsCode.mtSlot, 0), Self.e(.abs, AbsCode.mtTrackingID, -1), report], at: 4) { _ in .pass }
        let out = gate.release(slot: 0, at: 5)
        #expect(out.filter { $0.code == AbsCode.mtTrackingID }.map(\.value) == [6, -1])
        #expect(!gate.copyHasContacts)
    }

    @Test func aContactReplacingAnotherInOneSlotEndsItFirst() {
        var gate = TouchGate(device: servicePanel)
        let report = TouchGateTests.report
        _ = gate.process(frame: [Self.e(.abs, AbsCode.mtTrackingID, 5), Self.e(.key, KeyCode.touch, 1), report], at: 1) { _ in .hold }
        _ = gate.process(frame: [Self.e(.abs, AbsCode.mtTrackingID, 41), report], at: 2) { _ in .pass }
        let out = gate.release(slot: 0, at: 3)
        #expect(out.filter { $0.code == AbsCode.mtTrackingID }.map(\.value) == [5, -1, 41])
    }
}

@Suite struct TouchGateDropTests {
    @Test func whatFollowsSynDroppedInItsFrameIsLostForTheCopyAsForTheEngine() {
        var gate = TouchGate(device: servicePanel)
        let e = TouchGateTests.e
        let frame = [e(.syn, SynCode.dropped, 0, 1), e(.abs, AbsCode.mtSlot, 1, 1), e(.abs, AbsCode.mtTrackingID, 8, 1),
                     e(.key, KeyCode.touch, 1, 1), TouchGateTests.report]
        #expect(gate.process(frame: frame, at: 1) { _ in .pass }.isEmpty)
        #expect(!gate.isDown(slot: 1))
        // The resync frame that follows brings the contact, in the slot followed through the drop.
        let resync = [e(.abs, AbsCode.mtTrackingID, 8, 1), e(.abs, AbsCode.mtPositionX, 50, 1), e(.key, KeyCode.touch, 1, 1), TouchGateTests.report]
        let out = gate.process(frame: resync, at: 1.01) { _ in .pass }
        // (Rebuilt, with the single-touch axes of the contact, as the kernel would emulate them.)
        #expect(TouchGateTests.pairs(out) == ["ABS_MT_SLOT=1", "ABS_MT_TRACKING_ID=8", "ABS_MT_POSITION_X=50", "ABS_X=50", "ABS_Y=0", "BTN_TOUCH=1", "|"])
    }
}
