// The touch gate where the compositor drops libinput's touch cancel: a claimed touch is lifted, once it has rested.
import Tactile
import TactileService
import TactileTestSupport
import Testing

@Suite struct TouchGateLiftTests {
    typealias T = TouchGateTests

    /// A gate that lifts, with a finger landed in slot 0 at time 1 and moved at `movedAt` (passed on).
    static func landed(movedAt: Double) -> TouchGate {
        var gate = TouchGate(device: servicePanel, claimedTouchEnd: .lift)
        let land = [T.e(.abs, AbsCode.mtTrackingID, 5), T.e(.abs, AbsCode.mtPositionX, 500), T.e(.abs, AbsCode.mtPositionY, 300),
                    T.e(.abs, AbsCode.x, 500), T.e(.abs, AbsCode.y, 300), T.e(.key, KeyCode.touch, 1), T.report]
        _ = gate.process(frame: land, at: 1) { _ in .pass }
        if movedAt > 1 {
            _ = gate.process(frame: [T.e(.abs, AbsCode.mtPositionX, 520), T.e(.abs, AbsCode.x, 520), T.report], at: movedAt) { _ in .pass }
        }
        return gate
    }

    @Test func aFingerThatRestedLiftsAtOnceWithNoPalm() {
        // A long press: landed at 1, claimed at 1.6 without having moved.
        var gate = Self.landed(movedAt: 1)
        let out = gate.claim(slots: [0], at: 1.6)
        #expect(T.pairs(out) == ["ABS_MT_TRACKING_ID=-1", "BTN_TOUCH=0", "|"])
        #expect(!gate.copyHasContacts)
        #expect(gate.nextDeadline == nil)
    }

    @Test func aMovingFingerIsFrozenThenLiftedOnceItRested() {
        var gate = Self.landed(movedAt: 1.3)
        // Claimed 50 ms after its last motion: it stays where the app saw it.
        #expect(gate.claim(slots: [0], at: 1.35).isEmpty)
        #expect(gate.nextDeadline == 1.3 + TouchGate.restBeforeLift)
        // The finger goes on moving: nothing of it reaches the app.
        #expect(gate.process(frame: [T.e(.abs, AbsCode.mtPositionX, 600), T.e(.abs, AbsCode.x, 600), T.report], at: 1.4) { _ in .pass }.isEmpty)
        #expect(gate.completeCancels(at: 1.45).isEmpty)
        let out = gate.completeCancels(at: 1.5)
        #expect(T.pairs(out) == ["ABS_MT_TRACKING_ID=-1", "BTN_TOUCH=0", "|"])
        #expect(gate.nextDeadline == nil)
        // Its later lift stays away from the app, and the gate is idle.
        _ = gate.process(frame: [T.e(.abs, AbsCode.mtTrackingID, -1), T.e(.key, KeyCode.touch, 0), T.report], at: 1.6) { _ in .pass }
        #expect(gate.isIdle)
    }

    @Test func aNewContactLiftsTheFrozenOneFirst() {
        var gate = Self.landed(movedAt: 1.3)
        _ = gate.claim(slots: [0], at: 1.35)
        let second = [T.e(.abs, AbsCode.mtSlot, 1), T.e(.abs, AbsCode.mtTrackingID, 6), T.e(.abs, AbsCode.mtPositionX, 100), T.report]
        let out = T.pairs(gate.process(frame: second, at: 1.4) { _ in .pass })
        let lift = out.firstIndex(of: "ABS_MT_TRACKING_ID=-1"), landing = out.firstIndex(of: "ABS_MT_TRACKING_ID=6")
        #expect(lift != nil && landing != nil && lift! < landing!, "\(out)")
        #expect(!out.contains("ABS_MT_TOOL_TYPE=2"), "\(out)")
    }

    @Test func cancellingEverythingLiftsAtOnce() {
        var gate = Self.landed(movedAt: 1.3)
        #expect(T.pairs(gate.cancelAll(at: 1.31)) == ["ABS_MT_TRACKING_ID=-1", "BTN_TOUCH=0", "|"])
    }

    @Test func aTouchpadKeepsItsCancelledGestureWhateverTheCompositor() {
        // libinput's touchpad gestures end cancelled through the finger count, not through touch cancels.
        var gate = TouchGate(device: TestDevices.touchpad, claimedTouchEnd: .lift)
        var frame: [InputEvent] = []
        for slot in 0..<2 {
            frame += [T.e(.abs, AbsCode.mtSlot, Int32(slot)), T.e(.abs, AbsCode.mtTrackingID, Int32(slot + 1)), T.e(.abs, AbsCode.mtPositionX, 100)]
        }
        _ = gate.process(frame: frame + [T.e(.key, KeyCode.touch, 1), T.report], at: 1) { _ in .pass }
        #expect(T.pairs(gate.claim(slots: [0, 1], at: 1.5)).contains("ABS_MT_TOOL_TYPE=2"))
    }
}
