import Foundation
import Tactile

/// Peak memory of `tactile replay --json` on a 100 MB recording against a
/// 10 MB one, each in its own process.
///
/// The child runs the replay command itself and reports its own peak
/// (`VmHWM` in /proc/self/status): `wait4`'s `ru_maxrss` would not do, as
/// Linux carries the parent's high-water mark into a spawned child.
enum MemoryBenchmark {
    static func rows(quick: Bool, files: BenchFiles) throws -> [BenchRow] {
        let small = try files.recording(megabytes: quick ? 1 : 10)
        let large = try files.recording(megabytes: quick ? 3 : 100)
        let directory = try files.temporaryDirectory()
        func replay(_ path: String) throws -> (peak: Int, seconds: Double) {
            let start = BenchClock.now()
            let result = try BenchProcess.run([BenchProcess.selfPath, "bench", "--replay-child", path], directory: directory, discardOutput: true)
            let seconds = Double(BenchClock.now() - start) / 1e9
            let last = result.standardError.split(separator: "\n").last.map(String.init) ?? ""
            guard result.status == 0, last.hasPrefix("peak-rss "), let kilobytes = Int(last.dropFirst("peak-rss ".count)) else {
                throw BenchError("tactile replay \(path) exited with status \(result.status): \(result.standardError)")
            }
            return (kilobytes * 1024, seconds)
        }
        let smallRun = try replay(small.path)
        let largeRun = try replay(large.path)
        let ratio = Double(largeRun.peak) / Double(max(smallRun.peak, 1))
        return [
            BenchRow(
                measure: "memory: peak RSS of tactile replay --json, \(BenchFormat.megabytes(large.bytes)) (\(BenchFormat.count(large.events)) events)",
                result: "\(BenchFormat.megabytes(largeRun.peak)) in \(FixedDecimal.format(largeRun.seconds, places: 2)) s",
                reference: "\(BenchFormat.megabytes(small.bytes)): \(BenchFormat.megabytes(smallRun.peak)) in \(FixedDecimal.format(smallRun.seconds, places: 2)) s",
                ratio: ratio, ratioUnit: "× the small file's peak",
                target: "≤ 1.5×", met: ratio <= 1.5
            ),
        ]
    }

    /// The child: `tactile replay --json PATH` (standard output goes to
    /// /dev/null), then `peak-rss KB` on standard error.
    @MainActor
    static func runChild(path: String) async throws {
        let replay = try ReplayCommand.parse(["--json", path])
        try await replay.run()
        LineOutput.standardOutput.flush()
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw BenchError("cannot read VmHWM from /proc/self/status")
        }
        printError("peak-rss \(kilobytes)")
    }
}
