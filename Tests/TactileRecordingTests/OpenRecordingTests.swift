// Recording(contentsOf:) and Recording.open(_:options:): one call for a file in any format, Tactile JSON included.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

/// `Recording(contentsOf:)` and `Recording.open(_:options:)`: one call for a
/// file in any format, Tactile JSON included.
@Suite("Opening a recording in any format")
struct OpenRecordingTests {
    static let corpus = Repository.root.path + "/Recordings"

    /// One file of each format, and what its own reader makes of it.
    struct Sample: Sendable, CustomTestStringConvertible {
        var path: String
        var format: RecordingFormat
        var direct: @Sendable () throws -> Recording
        var testDescription: String { "\(format): \(URL(fileURLWithPath: path).lastPathComponent)" }
    }

    static let samples: [Sample] = [
        Sample(path: corpus + "/touchscreen-galaxys-two-finger-drag.json", format: .tactile) {
            try RecordingReader.read(contentsOf: corpus + "/touchscreen-galaxys-two-finger-drag.json")
        },
        Sample(path: BundledRecordings.path("touchpad-double-tap.evemu"), format: .evemu) {
            Recording(evemu: try EvemuReader.read(contentsOf: BundledRecordings.path("touchpad-double-tap.evemu")))
        },
        Sample(path: InteropData.fixture("libinput-record-synaptics-two-finger-scroll.yml"), format: .libinputRecord) {
            try LibinputRecordReader.readRecording(contentsOf: InteropData.fixture("libinput-record-synaptics-two-finger-scroll.yml"))
        },
        Sample(path: InteropData.fixture("getevent-phone-two-finger-drag.txt"), format: .getevent) {
            Recording(getevent: try GeteventReader.read(contentsOf: InteropData.fixture("getevent-phone-two-finger-drag.txt")))
        },
        Sample(path: InteropData.fixture("remarkable-double-tap-left.record"), format: .remarkable) {
            try RemarkableRecordReader.read(contentsOf: InteropData.fixture("remarkable-double-tap-left.record"))
        },
    ]

    @Test("every format opens through the one call as its own reader reads it", arguments: samples)
    func everyFormat(_ sample: Sample) throws {
        let opened = try Recording.open(sample.path)
        #expect(opened.format == sample.format)
        #expect(opened.warnings.isEmpty, "\(opened.warnings)")
        #expect(opened.recording == (try sample.direct()))
        #expect(try Recording(contentsOf: sample.path) == opened.recording)
        #expect(!opened.recording.events.isEmpty)
    }

    /// Every recording file of the repository: the corpus, its evemu
    /// originals, the synthesized sessions and the interop fixtures.
    static let repositoryFiles: [String] = {
        let directories = [corpus, corpus + "/evemu", corpus + "/synthetic", InteropData.fixtures]
        return directories.flatMap { directory in
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
                .filter { RecordingFormat(pathExtensionOf: $0) != nil }
                .map { directory + "/" + $0 }
        }
    }()

    @Test("every recording in the repository opens, in the format its name says, as protocol B")
    func repository() throws {
        #expect(Self.repositoryFiles.count >= 60, "\(Self.repositoryFiles.count) files")
        for path in Self.repositoryFiles {
            let opened = try Recording.open(path)
            #expect(opened.format == RecordingFormat(pathExtensionOf: path), "\(path)")
            #expect(!opened.recording.device.usesProtocolA, "\(path)")
            #expect(!opened.recording.events.isEmpty, "\(path)")
        }
    }

    @Test("the documented example: a pan on a recording")
    @MainActor func documentedExample() throws {
        let recording = try Recording(contentsOf: Self.corpus + "/touchscreen-galaxys-two-finger-drag.json")
        let window = Window(screen: recording.screen)
        let pan = PanGestureRecognizer()
        var states: [GestureRecognizerState] = []
        pan.addAction { states.append($0.state) }
        window.addGestureRecognizer(pan)
        let pipeline = InputPipeline(device: recording.device, window: window, axisValues: recording.axisValues)
        pipeline.process(recording.events)
        #expect(states.first == .began)
        #expect(states.last == .ended)
    }

    // MARK: - Warnings and errors

    @Test("Tactile JSON warnings come through, naming the file and line")
    func jsonWarnings() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/w.json"
            let text = RecordingFormatFixtures.tapText(replacing: "    [0, 8000, 0, 0, 0]\n", with: "    [0, 4000, 0, 0, 0]\n")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let opened = try Recording.open(path)
            #expect(opened.format == .tactile)
            let backwards = try #require(opened.warnings.first { $0.kind == .timeWentBackwards })
            #expect(backwards.file == path)
            #expect(backwards.line == 37)
            #expect(backwards.path == "events[6]")
            #expect(opened.warnings.contains { $0.kind == .summaryMismatch })
            #expect(opened.recording.expected != nil, "a protocol B recording keeps its golden log")
        }
    }

    /// A broken file of each format, and where its error must point.
    static let broken: [(name: String, text: String, line: Int)] = [
        ("bad.json", RecordingFormatFixtures.tapText(replacing: "[0, 8000, 0, 0, 0]", with: "[0, 8000, 0, \"x\", 0]"), 37),
        ("bad.evemu", "N: Pad\nI: 0003 0001 0002 0003\nE: 0.000001 0003 zz 5\n", 3),
        ("bad.yml", "version: 1\ndevices:\n  - evdev:\n      name: pad\n      id: [1, 2]\n", 5),
        ("bad.txt", "[    1.000000] EV_ABS ABS_MT_TRACKING_ID 00000001\n[    1.000100] EV_ABS ABS_MT_POSITION_X zzzz\n", 2),
        ("bad.record", "[1677239444.394294, {\"0\": {\"id\": 3613}}]\n[1677239444.4, {\"0\": ]\n", 2),
    ]

    @Test("errors keep the file, the line and what was expected", arguments: broken.indices)
    func errors(_ index: Int) throws {
        let sample = Self.broken[index]
        try TemporaryDirectory.with { directory in
            let path = directory + "/" + sample.name
            try sample.text.write(toFile: path, atomically: true, encoding: .utf8)
            let error = try #require(throws: RecordingError.self) { try Recording.open(path) }
            #expect(error.file == path)
            #expect(error.line == sample.line, "\(error)")
            #expect(error.description.hasPrefix("\(path):\(sample.line):"), "\(error)")
            #expect(error.message.contains("expected"), "\(error)")
        }
    }

    @Test("a JSON error names the column and the JSON path too")
    func jsonErrorPath() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/bad.json"
            try RecordingFormatFixtures.tapText(replacing: "[0, 8000, 0, 0, 0]", with: "[0, 8000, 0, \"x\", 0]")
                .write(toFile: path, atomically: true, encoding: .utf8)
            let error = try #require(throws: RecordingError.self) { try Recording(contentsOf: path) }
            #expect(error.path == "events[6][3]")
            #expect(error.column != nil)
        }
    }

    @Test("a missing file, a directory, an unknown format and a device that is not there are errors")
    func fileErrors() throws {
        try TemporaryDirectory.with { directory in
            var error = try #require(throws: RecordingError.self) { try Recording.open(directory + "/none.json") }
            #expect(error.problem == .unreadable)
            #expect(error.file == directory + "/none.json")

            error = try #require(throws: RecordingError.self) { try Recording.open(directory) }
            #expect(error.problem == .unreadable)

            let mystery = directory + "/mystery.bin"
            try "hello\n".write(toFile: mystery, atomically: true, encoding: .utf8)
            error = try #require(throws: RecordingError.self) { try Recording.open(mystery) }
            #expect(error.problem == .unknownFormat)
            #expect(error.file == mystery)

            let yml = InteropData.fixture("libinput-record-synaptics-two-finger-scroll.yml")
            error = try #require(throws: RecordingError.self) { try Recording.open(yml, options: .init(deviceIndex: 3)) }
            #expect(error.problem == .outOfRange)
            #expect(error.message.contains("found 3"))
        }
    }

    @Test("a format asked for wins over detection")
    func forcedFormat() throws {
        let trace = InteropData.fixture("getevent-phone-two-finger-drag.txt")
        let error = try #require(throws: RecordingError.self) { try Recording.open(trace, options: .init(format: .remarkable)) }
        #expect(error.line == 1)
        #expect(try Recording.open(trace, options: .init(format: .getevent)).format == .getevent)
    }

    // MARK: - Headerless evemu

    /// The evemu file split as old recordings were: the header in one file, the `E:` lines in another.
    private static func split(_ evemu: String, into directory: String, description: String, events: String) throws {
        let lines = try String(contentsOfFile: evemu, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        try lines.filter { !$0.hasPrefix("E:") }.joined(separator: "\n")
            .write(toFile: directory + "/" + description, atomically: true, encoding: .utf8)
        try lines.filter { $0.hasPrefix("E:") }.joined(separator: "\n")
            .write(toFile: directory + "/" + events, atomically: true, encoding: .utf8)
    }

    @Test("a headerless evemu file opens with its .desc, named or found beside it")
    func headerlessEvemu() throws {
        let original = BundledRecordings.path("touchpad-two-finger-scroll.evemu")
        let whole = try Recording(contentsOf: original)
        try TemporaryDirectory.with { directory in
            try Self.split(original, into: directory, description: "device.desc", events: "scroll.events")
            let events = directory + "/scroll.events"

            let missing = try #require(throws: RecordingError.self) { try Recording.open(events) }
            #expect(missing.problem == .missingHeader)
            #expect(missing.file == events)
            #expect(missing.line == 1)

            let opened = try Recording.open(events, options: .init(evemuDescriptionFile: directory + "/device.desc"))
            #expect(opened.format == .evemu)
            #expect(opened.recording == whole)

            // Any name: an events-only file says nothing else, so it is taken as evemu.
            try FileManager.default.moveItem(atPath: events, toPath: directory + "/scroll.data")
            #expect(try Recording(contentsOf: directory + "/scroll.data",
                                  options: .init(evemuDescriptionFile: directory + "/device.desc")) == whole)

            // Beside it, under a name that is a prefix of the events file's.
            try FileManager.default.moveItem(atPath: directory + "/device.desc", toPath: directory + "/Pad.desc")
            try FileManager.default.moveItem(atPath: directory + "/scroll.data", toPath: directory + "/Pad.scroll.events")
            #expect(try Recording(contentsOf: directory + "/Pad.scroll.events") == whole)

            let badDescription = try #require(throws: RecordingError.self) {
                try Recording.open(directory + "/Pad.scroll.events", options: .init(evemuDescriptionFile: directory + "/none.desc"))
            }
            #expect(badDescription.file == directory + "/none.desc")
            #expect(badDescription.problem == .unreadable)
        }
    }

    @Test("an evemu description given with a file of another format is an error naming both")
    func descriptionWithOtherFormat() throws {
        let json = Self.corpus + "/touchscreen-galaxys-tap.json"
        let description = BundledRecordings.path("touchpad-double-tap.evemu")
        for options in [Recording.OpenOptions(evemuDescriptionFile: description), .init(format: .tactile, evemuDescriptionFile: description)] {
            let error = try #require(throws: RecordingError.self) { try Recording.open(json, options: options) }
            #expect(error.problem == .unknownFormat)
            #expect(error.file == json)
            #expect(error.message.contains(description))
            #expect(error.message.contains("Tactile JSON"))
        }
    }

    // MARK: - Protocol A

    @Test("protocol A is converted by default and kept as recorded when asked: evemu")
    func protocolAEvemu() throws {
        let path = InteropProtocolAImportTests.ntrigTwoFingers
        let raw = try EvemuReader.read(contentsOf: path)
        let converted = try Recording(contentsOf: path)
        #expect(converted.device == raw.device.convertedToProtocolB())
        #expect(converted.events == ProtocolAConverter.convert(raw.events, configuration: .device))
        #expect(TouchStatistics(converted).maximumSimultaneous == 2)

        let kept = try Recording(contentsOf: path, options: .init(protocolA: .keepAsRecorded))
        #expect(kept.device == raw.device)
        #expect(kept.device.usesProtocolA)
        #expect(kept.events == raw.events)
        #expect(kept.axisValues == raw.axisValues)
    }

    @Test("protocol A is converted by default and kept as recorded when asked: libinput record and Tactile JSON")
    func protocolAOtherFormats() throws {
        let raw = try EvemuReader.read(contentsOf: InteropProtocolAImportTests.ntrigTwoFingers)
        var old = Recording(device: raw.device, events: raw.events)
        old.expected = []
        try TemporaryDirectory.with { directory in
            let yml = directory + "/ntrig.yml"
            try LibinputRecordWriter.text(for: old).write(toFile: yml, atomically: true, encoding: .utf8)
            let json = directory + "/ntrig.json"
            try RecordingWriter.write(old, to: json)
            for path in [yml, json] {
                let converted = try Recording(contentsOf: path)
                #expect(converted.device == raw.device.convertedToProtocolB(), "\(path)")
                #expect(converted.events == ProtocolAConverter.convert(raw.events, configuration: .device), "\(path)")
                #expect(converted.expected == nil, "a golden log made for protocol A events is dropped")
                let kept = try Recording(contentsOf: path, options: .init(protocolA: .keepAsRecorded))
                #expect(kept.device == raw.device, "\(path)")
                #expect(kept.events == raw.events, "\(path)")
            }
            #expect(try Recording(contentsOf: json, options: .init(protocolA: .keepAsRecorded)).expected == [])
        }
    }

    @Test("getevent and reMarkable are protocol B whatever is asked: their made-up device has slots")
    func protocolAMadeUpDevices() throws {
        let trace = InteropData.fixture("getevent-phone-two-finger-drag.txt")
        #expect(try GeteventReader.read(contentsOf: trace).multitouchProtocol == .a)
        let kept = try Recording(contentsOf: trace, options: .init(protocolA: .keepAsRecorded))
        #expect(kept == (try Recording(contentsOf: trace)))
        #expect(!kept.device.usesProtocolA)
    }

    // MARK: - Screen, surface size, made-up devices

    @Test("the screen: a JSON recording's own unless one is given; Screen.standard for the others unless one is given")
    func screen() throws {
        let json = Self.corpus + "/touchscreen-galaxys-tap.json"
        let stored = try RecordingReader.header(contentsOf: json).screen
        let phone = Screen(width: 480, height: 800, dotsPerInch: 233)
        #expect(stored != phone)
        #expect(try Recording(contentsOf: json).screen == stored)
        #expect(try Recording(contentsOf: json, options: .init(screen: phone)).screen == phone)
        for sample in Self.samples where sample.format != .tactile {
            #expect(try Recording(contentsOf: sample.path).screen == .standard, "\(sample.path)")
            #expect(try Recording(contentsOf: sample.path, options: .init(screen: phone)).screen == phone, "\(sample.path)")
        }
    }

    @Test("a surface size gives position axes without resolution one, and leaves the others")
    func surfaceSize() throws {
        let trace = InteropData.fixture("getevent-phone-two-finger-drag.txt")
        let plain = try Recording(contentsOf: trace)
        let width = try #require(plain.device.axis(AbsCode.mtPositionX))
        let height = try #require(plain.device.axis(AbsCode.mtPositionY))
        #expect(width.resolution == 0)
        let sized = try Recording(contentsOf: trace, options: .init(surfaceSizeInMillimetres: Size(width: 52, height: 87)))
        #expect(sized.device.axis(AbsCode.mtPositionX)?.resolution == Int32((width.span / 52).rounded()))
        #expect(sized.device.axis(AbsCode.mtPositionY)?.resolution == Int32((height.span / 87).rounded()))
        #expect(sized.events == plain.events)
        #expect(SurfaceMapping(device: sized.device, screen: sized.screen).sizeSource == .resolution)

        // An evemu touchpad with ABS_X/ABS_Y at resolution 0 and MT axes that have one.
        let alps = BundledRecordings.path("touchpad-double-tap.evemu")
        let before = try Recording(contentsOf: alps).device
        let after = try Recording(contentsOf: alps, options: .init(surfaceSizeInMillimetres: Size(width: 1e-300, height: 70))).device
        for axis in before.axes {
            let resized = try #require(after.axis(axis.code))
            if axis.resolution > 0 || ![AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY].contains(axis.code) {
                #expect(resized == axis)
            } else {
                #expect(resized.resolution >= 1)
            }
        }
        #expect(after.axis(AbsCode.x)?.resolution == Int32.max, "a tiny width gives the largest resolution, not a trap")
    }

    @Test("a surface size that is not positive and finite is an error, not a trap", arguments: [
        Size(width: 0, height: 10), Size(width: 10, height: -1), Size(width: .nan, height: 10), Size(width: 10, height: .infinity),
    ])
    func badSurfaceSize(_ size: Size) throws {
        let trace = InteropData.fixture("getevent-phone-two-finger-drag.txt")
        let error = try #require(throws: RecordingError.self) { try Recording.open(trace, options: .init(surfaceSizeInMillimetres: size)) }
        #expect(error.problem == .invalidValue)
        #expect(error.file == trace)
        #expect(error.message.contains("surface size"))
    }

    @Test("made-up devices take the name and slots asked for")
    func madeUpDevices() throws {
        let trace = InteropData.fixture("getevent-phone-two-finger-drag.txt")
        let named = try Recording(contentsOf: trace, options: .init(deviceName: "Galaxy", slotCount: 4))
        #expect(named.device.name == "Galaxy")
        #expect(named.device.slotCount == 4)
        let record = try Recording(contentsOf: InteropData.fixture("remarkable-double-tap-left.record"), options: .init(deviceName: "rM"))
        #expect(record.device.name == "rM")
    }

    @Test("JSON limits apply to Tactile JSON read whole")
    func limits() throws {
        let json = Self.corpus + "/touchscreen-galaxys-tap.json"
        let error = try #require(throws: RecordingError.self) {
            try Recording.open(json, options: .init(limits: RecordingReader.Limits(maximumFileSize: 100)))
        }
        #expect(error.problem == .tooLarge)
    }
}
