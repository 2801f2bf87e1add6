// Action-log snapshots stored beside the test, recorded on request, compared with a unified diff.
import Foundation
import Tactile
import TactileRecording

extension TouchTester {
    /// The environment variable that re-records snapshots instead of comparing them.
    public static let recordSnapshotsVariable = "TACTILE_RECORD_SNAPSHOTS"

    /// Compares the action log so far, as JSON lines, with the snapshot
    /// `name` stored beside the test file, in
    /// `__Snapshots__/<test file name>/<name>.jsonl` (as swift-snapshot-testing
    /// stores its own). A snapshot that is missing is recorded, and the
    /// expectation fails once, saying so; with `TACTILE_RECORD_SNAPSHOTS=1`
    /// in the environment every snapshot is recorded again. A mismatch
    /// throws a unified diff (`-` the snapshot, `+` this run) around the
    /// first difference.
    ///
    /// ```swift
    /// tester.doubleTap(at: Point(x: 200, y: 200))
    /// tester.settle()
    /// try tester.expectSnapshot(named: "double-tap")
    /// ```
    public func expectSnapshot(named name: String, filePath: StaticString = #filePath) throws(TouchTestFailure) {
        let url = Self.snapshotURL(named: name, filePath: "\(filePath)")
        let lines = actions.map(\.jsonLine)
        let text = lines.map { $0 + "\n" }.joined()
        let recording = ProcessInfo.processInfo.environment[Self.recordSnapshotsVariable].map { !$0.isEmpty && $0 != "0" } ?? false
        let stored = try? String(contentsOf: url, encoding: .utf8)
        if recording || stored == nil {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                throw TouchTestFailure("cannot record the snapshot \(url.path): \(error.localizedDescription)")
            }
            throw TouchTestFailure("recorded the snapshot \(url.path) (\(lines.count) actions)\(recording ? "" : ", which was missing")"
                                   + ": run again to compare with it" + (recording ? " (without \(Self.recordSnapshotsVariable))" : ""))
        }
        let expected = (stored ?? "").split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard expected != lines else { return }
        let records = expected.compactMap { try? JSONDecoder().decode(ActionRecord.self, from: Data($0.utf8)) }
        let diff = records.count == expected.count
            ? RecordingReplay.diff(expected: records, actual: actions)
            : ["@@ the snapshot has lines that are not actions @@"] + expected.map { "- " + $0 } + lines.map { "+ " + $0 }
        let names = Array(Set(actions.map(\.recognizer) + records.map(\.recognizer))).sorted()
        throw TouchTestFailure((["the action log differs from the snapshot \(url.path) (\(Self.recordSnapshotsVariable)=1 records it again):"]
                                + diff + names.flatMap(explanation(of:))).joined(separator: "\n"))
    }

    /// Where the snapshot `name` of the test in `filePath` lives.
    static func snapshotURL(named name: String, filePath: String) -> URL {
        let test = URL(fileURLWithPath: filePath)
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "_" })
        return test.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(test.deletingPathExtension().lastPathComponent)
            .appendingPathComponent(safe + ".jsonl")
    }
}
