// FingerScript: fingers down, moving and up, as the kernel's frames; slots named by the driver; raw frames as written.
import Tactile
@_spi(Testing) import TactileSynthesis
import TactileTestSupport
import Testing

@Suite("Finger script: fingers to evdev frames")
struct FingerScriptTests {
    /// (type, code, value) of each event, for compact comparisons.
    static func codes(_ events: [InputEvent]) -> [String] {
        events.map { "\($0.type.rawValue):\($0.code):\($0.value)" }
    }

    static func expected(_ events: [(EventType, UInt16, Int32)]) -> [String] {
        events.map { "\($0.0.rawValue):\($0.1):\($0.2)" }
    }

    @Test("a finger lands, moves and lifts as the kernel reports it")
    func landMoveLift() {
        var script = FingerScript(device: TestDevices.touchscreen, firstTrackingID: 7)
        script.down(0, FingerScript.Finger(x: 100, y: 200))
        let land = script.frame(at: 1.0)
        script.down(0, FingerScript.Finger(x: 110, y: 200))
        let move = script.frame(at: 1.01)
        script.down(0, FingerScript.Finger(x: 110, y: 200))
        let still = script.frame(at: 1.02)
        script.up(0)
        let lift = script.frame(at: 1.03)
        #expect(Self.codes(land) == Self.expected([
            (.abs, AbsCode.mtTrackingID, 7), (.abs, AbsCode.mtPositionX, 100), (.abs, AbsCode.mtPositionY, 200),
            (.key, KeyCode.touch, 1), (.abs, AbsCode.x, 100), (.abs, AbsCode.y, 200), (.syn, SynCode.report, 0),
        ]))
        #expect(Self.codes(move) == Self.expected([(.abs, AbsCode.mtPositionX, 110), (.abs, AbsCode.x, 110), (.syn, SynCode.report, 0)]))
        #expect(still.isEmpty, "a frame in which nothing changed is not sent")
        #expect(Self.codes(lift) == Self.expected([(.abs, AbsCode.mtTrackingID, -1), (.key, KeyCode.touch, 0), (.syn, SynCode.report, 0)]))
        #expect(script.events == land + move + lift)
        #expect(land.allSatisfy { $0.seconds == 1 && $0.microseconds == 0 } && lift.allSatisfy { $0.microseconds == 30_000 })
    }

    @Test("a finger that names its slot takes it; one that does not takes the lowest free")
    func namedSlots() {
        var script = FingerScript(device: TestDevices.touchscreen)
        script.down(5, FingerScript.Finger(x: 10, y: 10, slot: 3))
        script.down(6, FingerScript.Finger(x: 20, y: 20))
        #expect(Self.codes(script.frame(at: 0.5)) == Self.expected([
            (.abs, AbsCode.mtTrackingID, 1), (.abs, AbsCode.mtPositionX, 20), (.abs, AbsCode.mtPositionY, 20),
            (.abs, AbsCode.mtSlot, 3), (.abs, AbsCode.mtTrackingID, 2), (.abs, AbsCode.mtPositionX, 10), (.abs, AbsCode.mtPositionY, 10),
            (.key, KeyCode.touch, 1), (.abs, AbsCode.x, 20), (.abs, AbsCode.y, 20), (.syn, SynCode.report, 0),
        ]))
        // Lifted and landed in its slot in one frame: the kernel keeps the tracking id, a move.
        script.up(5)
        script.down(9, FingerScript.Finger(x: 12, y: 10, slot: 3))
        #expect(Self.codes(script.frame(at: 0.51)) == Self.expected([(.abs, AbsCode.mtPositionX, 12), (.syn, SynCode.report, 0)]))
    }

    @Test("the current slot at opening, and after raw events, is named when it must be")
    func currentSlot() {
        var script = FingerScript(device: TestDevices.touchscreen, currentSlot: 4)
        script.down(0, FingerScript.Finger(x: 1, y: 1))
        #expect(script.frame(at: 0.1).first.map { $0.code == AbsCode.mtSlot && $0.value == 0 } == true)
        script.rawFrame(at: 0.2, [(.abs, AbsCode.mtSlot, 1), (.abs, AbsCode.mtPositionX, 5)])
        script.currentSlot = -1
        script.down(0, FingerScript.Finger(x: 2, y: 1))
        #expect(script.frame(at: 0.3).first.map { $0.code == AbsCode.mtSlot && $0.value == 0 } == true)
    }

    @Test("raw frames and raw events go in as written")
    func rawFrames() {
        var script = FingerScript(device: TestDevices.touchscreen)
        script.rawFrame(at: 2, [(.abs, AbsCode.mtSlot, 9), (.syn, SynCode.dropped, 0)])
        script.raw([InputEvent(time: 2.5, type: .abs, code: AbsCode.mtPositionX, value: -3)])
        #expect(script.events == [
            InputEvent(time: 2, type: .abs, code: AbsCode.mtSlot, value: 9),
            InputEvent(time: 2, type: .syn, code: SynCode.dropped, value: 0),
            InputEvent(time: 2, type: .syn, code: SynCode.report, value: 0),
            InputEvent(time: 2.5, type: .abs, code: AbsCode.mtPositionX, value: -3),
        ])
    }
}
