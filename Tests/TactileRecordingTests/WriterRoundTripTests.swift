// Every writer's output reads back and replays identically (corpus and hostile-but-accepted inputs), or the writer refuses; file safety of the library's saving.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

@Suite("Writers round-trip")
struct WriterRoundTripTests {
    /// Every corpus recording, the evemu recordings and the interop fixtures of every format.
    static let corpus: [String] = {
        let fixtures = ["evemu-begins-in-slot-1.evemu", "getevent-phone-three-touches.txt", "getevent-phone-two-finger-drag.txt",
                        "getevent-tablet-three-touches.txt", "libinput-record-synaptics-two-finger-scroll.yml",
                        "remarkable-double-tap-left.record", "remarkable-monkey-touch.record"]
        return Repository.goldenRecordings.map { Repository.recordings + "/" + $0 } + InteropData.files(in: BundledRecordings.directory, extension: "evemu")
            + fixtures.map(InteropData.fixture)
    }()

    /// `recording` written as `format` and read back (the exporters' formats keep no screen, labels or log: the original's are put back).
    static func writtenAndRead(_ recording: Recording, as format: RecordingFormat) throws -> Recording {
        switch format {
        case .tactile:
            return try RecordingReader.read(bytes: try RecordingWriter.bytes(for: recording))
        default:
            let text = try RecordingExporter.text(for: recording, as: format)
            var back = try RecordingImporter.parse(text, as: format)
            back.screen = recording.screen
            back.labels = recording.labels
            back.expected = recording.expected
            return back
        }
    }

    /// The formats that must refuse `recording`: libinput record keeps no axis values and no device kind.
    static func refusing(_ recording: Recording) -> Set<RecordingFormat> {
        let device = recording.device
        let implied = DeviceDescription.classify(properties: device.properties, keys: device.keys, axes: device.axes, otherCodes: device.otherCodes)
        return recording.axisValues.slot != 0 || device.kind != implied ? [.libinputRecord] : []
    }

    /// Checks that `recording` survives every writable format: same events, device, axis values, and the same replay;
    /// or that the writer refuses it (the formats ``refusing(_:)`` gives), saying why.
    @MainActor
    static func expectRoundTrip(_ recording: Recording, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let replayed = RecordingReplay.run(recording).log.jsonLines
        #expect(recording.summary.duration >= 0, "\(what)", sourceLocation: sourceLocation)
        for format in [RecordingFormat.tactile, .evemu, .libinputRecord] {
            if refusing(recording).contains(format) {
                let error = #expect(throws: RecordingError.self, "\(what) as \(format)", sourceLocation: sourceLocation) {
                    try writtenAndRead(recording, as: format)
                }
                #expect(error?.problem == .notRepresentable && error?.message.contains("write evemu or Tactile JSON") == true,
                        "\(what) as \(format)", sourceLocation: sourceLocation)
                continue
            }
            let back = try writtenAndRead(recording, as: format)
            #expect(back.events == recording.events, "\(what) as \(format)", sourceLocation: sourceLocation)
            #expect(back.axisValues == recording.axisValues || format == .libinputRecord, "\(what) as \(format)", sourceLocation: sourceLocation)
            var device = recording.device
            if format == .evemu { device.name = String(device.name.map { $0.isNewline ? " " : $0 }) }  // evemu's one documented change
            #expect(back.device == device, "\(what) as \(format)", sourceLocation: sourceLocation)
            #expect(RecordingReplay.run(back).log.jsonLines == replayed, "\(what) as \(format)", sourceLocation: sourceLocation)
            if format == .tactile {
                #expect(back.labels == recording.labels && back.created == recording.created, "\(what)", sourceLocation: sourceLocation)
                #expect(back.expected?.map(\.jsonLine) == recording.expected?.map(\.jsonLine), "\(what)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("each corpus recording, written in every format, reads back with the same events and replays the same", arguments: corpus)
    @MainActor
    func corpusRoundTrips(path: String) throws {
        let recording = try Recording(contentsOf: path)
        try Self.expectRoundTrip(recording, (path as NSString).lastPathComponent)
    }

    /// A getevent trace with a report whose clock goes back in its middle, as real traces do (the importer may keep or mend the order).
    static func backwardsGetevent() throws -> Recording {
        let text = try String(contentsOfFile: InteropData.fixture("getevent-phone-two-finger-drag.txt"), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The reader gives a frame's events its SYN_REPORT's time: move a report in the middle back.
        let reports = lines.indices.filter { lines[$0].contains("SYN_REPORT") }
        let middle = reports[reports.count / 2]
        lines[middle] = lines[middle].replacingOccurrences(of: #"^\[\s*[0-9.]+\]"#, with: "[    1000.000001]", options: .regularExpression)
        return try RecordingImporter.parse(lines.joined(separator: "\n"), as: .getevent)
    }

    @Test("a trace whose clock goes backwards has a duration of 0 or more, and every writer's output reads back")
    @MainActor
    func backwardsTimestamps() throws {
        let recording = try Self.backwardsGetevent()
        let times = recording.events.map(\.timeInMicroseconds)
        let span = Double(try #require(times.max()) - (try #require(times.min()))) / 1_000_000
        #expect(recording.summary.duration == span)
        try Self.expectRoundTrip(recording, "backwards getevent")
        // Hand-made: the last event before the first.
        let device = TestDevices.touchpad
        let events = [InputEvent(seconds: 5, microseconds: 0, type: .syn, code: SynCode.report, value: 0),
                      InputEvent(seconds: 2, microseconds: 500_000, type: .syn, code: SynCode.report, value: 0)]
        let reversed = Recording(device: device, events: events)
        #expect(reversed.summary.duration == 2.5)
        try Self.expectRoundTrip(reversed, "reversed")
    }

    /// Accepted by the readers, though absurd: extreme axes and values, a long name with invisible characters, times at the limit.
    static var hostile: Recording {
        let axes = [
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 1023),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: Int32.min, maximum: Int32.max, fuzz: Int32.max, flat: Int32.min, resolution: Int32.max),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 0),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
            AbsoluteAxis(code: AbsCode.pressure, minimum: 7, maximum: -7, resolution: -1),
        ]
        let name = String(repeating: "é", count: 500) + "\u{202e}\u{9b}x"  // 1 005 bytes, a bidi control and a C1 control
        let device = DeviceDescription(name: name, identity: DeviceIdentity(bustype: 0xffff, vendor: 0, product: 0xffff, version: 1),
                                       properties: [0, InputProperty.max], keys: [KeyCode.touch, KeyCode.max],
                                       axes: axes, otherCodes: [EventCodeSet(type: .msc, codes: [0, KeyCode.max])], kind: .touchscreen)
        var values = AxisValues()
        values[AbsCode.mtSlot] = 1023
        var events: [InputEvent] = []
        for (index, value) in [Int32.min, -1, 0, Int32.max].enumerated() {
            events.append(InputEvent(seconds: Int64(index), microseconds: 999_999, type: .abs, code: AbsCode.mtTrackingID, value: Int32(index)))
            events.append(InputEvent(seconds: Int64(index), microseconds: 999_999, type: .abs, code: AbsCode.mtPositionX, value: value))
            events.append(InputEvent(seconds: Int64(index), microseconds: 999_999, type: .syn, code: SynCode.report, value: 0))
        }
        events.append(InputEvent(seconds: 0, microseconds: 0, type: EventType(rawValue: 0x1f), code: 0xffff, value: Int32.min))
        return Recording(created: "2026-11-21T12:00:00.123456Z", device: device, axisValues: values,
                         labels: [RecordingLabel(gesture: String(repeating: "g", count: 1024), fingers: 1000, start: 0, end: 0,
                                                 recognizers: Array(repeating: "pan", count: 1024), note: String(repeating: "n", count: 65_536))],
                         events: events)
    }

    @Test("absurd but accepted devices, values and labels round-trip through every writer (libinput record refuses what it cannot hold)")
    @MainActor
    func hostileRoundTrips() throws {
        #expect(Self.refusing(Self.hostile) == [.libinputRecord])
        try Self.expectRoundTrip(Self.hostile, "hostile")
        var plain = Self.hostile
        plain.axisValues = AxisValues()
        plain.device = DeviceDescription(name: plain.device.name, identity: plain.device.identity, properties: plain.device.properties,
                                         keys: plain.device.keys, axes: plain.device.axes, otherCodes: plain.device.otherCodes)
        #expect(Self.refusing(plain).isEmpty)
        try Self.expectRoundTrip(plain, "hostile, slot 0, kind from its codes")
    }

    @Test("a device name with a line break or a control character: evemu turns the break into a space and refuses the control")
    @MainActor
    func controlCharactersInNames() throws {
        var recording = Self.hostile
        recording.axisValues = AxisValues()
        recording.device.kind = DeviceDescription.classify(properties: recording.device.properties, keys: recording.device.keys,
                                                           axes: recording.device.axes, otherCodes: recording.device.otherCodes)
        recording.device.name = "two\nlines"
        try Self.expectRoundTrip(recording, "line break")
        recording.device.name = "esc\u{1b}]0;pwned\u{7}"
        let back = try RecordingReader.read(bytes: try RecordingWriter.bytes(for: recording))
        #expect(back.device.name == recording.device.name)
        let error = try #require(throws: RecordingError.self) { try RecordingExporter.text(for: recording, as: .evemu) }
        #expect(error.problem == .notRepresentable && error.path == "device.name")
        #expect(!error.description.contains("\u{1b}"))
    }

    /// What the issue found written and then refused, each now refused by every writer with the field named.
    static let refused: [(String, String, @Sendable (inout Recording) -> Void)] = [
        ("device name of 1025 bytes", "device.name", { $0.device.name = String(repeating: "n", count: 1025) }),
        ("property code 32", "device.properties", { $0.device.properties = [32] }),
        ("key code beyond KEY_MAX", "device.keys", { $0.device.keys = [KeyCode.max + 1] }),
        ("a property twice", "device.properties", { $0.device.properties = [1, 1] }),
    ]

    /// Refused by JSON and libinput record, whose readers take no time before 0 (evemu's does).
    static let refusedButInEvemu: [(String, String, @Sendable (inout Recording) -> Void)] = [
        ("an event before 0", "events[0]", { $0.events = [InputEvent(seconds: -1, microseconds: 0, type: .syn, code: 0, value: 0)] }),
        ("microseconds beyond 999999", "events[0]", { $0.events = [InputEvent(seconds: 0, microseconds: 1_000_000, type: .syn, code: 0, value: 0)] }),
    ]

    static let refusedOutsideJSON: [(String, String, @Sendable (inout Recording) -> Void)] = [
        ("an event type beyond EV_MAX", "events[1]", {
            $0.events.append(InputEvent(seconds: 0, microseconds: 1, type: EventType(rawValue: 0x2b), code: 0, value: 0))
        }),
    ]

    static let refusedInJSON: [(String, String, @Sendable (inout Recording) -> Void)] = [
        ("gesture of 1025 bytes", "labels[0].gesture", { $0.labels = [RecordingLabel(gesture: String(repeating: "g", count: 1025))] }),
        ("1001 fingers", "labels[0].fingers", { $0.labels = [RecordingLabel(gesture: "tap", fingers: 1001)] }),
        ("-1 fingers", "labels[0].fingers", { $0.labels = [RecordingLabel(gesture: "tap", fingers: -1)] }),
        ("an end before the start", "labels[0].end", { $0.labels = [RecordingLabel(gesture: "tap", start: 2, end: 1)] }),
        ("a note over 64 KiB", "labels[0].note", { $0.labels = [RecordingLabel(gesture: "tap", note: String(repeating: "n", count: 65_537))] }),
        ("1025 recognizer names", "labels[0].recognizers", { $0.labels = [RecordingLabel(gesture: "tap", recognizers: Array(repeating: "pan", count: 1025))] }),
        ("a creation time not in UTC", "created", { $0.created = "yesterday" }),
    ]

    @Test("a header with more values than the reader takes (within its size) is refused by the reader's own check")
    func headerValueCount() throws {
        let labels = Array(repeating: RecordingLabel(gesture: "t", recognizers: Array(repeating: "pan", count: 20)), count: 100_000)
        let recording = Recording(device: TestDevices.touchpad, labels: labels)
        let error = try #require(throws: RecordingError.self) { try RecordingWriter.bytes(for: recording) }
        #expect(error.problem == .notRepresentable && error.message.hasPrefix("expected a header the reader takes back"), "\(error)")
    }

    @Test("what a reader refuses, no writer writes: the refusal names the field and the limit")
    func writersRefuseWhatReadersRefuse() throws {
        for (what, path, change) in Self.refused + Self.refusedButInEvemu + Self.refusedOutsideJSON + Self.refusedInJSON {
            var recording = Recording(device: TestDevices.touchpad, events: [InputEvent(seconds: 0, microseconds: 0, type: .syn, code: 0, value: 0)])
            change(&recording)
            let formats: [RecordingFormat] = Self.refused.contains { $0.0 == what } ? [.tactile, .evemu, .libinputRecord]
                : Self.refusedButInEvemu.contains { $0.0 == what } ? [.tactile, .libinputRecord]
                : Self.refusedOutsideJSON.contains { $0.0 == what } ? [.evemu, .libinputRecord] : [.tactile]
            for format in formats {
                let error = try #require(throws: RecordingError.self, "\(what) as \(format)") {
                    if format == .tactile { _ = try RecordingWriter.bytes(for: recording) } else { _ = try RecordingExporter.text(for: recording, as: format) }
                }
                #expect(error.problem == .notRepresentable && error.path == path, "\(what) as \(format): \(error)")
            }
            guard formats.contains(.tactile) else {
                let back = try RecordingImporter.parse(bytes: RecordingWriter.bytes(for: recording), file: "back", as: .tactile)
                #expect(back.events == recording.events, "\(what): Tactile JSON keeps it")
                continue
            }
            try TemporaryDirectory.with { directory in
                #expect(throws: RecordingError.self) { try RecordingWriter.write(recording, to: directory + "/out.json") }
                let left = try FileManager.default.contentsOfDirectory(atPath: directory)
                #expect(left.isEmpty, "\(what): nothing left behind")
            }
        }
    }
}

@Suite("Saving files")
struct SavingTests {
    static let recording = Recording(device: TestDevices.touchpad, events: [InputEvent(seconds: 1, microseconds: 0, type: .syn, code: 0, value: 0)])

    /// Saves `recording` at `path` with each writer of the library (the path's extension changed to the format's).
    static func writers(_ directory: String, name: String = "out") -> [(String, (Bool) throws -> Void)] {
        let evemu = EvemuRecording(recording)
        return [
            (directory + "/" + name + ".json", { overwrite in try RecordingWriter.write(recording, to: directory + "/" + name + ".json", overwrite: overwrite) }),
            (directory + "/" + name + ".evemu", { overwrite in try EvemuWriter.write(evemu, to: directory + "/" + name + ".evemu", overwrite: overwrite) }),
            (directory + "/" + name + ".yml", { overwrite in try LibinputRecordWriter.write(recording, to: directory + "/" + name + ".yml", overwrite: overwrite) }),
            (directory + "/" + name + ".e.evemu", { overwrite in try RecordingExporter.write(recording, to: directory + "/" + name + ".e.evemu", overwrite: overwrite) }),
        ]
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    @Test("every writer saves 0600 and leaves no other file, a testbed's three files too")
    func modes() throws {
        try TemporaryDirectory.with { directory in
            for (path, write) in Self.writers(directory) {
                try write(false)
                #expect(Self.mode(path) == 0o600, "\(path)")
            }
            let files = try TestbedWriter(device: TestDevices.touchpad, events: Self.recording.events).write(to: directory + "/bed", name: "pad")
            for path in [files.umockdev, files.ioctl, files.events] { #expect(Self.mode(path) == 0o600, "\(path)") }
            #expect(Self.mode(directory + "/bed") == 0o700)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
                == ["bed", "out.e.evemu", "out.evemu", "out.json", "out.yml"])
        }
    }

    @Test("a 250-byte name saves (the temporary name fits); a 256-byte one is refused with Linux's limit")
    func longNames() throws {
        try TemporaryDirectory.with { directory in
            let long = String(repeating: "x", count: 250 - ".e.evemu".count)
            for (path, write) in Self.writers(directory, name: long) {
                try write(false)
                #expect((path as NSString).lastPathComponent.utf8.count <= 250)
                #expect(Self.mode(path) == 0o600)
            }
            let tooLong = directory + "/" + String(repeating: "y", count: 251) + ".json"
            let error = try #require(throws: RecordingError.self) { try RecordingWriter.write(Self.recording, to: tooLong) }
            #expect(error.message.contains("at most 255 bytes"))
        }
    }

    @Test("a symbolic link at the destination is refused without overwrite and replaced (never followed) with it, dangling or not")
    func symbolicLinks() throws {
        try TemporaryDirectory.with { directory in
            let target = directory + "/target"
            try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
            for (path, write) in Self.writers(directory) {
                for destination in [target, directory + "/nowhere"] {
                    try? FileManager.default.removeItem(atPath: path)
                    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
                    let error = try #require(throws: RecordingError.self) { try write(false) }
                    #expect(error.problem == .exists && error.message.contains("symbolic link"), "\(path)")
                    #expect(Self.isLink(path))
                    try write(true)
                    #expect(!Self.isLink(path) && Self.mode(path) == 0o600, "\(path)")
                    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
                    #expect(!FileManager.default.fileExists(atPath: directory + "/nowhere"))
                }
            }
            let testbed = try TestbedWriter(device: TestDevices.touchpad)
            try FileManager.default.createSymbolicLink(atPath: directory + "/pad.ioctl", withDestinationPath: target)
            let refused = try #require(throws: TestbedError.self) { try testbed.write(to: directory, name: "pad") }
            #expect(refused.takenPath == directory + "/pad.ioctl")
            #expect(!FileManager.default.fileExists(atPath: directory + "/pad.umockdev"), "nothing written when one name is taken")
            try testbed.write(to: directory, name: "pad", overwrite: true)
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
        }
    }

    @Test("a directory or a special file is refused by name, even with overwrite; nothing is left behind")
    func directoriesAndSpecialFiles() throws {
        try TemporaryDirectory.with { directory in
            try FileManager.default.createDirectory(atPath: directory + "/d.json", withIntermediateDirectories: false)
            #expect(mkfifo(directory + "/f.json", 0o600) == 0)
            for overwrite in [false, true] {
                let asDirectory = try #require(throws: RecordingError.self) { try RecordingWriter.write(Self.recording, to: directory + "/d.json", overwrite: overwrite) }
                #expect(asDirectory.message == "expected a file path, found a directory")
                #expect(!asDirectory.description.contains("NSCocoaErrorDomain"))
                let trailing = try #require(throws: RecordingError.self) { try RecordingExporter.write(Self.recording, to: directory + "/d.json/", as: .evemu, overwrite: overwrite) }
                #expect(trailing.message.contains("directory"))
            }
            let fifo = try #require(throws: RecordingError.self) { try RecordingWriter.write(Self.recording, to: directory + "/f.json", overwrite: true) }
            #expect(fifo.message.contains("a FIFO"))
            let missing = try #require(throws: RecordingError.self) { try RecordingWriter.write(Self.recording, to: directory + "/no/such/x.json") }
            #expect(missing.message.contains("no such file"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["d.json", "f.json"])
        }
    }

    @Test("overwriting replaces a regular file atomically, keeping 0600")
    func overwriting() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/out.json"
            try Data("old".utf8).write(to: URL(fileURLWithPath: path))
            chmod(path, 0o644)
            #expect(throws: RecordingError.self) { try RecordingWriter.write(Self.recording, to: path) }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
            try RecordingWriter.write(Self.recording, to: path, overwrite: true)
            #expect(try RecordingReader.read(contentsOf: path).events == Self.recording.events)
            #expect(Self.mode(path) == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["out.json"])
        }
    }
}
