// The resync frame after SYN_DROPPED, built from a libevdev context whose state the tests write directly.
import CLibevdev
import Tactile
@testable import TactileEvdev
import TactileTestSupport
import Testing

/// A libevdev context without a device (`libevdev_new`), set up like
/// `description`, whose state the tests write directly.
final class FakeLibevdev {
    let handle: OpaquePointer

    init(_ description: DeviceDescription) throws {
        handle = try #require(libevdev_new(), "libevdev_new failed")
        libevdev_set_name(handle, description.name)
        libevdev_enable_event_type(handle, UInt32(EventType.abs.rawValue))
        libevdev_enable_event_type(handle, UInt32(EventType.key.rawValue))
        for axis in description.axes {
            var info = input_absinfo(value: 0, minimum: axis.minimum, maximum: axis.maximum,
                                     fuzz: axis.fuzz, flat: axis.flat, resolution: axis.resolution)
            let rc = libevdev_enable_event_code(handle, UInt32(EventType.abs.rawValue), UInt32(axis.code), &info)
            #expect(rc == 0, "enabling ABS \(axis.code)")
        }
        for key in description.keys {
            #expect(libevdev_enable_event_code(handle, UInt32(EventType.key.rawValue), UInt32(key), nil) == 0)
        }
    }

    deinit { libevdev_free(handle) }

    func setSlot(_ slot: UInt32, _ code: UInt16, _ value: Int32) {
        #expect(libevdev_set_slot_value(handle, slot, UInt32(code), value) == 0, "slot \(slot) code \(code)")
    }

    func setValue(_ type: EventType, _ code: UInt16, _ value: Int32) {
        #expect(libevdev_set_event_value(handle, UInt32(type.rawValue), UInt32(code), value) == 0)
    }
}

@Suite struct ResyncFrameTests {
    /// Two fingers down after the drop: slot 0 kept its touch (tracking id 7),
    /// slot 1 holds a new one (tracking id 9).
    static func twoFingers() throws -> FakeLibevdev {
        let fake = try FakeLibevdev(TestDevices.synaptics)
        fake.setSlot(0, AbsCode.mtTrackingID, 7)
        fake.setSlot(0, AbsCode.mtPositionX, 3000)
        fake.setSlot(0, AbsCode.mtPositionY, 2500)
        fake.setSlot(0, AbsCode.mtPressure, 40)
        fake.setSlot(1, AbsCode.mtTrackingID, 9)
        fake.setSlot(1, AbsCode.mtPositionX, 4000)
        fake.setSlot(1, AbsCode.mtPositionY, 3000)
        fake.setSlot(1, AbsCode.mtPressure, 50)
        fake.setValue(.key, KeyCode.touch, 1)
        fake.setValue(.key, KeyCode.toolDoubleTap, 1)
        fake.setValue(.abs, AbsCode.x, 3000)
        fake.setValue(.abs, AbsCode.y, 2500)
        return fake
    }

    @Test func frameHoldsEverySlotTheKeysAndTheAxes() throws {
        let fake = try Self.twoFingers()
        let frame = ResyncFrame.events(from: fake.handle, seconds: 5, microseconds: 250)
        func abs(_ code: UInt16, _ value: Int32) -> InputEvent {
            InputEvent(seconds: 5, microseconds: 250, type: .abs, code: code, value: value)
        }
        func key(_ code: UInt16, _ value: Int32) -> InputEvent {
            InputEvent(seconds: 5, microseconds: 250, type: .key, code: code, value: value)
        }
        let expected: [InputEvent] = [
            abs(AbsCode.mtSlot, 0), abs(AbsCode.mtTrackingID, 7),
            abs(AbsCode.mtPositionX, 3000), abs(AbsCode.mtPositionY, 2500), abs(AbsCode.mtPressure, 40),
            abs(AbsCode.mtSlot, 1), abs(AbsCode.mtTrackingID, 9),
            abs(AbsCode.mtPositionX, 4000), abs(AbsCode.mtPositionY, 3000), abs(AbsCode.mtPressure, 50),
            abs(AbsCode.mtSlot, Int32(libevdev_get_current_slot(fake.handle))),
            key(KeyCode.buttonLeft, 0), key(KeyCode.toolFinger, 0), key(KeyCode.toolQuintTap, 0), key(KeyCode.touch, 1),
            key(KeyCode.toolDoubleTap, 1), key(KeyCode.toolTripleTap, 0), key(KeyCode.toolQuadTap, 0),
            abs(AbsCode.x, 3000), abs(AbsCode.y, 2500), abs(AbsCode.pressure, 0),
            InputEvent(seconds: 5, microseconds: 250, type: .syn, code: SynCode.report, value: 0),
        ]
        #expect(frame == expected)
    }

    @Test func emptySlotsOnlySayTheyAreEmpty() throws {
        let fake = try FakeLibevdev(TestDevices.synaptics)
        let frame = ResyncFrame.events(from: fake.handle, seconds: 0, microseconds: 0)
        let mt = frame.filter { $0.type == .abs && $0.code >= AbsCode.mtSlot }.map { [$0.code, UInt16(bitPattern: Int16(truncatingIfNeeded: $0.value))] }
        #expect(mt == [[AbsCode.mtSlot, 0], [AbsCode.mtTrackingID, 0xffff], [AbsCode.mtSlot, 1], [AbsCode.mtTrackingID, 0xffff], [AbsCode.mtSlot, 0]])
        #expect(frame.last?.isReport == true)
    }

    @Test func singleTouchDeviceGetsKeysAndAxesOnly() throws {
        let description = DeviceDescription(
            name: "single", keys: [KeyCode.touch],
            axes: [AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 100), AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 100)]
        )
        let fake = try FakeLibevdev(description)
        fake.setValue(.abs, AbsCode.x, 42)
        let frame = ResyncFrame.events(from: fake.handle, seconds: 1, microseconds: 0)
        #expect(frame.map { [$0.type.rawValue, $0.code, UInt16(truncatingIfNeeded: $0.value)] } == [
            [EventType.key.rawValue, KeyCode.touch, 0], [EventType.abs.rawValue, AbsCode.x, 42],
            [EventType.abs.rawValue, AbsCode.y, 0], [0, SynCode.report, 0],
        ])
    }

    /// What the reader yields after a drop, fed to the assembler: the touches
    /// in flight are cancelled at the synthetic `SYN_REPORT`, and the resync
    /// frame brings both fingers back at their current positions.
    @Test func assemblerRestoresEveryFingerFromTheResyncFrame() throws {
        var assembler = TouchAssembler(device: TestDevices.synaptics)
        let before: [InputEvent] = [
            InputEvent(time: 1.0, type: .abs, code: AbsCode.mtTrackingID, value: 7),
            InputEvent(time: 1.0, type: .abs, code: AbsCode.mtPositionX, value: 2000),
            InputEvent(time: 1.0, type: .abs, code: AbsCode.mtPositionY, value: 2000),
            InputEvent(time: 1.0, type: .key, code: KeyCode.touch, value: 1),
            InputEvent(time: 1.0, type: .key, code: KeyCode.toolFinger, value: 1),
            InputEvent(time: 1.0, type: .syn, code: SynCode.report, value: 0),
        ]
        let landed = assembler.process(before)
        #expect(landed.last?.activeTouches.count == 1)

        let fake = try Self.twoFingers()
        let afterDrop = [
            InputEvent(time: 1.5, type: .syn, code: SynCode.dropped, value: 0),
            InputEvent(time: 1.5, type: .syn, code: SynCode.report, value: 0),
        ] + ResyncFrame.events(from: fake.handle, seconds: 1, microseconds: 500_000)
        let frames = assembler.process(afterDrop)
        try #require(frames.count == 2, "frames: \(frames)")
        #expect(frames[0].activeTouches.isEmpty)
        #expect(frames[0].touches.allSatisfy { $0.phase == .cancelled })
        let restored = frames[1].activeTouches.sorted { $0.slot < $1.slot }
        #expect(restored.map(\.slot) == [0, 1])
        #expect(restored.map(\.trackingID) == [7, 9])
        let mapping = SurfaceMapping(device: TestDevices.synaptics, screen: .standard)
        #expect(restored.map(\.surfaceLocation) == [mapping.millimetres(x: 3000, y: 2500), mapping.millimetres(x: 4000, y: 3000)])
        #expect(assembler.diagnostics.count(.eventsDropped) == 1)
    }
}
