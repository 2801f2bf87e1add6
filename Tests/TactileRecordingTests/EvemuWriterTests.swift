// The evemu writer: round trips, what evemu writes, names, atomic files and their errors.
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

@Suite("evemu writer")
struct EvemuWriterTests {
    /// A device that uses every part of the header.
    static let device = DeviceDescription(
        name: " Odd #name\twith spaces ",
        identity: DeviceIdentity(bustype: 0x18, vendor: 0xbeef, product: 0x1, version: 0xffff),
        properties: [InputProperty.pointer, InputProperty.buttonPad, InputProperty.semiMT, 0x1f],
        keys: [0x1, KeyCode.buttonLeft, KeyCode.toolFinger, KeyCode.touch, KeyCode.toolQuintTap, 0x2ff],
        axes: [
            AbsoluteAxis(code: AbsCode.x, minimum: -100, maximum: 4000, fuzz: 8, flat: 2, resolution: 42),
            AbsoluteAxis(code: AbsCode.y, minimum: Int32.min, maximum: Int32.max, fuzz: 0, flat: 0, resolution: 0),
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 4),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: -100, maximum: 4000, resolution: 42),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 3000, resolution: 40),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
            AbsoluteAxis(code: AbsCode.max, minimum: 0, maximum: 1),
        ],
        otherCodes: [
            EventCodeSet(type: .rel, codes: [0x06, 0x0c]),  // wheels only: REL_X/REL_Y would make it a mouse
            EventCodeSet(type: .msc, codes: [MscCode.timestamp]),
            EventCodeSet(type: .sw, codes: [0x10]),
            EventCodeSet(type: .led, codes: [0, 0x0f]),
            EventCodeSet(type: .rep, codes: [0, 1]),
            EventCodeSet(type: .ff, codes: [0x50, 0x7f]),
            EventCodeSet(type: .pwr, codes: [3]),
        ]
    )

    static let events: [InputEvent] = [
        InputEvent(seconds: 0, microseconds: 0, type: .abs, code: AbsCode.mtTrackingID, value: 5),
        InputEvent(seconds: 0, microseconds: 0, type: .abs, code: AbsCode.mtPositionX, value: -34),
        InputEvent(seconds: 0, microseconds: 0, type: .key, code: KeyCode.touch, value: 1),
        InputEvent(seconds: 0, microseconds: 0, type: .syn, code: SynCode.report, value: 0),
        InputEvent(seconds: 1_700_000_000, microseconds: 999_999, type: .abs, code: AbsCode.y, value: Int32.min),
        InputEvent(seconds: 1_700_000_000, microseconds: 999_999, type: .abs, code: AbsCode.x, value: Int32.max),
        InputEvent(seconds: 1_700_000_000, microseconds: 999_999, type: .syn, code: SynCode.mtReport, value: 0),
        InputEvent(seconds: 1_700_000_001, microseconds: 7, type: .syn, code: SynCode.dropped, value: 0),
        InputEvent(seconds: 1_700_000_001, microseconds: 8, type: EventType(rawValue: 0x1f), code: 0xffff, value: -1),
        InputEvent(seconds: -1, microseconds: 500_000, type: .syn, code: SynCode.report, value: 0),
    ]

    @Test("read(write(x)) == x for a device and events at the edges of the format")
    func roundTripEdges() throws {
        let recording = EvemuRecording(device: Self.device, events: Self.events)
        let text = EvemuWriter.text(for: recording)
        #expect(try EvemuReader.parse(text) == recording)
    }

    @Test("a kind the bits do not imply survives in a comment")
    func kindOverride() throws {
        var device = Self.device
        device.kind = .other
        #expect(DeviceDescription.classify(properties: device.properties, keys: device.keys, axes: device.axes) == .touchpad)
        let text = EvemuWriter.header(for: device)
        #expect(text.contains("# Tactile-Kind: other\n"))
        #expect(try EvemuReader.parse(text).device.kind == .other)
        #expect(!EvemuWriter.header(for: Self.device).contains("Tactile-Kind"), "no comment when the bits say it")
    }

    @Test("writes what evemu writes: masks in its widths, ids and values padded")
    func evemuLayout() {
        let device = DeviceDescription(
            name: "Pad", identity: DeviceIdentity(bustype: 3, vendor: 0x46d, product: 0x4101, version: 0x111),
            properties: [InputProperty.pointer, InputProperty.buttonPad],
            keys: [KeyCode.buttonLeft, KeyCode.touch],
            axes: [AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 4000, resolution: 40),
                   AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 2000, resolution: 40)]
        )
        let text = EvemuWriter.text(for: EvemuRecording(device: device, events: [
            InputEvent(seconds: 12, microseconds: 34, type: .abs, code: AbsCode.x, value: -3),
            InputEvent(seconds: 12, microseconds: 34, type: .syn, code: SynCode.report, value: 0),
        ]))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "# EVEMU 1.3")
        #expect(lines.contains("# Size in mm: 100x50"))
        #expect(lines.contains("N: Pad"))
        #expect(lines.contains("I: 0003 046d 4101 0111"))
        #expect(lines.contains("P: 05 00 00 00 00 00 00 00"))
        #expect(lines.contains("B: 00 0b 00 00 00 00 00 00 00"), "EV_SYN, EV_KEY and EV_ABS, as evemu writes it")
        #expect(lines.filter { $0.hasPrefix("B: 01 ") }.count == 12)
        #expect(lines.filter { $0.hasPrefix("B: 15 ") }.count == 2)
        #expect(lines.contains("B: 01 00 00 01 00 00 00 00 00"), "BTN_LEFT (0x110): byte 34, bit 0")
        #expect(lines.contains("B: 01 00 04 00 00 00 00 00 00"), "BTN_TOUCH (0x14a): byte 41, bit 2")
        #expect(lines.contains("A: 00 0 4000 0 0 40"))
        #expect(lines.contains("E: 12.000034 0003 0000 -003\t# EV_ABS / ABS_X                -3"))
        #expect(lines.contains("E: 12.000034 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms"))
    }

    @Test("line breaks in the name become spaces")
    func nameWithLineBreak() throws {
        let device = DeviceDescription(name: "two\nlines")
        let parsed = try EvemuReader.parse(EvemuWriter.header(for: device))
        #expect(parsed.device.name == "two lines")
    }

    @Test("writes atomically to a file that reads back")
    func writesFile() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/written.evemu"
            let recording = EvemuRecording(device: Self.device, events: Self.events)
            try EvemuWriter.write(recording, to: path)
            #expect(try EvemuReader.read(contentsOf: path) == recording)
        }
    }

    @Test("writing into a missing directory fails with the path")
    func unwritable() {
        let error = #expect(throws: RecordingError.self) {
            try EvemuWriter.write(EvemuRecording(device: Self.device), to: "/nonexistent/dir/x.evemu")
        }
        #expect(error?.problem == .unreadable)
        #expect(error?.file == "/nonexistent/dir/x.evemu")
    }
}
