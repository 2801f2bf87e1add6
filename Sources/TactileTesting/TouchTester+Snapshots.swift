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
    /// first difference. Numbers (times, locations, values) match within
    /// `tolerance`, so a change in the last stored digit is no difference;
    /// names, states and touch counts match exactly.
    ///
    /// ```swift
    /// tester.doubleTap(at: Point(x: 200, y: 200))
    /// tester.settle()
    /// try tester.expectSnapshot(named: "double-tap")                     // within 0.001
    /// try tester.expectSnapshot(named: "double-tap", tolerance: 0.5)     // looser
    /// ```
    public func expectSnapshot(named name: String, tolerance: Double = 0.001, fileID: String = #fileID,
                               filePath: StaticString = #filePath, line: Int = #line,
                               column: Int = #column) throws(TouchTestFailure) {
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
                throw recorded("cannot record the snapshot \(url.path): \(error.localizedDescription)",
                                       fileID: fileID, filePath: filePath, line: line, column: column)
            }
            throw recorded("recorded the snapshot \(url.path) (\(lines.count) actions)\(recording ? "" : ", which was missing")"
                                   + ": run again to compare with it" + (recording ? " (without \(Self.recordSnapshotsVariable))" : ""),
                                   fileID: fileID, filePath: filePath, line: line, column: column)
        }
        let expected = (stored ?? "").split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard expected != lines else { return }
        let records = expected.compactMap { try? JSONDecoder().decode(ActionRecord.self, from: Data($0.utf8)) }
        if records.count == expected.count, records.count == actions.count,
           zip(records, actions).allSatisfy({ Self.matches($0.0, $0.1, within: tolerance) }) { return }
        let diff = records.count == expected.count
            ? RecordingReplay.diff(expected: records, actual: actions)
            : ["@@ the snapshot has lines that are not actions @@"] + expected.map { "- " + $0 } + lines.map { "+ " + $0 }
        var explained: [GestureRecognizer] = []
        for recognizer in actionSources where !explained.contains(where: { $0 === recognizer }) { explained.append(recognizer) }
        throw recorded((["the action log differs from the snapshot \(url.path) beyond \(tolerance) "
                                 + "(\(Self.recordSnapshotsVariable)=1 records it again):"]
                                + diff + explained.flatMap(explanation(of:))).joined(separator: "\n"), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Whether two actions are the same, their numbers within `tolerance`.
    static func matches(_ stored: ActionRecord, _ actual: ActionRecord, within tolerance: Double) -> Bool {
        // The stored numbers are decimal: a last-digit change of 0.001 is 0.001 give or take a binary rounding.
        func near(_ first: Double, _ second: Double) -> Bool { abs(first - second) <= tolerance + 1e-9 }
        return stored.recognizer == actual.recognizer && stored.view == actual.view && stored.state == actual.state
            && stored.touches == actual.touches && near(stored.time, actual.time)
            && near(stored.location.x, actual.location.x) && near(stored.location.y, actual.location.y)
            && stored.values.count == actual.values.count
            && actual.values.allSatisfy { value in stored.value(named: value.name).map { near($0, value.value) } ?? false }
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
