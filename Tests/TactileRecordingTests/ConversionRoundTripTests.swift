// Every corpus recording through evemu and libinput record and back: screen, labels and golden log kept, the replay unchanged.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

/// JSON → evemu → JSON and JSON → libinput record → JSON over every
/// recording of `Recordings/` with a golden log: what comes back is the same
/// recording (the same Tactile JSON bytes: device, events, axis values,
/// screen, creation time, labels and golden log), so it replays as the
/// original, which `CorpusReplayTests` replays to its golden log (replay is
/// deterministic); one file per format is replayed here too, and the CLI
/// tests run `replay --expect` on converted files. libinput record refuses,
/// naming the field, what it cannot say.
@Suite("Conversions keep what they read")
struct ConversionRoundTripTests {
    static let files = CorpusReplayTests.files

    static func read(_ file: String) throws -> Recording {
        try RecordingReader.read(contentsOf: CorpusReplayTests.directory + "/" + file)
    }

    /// `original` written as `format` and read back as the CLI reads a file.
    static func roundTrip(_ original: Recording, as format: RecordingFormat) throws -> Recording {
        try RecordingImporter.parse(RecordingExporter.text(for: original, as: format), as: format)
    }

    @Test("JSON → evemu → JSON gives the same bytes", arguments: files)
    func evemu(file: String) throws {
        let original = try Self.read(file)
        let back = try Self.roundTrip(original, as: .evemu)
        #expect(back.screen == original.screen && back.labels == original.labels && back.created == original.created, "\(file)")
        #expect(try RecordingWriter.bytes(for: back) == RecordingWriter.bytes(for: original), "\(file)")
        #expect(back.expected != nil, "\(file): the golden log did not come back")
    }

    @Test("JSON → libinput record → JSON gives the same bytes, or is refused naming what it cannot hold", arguments: files)
    func libinputRecord(file: String) throws {
        let original = try Self.read(file)
        let implied = DeviceDescription.classify(
            properties: original.device.properties, keys: original.device.keys, axes: original.device.axes, otherCodes: original.device.otherCodes)
        guard original.axisValues.slot == 0, original.device.kind == implied else {
            let error = #expect(throws: RecordingError.self) { try RecordingExporter.text(for: original, as: .libinputRecord) }
            #expect(error?.problem == .notRepresentable && ["axisValues", "device.kind"].contains(error?.path ?? ""), "\(file): \(String(describing: error))")
            return
        }
        let back = try Self.roundTrip(original, as: .libinputRecord)
        #expect(try RecordingWriter.bytes(for: back) == RecordingWriter.bytes(for: original), "\(file)")
        #expect(back.expected != nil, "\(file): the golden log did not come back")
    }

    @Test("a converted recording replays to its golden log", arguments: [RecordingFormat.evemu, .libinputRecord])
    @MainActor func replays(format: RecordingFormat) throws {
        let back = try Self.roundTrip(try Self.read("synthetic/touchpad-showcase.json"), as: format)
        let expected = try #require(back.expected)
        let log = RecordingReplay.run(back).log
        #expect(!expected.isEmpty && RecordingReplay.diff(expected: expected, actual: log.records).isEmpty)
        #expect(!back.labels.isEmpty && RecordingReplay.labelProblems(back.labels, log: log).isEmpty)
    }

    @Test("the corpus has recordings libinput record takes, so the round trip above is not all refusals")
    func libinputRecordTakesMost() throws {
        var taken = 0
        for file in Self.files where (try? RecordingExporter.text(for: Self.read(file), as: .libinputRecord)) != nil { taken += 1 }
        #expect(taken * 2 > Self.files.count, "\(taken) of \(Self.files.count)")
    }

    @Test("a file opened from disk keeps them too, and its own screen wins over the importer's default")
    func fromDisk() throws {
        var original = try Self.read("touchscreen-galaxys-drag.json")
        original.created = "2026-11-21T12:00:00Z"
        try TemporaryDirectory.with { directory in
            for format in [RecordingFormat.evemu, .libinputRecord] {
                let path = directory + "/drag." + (format.fileExtensions.first ?? "")
                try RecordingExporter.write(original, to: path)
                let opened = try Recording.open(path)
                #expect(opened.format == format)
                #expect(try RecordingWriter.bytes(for: opened.recording) == RecordingWriter.bytes(for: original), "\(format)")
                #expect(opened.recording.screen.bounds.size == Size(width: 480, height: 800), "\(format)")
                let imported = try RecordingImporter.parse(String(contentsOfFile: path, encoding: .utf8), as: format, options: .init(screen: .standard))
                #expect(imported.screen == original.screen, "\(format): the file's own screen, not the default")
            }
        }
    }

    @Test("an empty golden log is a golden log: it comes back empty, not missing")
    func emptyGoldenLog() throws {
        var original = try Self.read("touchscreen-galaxys-drag.json")
        original.expected = []
        original.labels = []
        for format in [RecordingFormat.evemu, .libinputRecord] {
            let text = try RecordingExporter.text(for: original, as: format)
            #expect(text.contains("# Tactile-Expected: 0 actions\n"), "\(format)")
            let back = try RecordingImporter.parse(text, as: format)
            #expect(back.expected == [] && back.labels.isEmpty, "\(format)")
        }
    }
}

/// The `# Tactile-…` lines are read strictly: a fault gives the line, the
/// column and the field, and lines missing from a golden log are told.
@Suite("Conversions: annotation lines read strictly")
struct AnnotationLineTests {
    static let evemu: String = {
        var recording = Recording(device: DeviceDescription(name: "panel", properties: [InputProperty.direct], axes: [
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 1), AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 1000),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 1000), AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
        ]))
        recording.events = [InputEvent(seconds: 0, microseconds: 0, type: .syn, code: 0, value: 0)]
        recording.expected = [ActionRecord(time: 0.5, recognizer: "tap", view: "window", state: .ended, touches: 1, location: Point(x: 1, y: 2), values: [])]
        recording.labels = [RecordingLabel(gesture: "tap", recognizers: ["tap"])]
        return (try? RecordingExporter.text(for: recording, as: .evemu)) ?? ""
    }()

    /// `evemu` with `line` (a `# Tactile-…` line) in place of the one starting with `prefix`.
    private func replacing(_ prefix: String, with line: String?) -> String {
        Self.evemu.split(separator: "\n", omittingEmptySubsequences: false)
            .compactMap { $0.hasPrefix(prefix) ? line : String($0) }.joined(separator: "\n")
    }

    private func refusal(_ text: String) -> RecordingError? {
        #expect(throws: RecordingError.self) { try RecordingImporter.parse(text, file: "x.evemu", as: .evemu) }
    }

    @Test("the writer's own text reads back")
    func writerText() throws {
        let back = try RecordingImporter.parse(Self.evemu, as: .evemu)
        #expect(back.expected?.count == 1 && back.labels.first?.gesture == "tap")
    }

    @Test("a malformed screen names its line, column and field")
    func badScreen() throws {
        let broken = replacing("# Tactile-Screen:", with: #"# Tactile-Screen: {"bounds": {"origin": {"x": 0, "y": 0}, "size": {"width": "wide", "height": 1}}, "pointsPerMillimetre": 4}"#)
        let error = try #require(refusal(broken))
        #expect(error.line == 2 && error.path == "screen.bounds.size.width" && error.problem == .wrongType, "\(error)")
        #expect(error.column == 77, "the column of \"wide\" on the line: \(error)")
        let cut = try #require(refusal(replacing("# Tactile-Screen:", with: #"# Tactile-Screen: {"bounds": "#)))
        #expect(cut.message.hasSuffix("found the end of the line"), "\(cut)")
    }

    @Test("a golden log with a line missing, one too many or no count is refused")
    func actions() throws {
        let missing = try #require(refusal(replacing("# Tactile-Action:", with: nil)))
        #expect(missing.problem == .truncated && missing.message.contains("found 0"), "\(missing)")
        let action = try #require(Self.evemu.split(separator: "\n").first { $0.hasPrefix("# Tactile-Action:") })
        let extra = try #require(refusal(Self.evemu.replacingOccurrences(of: String(action), with: action + "\n" + action)))
        #expect(extra.problem == .extraField && extra.line == 6, "\(extra)")
        let uncounted = try #require(refusal(replacing("# Tactile-Expected:", with: nil)))
        #expect(uncounted.problem == .misplacedLine, "\(uncounted)")
        let badCount = try #require(refusal(replacing("# Tactile-Expected:", with: "# Tactile-Expected: many actions")))
        #expect(badCount.problem == .invalidValue && badCount.line == 4, "\(badCount)")
    }

    @Test("a second screen line is refused, naming the first")
    func duplicate() throws {
        let screenLine = try #require(Self.evemu.split(separator: "\n").first { $0.hasPrefix("# Tactile-Screen:") })
        let twice = Self.evemu.replacingOccurrences(of: String(screenLine), with: screenLine + "\n" + screenLine)
        let error = try #require(refusal(twice))
        #expect(error.problem == .duplicateKey && error.line == 3 && error.message.contains("line 2"), "\(error)")
    }

    @Test("comment lines after the first event are comments, as evemu has them")
    func afterEvents() throws {
        let text = Self.evemu + "# Tactile-Screen: not JSON at all\n"
        #expect(try RecordingImporter.parse(text, as: .evemu).labels.count == 1)
    }
}
