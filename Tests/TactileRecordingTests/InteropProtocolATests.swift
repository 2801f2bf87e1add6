// Interop: the protocol A to protocol B converter, frame by frame.
import Tactile
import TactileRecording
import Testing

/// Builds protocol-A input frame by frame.
private struct ProtocolAScript {
    var events: [InputEvent] = []
    var time = 1.0

    /// One frame: each contact as (tracking id or nil, x, y), then `SYN_REPORT`.
    mutating func frame(_ contacts: [(id: Int32?, x: Int32, y: Int32)], extra: [InputEvent] = []) {
        for contact in contacts {
            if let id = contact.id { events.append(.at(time, .abs, AbsCode.mtTrackingID, id)) }
            events.append(.at(time, .abs, AbsCode.mtPositionX, contact.x))
            events.append(.at(time, .abs, AbsCode.mtPositionY, contact.y))
            events.append(.at(time, .syn, SynCode.mtReport, 0))
        }
        if contacts.isEmpty, extra.isEmpty { events.append(.at(time, .syn, SynCode.mtReport, 0)) }
        events.append(contentsOf: extra)
        events.append(.at(time, .syn, SynCode.report, 0))
        time += 0.01
    }
}

/// Protocol-B output, frame by frame, as (slot, code, value) triples without the time.
private func frames(_ events: [InputEvent]) -> [[String]] {
    var result: [[String]] = [[]]
    for event in events {
        if event.isReport {
            result.append([])
        } else {
            result[result.count - 1].append("\(EventCodeNames.name(ofCode: event.code, type: event.type)) \(event.value)")
        }
    }
    return Array(result.dropLast())
}

private let device = DeviceDescription(
    name: "protocol A screen", properties: [InputProperty.direct], keys: [KeyCode.touch],
    axes: [
        AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 9),
        AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 1023),
        AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 1023),
        AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
    ])

@Suite("Interop: protocol A to protocol B")
struct InteropProtocolATests {
    @Test("a contact appears, moves and disappears")
    func singleContact() {
        var script = ProtocolAScript()
        script.frame([(nil, 100, 200)])
        script.frame([(nil, 110, 200)])
        script.frame([])
        let output = ProtocolAConverter.convert(script.events)
        #expect(frames(output) == [
            ["ABS_MT_SLOT 0", "ABS_MT_TRACKING_ID 0", "ABS_MT_POSITION_X 100", "ABS_MT_POSITION_Y 200", "BTN_TOUCH 1"],
            ["ABS_MT_POSITION_X 110"],
            ["ABS_MT_TRACKING_ID -1", "BTN_TOUCH 0"],
        ])
        // Every output event carries its frame's SYN_REPORT time.
        #expect(output.filter(\.isReport).count == 3)
        #expect(output.allSatisfy { [1.0, 1.01, 1.02].contains($0.time) })
    }

    @Test("tracking ids keep contacts apart whatever order they are reported in")
    func trackingIDMatching() {
        var script = ProtocolAScript()
        script.frame([(7, 100, 100), (9, 800, 800)])
        script.frame([(9, 790, 790), (7, 110, 110)])  // reported the other way round
        script.frame([(9, 780, 780)])  // 7 lifted
        script.frame([(9, 770, 770), (7, 120, 120)])  // 7 again: a new contact
        let output = ProtocolAConverter.convert(script.events)
        #expect(frames(output) == [
            ["ABS_MT_SLOT 0", "ABS_MT_TRACKING_ID 0", "ABS_MT_POSITION_X 100", "ABS_MT_POSITION_Y 100",
             "ABS_MT_SLOT 1", "ABS_MT_TRACKING_ID 1", "ABS_MT_POSITION_X 800", "ABS_MT_POSITION_Y 800", "BTN_TOUCH 1"],
            ["ABS_MT_SLOT 0", "ABS_MT_POSITION_X 110", "ABS_MT_POSITION_Y 110",
             "ABS_MT_SLOT 1", "ABS_MT_POSITION_X 790", "ABS_MT_POSITION_Y 790"],
            ["ABS_MT_SLOT 0", "ABS_MT_TRACKING_ID -1", "ABS_MT_SLOT 1", "ABS_MT_POSITION_X 780", "ABS_MT_POSITION_Y 780"],
            ["ABS_MT_SLOT 0", "ABS_MT_TRACKING_ID 2", "ABS_MT_POSITION_X 120", "ABS_MT_POSITION_Y 120",
             "ABS_MT_SLOT 1", "ABS_MT_POSITION_X 770", "ABS_MT_POSITION_Y 770"],
        ])
    }

    @Test("without tracking ids, contacts are matched to the nearest tracked one")
    func nearestMatching() {
        var script = ProtocolAScript()
        script.frame([(nil, 100, 100), (nil, 800, 800)])
        script.frame([(nil, 805, 795), (nil, 104, 98)])  // swapped order, small moves
        script.frame([(nil, 810, 790)])  // the one near 100,100 lifted
        let output = ProtocolAConverter.convert(script.events)
        #expect(frames(output) == [
            ["ABS_MT_SLOT 0", "ABS_MT_TRACKING_ID 0", "ABS_MT_POSITION_X 100", "ABS_MT_POSITION_Y 100",
             "ABS_MT_SLOT 1", "ABS_MT_TRACKING_ID 1", "ABS_MT_POSITION_X 800", "ABS_MT_POSITION_Y 800", "BTN_TOUCH 1"],
            ["ABS_MT_SLOT 0", "ABS_MT_POSITION_X 104", "ABS_MT_POSITION_Y 98",
             "ABS_MT_SLOT 1", "ABS_MT_POSITION_X 805", "ABS_MT_POSITION_Y 795"],
            ["ABS_MT_SLOT 0", "ABS_MT_TRACKING_ID -1", "ABS_MT_SLOT 1", "ABS_MT_POSITION_X 810", "ABS_MT_POSITION_Y 790"],
        ])
    }

    @Test("a jump beyond the match distance is a new contact, landing in a slot not freed in the same frame")
    func matchDistance() {
        var script = ProtocolAScript()
        script.frame([(nil, 100, 100)])
        script.frame([(nil, 900, 900)])
        let unlimited = ProtocolAConverter.convert(script.events)
        #expect(frames(unlimited)[1] == ["ABS_MT_POSITION_X 900", "ABS_MT_POSITION_Y 900"])
        let limited = ProtocolAConverter.convert(script.events, configuration: .init(maximumMatchDistance: 50))
        #expect(frames(limited)[1] == [
            "ABS_MT_TRACKING_ID -1",
            "ABS_MT_SLOT 1", "ABS_MT_TRACKING_ID 1", "ABS_MT_POSITION_X 900", "ABS_MT_POSITION_Y 900",
        ])
    }

    @Test("a new tracking id is never matched by position")
    func newIDIsNewContact() {
        var script = ProtocolAScript()
        script.frame([(0, 100, 100)])
        script.frame([(1, 100, 100)])
        let output = frames(ProtocolAConverter.convert(script.events))
        #expect(output[1] == [
            "ABS_MT_TRACKING_ID -1",
            "ABS_MT_SLOT 1", "ABS_MT_TRACKING_ID 1", "ABS_MT_POSITION_X 100", "ABS_MT_POSITION_Y 100",
        ])
    }

    @Test("contacts beyond the slots are dropped and counted")
    func tooManyContacts() {
        var script = ProtocolAScript()
        script.frame([(1, 10, 10), (2, 20, 20), (3, 30, 30)])
        var converter = ProtocolAConverter(configuration: .init(slotCount: 2))
        let output = converter.process(script.events)
        #expect(converter.droppedContacts == 1)
        #expect(converter.maximumContacts == 3)
        #expect(!output.contains { $0.code == AbsCode.mtPositionX && $0.value == 30 })
    }

    @Test("BTN_TOUCH 0 without an empty SYN_MT_REPORT lifts everything; a frame of other events keeps the contacts")
    func framesWithoutContacts() {
        var script = ProtocolAScript()
        script.frame([(nil, 100, 100)])
        script.frame([], extra: [.at(script.time, .msc, MscCode.timestamp, 5000)])
        script.frame([], extra: [.at(script.time, .key, KeyCode.touch, 0)])
        let output = frames(ProtocolAConverter.convert(script.events))
        #expect(output[1] == ["MSC_TIMESTAMP 5000"])
        #expect(output[2] == ["ABS_MT_TRACKING_ID -1", "BTN_TOUCH 0"])
    }

    @Test("after SYN_DROPPED the rest of the frame is discarded and the contacts kept")
    func droppedEvents() {
        var script = ProtocolAScript()
        script.frame([(nil, 100, 100)])
        script.events.append(.at(script.time, .abs, AbsCode.mtPositionX, 500))
        script.events.append(.at(script.time, .syn, SynCode.dropped, 0))
        script.events.append(.at(script.time, .abs, AbsCode.mtPositionY, 500))
        script.events.append(.at(script.time, .syn, SynCode.report, 0))
        script.time += 0.01
        script.frame([(nil, 102, 100)])
        let output = frames(ProtocolAConverter.convert(script.events))
        #expect(output.count == 2)
        #expect(output[1] == ["ABS_MT_POSITION_X 102"])
    }

    @Test("incoming BTN_TOUCH passes through when the converter is told not to make its own")
    func touchButtonPassThrough() {
        var script = ProtocolAScript()
        script.frame([(nil, 100, 100)], extra: [.at(1.0, .key, KeyCode.touch, 1)])
        let output = frames(ProtocolAConverter.convert(script.events, configuration: .init(synthesizesTouchButton: false)))
        #expect(output[0].filter { $0.hasPrefix("BTN_TOUCH") } == ["BTN_TOUCH 1"])
        #expect(output[0].last == "BTN_TOUCH 1")
    }

    @Test("the converted stream assembles into the touches of the script")
    func assembled() {
        var script = ProtocolAScript()
        script.frame([(nil, 100, 100)])
        script.frame([(nil, 105, 100), (nil, 600, 600)])
        script.frame([(nil, 610, 600)])
        script.frame([])
        script.frame([(nil, 300, 300)])
        script.frame([])
        let recording = Recording(device: device, events: ProtocolAConverter.convert(script.events))
        let statistics = TouchStatistics(recording)
        #expect(statistics.touches == 3)
        #expect(statistics.ended == 3)
        #expect(statistics.maximumSimultaneous == 2)
        #expect(statistics.frames == 6)
    }

    @Test("the converter works event by event, handing over each frame at its SYN_REPORT")
    func incremental() {
        var script = ProtocolAScript()
        script.frame([(nil, 100, 100)])
        var converter = ProtocolAConverter()
        var handed: [Int] = []
        for event in script.events { handed.append(converter.process(event).count) }
        #expect(handed.dropLast().allSatisfy { $0 == 0 })
        #expect(handed.last == 6)
        #expect(converter.frameCount == 1)
    }
}
