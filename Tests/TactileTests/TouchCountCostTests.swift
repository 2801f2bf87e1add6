// Many simultaneous touches cost time in proportion to them: bounded slots, capped protocol-A contacts.
import Foundation
import Tactile
import TactileTestSupport
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

    /// Judged by ratios measured in the same run (``SameRunTiming``), not by
    /// a bound in seconds, which a busy machine can break.
    @Test("20 000 contacts in a protocol-A frame are capped and convert in time proportional to them")
    func protocolAContacts() {
        func convert(_ count: Int) -> [InputEvent] {
            var converter = ProtocolAConverter()
            return converter.process(Self.frame(count, at: 0) + Self.frame(count, at: 0.01))
        }
        let output = convert(20_000)
        let slots = Set(output.filter { $0.type == .abs && $0.code == AbsCode.mtSlot }.map(\.value))
        #expect(slots.count == ProtocolAConverter.Configuration.deviceSlotCount, "slots \(slots.count)")
        #expect(ProtocolAConverter.Configuration(slotCount: 100_000).slotCount == DeviceLimits.maximumSlots)
        let small = SameRunTiming.fastest { _ = convert(2_000) }, large = SameRunTiming.fastest { _ = convert(20_000) }
        // About 10 when linear in the contacts; 100 for a cost quadratic in them (once 17 s).
        #expect(large / small < 35, "20 000 contacts took \(large), 2 000 took \(small)")
    }

    @Test("a 1024-slot device with every slot touched assembles in time proportional to its touches")
    func fullDevice() {
        let full = Self.assemble(slots: 1024)
        #expect(full.count == 20)
        #expect(full.first?.touches.count == 1024)
        #expect(full.last?.touches.allSatisfy { $0.phase == .ended } == true)
        let small = SameRunTiming.fastest { _ = Self.assemble(slots: 128) }, large = SameRunTiming.fastest { _ = Self.assemble(slots: 1024) }
        // About 8 when linear in the touches; 64 for a cost quadratic in them.
        #expect(large / small < 30, "1024 slots took \(large), 128 took \(small)")
    }

    /// 20 frames of a 1024-slot device with `slots` of its slots touched, landing in the first and lifting in the last.
    static func assemble(slots: Int) -> [TouchFrame] {
        let device = DeviceDescription(name: "wall", properties: [InputProperty.direct], keys: [KeyCode.touch], axes: [
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 1023),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 4000),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 4000),
        ], kind: .touchscreen)
        var events: [InputEvent] = []
        for frame in 0..<20 {
            let time = Double(frame) * 0.01
            for slot in 0..<slots {
                events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtSlot, value: Int32(slot)))
                if frame == 0 { events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtTrackingID, value: Int32(slot))) }
                if frame == 19 { events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtTrackingID, value: -1)); continue }
                events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtPositionX, value: Int32((slot * 3 + frame) % 4000)))
            }
            events.append(InputEvent(time: time, type: .syn, code: SynCode.report, value: 0))
        }
        var assembler = TouchAssembler(device: device)
        return assembler.process(events)
    }
}
