// One run of a live session: the events read, engine time from their timestamps, timers between them, the limits.
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// One run of a live session, over one device (``LiveSession``) or over the
/// devices a ``FollowingSession`` reads in turn: what was read, the time
/// rule, the timers due between events and the limits of
/// ``LiveSession/Options``.
///
/// **Time.** Engine time comes from the event timestamps. The first
/// connection's first event is at 0.000000 and every event after it at its
/// own timestamp minus that one's. A later connection (the device back,
/// perhaps at another node, whose clock may be another's: a umockdev
/// replay's starts anew) is rebased so that it continues: its first event
/// is at the time the session's clock had reached when it was read (the
/// last event's time plus the monotonic time since it was read, as between
/// events) and never before the engine's time; its later events follow
/// their own timestamps from there. Engine time never goes back.
///
/// ```swift
/// var run = SessionRun(start: MonotonicClock.microseconds())
/// while case .event(let event) = try device.nextEvent() {
///     run.take(event, at: MonotonicClock.microseconds(), into: pipeline, onEvent: nil)
/// }
/// run.startConnection()   // the device went and came back: its next event continues engine time
/// ```
@MainActor
struct SessionRun {
    /// What a step asks for.
    enum Step {
        /// Wait for input for at most this many seconds (`nil`: until input comes).
        case wait(Double?)
        /// The run ends (``SessionEndReason/deviceGone``: the device's stream ended).
        case end(SessionEndReason)
    }

    let start: Int64
    /// Every event taken, rebased.
    private(set) var events: [InputEvent] = []
    /// The first event's own timestamp, if any came.
    private(set) var origin: InputEvent?
    /// When the last event was read (the start until one is), for the idle limit.
    private(set) var lastRead: Int64
    /// The device's clock (rebased event times), by which timers fire between events.
    private(set) var clock = DeviceClock()
    /// The current connection's first event's own timestamp, in µs (`nil` until it comes).
    private var connectionOrigin: Int64?
    /// The engine time, in µs, of the current connection's first event.
    private var connectionStart: Int64 = 0

    init(start: Int64) {
        self.start = start
        lastRead = start
    }

    var lastEventTime: Double { clock.lastEventTime ?? 0 }

    /// The next event taken begins a new connection, rebased to continue engine time (see the type).
    mutating func startConnection() {
        connectionOrigin = nil
    }

    /// Feeds `event`, read at `monotonic` µs, to `pipeline`, rebased.
    mutating func take(_ event: InputEvent, at monotonic: Int64, into pipeline: InputPipeline, onEvent: ((InputEvent) -> Void)?) {
        onEvent?(event)
        if origin == nil { origin = event }
        if connectionOrigin == nil {
            connectionOrigin = event.timeInMicroseconds
            if !events.isEmpty {
                let reached = clock.now(monotonic: LiveSession.seconds(monotonic)) ?? 0
                connectionStart = Int64((max(reached, pipeline.engine.now) * 1_000_000).rounded(.up))
            }
        }
        lastRead = monotonic
        let rebased = LiveSession.rebase(event, origin: (connectionOrigin ?? 0) - connectionStart)
        clock.read(eventAt: rebased.time, monotonic: LiveSession.seconds(monotonic))
        events.append(rebased)
        pipeline.process(rebased)
    }

    /// Processes the events `device` has waiting (none while there is no
    /// device) and the timers that are due, and says how long to wait for
    /// more, or that the run ends.
    mutating func step(
        _ device: EvdevDevice?, pipeline: InputPipeline, options: LiveSession.Options, stop: StopSignal,
        onEvent: ((InputEvent) -> Void)?
    ) throws(EvdevError) -> Step {
        reading: while let device {
            if stop.isStopRequested { return .end(.stopped) }
            switch try device.nextEvent() {
            case .event(let event):
                take(event, at: MonotonicClock.microseconds(), into: pipeline, onEvent: onEvent)
            case .endOfStream:
                return .end(.deviceGone)
            case .wouldBlock:
                break reading
            }
        }
        let monotonic = MonotonicClock.microseconds()
        let idleLimit = options.idleExit.map { lastEventTime + $0 }
        // Fire the timers that are due by the device clock, each at its deadline.
        if let now = clock.now(monotonic: LiveSession.seconds(monotonic)) {
            pipeline.fireTimers(through: min(now - options.timerGrace, idleLimit ?? .infinity))
        }
        var timeout: Double?
        if let idle = options.idleExit {
            let idleLeft = idle - Double(monotonic - lastRead) / 1_000_000
            if idleLeft <= 0 {
                if origin != nil, let idleLimit { pipeline.advance(to: idleLimit) }
                return .end(.idle)
            }
            timeout = min(timeout ?? .infinity, idleLeft)
        }
        if let maximum = options.maxDuration {
            let left = maximum - Double(monotonic - start) / 1_000_000
            if left <= 0 { return .end(.maxDuration) }
            timeout = min(timeout ?? .infinity, left)
        }
        let due = pipeline.nextDeadline.map { $0 + options.timerGrace }
        if let wait = clock.seconds(until: due, monotonic: LiveSession.seconds(monotonic)) {
            timeout = min(timeout ?? .infinity, wait)
        }
        return .wait(timeout)
    }

    /// After a hang-up: the events still buffered, so nothing received is lost.
    mutating func drain(_ device: EvdevDevice, into pipeline: InputPipeline, onEvent: ((InputEvent) -> Void)?) throws(EvdevError) {
        while case .event(let event) = try device.nextEvent() {
            take(event, at: MonotonicClock.microseconds(), into: pipeline, onEvent: onEvent)
        }
    }

    /// The device went away: its touches still down are cancelled at the
    /// time the clock has reached (their gestures end cancelled, the streams
    /// go on), and the next event begins a new connection.
    mutating func breakOff(_ pipeline: InputPipeline) {
        let reached = origin == nil ? nil : clock.now(monotonic: LiveSession.seconds(MonotonicClock.microseconds()))
        pipeline.cancelTouches(at: reached.map { max($0, pipeline.engine.now) })
        startConnection()
    }

    /// Finishes the input (the streams end with it) and says what the run received.
    func finish(_ pipeline: InputPipeline, runOut: Double, reason: SessionEndReason) -> LiveSession.Outcome {
        // Also without an event: the pipeline's streams end with the session.
        pipeline.finishInput(at: origin == nil ? nil : max(pipeline.engine.now, lastEventTime + runOut))
        return LiveSession.Outcome(reason: reason, events: events, origin: origin, endTime: pipeline.engine.now)
    }
}
