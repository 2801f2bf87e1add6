// End to end: `tactile replay --json` of a 2 M-event file, against the same events through the same recognizers in memory.
import Foundation
import Tactile
import TactileBenchSupport
import TactileRecording

/// What a user waits for: `tactile replay --json FILE > out.jsonl` of a
/// recording of about 2 M events, timed from spawn to exit (reading the
/// file, recognition, every action written as a JSON line to a file),
/// beside the pipeline alone in the same run: the same events from memory
/// through the same recognizers (``RecordingReplay``'s standard set, which
/// the replay attaches), with no output. The ratio is what reading and
/// writing add.
@MainActor
enum ReplayOutputBenchmark {
    static func rows(quick: Bool, files: BenchFiles) throws -> [BenchRow] {
        let file = try files.recording(megabytes: quick ? 2 : 62)
        let directory = try files.temporaryDirectory()
        let tactile = try ServeBenchmark.tactileBinary(directory: directory)
        let recording = try RecordingReader.read(contentsOf: file.path)
        // Five: on a shared machine one run in three or four can be slowed by a third (docs/performance.md).
        let runs = quick ? 1 : 5
        let output = directory + "/replay.jsonl"
        var endToEnd = Double.infinity, inMemory = Double.infinity
        var lines = 0, actions = 0
        // Alternating, so a noisy moment of a shared machine cannot fall on one side only; the best of each counts.
        for _ in 0..<runs {
            let start = BenchClock.now()
            let result = try BenchProcess.run(["/bin/sh", "-c", "exec \"$0\" replay --json \"$1\" > \"$2\"", tactile, file.path, output],
                                              directory: directory)
            endToEnd = min(endToEnd, Double(BenchClock.now() - start) / 1e9)
            guard result.status == 0 else {
                throw BenchError("tactile replay --json \(file.path) exited with status \(result.status): \(result.standardError)")
            }
            lines = try lineCount(output)
            inMemory = min(inMemory, BenchClock.best(runs: 1) {
                actions = 0
                _ = RecordingReplay.run(device: recording.device, screen: recording.screen, axisValues: recording.axisValues,
                                        events: recording.events, keepsLog: false, onAction: { _ in actions += 1 })
            })
        }
        try? FileManager.default.removeItem(atPath: output)
        guard lines == actions else {
            throw BenchError("tactile replay --json wrote \(lines) lines where the replay in memory made \(actions) actions")
        }
        let events = Double(file.events)
        return [
            BenchRow(
                measure: "replay --json end to end: read, recognize, write (\(BenchFormat.megabytes(file.bytes)), \(BenchFormat.count(file.events)) events, \(BenchFormat.count(lines)) lines)",
                result: "\(BenchFormat.eventsPerSecond(events / endToEnd)), \(BenchFormat.duration(nanoseconds: endToEnd * 1e9 / events))/event",
                reference: "pipeline alone, same events in memory: \(BenchFormat.eventsPerSecond(events / inMemory))",
                ratio: endToEnd / inMemory, ratioUnit: "× the pipeline's time",
                target: "≥ 4 M ev/s", met: events / endToEnd >= 4e6
            ),
        ]
    }

    /// The number of lines of the file at `path`.
    private static func lineCount(_ path: String) throws -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { throw BenchError("cannot read \(path)") }
        return data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}
