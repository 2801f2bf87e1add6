// One pass of events through a fresh pipeline on a scene: the unit both the table and the suites time.
import Tactile

/// A fresh ``InputPipeline`` on a scene, ready to take a run of events:
/// TouchAssembler + GestureEngine + a view tree with recognizers, fed from
/// memory. Building it is setup; ``run()`` is the work measured. Frames and
/// actions are counted by a target on `onFrame` and `onAction`, so they are
/// really produced.
@MainActor
package final class PipelineRun {
    /// The scene the pipeline delivers to (kept alive for the run).
    package let scene: BenchScene.Scene
    /// The events one pass feeds.
    package let events: [InputEvent]
    private let pipeline: InputPipeline
    private let counts: () -> (frames: Int, actions: Int)

    /// A pipeline for `device` on `scene`, to be fed `events`.
    package init(device: DeviceDescription, events: [InputEvent], scene: BenchScene.Scene) {
        self.scene = scene
        self.events = events
        pipeline = InputPipeline(device: device, window: scene.window)
        var frameCount = 0, actionCount = 0
        pipeline.onFrame = { _ in frameCount += 1 }
        pipeline.engine.onAction = { _ in actionCount += 1 }
        counts = { (frameCount, actionCount) }
    }

    /// Frames delivered so far.
    package var frames: Int { counts().frames }
    /// Actions produced so far.
    package var actions: Int { counts().actions }

    /// Feeds every event, then ends the input a second after the last one
    /// (touches still down are cancelled, pending timers fire). Once per run.
    package func run() {
        pipeline.process(events)
        pipeline.finishInput(at: (events.last?.time ?? 0) + 1)
    }
}

/// One timed pass: events, frames and actions, and the best time.
package struct PipelineMeasurement: Sendable {
    package var events: Int
    package var frames: Int
    package var actions: Int
    package var seconds: Double

    package var eventsPerSecond: Double { Double(events) / seconds }
    package var nanosecondsPerEvent: Double { seconds * 1e9 / Double(max(events, 1)) }
    package var nanosecondsPerFrame: Double { seconds * 1e9 / Double(max(frames, 1)) }

    /// Feeds `events` through a fresh pipeline on the scene `makeScene` builds,
    /// `runs` times, and keeps the best time.
    @MainActor
    package static func measure(device: DeviceDescription, events: [InputEvent], runs: Int,
                                makeScene: () -> BenchScene.Scene) -> PipelineMeasurement {
        var best = Double.infinity
        var frames = 0, actions = 0
        for _ in 0..<max(1, runs) {
            let pass = PipelineRun(device: device, events: events, scene: makeScene())
            let start = BenchClock.now()
            pass.run()
            best = min(best, Double(BenchClock.now() - start) / 1e9)
            frames = pass.frames
            actions = pass.actions
        }
        return PipelineMeasurement(events: events.count, frames: frames, actions: actions, seconds: best)
    }
}
