// Many simultaneous touches cost time in proportion to them: bounded slots, capped protocol-A contacts.
import Foundation
import Tactile
import Testing

/// The cost of a frame grows with its touches, not with their square, and
/// never past what a device can have: a protocol-A frame of 20 000 contacts
/// (once 17 s) keeps the first ``DeviceLimits/maximumSlots`` contacts and
/// matches them against the device's slots, never more than that many.
@Suite struct TouchCountCostTests {
    /// One protocol-A frame of `count` contacts at `time`.
    static func frame(_ count: Int, at time: Double) -> [InputEvent] {
        var events: [InputEvent] = []
        for contact in 0..<count {
            events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtPositionX, value: Int32(contact % 4000)))
            events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtPositionY, value: Int32(contact / 4000)))
            events.append(InputEvent(time: time, type: .syn, code: SynCode.mtReport, value: 0))
        }
        events.append(InputEvent(time: time, type: .syn, code: SynCode.report, value: 0))
        return events
    }

    @Test("20 000 contacts in a protocol-A frame are capped and convert in bounded time")
    func protocolAContacts() {
        var converter = ProtocolAConverter()
        let started = ContinuousClock.now
        let output = converter.process(Self.frame(20_000, at: 0) + Self.frame(20_000, at: 0.01))
        let elapsed = ContinuousClock.now - started
        let slots = Set(output.filter { $0.type == .abs && $0.code == AbsCode.mtSlot }.map(\.value))
        #expect(slots.count == ProtocolAConverter.Configuration.deviceSlotCount, "slots \(slots.count)")
        #expect(ProtocolAConverter.Configuration(slotCount: 100_000).slotCount == DeviceLimits.maximumSlots)
        #expect(elapsed < .seconds(10), "took \(elapsed)")
    }

    @Test("a 1024-slot device with every slot touched assembles in time proportional to its touches")
    func fullDevice() {
        let device = DeviceDescription(name: "wall", properties: [InputProperty.direct], keys: [KeyCode.touch], axes: [
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 1023),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 4000),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 4000),
        ], kind: .touchscreen)
        var events: [InputEvent] = []
        for frame in 0..<20 {
            let time = Double(frame) * 0.01
            for slot in 0..<1024 {
                events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtSlot, value: Int32(slot)))
                if frame == 0 { events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtTrackingID, value: Int32(slot))) }
                if frame == 19 { events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtTrackingID, value: -1)); continue }
                events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtPositionX, value: Int32((slot * 3 + frame) % 4000)))
            }
            events.append(InputEvent(time: time, type: .syn, code: SynCode.report, value: 0))
        }
        var assembler = TouchAssembler(device: device)
        let started = ContinuousClock.now
        let frames = assembler.process(events)
        let elapsed = ContinuousClock.now - started
        #expect(frames.count == 20)
        #expect(frames.first?.touches.count == 1024)
        #expect(frames.last?.touches.allSatisfy { $0.phase == .ended } == true)
        #expect(elapsed < .seconds(10), "took \(elapsed)")
    }
}
