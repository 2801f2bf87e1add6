// Interop: libinput record files imported.
import Foundation
import Tactile
import TactileRecording
import Testing

@Suite("Interop: libinput record import")
struct InteropLibinputRecordTests {
    static let fixture = InteropData.fixture("libinput-record-synaptics-two-finger-scroll.yml")

    @Test("the fixture recorded by libinput record gives the umockdev device")
    func fixtureDevice() throws {
        let file = try LibinputRecordReader.read(contentsOf: Self.fixture)
        #expect(file.libinputVersion == "1.22.1")
        #expect(file.devices.count == 1)
        let device = try #require(file.devices.first)
        #expect(device.node == "/dev/input/event12")
        #expect(device.udevProperties.contains("ID_INPUT_TOUCHPAD=1"))
        #expect(device.quirks == ["ModelSynapticsSerialTouchpad=1"])
        let description = device.description
        #expect(description.name == "SynPS/2 Synaptics TouchPad")
        #expect(description.identity == DeviceIdentity(bustype: 0x11, vendor: 0x02, product: 0x07, version: 0x1b1))
        #expect(description.kind == .touchpad)
        #expect(description.slotCount == 2)
        #expect(description.properties == [InputProperty.pointer, InputProperty.buttonPad])
        #expect(description.keys == [
            KeyCode.buttonLeft, KeyCode.toolFinger, KeyCode.toolQuintTap, KeyCode.touch,
            KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.toolQuadTap,
        ])
        #expect(description.axes.map(\.code) == [
            AbsCode.x, AbsCode.y, AbsCode.pressure, AbsCode.toolWidth, AbsCode.mtSlot,
            AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID, AbsCode.mtPressure,
        ])
        #expect(description.axis(AbsCode.mtPositionX) == AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 1472, maximum: 5768, resolution: 65))
        #expect(description.axis(AbsCode.mtPositionY) == AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 1408, maximum: 5062, resolution: 136))
        #expect(description.otherCodes.isEmpty)
    }

    @Test("the fixture holds the source recording's events, timestamps relative to the first")
    func fixtureEvents() throws {
        let recording = try Recording(contentsOf: Self.fixture)
        let source = try EvemuReader.read(contentsOf: BundledRecordings.path("touchpad-two-finger-scroll.evemu")).rebased()
        #expect(recording.events.count == 582)
        #expect(recording.events == source.events)
        let statistics = TouchStatistics(recording)
        #expect(statistics.maximumSimultaneous == 2)
        #expect(statistics.frames == 82)
    }

    @Test("the importer detects the fixture as libinput record YAML")
    func detection() throws {
        #expect(try RecordingFormat.detect(contentsOf: Self.fixture) == .libinputRecord)
    }

    @Test("a file of two devices gives either; a device index beyond them is an error")
    func twoDevices() throws {
        let one = try Recording(contentsOf: BundledRecordings.path("touchpad-double-tap.evemu"))
        let two = try Recording(contentsOf: BundledRecordings.path("touchscreen-two-finger-touch-release.evemu"))
        let first = LibinputRecordWriter.text(for: one, node: "/dev/input/event3")
        let second = LibinputRecordWriter.text(for: two, node: "/dev/input/event4")
        // Join the device lists: the header of the first, its device, then the second's device.
        let devicesOfSecond = second.components(separatedBy: "devices:\n")[1]
        let text = first.replacingOccurrences(of: "ndevices: 1", with: "ndevices: 2") + devicesOfSecond
        let file = try LibinputRecordReader.parse(text, file: "two.yml")
        #expect(file.devices.map(\.node) == ["/dev/input/event3", "/dev/input/event4"])
        let secondRecording = try RecordingImporter.parse(text, file: "two.yml", as: .libinputRecord, options: .init(deviceIndex: 1))
        #expect(secondRecording.device == two.device)
        #expect(secondRecording.events == two.events)
        let error = try #require(throws: RecordingError.self) {
            try RecordingImporter.parse(text, file: "two.yml", as: .libinputRecord, options: .init(deviceIndex: 2))
        }
        #expect(error.problem == .outOfRange)
        #expect(error.description.contains("two.yml"))
    }

    @Test("libinput entries among the events are skipped; null sections are empty")
    func optionalParts() throws {
        let text = """
            version: 1
            devices:
            - evdev:
                name: "Pad"
                id: [3, 1, 2, 3]
                codes:
                  0: [0]
                  3: [0]
                absinfo:
                  0: [0, 100, 0, 0, 10]
                properties:
              udev:
              quirks:
              events:
              - libinput:
                  type: POINTER_MOTION
                  time: 0.0
              - evdev:
                - [0, 10, 3, 0, 50]
                - [0, 10, 0, 0, 0]
            """
        let file = try LibinputRecordReader.parse(text, file: "small.yml")
        let device = try #require(file.devices.first)
        #expect(device.events.count == 2)
        #expect(device.description.axes == [AbsoluteAxis(code: 0, minimum: 0, maximum: 100, resolution: 10)])
        #expect(device.udevProperties.isEmpty && device.quirks.isEmpty && device.node == nil)
    }

    // MARK: - Malformed input

    struct Malformed: Sendable, CustomTestStringConvertible {
        var label: String
        var text: String
        var line: Int?
        var problem: RecordingError.Problem
        var mentions: [String]
        var testDescription: String { label }
    }

    static let device = """
        version: 1
        ndevices: 1
        devices:
        - node: /dev/input/event0
          evdev:
            name: "Pad"
            id: [3, 1, 2, 3]
            codes:
              3: [0, 1]
            absinfo:
              0: [0, 100, 0, 0, 10]
              1: [0, 50, 0, 0, 10]
            properties: [0]
          events:

        """

    static let malformed: [Malformed] = [
        Malformed(label: "no version", text: "devices: []\n", line: 1, problem: .missingField, mentions: ["`version:`", "top level"]),
        Malformed(label: "a newer version", text: "version: 2\ndevices: []\n", line: 1, problem: .unsupportedVersion, mentions: ["version 1", "found 2"]),
        Malformed(label: "no devices", text: "version: 1\nndevices: 0\n", line: 1, problem: .missingField, mentions: ["`devices:`"]),
        Malformed(
            label: "a device without a name",
            text: device.replacingOccurrences(of: "    name: \"Pad\"\n", with: ""), line: 6, problem: .missingField,
            mentions: ["`name:`", "devices[0].evdev"]),
        Malformed(
            label: "an announced axis without absinfo",
            text: device.replacingOccurrences(of: "      1: [0, 50, 0, 0, 10]\n", with: ""), line: 9, problem: .inconsistentHeader,
            mentions: ["ABS_Y", "absinfo"]),
        Malformed(
            label: "absinfo with four values",
            text: device.replacingOccurrences(of: "[0, 50, 0, 0, 10]", with: "[0, 50, 0, 0]"), line: 12, problem: .missingField,
            mentions: ["the resolution", "devices[0].evdev.absinfo.1"]),
        Malformed(
            label: "an id with a word in it",
            text: device.replacingOccurrences(of: "[3, 1, 2, 3]", with: "[3, one, 2, 3]"), line: 7, problem: .invalidNumber,
            mentions: ["the vendor id", "\"one\""]),
        Malformed(
            label: "an event with four values",
            text: device + "  - evdev:\n    - [0, 0, 3, 0]\n", line: 16, problem: .missingField,
            mentions: ["[sec, usec, type, code, value]", "only 4 values"]),
        Malformed(
            label: "microseconds out of range",
            text: device + "  - evdev:\n    - [0, 1000000, 3, 0, 5]\n", line: 16, problem: .outOfRange,
            mentions: ["the microseconds", "999999"]),
        Malformed(
            label: "an event type beyond EV_MAX",
            text: device + "  - evdev:\n    - [0, 0, 64, 0, 5]\n", line: 16, problem: .outOfRange,
            mentions: ["the event type", "64"]),
        Malformed(label: "not YAML", text: "version: 1\ndevices: [\n  - {\n", line: 3, problem: .syntax, mentions: ["YAML"]),
        Malformed(label: "a list at the top", text: "- 1\n- 2\n", line: 1, problem: .wrongType, mentions: ["mapping"]),
        Malformed(label: "an empty file", text: "", line: 1, problem: .empty, mentions: ["empty"]),
        Malformed(
            label: "codes that are not a list",
            text: device.replacingOccurrences(of: "      3: [0, 1]", with: "      3: 7"), line: 9, problem: .wrongType,
            mentions: ["devices[0].evdev.codes.3", "list"]),
    ]

    @Test("malformed libinput records give errors naming the file, the line and the key", arguments: malformed)
    func malformedInput(_ item: Malformed) throws {
        let error = try #require(throws: RecordingError.self) {
            try RecordingImporter.parse(item.text, file: "bad.yml", as: .libinputRecord)
        }
        #expect(error.file == "bad.yml")
        #expect(error.problem == item.problem, "\(error)")
        if let line = item.line { #expect(error.line == line, "\(error)") }
        for word in item.mentions {
            #expect(error.message.contains(word), "\(error) should mention \(word)")
        }
    }

    @Test("bytes that are not text are reported at their line")
    func notText() throws {
        let bytes = Array("version: 1\n".utf8) + [0xff, 0xfe, 0x0a]
        let error = try #require(throws: RecordingError.self) {
            try RecordingImporter.parse(bytes: bytes, file: "binary.yml", as: .libinputRecord)
        }
        #expect(error.problem == .notText)
        #expect(error.line == 2)
    }

    // MARK: - The mailing-list recording (not part of the repository)

    static let lkml = InteropData.external("lkml-libinput-record/acer-sw5-012-ite-touchpad.two-finger-scroll.yml")

    @Test("the real libinput record of an ITE touchpad from the mailing list imports", .enabled(if: lkml != nil))
    func mailingListRecording() throws {
        let path = try #require(Self.lkml)
        let recording = try Recording(contentsOf: path)
        let device = recording.device
        #expect(device.name == "ITE Tech. Inc. ITE Device(8595) Touchpad")
        #expect(device.identity == DeviceIdentity(bustype: 3, vendor: 0x06cb, product: 0x2968, version: 0x110))
        #expect(device.kind == .touchpad)
        #expect(device.slotCount == 3)
        #expect(device.axis(AbsCode.mtPositionX)?.maximum == 1051)
        #expect(device.axis(AbsCode.mtPositionY)?.resolution == 12)
        #expect(device.otherCodes == [EventCodeSet(type: .msc, codes: [MscCode.timestamp])])
        #expect(recording.events.count == 112)
        let statistics = TouchStatistics(recording)
        #expect(statistics.frames == 13)
        #expect(statistics.touches == 2)
        #expect(statistics.maximumSimultaneous == 2)
        #expect(statistics.ended == 2)
        #expect(recording.summary.duration == 0.089724)
    }
}
