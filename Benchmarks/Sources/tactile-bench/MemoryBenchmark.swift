// The memory group: peak memory of a streaming replay of 100 MB against 10 MB, each in a child process.
import Foundation
import Tactile
import TactileBenchSupport
import TactileConsole
import TactileRecording

/// Peak memory of a replay as `tactile replay --json` plays a Tactile JSON
/// file (read as it plays, actions printed, not kept) on a 100 MB recording
/// against a 10 MB one, each in its own process.
///
/// The child is this tool again (`--replay-child`): it replays through
/// ``RecordingReplay`` as the CLI's replay does and reports its own peak
/// (`VmHWM` in /proc/self/status): `wait4`'s `ru_maxrss` would not do, as
/// Linux carries the parent's high-water mark into a spawned child.
enum MemoryBenchmark {
    static func rows(quick: Bool, files: BenchFiles) throws -> [BenchRow] {
        let small = try files.recording(megabytes: quick ? 1 : 10)
        let large = try files.recording(megabytes: quick ? 3 : 100)
        let directory = try files.temporaryDirectory()
        func replay(_ path: String) throws -> (peak: Int, seconds: Double) {
            let start = BenchClock.now()
            let result = try BenchProcess.run([BenchProcess.selfPath, "--replay-child", path], directory: directory, discardOutput: true)
            let seconds = Double(BenchClock.now() - start) / 1e9
            let last = result.standardError.split(separator: "\n").last.map(String.init) ?? ""
            guard result.status == 0, last.hasPrefix("peak-rss "), let kilobytes = Int(last.dropFirst("peak-rss ".count)) else {
                throw BenchError("the replay of \(path) exited with status \(result.status): \(result.standardError)")
            }
            return (kilobytes * 1024, seconds)
        }
        let smallRun = try replay(small.path)
        let largeRun = try replay(large.path)
        let ratio = Double(largeRun.peak) / Double(max(smallRun.peak, 1))
        return [
            BenchRow(
                measure: "memory: peak RSS of a streaming replay --json, \(BenchFormat.megabytes(large.bytes)) (\(BenchFormat.count(large.events)) events)",
                result: "\(BenchFormat.megabytes(largeRun.peak)) in \(FixedDecimal.format(largeRun.seconds, places: 2)) s",
                reference: "\(BenchFormat.megabytes(small.bytes)): \(BenchFormat.megabytes(smallRun.peak)) in \(FixedDecimal.format(smallRun.seconds, places: 2)) s",
                ratio: ratio, ratioUnit: "× the small file's peak",
                target: "≤ 1.5×", met: ratio <= 1.5
            ),
        ]
    }

    /// The child: replays `path` as `tactile replay --json PATH` does (the
    /// file streamed, parsed ahead on a thread of its own, through ``StandardGestures`` on its own screen, each action
    /// a JSON line on standard output, which goes to /dev/null, none kept),
    /// then prints `peak-rss KB` on standard error.
    @MainActor
    static func runChild(path: String) throws {
        let stream = try RecordingReader.events(contentsOf: path, readingAhead: true)
        let header = stream.header
        _ = RecordingReplay.run(
            device: header.device, screen: header.screen, axisValues: header.axisValues, events: stream,
            keepsLog: false, onAction: { LineOutput.standardOutput.write($0.jsonLine) })
        LineOutput.standardOutput.flush()
        if let error = stream.error { throw error }
        for warning in stream.warnings { printError("\(path): warning: \(warning)") }
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw BenchError("cannot read VmHWM from /proc/self/status")
        }
        printError("peak-rss \(kilobytes)")
    }
}
