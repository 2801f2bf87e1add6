// The one replay driver: events through the standard recognizers, as fast as they come or paced by a wall clock.
import Tactile

/// Paces a replay by a wall clock (`tactile replay --speed`): the driver
/// has it wait before each report and before each timer's deadline.
@MainActor
@usableFromInline
package protocol ReplayPacer {
    /// Whether a stop was requested: the replay then ends at the next frame
    /// (touches down are cancelled, due timers fire at once).
    var isStopped: Bool { get }
    /// Makes engine time `time` the present, unless a time was set already.
    mutating func start(at time: Double)
    /// Waits until the wall-clock moment of engine time `time`.
    mutating func wait(until time: Double)
}

/// Runs events through ``StandardGestures`` on a window sized to a screen:
/// the one replay loop, behind ``RecordingReplay/run(_:runOut:onFrame:onAction:beforeEvent:)``,
/// `tactile replay`, `tactile plot` and the demo's showcase. It gives the
/// golden logs' actions at their times, and arranges them for people watching:
///
/// - Before a frame reaches `onFrame`, engine time is brought to the frame's
///   time, so actions fired by timers due before it (a single tap decided
///   when its double tap's interval runs out) reach `onAction` first: touch
///   lines and action lines come out in time order. The engine would do the
///   same a moment later, as the first step of processing the frame, so the
///   log is the same either way.
/// - Paced (a ``ReplayPacer`` set), each report waits for its time, and each
///   timer fires at its own moment in between (``TimerDriven``), as on a live
///   device, so a tap is seen to end when the interval runs out, not when the
///   next finger lands.
///
/// ```swift
/// let outcome = ReplayDriver(keepsLog: false).run(device: recording.device, screen: recording.screen,
///                                                 events: recording.events, onAction: { print($0.jsonLine) })
/// ```
@MainActor
@usableFromInline
package struct ReplayDriver {
    /// Seconds of engine time after the last event, so pending timers fire.
    @usableFromInline package var runOut: Double
    /// Whether the outcome keeps the actions (memory grows with them).
    @usableFromInline package var keepsLog: Bool
    /// The wall clock's pacing; `nil` replays as fast as possible.
    @usableFromInline package var pacer: (any ReplayPacer)?

    /// A driver running timers `runOut` seconds past the last event.
    @usableFromInline
    package init(runOut: Double = RecordingReplay.defaultRunOut, keepsLog: Bool = true, pacer: (any ReplayPacer)? = nil) {
        self.runOut = runOut
        self.keepsLog = keepsLog
        self.pacer = pacer
    }

    /// Replays `events` from `device` (its axes starting at `axisValues`) on
    /// `screen`, its surface lying there as `transform` says; touches left
    /// down at the end are cancelled. `beforeEvent` runs before each event is fed.
    @inlinable
    package func run<Events: Sequence<InputEvent>>(
        device: DeviceDescription, screen: Screen, transform: SurfaceTransform = .identity, axisValues: AxisValues = AxisValues(), events: Events,
        onFrame: ((TouchFrame) -> Void)? = nil, onAction: ((ActionRecord) -> Void)? = nil,
        onTrace: ((GestureTraceEvent) -> Void)? = nil, beforeEvent: ((InputEvent) -> Void)? = nil
    ) -> RecordingReplay.Outcome {
        let window = Window(screen: screen)
        let gestures = StandardGestures(attachingTo: window)
        let pipeline = InputPipeline(device: device, window: window, axisValues: axisValues, transform: transform)
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
        var pacer = pacer
        // Asked once: an optional pacer's check per event costs 2 % of a fast replay.
        let paced = pacer != nil
        var last: InputEvent?
        for event in events {
            if paced, event.isReport {
                if pacer?.isStopped == true { break }
                pacer?.start(at: event.time)
                pipeline.fireTimers(before: event.time) { deadline in Self.pace(&pacer, to: deadline) }
                pacer?.wait(until: event.time)
            }
            beforeEvent?(event)
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
        return RecordingReplay.Outcome(log: log, diagnostics: pipeline.diagnostics)
    }

    /// Waits for a timer's paced moment; `false` once a stop was requested (no more timers fire).
    @usableFromInline
    static func pace(_ pacer: inout (any ReplayPacer)?, to deadline: Double) -> Bool {
        guard pacer?.isStopped != true else { return false }
        pacer?.wait(until: deadline)
        return true
    }
}
