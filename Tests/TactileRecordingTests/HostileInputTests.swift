// Hostile inputs kept from fuzzing (Fixtures/Hostile/): each opens, replays and converts with a RecordingError or a clean result, never a trap.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

/// Every file in `Tests/TactileRecordingTests/Fixtures/Hostile/` (see the
/// README there and the "Fuzzing" section of docs/development.md): a fuzzer's finding, or
/// a hand-made file, in the format its extension names (`.journal` for a
/// `record` journal). Each goes through what `info`, `replay` and `convert`
/// do, in process: refusing it with a ``RecordingError`` is fine, a trap
/// kills the whole test run (so only inputs that no longer trap are kept here).
@MainActor
@Suite("Hostile inputs")
struct HostileInputTests {
    nonisolated static let directory = Repository.path("Tests/TactileRecordingTests/Fixtures/Hostile")

    /// The input files, sorted: everything but the README.
    nonisolated static let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
        .filter { $0 != "README.md" && !$0.hasPrefix(".") }
        .sorted()

    @Test("the folder is there and every file's extension names a format Tactile reads")
    func extensionsNameFormats() {
        #expect(FileManager.default.fileExists(atPath: Self.directory + "/README.md"))
        for file in Self.files {
            #expect(Self.isJournal(file) || RecordingFormat(pathExtensionOf: file) != nil, "\(file): no format has this extension")
        }
    }

    @Test("opens (header and whole), replays and converts with a RecordingError or a clean result", arguments: files)
    func survives(file: String) {
        let path = Self.directory + "/" + file
        let recording: Recording?
        if Self.isJournal(file) {
            recording = outcome(file, "recover") { () throws(RecordingError) in try RecordingJournal.recover(contentsOf: path).recording }
        } else if let format = RecordingFormat(pathExtensionOf: file) {
            // `info`: the format, and a Tactile JSON file's header alone.
            _ = outcome(file, "detect") { () throws(RecordingError) in try RecordingFormat.detect(contentsOf: path) }
            if format == .tactile {
                _ = outcome(file, "header") { () throws(RecordingError) in try RecordingReader.header(contentsOf: path) }
            }
            // `replay` and `convert`: the whole file, in the format of its extension and as detected.
            _ = outcome(file, "open as detected") { () throws(RecordingError) in try Recording.open(path) }
            recording = outcome(file, "open as \(format)") { () throws(RecordingError) in
                try Recording.open(path, options: Recording.OpenOptions(format: format)).recording
            }
        } else {
            Issue.record("\(file): no format has this extension")
            return
        }
        guard let recording else { return }
        _ = RecordingReplay.run(recording)
        convert(recording, file: file)
    }

    /// The line of each `time-beyond-range-N` file with the time no `Int64` of microseconds holds.
    nonisolated static let timesBeyondRange = ["time-beyond-range-1.record": 4, "time-beyond-range-2.txt": 20,
                                               "time-beyond-range-3.yml": 151, "time-beyond-range-4.evemu": 109]

    @Test("every reader refuses a time whose microseconds overflow, at its line and with its range (they once trapped the engine)",
          arguments: timesBeyondRange.keys.sorted())
    func refusesTimesBeyondRange(file: String) throws {
        let error = try #require(throws: RecordingError.self) { try Recording.open(Self.directory + "/" + file) }
        #expect(error.problem == .outOfRange && error.line == Self.timesBeyondRange[file], "\(error)")
        #expect(error.message.contains("4611686018426 seconds") || error.message.contains("9223372036853"), "\(error)")
    }

    /// What `convert` does: every writer, and the text each wrote read back.
    private func convert(_ recording: Recording, file: String) {
        if let bytes = outcome(file, "write Tactile JSON", { () throws(RecordingError) in try RecordingWriter.bytes(for: recording) }) {
            _ = outcome(file, "read back Tactile JSON") { () throws(RecordingError) in try RecordingImporter.parse(bytes: bytes, as: .tactile) }
        }
        for format in RecordingExporter.formats {
            guard let text = outcome(file, "write \(format)", { () throws(RecordingError) in try RecordingExporter.text(for: recording, as: format) }) else { continue }
            _ = outcome(file, "read back \(format)") { () throws(RecordingError) in try RecordingImporter.parse(text, as: format) }
        }
    }

    /// The result of `body`, or `nil` when it threw a ``RecordingError``
    /// (which must say what it expected: a message is never empty).
    private func outcome<T>(_ file: String, _ step: String, _ body: () throws(RecordingError) -> T) -> T? {
        do {
            return try body()
        } catch {
            #expect(!error.message.isEmpty, "\(file): \(step) threw a RecordingError without a message")
            return nil
        }
    }

    nonisolated private static func isJournal(_ file: String) -> Bool {
        file.hasSuffix("." + RecordingJournal.fileExtension)
    }
}
