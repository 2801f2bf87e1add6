// libinput's view of a cancel on a touch copy: MT_TOOL_PALM then the release gives TOUCH_CANCEL, a plain lift TOUCH_UP.
import Foundation
import Tactile
import TactileRecording
import TactileService
import TactileTestSupport
import Testing

@Suite(.serialized, .enabled(if: LibinputRunner.missing == nil, Comment(rawValue: LibinputRunner.missing ?? "")))
struct LibinputCancelTests {
    /// The touch copy of a real touchscreen (Atmel maXTouch, 10 slots): it gains ABS_MT_TOOL_TYPE 0…2.
    static func touchCopy() throws -> DeviceDescription {
        let source = try EvemuReader.read(contentsOf: Repository.path("Recordings/evemu/touchscreen-two-finger-touch-release.evemu")).device
        return VirtualDeviceTemplate.touchCopy(of: source).description(name: source.name + " (Tactile)")
    }

    /// A finger lands in slot 0 and moves for a few frames, 10 ms apart.
    static func landAndMove() -> (events: [InputEvent], end: Int32) {
        var events: [InputEvent] = []
        var millisecond: Int32 = 0
        func frame(_ body: [(EventType, UInt16, Int32)]) {
            for (type, code, value) in body {
                events.append(InputEvent(seconds: 1, microseconds: millisecond * 1000, type: type, code: code, value: value))
            }
            events.append(InputEvent(seconds: 1, microseconds: millisecond * 1000, type: .syn, code: SynCode.report, value: 0))
            millisecond += 10
        }
        frame([(.abs, AbsCode.mtSlot, 0), (.abs, AbsCode.mtTrackingID, 42), (.abs, AbsCode.mtPositionX, 300),
               (.abs, AbsCode.mtPositionY, 200), (.abs, AbsCode.x, 300), (.abs, AbsCode.y, 200), (.key, KeyCode.touch, 1)])
        for step in 1...4 {
            frame([(.abs, AbsCode.mtPositionX, 300 + Int32(step) * 3), (.abs, AbsCode.x, 300 + Int32(step) * 3)])
        }
        return (events, millisecond)
    }

    static func frame(at millisecond: Int32, _ body: [(EventType, UInt16, Int32)]) -> [InputEvent] {
        (body + [(.syn, SynCode.report, 0)]).map {
            InputEvent(seconds: 1, microseconds: millisecond * 1000, type: $0.0, code: $0.1, value: $0.2)
        }
    }

    static let release: [(EventType, UInt16, Int32)] = [(.abs, AbsCode.mtTrackingID, -1), (.key, KeyCode.touch, 0)]

    @Test func aPalmToolFrameThenTheReleaseIsATouchCancel() throws {
        let device = try Self.touchCopy()
        #expect(device.axis(AbsCode.mtToolType)?.maximum == 2)
        let (landing, end) = Self.landAndMove()
        let stream = landing
            + Self.frame(at: end, [(.abs, AbsCode.mtSlot, 0), (.abs, AbsCode.mtToolType, 2)])
            + Self.frame(at: end + 10, Self.release)
        let lines = try LibinputRunner.debugEvents(device: device, events: stream)
        let touches = lines.filter { $0.contains("TOUCH_") }
        #expect(touches.contains { $0.contains("TOUCH_DOWN") }, "\(lines)")
        #expect(touches.contains { $0.contains("TOUCH_CANCEL") }, "\(lines)")
        #expect(!touches.contains { $0.contains("TOUCH_UP") }, "\(lines)")
    }

    @Test func aPlainLiftIsATouchUp() throws {
        let device = try Self.touchCopy()
        let (landing, end) = Self.landAndMove()
        let lines = try LibinputRunner.debugEvents(device: device, events: landing + Self.frame(at: end, Self.release))
        let touches = lines.filter { $0.contains("TOUCH_") }
        #expect(touches.contains { $0.contains("TOUCH_DOWN") }, "\(lines)")
        #expect(touches.contains { $0.contains("TOUCH_UP") }, "\(lines)")
        #expect(!touches.contains { $0.contains("TOUCH_CANCEL") }, "\(lines)")
    }
}
