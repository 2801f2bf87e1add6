// Drives an input pipeline from a live evdev device.
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// Drives an `InputPipeline` from a live ``EvdevDevice``.
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
/// `GestureEngine/nextDeadline`, and when that deadline has passed with no
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
/// `run()` returns when the device goes away (every event received is
/// kept; a ``FollowingSession`` instead waits for it to come back), when ``TactileEvdev/StopSignal/requestStop()`` was called, when no event came
/// for ``Options/idleExit`` seconds, or after ``Options/maxDuration``
/// seconds. Then `InputPipeline/finishInput(at:)` cancels the touches left
/// down and lets pending timers fire until `last event + runOut` (or the
/// engine time, if later), then ends the pipeline's `frames()` and
/// `actions()` streams, so a task awaiting them finishes with the session
/// (also when no event came). An idle end happens logically at
/// `last event + idleExit`, so the log is then the same as a replay with a
/// run-out of `max(runOut, idleExit)`.
///
/// The session lives on the main actor, as its pipeline does; only its
/// ``stopSignal`` may be raised from anywhere (a signal handler, another task).
///
/// ```swift
/// let session = LiveSession(device: try EvdevDevice(path: "/dev/input/event5"), window: window)
/// let interrupt = session.stopSignal.stopOnSignals()
/// defer { interrupt.cancel() }
/// let outcome = try await session.run()
/// print(outcome.reason, outcome.events.count)
/// ```
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
        /// timers still fire at the end (as `RecordingReplay`'s run-out).
        public var runOut: Double
        /// Seconds of device-clock time a timer waits past its deadline before
        /// it fires with no input (it still fires at its deadline in engine
        /// time), covering the delivery latency of events.
        public var timerGrace: Double

        /// Options; by default the session runs until stopped or the device goes away.
        public init(idleExit: Double? = nil, maxDuration: Double? = nil, runOut: Double = 1.0, timerGrace: Double = 0.03) {
            self.idleExit = idleExit
            self.maxDuration = maxDuration
            self.runOut = runOut
            self.timerGrace = timerGrace
        }
    }

    /// What a session received.
    public struct Outcome: Sendable {
        /// Why it ended.
        public var reason: SessionEndReason
        /// Every event received, rebased so that the first is at 0.000000.
        public var events: [InputEvent]
        /// The first event's own timestamp (the rebasing origin), if any event came.
        public var origin: InputEvent?
        /// Engine time when the session ended, after the run-out.
        public var endTime: Double
    }

    /// The device read.
    public let device: EvdevDevice
    /// The pipeline fed; set its `onFrame` and its engine's `onAction` before `run()`.
    public let pipeline: InputPipeline
    /// The limits.
    public let options: Options
    /// Raise it to end `run()`.
    public let stopSignal = TactileEvdev.StopSignal()
    /// Called with each event as read (not rebased), before the pipeline sees it.
    public var onEvent: ((InputEvent) -> Void)?

    /// A session reading `device` into `pipeline`.
    public init(device: EvdevDevice, pipeline: InputPipeline, options: Options = Options()) {
        self.device = device
        self.pipeline = pipeline
        self.options = options
    }

    /// A session reading `device` into a new pipeline for its description on
    /// `window`, starting from the device's axis values (its current slot),
    /// its surface lying on the screen as its udev entry says
    /// (``EvdevDevice/udevCalibration``, libinput's default; upright without one).
    public convenience init(device: EvdevDevice, window: Window, options: Options = Options()) {
        self.init(device: device, window: window, transform: device.udevCalibration ?? .identity, options: options)
    }

    /// A session reading `device` into a new pipeline on `window`, its
    /// surface lying on the screen as `transform` says, whatever its udev entry says.
    ///
    /// ```swift
    /// // An 800 × 480 panel mounted upside down.
    /// let session = LiveSession(device: device, window: window, transform: .rotated(.clockwise180))
    /// ```
    public convenience init(device: EvdevDevice, window: Window, transform: SurfaceTransform, options: Options = Options()) {
        let pipeline = InputPipeline(device: device.description, window: window, axisValues: device.axisValues, transform: transform)
        self.init(device: device, pipeline: pipeline, options: options)
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
    /// input (see the type's documentation). Blocks the calling thread
    /// between events; the async `run()` does not.
    ///
    /// - Throws: ``EvdevError`` for read or poll failures other than the device going away.
    public func run() throws(EvdevError) -> Outcome {
        var run = SessionRun(start: MonotonicClock.microseconds())
        let reason = try PollLoop.run(stop: stopSignal, onStop: SessionEndReason.stopped, failure: pollFailure) { ready throws(EvdevError) in
            try turn(ready, &run)
        }
        return run.finish(pipeline, runOut: options.runOut, reason: reason)
    }

    /// The blocking `run()` without blocking a thread: between events the task is
    /// suspended (the device is polled on a thread of its own) and the main
    /// actor is free for the app. Cancelling the task stops the session as
    /// ``TactileEvdev/StopSignal/requestStop()`` does.
    ///
    /// In top-level code (`main.swift`), Swift resolves `try await
    /// session.run()` to the blocking `run()`, which holds the main actor
    /// until the session ends: call this one from an async function or a
    /// task (`try await Task { @MainActor in try await session.run() }.value`).
    ///
    /// ```swift
    /// let session = LiveSession(device: try EvdevDevice(path: "/dev/input/event5"), window: window)
    /// let interrupt = session.stopSignal.stopOnSignals()   // Ctrl-C ends the session cleanly
    /// defer { interrupt.cancel() }
    /// let actions = session.pipeline.engine.actions()   // before the first event
    /// let printer = Task { @MainActor in
    ///     for await action in actions { print(action.readableLine) }
    /// }
    /// let outcome = try await session.run()   // its end ends the stream
    /// await printer.value
    /// ```
    public func run() async throws(EvdevError) -> Outcome {
        var run = SessionRun(start: MonotonicClock.microseconds())
        let reason = try await PollLoop.run(stop: stopSignal, onStop: SessionEndReason.stopped, queue: device.pollQueue, failure: pollFailure) {
            ready throws(EvdevError) in try turn(ready, &run)
        }
        return run.finish(pipeline, runOut: options.runOut, reason: reason)
    }

    /// A failed wait, as the device's error.
    private func pollFailure(_ code: Int32) -> EvdevError { EvdevError(errno: code, path: device.path, operation: "poll") }

    /// One turn of the loop: a hang-up ends the session with what was still
    /// buffered; otherwise the events waiting and the timers due are
    /// processed, and the wait lasts until the next deadline (a timer, a
    /// limit, the device's node check), with no tick of its own.
    private func turn(_ ready: PollLoop.Ready, _ run: inout SessionRun) throws(EvdevError) -> PollLoop.Next<SessionEndReason> {
        if let revents = ready.first, device.readiness(revents) == .hangup {
            try run.drain(device, into: pipeline, onEvent: onEvent)
            return .end(.deviceGone)
        }
        switch try run.step(device, pipeline: pipeline, options: options, stop: stopSignal, onEvent: onEvent) {
        case .end(let reason):
            return .end(reason)
        case .wait(let timeout):
            let deadline = min(timeout.map { MonotonicClock.seconds() + $0 } ?? .infinity, device.nextNodeCheck ?? .infinity)
            return .wait(on: [device.fileDescriptor], until: deadline.isFinite ? deadline : nil)
        }
    }

    /// `monotonic` microseconds in seconds, as ``DeviceClock`` counts.
    nonisolated static func seconds(_ monotonic: Int64) -> Double { Double(monotonic) / 1_000_000 }
}
