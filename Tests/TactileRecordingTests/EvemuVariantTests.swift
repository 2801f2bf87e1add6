// The forms evemu files take in the wild (all seen in evemu-devices), read by the evemu reader.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

/// The forms evemu files take in the wild (all seen in evemu-devices).
@Suite("evemu reader: format variants")
struct EvemuVariantTests {
    /// An evemu 1.0 description: no version comment, no `P:` line, `A:` lines without resolution.
    static let oldDescription = """
        N: Old Pad
        I: 0011 0002 0007 01b1
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 00 00 00 00 00 00
        B: 01 00 00 01 00 00 00 00 00
        B: 01 20 e5 00 00 00 00 00 00
        B: 03 03 00 00 11 00 80 60 06
        B: 04 10 00 00 00 00 00 00 00
        A: 00 1472 5472 8 0
        A: 01 1408 4448 8 0
        A: 18 0 255 0 0
        A: 1c 0 15 0 0
        A: 2f 0 1 0 0
        A: 35 1472 5472 8 0
        A: 36 1408 4448 8 0
        A: 39 0 65535 0 0
        A: 3a 0 255 0 0

        """

    static let oldEvents = """
        E: 1358916661.266155 0003 002f 0
        E: 1358916661.266155 0003 0039 774
        E: 1358916661.266155 0003 0035 3645
        E: 1358916661.266155 0003 0036 2423
        E: 1358916661.266155 0001 014a 1
        E: 1358916661.266155 0000 0000 0
        E: 1358916661.280000 0003 0039 -1
        E: 1358916661.280000 0001 014a 0
        E: 1358916661.280000 0000 0000 0

        """

    @Test("an evemu 1.0 description gives keys, axes, other codes and no properties")
    func oldDescriptionParses() throws {
        let device = try EvemuReader.parse(Self.oldDescription).device
        #expect(device.name == "Old Pad")
        #expect(device.properties.isEmpty)
        #expect(device.keys == [KeyCode.buttonLeft, KeyCode.toolFinger, KeyCode.toolQuintTap, KeyCode.touch,
                                KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.toolQuadTap])
        #expect(device.axes.map(\.code) == [0x00, 0x01, 0x18, 0x1c, 0x2f, 0x35, 0x36, 0x39, 0x3a])
        #expect(device.axes.allSatisfy { $0.resolution == 0 })
        #expect(device.otherCodes == [EventCodeSet(type: .msc, codes: [MscCode.scan])])
        #expect(device.slotCount == 2)
        #expect(device.kind == .touchpad)
    }

    @Test("events without a header take a given device; old epoch timestamps stay exact")
    func splitRecording() throws {
        let device = try EvemuReader.parse(Self.oldDescription).device
        let recording = try EvemuReader.parse(Self.oldEvents, device: device)
        #expect(recording.device == device)
        #expect(recording.events.count == 9)
        #expect(recording.events[0] == InputEvent(seconds: 1_358_916_661, microseconds: 266_155, type: .abs, code: AbsCode.mtSlot, value: 0))
        #expect(recording.events[6].value == -1)
        #expect(recording.duration == 0.013845)
    }

    @Test("a header in the events text wins over the given device")
    func ownHeaderWins() throws {
        let given = DeviceDescription(name: "Given")
        let recording = try EvemuReader.parse(Self.oldDescription + Self.oldEvents, device: given)
        #expect(recording.device.name == "Old Pad")
    }

    @Test("comments anywhere, blank lines, CRLF line ends and trailing event descriptions are ignored")
    func looseText() throws {
        let text = "# EVEMU 1.2\r\n# Input device name: \"x\"\r\n\r\nN: Loose\r\nI: 0003 0001 0002 0003\r\n# between\r\n"
            + "B: 03 03 00 00 00 00 00 00 00\r\nA: 00 0 100 0 0 1\r\nA: 01 0 100 0 0 1\r\n\r\n"
            + "E: 0.000001 0003 0000 0050\t# EV_ABS / ABS_X   50\r\n# ------------ SYN_REPORT (0) ----------\r\n"
            + "E: 0.000001 0000 0000 0000  \r\n   \r\n"
        let recording = try EvemuReader.parse(text)
        #expect(recording.device.name == "Loose")
        #expect(recording.events == [
            InputEvent(seconds: 0, microseconds: 1, type: .abs, code: AbsCode.x, value: 50),
            InputEvent(seconds: 0, microseconds: 1, type: .syn, code: SynCode.report, value: 0),
        ])
    }

    @Test("L: and S: state lines are accepted and not kept; a description alone has no events")
    func stateLines() throws {
        let recording = try EvemuReader.parse("N: Keys\nI: 0003 0001 0002 0003\nL: 00 1\nS: 05 0\n")
        #expect(recording.events.isEmpty)
        #expect(recording.device.kind == .other)
    }

    @Test("rebasing moves the first event to zero and keeps intervals exact")
    func rebase() throws {
        let device = try EvemuReader.parse(Self.oldDescription).device
        let recording = try EvemuReader.parse(Self.oldEvents, device: device).rebased()
        #expect(recording.events.first.map { ($0.seconds, $0.microseconds) } ?? (-1, -1) == (0, 0))
        #expect(recording.events.last.map { ($0.seconds, $0.microseconds) } ?? (-1, -1) == (0, 13_845))
        let later = recording.rebased(toStartAtMicroseconds: 2_999_999)
        #expect(later.events.last.map { ($0.seconds, $0.microseconds) } ?? (-1, -1) == (3, 13_844))
    }

    @Test("an events-only file finds the description whose name is its longest prefix")
    func descriptionBeside() throws {
        let directory = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func write(_ name: String, _ text: String) throws {
            try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
        try write("Old Pad.desc", Self.oldDescription)
        try write("Old Pad-long.desc", Self.oldDescription.replacingOccurrences(of: "N: Old Pad", with: "N: Long Pad"))
        try write("Old Pad.two-finger-scroll.events", Self.oldEvents)
        try write("Old Pad double-tap.events", Self.oldEvents)
        try write("Old Pad-long.tap.events", Self.oldEvents)
        try write("Old Padding.events", Self.oldEvents)

        #expect(EvemuReader.descriptionFile(forEventsAt: directory + "/Old Pad.two-finger-scroll.events") == directory + "/Old Pad.desc")
        #expect(EvemuReader.descriptionFile(forEventsAt: directory + "/Old Pad double-tap.events") == directory + "/Old Pad.desc")
        #expect(EvemuReader.descriptionFile(forEventsAt: directory + "/Old Pad-long.tap.events") == directory + "/Old Pad-long.desc")
        #expect(EvemuReader.descriptionFile(forEventsAt: directory + "/Old Padding.events") == nil, "a prefix must end where a word ends")

        let recording = try EvemuReader.read(contentsOf: directory + "/Old Pad-long.tap.events")
        #expect(recording.device.name == "Long Pad")
        #expect(recording.events.count == 9)
        let explicit = try EvemuReader.read(descriptionAt: directory + "/Old Pad.desc", eventsAt: directory + "/Old Pad-long.tap.events")
        #expect(explicit.device.name == "Old Pad")

        let error = #expect(throws: RecordingError.self) {
            try EvemuReader.read(contentsOf: directory + "/Old Padding.events")
        }
        #expect(error?.problem == .missingHeader)
        #expect(error?.line == 1)
    }
}
