// Runs events through the standard recognizers on a window sized to a screen, for people watching.
import Foundation
import Tactile
import TactileEvdev
import TactileRecording

/// Runs events through ``StandardGestures`` on a window sized to a screen,
/// as ``RecordingReplay`` does (the same actions at the same times, the
/// golden logs' semantics), arranged for people watching:
///
/// - Before a frame reaches `onFrame`, engine time is brought to the frame's
///   time, so actions fired by timers due before it (a single tap decided
///   when its double tap's interval runs out) reach `onAction` first: touch
///   lines and action lines come out in time order. The engine would do the
///   same a moment later, as the first step of processing the frame.
/// - Paced (`speed` set), each frame waits for its time, and each timer
///   fires at its own moment in between, as on a live device, so a tap is
///   seen to end when the interval runs out, not when the next finger lands.
@MainActor
struct ReplayDriver {
    /// What a replay produced.
    struct Outcome {
        /// Every action, in order (empty when the log is not kept).
        var log: ActionLog
        /// What the touch assembler had to work around.
        var diagnostics: AssemblerDiagnostics
    }

    /// Playback speed: `nil` as fast as possible, otherwise events are
    /// delivered when wall-clock time reaches their timestamp divided by it.
    var speed: Double?
    /// Seconds of engine time after the last event, so pending timers fire.
    var runOut: Double = RecordingReplay.defaultRunOut
    /// Whether the outcome keeps the actions (memory grows with them).
    var keepsLog = true
    /// When raised, a paced replay stops at the next frame (touches down are
    /// cancelled and due timers fire at once, as at the end of the input).
    var stop: LiveSession.StopSignal?

    /// A driver at `speed` (`nil`: as fast as possible).
    init(speed: Double? = nil, runOut: Double = RecordingReplay.defaultRunOut, keepsLog: Bool = true, stop: LiveSession.StopSignal? = nil) {
        self.speed = speed
        self.runOut = runOut
        self.keepsLog = keepsLog
        self.stop = stop
    }

    /// Replays `events` from `device` (its axes starting at `axisValues`) on `screen`.
    func run<Events: Sequence<InputEvent>>(
        device: DeviceDescription, screen: Screen, axisValues: AxisValues = AxisValues(), events: Events,
        onFrame: ((TouchFrame) -> Void)? = nil, onAction: ((ActionRecord) -> Void)? = nil,
        onTrace: ((GestureTraceEvent) -> Void)? = nil
    ) -> Outcome {
        let window = Window(screen: screen)
        let gestures = StandardGestures(attachingTo: window)
        let pipeline = InputPipeline(device: device, window: window, axisValues: axisValues)
        var log = ActionLog()
        let keepsLog = keepsLog
        pipeline.engine.onTrace = onTrace
        pipeline.engine.onAction = { record in
            if keepsLog { log.append(record) }
            onAction?(record)
        }
        if let onFrame {
            pipeline.onFrame = { [unowned pipeline] frame in
                pipeline.advance(to: frame.time)
                onFrame(frame)
            }
        }
        var pacer = speed.map { Pacer(speed: $0, stop: stop) }
        // Asked once: an optional Pacer's check per event costs 2 % of a fast replay.
        let paced = pacer != nil
        var last: InputEvent?
        for event in events {
            if paced, event.isReport {
                if pacer?.isStopped == true { break }
                pacer?.start(at: event.time)
                pipeline.fireTimers(before: event.time) { deadline in Self.pace(&pacer, to: deadline) }
                pacer?.wait(until: event.time)
            }
            pipeline.process(event)
            last = event
        }
        let end = last.map { $0.time + runOut }
        if paced, pacer?.isStopped == false, let end {
            pipeline.fireTimers(through: end) { deadline in Self.pace(&pacer, to: deadline) }
        }
        pipeline.finishInput(at: end)
        pipeline.onFrame = nil
        withExtendedLifetime(gestures) {}
        return Outcome(log: log, diagnostics: pipeline.diagnostics)
    }

    /// Waits for a timer's paced moment; `false` once a stop was requested (no more timers fire).
    private static func pace(_ pacer: inout Pacer?, to deadline: Double) -> Bool {
        guard pacer?.isStopped != true else { return false }
        pacer?.wait(until: deadline)
        return true
    }
}

/// Maps engine time onto the wall clock for paced playback: the first time
/// it is given is now, later ones `speed` times faster than recorded.
struct Pacer {
    /// 2 plays twice as fast as recorded.
    let speed: Double
    /// When raised, waits end at once.
    let stop: LiveSession.StopSignal?
    private let clock = ContinuousClock()
    private var origin: (engine: Double, wall: ContinuousClock.Instant)?

    init(speed: Double, stop: LiveSession.StopSignal? = nil) {
        self.speed = speed
        self.stop = stop
    }

    /// Whether a stop was requested.
    var isStopped: Bool { stop?.isStopRequested ?? false }

    /// Makes `time` the engine time of now, unless an origin is set already.
    mutating func start(at time: Double) {
        if origin == nil { origin = (time, clock.now) }
    }

    /// Sleeps until the wall-clock moment of engine time `time` (at once when it passed).
    mutating func wait(until time: Double) {
        start(at: time)
        guard let origin, speed > 0, time.isFinite else { return }
        let offset = (time - origin.engine) / speed
        guard offset > 0 else { return }
        let target = origin.wall.advanced(by: .microseconds(Int64(saturating: (offset * 1_000_000).rounded())))
        // In slices, so a stop is seen within 50 ms.
        while !isStopped {
            let wait = clock.now.duration(to: target)
            guard wait > .zero else { return }
            let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) * 1e-18
            Thread.sleep(forTimeInterval: min(seconds, 0.05))
        }
    }
}
