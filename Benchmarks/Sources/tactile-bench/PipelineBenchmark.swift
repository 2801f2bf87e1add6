// The pipeline and scaling groups: throughput with recognizers against none, cost by touches and by views.
import Tactile
import TactileBenchSupport
import TactileRecording
import TactileSynthesis

/// Throughput of the whole path, events in, actions out: TouchAssembler +
/// GestureEngine + a view tree with recognizers, from events in memory
/// (each pass a ``PipelineRun``).
@MainActor
enum PipelineBenchmark {
    /// The full-pipeline rows: every recognizer kind vs none, on a long session.
    static func rows(quick: Bool) -> [BenchRow] {
        let session = BenchWorkloads.session(gestures: quick ? 9 : 90)
        let events = BenchWorkloads.repeated(session.events, toAtLeast: quick ? 60_000 : 2_000_000)
        let device = session.device, screen = session.screen
        let runs = quick ? 1 : 3
        let full = PipelineMeasurement.measure(device: device, events: events, runs: runs) { BenchScene.app(screen: screen, recognizers: true) }
        let floor = PipelineMeasurement.measure(device: device, events: events, runs: runs) { BenchScene.app(screen: screen, recognizers: false) }
        let kinds = PipelineMeasurement.measure(device: device, events: events, runs: runs) { BenchScene.everyKindOnce(screen: screen) }
        let recognizers = BenchScene.app(screen: screen, recognizers: true).recognizerCount
        func row(_ label: String, _ run: PipelineMeasurement) -> BenchRow {
            BenchRow(
                measure: "pipeline, \(label) (\(BenchFormat.count(run.events)) events, \(BenchFormat.count(run.frames)) frames, \(BenchFormat.count(run.actions)) actions)",
                result: "\(BenchFormat.eventsPerSecond(run.eventsPerSecond)), \(BenchFormat.duration(nanoseconds: run.nanosecondsPerEvent))/event, \(BenchFormat.duration(nanoseconds: run.nanosecondsPerFrame))/frame",
                reference: "no recognizers: \(BenchFormat.eventsPerSecond(floor.eventsPerSecond)), \(BenchFormat.duration(nanoseconds: floor.nanosecondsPerFrame))/frame",
                ratio: run.seconds / floor.seconds, ratioUnit: "× the floor's time",
                target: "≥ 5 M ev/s", met: run.eventsPerSecond >= 5e6
            )
        }
        return [
            row("every kind once: 7 recognizers on one view", kinds),
            row("app screen: \(recognizers) recognizers on 11 views", full),
        ]
    }

    /// How cost grows with simultaneous touches and with views carrying recognizers.
    static func scalingRows(quick: Bool) -> [BenchRow] {
        let device = SynthesizedDevices.touchscreen
        let runs = quick ? 1 : 3
        let strokes = quick ? 3 : 150
        let touchRows = scaling([1, 2, 5, 10]) { touches in
            let events = BenchWorkloads.simultaneousTouches(touches, strokes: strokes, framesPerStroke: 120, device: device)
            return PipelineMeasurement.measure(device: device, events: events, runs: runs) { BenchScene.app(screen: .standard, recognizers: true) }
        } row: { touches, measurement, oneTouch in
            BenchRow(
                measure: "scaling: \(touches) simultaneous touch\(touches == 1 ? "" : "es")",
                result: "\(BenchFormat.duration(nanoseconds: measurement.nanosecondsPerFrame))/frame, \(BenchFormat.duration(nanoseconds: measurement.nanosecondsPerFrame / Double(touches)))/touch",
                reference: "1 touch: \(BenchFormat.duration(nanoseconds: oneTouch))/frame",
                ratio: measurement.nanosecondsPerFrame / oneTouch, ratioUnit: "× (touches ×\(touches))",
                target: "≤ linear", met: measurement.nanosecondsPerFrame / oneTouch <= Double(touches) * 1.25 + 0.25
            )
        }
        let session = BenchWorkloads.session(gestures: quick ? 9 : 45)
        let events = BenchWorkloads.repeated(session.events, toAtLeast: quick ? 20_000 : 600_000)
        let viewRows = scaling([1, 10, 100]) { count in
            PipelineMeasurement.measure(device: session.device, events: events, runs: runs) { BenchScene.offscreenSiblings(screen: session.screen, count: count) }
        } row: { count, measurement, oneView in
            BenchRow(
                measure: "scaling: \(count) view\(count == 1 ? "" : "s") × 16 recognizers (\(count * 16) in the tree, touches reach 16)",
                result: "\(BenchFormat.duration(nanoseconds: measurement.nanosecondsPerFrame))/frame",
                reference: "1 view: \(BenchFormat.duration(nanoseconds: oneView))/frame",
                ratio: measurement.nanosecondsPerFrame / oneView, ratioUnit: "×",
                target: "flat (only hit views cost)", met: measurement.nanosecondsPerFrame / oneView <= 1.5
            )
        }
        return touchRows + viewRows
    }

    /// Measures each size and makes its row, given the first size's ns per
    /// frame as the reference.
    private static func scaling(_ sizes: [Int], measure measureSize: (Int) -> PipelineMeasurement,
                                row: (Int, PipelineMeasurement, Double) -> BenchRow) -> [BenchRow] {
        let measured = sizes.map { ($0, measureSize($0)) }
        guard let reference = measured.first?.1.nanosecondsPerFrame else { return [] }
        return measured.map { row($0.0, $0.1, reference) }
    }
}
