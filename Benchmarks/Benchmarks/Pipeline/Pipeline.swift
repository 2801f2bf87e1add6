// ordo-one suite: pipeline throughput with every recognizer kind, the app screen, and no recognizers.
import Benchmark
import SuiteSupport
import Tactile
import TactileBenchSupport

/// The suite: the table's pipeline rows, on a shorter run of the same session
/// (every gesture kind in turn on the synthetic touchscreen), so each
/// iteration is tens of milliseconds and the allocations per run show.
let benchmarks: @Sendable () -> Void = {
    let session = BenchWorkloads.session(gestures: 90)
    let events = BenchWorkloads.repeated(session.events, toAtLeast: 200_000)
    let device = session.device, screen = session.screen
    let size = "\(events.count) events"
    registerPipelineBenchmark("pipeline: every kind once, 7 recognizers on one view (\(size))", device: device, events: events) {
        BenchScene.everyKindOnce(screen: screen)
    }
    registerPipelineBenchmark("pipeline: app screen, 24 recognizers on 11 views (\(size))", device: device, events: events) {
        BenchScene.app(screen: screen, recognizers: true)
    }
    registerPipelineBenchmark("pipeline: no recognizers, the floor (\(size))", device: device, events: events) {
        BenchScene.app(screen: screen, recognizers: false)
    }
}
