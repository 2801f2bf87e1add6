// Wall-clock timing for the benchmarks (the engine itself never reads a clock).
import Foundation

/// Wall-clock timing for the benchmark (the engine itself never reads a clock).
package enum BenchClock {
    /// Monotonic nanoseconds.
    package static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// The shortest of `runs` timings of `body`, in seconds (the least disturbed run).
    package static func best(runs: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<max(1, runs) {
            let start = now()
            body()
            best = min(best, Double(now() - start) / 1e9)
        }
        return best
    }
}
