// ordo-one suite: pipeline cost by number of simultaneous touches and of views carrying recognizers.
import Benchmark
import SuiteSupport
import Tactile
import TactileBenchSupport
import TactileSynthesis

/// The suite: the table's scaling rows. Touches: 1, 2, 5 and 10 fingers
/// moving together on the app screen; views: 1, 10 and 100 views of 16
/// recognizers each, touches reaching the first only.
let benchmarks: @Sendable () -> Void = {
    let device = SynthesizedDevices.touchscreen
    for touches in [1, 2, 5, 10] {
        let events = BenchWorkloads.simultaneousTouches(touches, strokes: 30, framesPerStroke: 120, device: device)
        registerPipelineBenchmark("scaling: \(touches) simultaneous touch\(touches == 1 ? "" : "es") (\(events.count) events)",
                                  device: device, events: events, maxDuration: .seconds(1)) {
            BenchScene.app(screen: .standard, recognizers: true)
        }
    }
    let session = BenchWorkloads.session(gestures: 45)
    let events = BenchWorkloads.repeated(session.events, toAtLeast: 100_000)
    let screen = session.screen
    for count in [1, 10, 100] {
        registerPipelineBenchmark("scaling: \(count) view\(count == 1 ? "" : "s") × 16 recognizers (\(events.count) events)",
                                  device: session.device, events: events, maxDuration: .seconds(1)) {
            BenchScene.offscreenSiblings(screen: screen, count: count)
        }
    }
}
