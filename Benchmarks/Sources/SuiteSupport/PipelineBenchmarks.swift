// Registers ordo-one benchmarks that feed events through a fresh pipeline per iteration.
import Benchmark
import Tactile
import TactileBenchSupport

/// What the suites report for every benchmark: time, throughput, allocations
/// (through the malloc interposer) and the peak resident memory.
package let suiteMetrics: [BenchmarkMetric] = [
    .wallClock, .throughput, .cpuTotal, .mallocCountTotal, .mallocBytesCount, .peakMemoryResident,
]

/// Events per second of one iteration, in thousands (the throughput the
/// table prints as M ev/s, here comparable across iterations and runs).
package let kiloEventsPerSecond = BenchmarkMetric.custom("k events/s", polarity: .prefersLarger, useScalingFactor: false)

/// Registers a benchmark named `name`: each iteration builds the scene
/// `makeScene` makes and a fresh ``PipelineRun`` on it (not measured), then
/// feeds `events` from `device` through it (measured: time, allocations,
/// and ``kiloEventsPerSecond``).
package func registerPipelineBenchmark(
    _ name: String, device: DeviceDescription, events: [InputEvent],
    maxDuration: Duration = .seconds(2), makeScene: @escaping @MainActor @Sendable () -> BenchScene.Scene
) {
    let configuration = Benchmark.Configuration(
        metrics: suiteMetrics + [kiloEventsPerSecond], warmupIterations: 1, maxDuration: maxDuration, maxIterations: 1_000)
    Benchmark(name, configuration: configuration) { benchmark async in
        for _ in benchmark.scaledIterations {
            let pass = await MainActor.run { PipelineRun(device: device, events: events, scene: makeScene()) }
            benchmark.startMeasurement()
            let start = BenchClock.now()
            await pass.run()
            let nanoseconds = BenchClock.now() - start
            benchmark.stopMeasurement()
            benchmark.measurement(kiloEventsPerSecond, Int(Double(events.count) / Double(max(nanoseconds, 1)) * 1e6))
        }
    }
}
