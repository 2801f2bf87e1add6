import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// Drives an ``InputPipeline`` from a live ``EvdevDevice``.
///
/// ## Time
/// Engine time follows the **event timestamps, rebased so that the session's
/// first event is at 0.000000**: an event stamped `t` is fed at `t − t₀`
/// (in whole microseconds), so a session's action log is the one
/// `RecordingReplay` gives for ``Outcome/events`` (which are rebased the same
/// way) on the same device description.
///
/// Between events, the session follows `CLOCK_MONOTONIC` (the device clock,
/// see ``EvdevDevice/usesMonotonicClock``) to know when the engine's next
/// timer is due: it polls the device with a timeout that ends at
/// ``GestureEngine/nextDeadline``, and when that deadline has passed with no
/// input, advances the engine **to the deadline exactly** (never to an
/// arbitrary clock reading), so long presses and tap timeouts fire without
/// input and at the time a replay fires them. While idle, engine time is
/// estimated as the last event's time plus the `CLOCK_MONOTONIC` time since
/// it was read (so a device whose timestamps use another epoch or drift — a
/// umockdev replay — still works), and a timer fires once that estimate is
/// ``Options/timerGrace`` past its deadline: an event stamped before the
/// deadline but delivered a little late is then still processed before the
/// timer, as in a replay.
///
/// ## End
/// ``run()`` returns when the device goes away (every event received is
/// kept), when ``StopSignal/requestStop()`` was called, when no event came
/// for ``Options/idleExit`` seconds, or after ``Options/maxDuration``
/// seconds. Then ``InputPipeline/finishInput(at:)`` cancels the touches left
/// down and lets pending timers fire until `last event + settle` (or the
/// engine time, if later). An idle end happens logically at
/// `last event + idleExit`, so the log is then the same as a replay with a
/// settle of `max(settle, idleExit)`.
///
/// The session lives on the main actor, as its pipeline does; only its
/// ``stopSignal`` may be raised from anywhere (a signal handler, another task).
@MainActor
public final class LiveSession {
    /// Limits of a session.
    public struct Options: Sendable, Hashable {
        /// End after this many seconds without an event (counted from the
        /// start until the first event); `nil`: never.
        public var idleExit: Double?
        /// End after this many seconds of wall-clock time; `nil`: never.
        public var maxDuration: Double?
        /// Seconds of engine time after the last event during which pending
        /// timers still fire at the end (as `RecordingReplay`'s settle).
        public var settle: Double
        /// Seconds of device-clock time a timer waits past its deadline before
        /// it fires with no input (it still fires at its deadline in engine
        /// time), covering the delivery latency of events.
        public var timerGrace: Double

        /// Options; by default the session runs until stopped or the device goes away.
        public init(idleExit: Double? = nil, maxDuration: Double? = nil, settle: Double = 1.0, timerGrace: Double = 0.03) {
            self.idleExit = idleExit
            self.maxDuration = maxDuration
            self.settle = settle
            self.timerGrace = timerGrace
        }
    }

    /// Why ``run()`` returned.
    public enum EndReason: String, Sendable, Hashable {
        /// The device went away; everything before was processed.
        case deviceGone
        /// ``StopSignal/requestStop()`` was called.
        case stopped
        /// No event arrived for ``Options/idleExit`` seconds.
        case idle
        /// ``Options/maxDuration`` seconds passed.
        case maxDuration
    }

    /// What a session received.
    public struct Outcome: Sendable {
        /// Why it ended.
        public var reason: EndReason
        /// Every event received, rebased so that the first is at 0.000000.
        public var events: [InputEvent]
        /// The first event's own timestamp (the rebasing origin), if any event came.
        public var origin: InputEvent?
        /// Engine time when the session ended, after settling.
        public var endTime: Double
    }

    /// A stop request that may come from any thread (a signal-handling
    /// thread, a UI). The session checks it at least every ``checkInterval`` seconds.
    public final class StopSignal: @unchecked Sendable {
        private var mutex = pthread_mutex_t()
        private var requested = false

        /// A signal not yet raised.
        public init() { pthread_mutex_init(&mutex, nil) }
        deinit { pthread_mutex_destroy(&mutex) }

        /// Asks the session to end; it finishes its input and returns from ``LiveSession/run()``.
        public func requestStop() {
            pthread_mutex_lock(&mutex)
            requested = true
            pthread_mutex_unlock(&mutex)
        }

        /// Whether a stop was requested.
        public var isStopRequested: Bool {
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            return requested
        }
    }

    /// The longest single poll, so that a stop request is seen promptly.
    public nonisolated static let checkInterval = 0.1

    /// The device read.
    public let device: EvdevDevice
    /// The pipeline fed; set its `onFrame` and its engine's `onAction` before ``run()``.
    public let pipeline: InputPipeline
    /// The limits.
    public let options: Options
    /// Raise it to end ``run()``.
    public let stopSignal = StopSignal()
    /// Called with each event as read (not rebased), before the pipeline sees it.
    public var onEvent: ((InputEvent) -> Void)?

    /// A session reading `device` into `pipeline`.
    public init(device: EvdevDevice, pipeline: InputPipeline, options: Options = Options()) {
        self.device = device
        self.pipeline = pipeline
        self.options = options
    }

    /// A session reading `device` into a new pipeline for its description on
    /// `window`, starting from the device's axis values (its current slot).
    public convenience init(device: EvdevDevice, window: Window, options: Options = Options()) {
        let pipeline = InputPipeline(device: device.description, window: window, axisValues: device.axisValues)
        self.init(device: device, pipeline: pipeline, options: options)
    }

    /// `CLOCK_MONOTONIC` in microseconds.
    nonisolated static func monotonicMicroseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000
    }

    /// `event` moved by `-origin` microseconds.
    nonisolated static func rebase(_ event: InputEvent, origin: Int64) -> InputEvent {
        let offset = event.timeInMicroseconds - origin
        let (seconds, micro) = offset.quotientAndRemainder(dividingBy: 1_000_000)
        let (s, u) = micro < 0 ? (seconds - 1, micro + 1_000_000) : (seconds, micro)
        return InputEvent(seconds: s, microseconds: Int32(u), type: event.type, code: event.code, value: event.value)
    }

    /// Reads and processes events until the device goes away, a stop is
    /// requested, or a limit of ``options`` is reached, then finishes the
    /// input (see the type's documentation).
    ///
    /// - Throws: ``EvdevError`` for read or poll failures other than the device going away.
    public func run() throws(EvdevError) -> Outcome {
        let start = Self.monotonicMicroseconds()
        var events: [InputEvent] = []
        var origin: InputEvent?
        var lastRead = start
        var lastEventTime = 0.0

        /// Engine time now, by the device clock: the last event's time plus
        /// the time since it was read (only meaningful after the first event).
        func engineNow(_ monotonic: Int64) -> Double {
            lastEventTime + Double(monotonic - lastRead) / 1_000_000
        }

        func take(_ event: InputEvent, at monotonic: Int64) {
            onEvent?(event)
            if origin == nil { origin = event }
            lastRead = monotonic
            let rebased = Self.rebase(event, origin: origin?.timeInMicroseconds ?? 0)
            lastEventTime = rebased.time
            events.append(rebased)
            pipeline.process(rebased)
        }

        let reason: EndReason
        loop: while true {
            if stopSignal.isStopRequested { reason = .stopped; break loop }
            switch try device.nextEvent() {
            case .event(let event):
                take(event, at: Self.monotonicMicroseconds())
                continue loop
            case .endOfStream:
                reason = .deviceGone
                break loop
            case .wouldBlock:
                break
            }
            let monotonic = Self.monotonicMicroseconds()
            let idleLimit = options.idleExit.map { lastEventTime + $0 }
            // Fire the timers that are due by the device clock, each at its deadline.
            if origin != nil {
                let now = min(engineNow(monotonic) - options.timerGrace, idleLimit ?? .infinity)
                while let deadline = pipeline.engine.nextDeadline, deadline <= now {
                    pipeline.advance(to: deadline)
                }
            }
            var timeout = Self.checkInterval
            if let idle = options.idleExit {
                let idleLeft = idle - Double(monotonic - lastRead) / 1_000_000
                if idleLeft <= 0 {
                    if origin != nil, let idleLimit { pipeline.advance(to: idleLimit) }
                    reason = .idle
                    break loop
                }
                timeout = min(timeout, idleLeft)
            }
            if let maximum = options.maxDuration {
                let left = maximum - Double(monotonic - start) / 1_000_000
                if left <= 0 { reason = .maxDuration; break loop }
                timeout = min(timeout, left)
            }
            if origin != nil, let deadline = pipeline.engine.nextDeadline {
                timeout = min(timeout, max(0, deadline + options.timerGrace - engineNow(monotonic)))
            }
            switch try device.poll(timeout: timeout) {
            case .readable, .timeout:
                continue loop
            case .hangup:
                while case .event(let event) = try device.nextEvent() {
                    take(event, at: Self.monotonicMicroseconds())
                }
                reason = .deviceGone
                break loop
            }
        }
        if origin != nil {
            pipeline.finishInput(at: max(pipeline.engine.now, lastEventTime + options.settle))
        }
        return Outcome(reason: reason, events: events, origin: origin, endTime: pipeline.engine.now)
    }
}
