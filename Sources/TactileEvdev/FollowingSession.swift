// A live session that follows a device across unplug, replug and a new node, on the same window and recognizers.
import Dispatch
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// A live session that follows a device — "the touchscreen", or one device
/// by what identifies it (``DeviceMatch``) — across unplug, replug and
/// re-enumeration to another node, feeding one `InputPipeline` on one
/// window: the recognizers attached to its views stay attached and keep
/// working, and the engine's actions and the pipeline's frames go on in
/// the same streams. A ``LiveSession`` reads one opened device and ends when
/// it goes; this one waits for it to come back.
///
/// ## Coming and going
/// - **Found.** At `run()` the session looks for the device in the input
///   directory (node order; when several match, the one read last is
///   preferred). When it is there it is opened, its surface laid on the
///   screen by the app's transform or else its udev calibration
///   (``EvdevDevice/udevCalibration``, libinput's default), and
///   ``Change/connected(path:device:)`` is told.
/// - **Gone.** When it hangs up, its node goes away or its reads fail, the
///   gestures in progress are cancelled: the touches still down end
///   `cancelled`, so recognizers following them end `.cancelled` or fail —
///   never a tap or a swipe of a finger that did not lift — and their
///   actions come first; then ``Change/disconnected(path:error:)``.
/// - **Waiting.** The session sleeps until the input directory changes
///   (inotify, as the gesture service watches it) or its next rescan
///   (every `rescanInterval` seconds for file systems that do not tell,
///   sooner for a node that appeared but cannot be opened yet, later for
///   one whose device keeps failing: the service's rule, `Rediscovery`)
///   or a pending timer of a recognizer: no tick; idle, it costs nothing.
///   A node that may hold the device but cannot be opened (permission
///   denied: the `input` group) and a node where the device was that now
///   holds another are told once each (``Change/problem(_:)``), not at every look.
/// - **Back.** The device found again (at any node) is opened, its
///   transform read anew (unless the app gave one), and the pipeline reads
///   it (`InputPipeline.replaceDevice(_:axisValues:transform:)`):
///   ``Change/reconnected(path:device:)``.
///
/// ## Time
/// Engine time comes from event timestamps as in a ``LiveSession``: the
/// first event is at 0.000000. When the device comes back, its first event
/// continues engine time: it is at the time the session's clock had reached
/// when it was read (the last event's time plus the monotonic time since
/// it was read, as between events), never before the engine's time, and
/// its later events follow their own timestamps from there. Engine time
/// never goes back, whatever clock the returning device stamps with.
///
/// ## End
/// `run()` returns when ``StopSignal/requestStop()`` is called (a Ctrl-C
/// with `stopOnSignals()`: at once, connected or waiting), or on the limits
/// of ``LiveSession/Options`` (``LiveSession/Options/idleExit`` counts the
/// time without an event, waiting included), never because the device
/// went. Then the input is finished as a ``LiveSession``'s is, and the
/// ``changes()`` streams end too.
///
/// ```swift
/// let window = Window(screen: Screen(width: 800, height: 480))
/// let map = MapView(frame: window.bounds)   // your views and recognizers
/// window.addSubview(map)
/// let session = FollowingSession(following: .touchscreen, window: window)
/// session.onChange = { change in print(change) }   // "/dev/input/event5: connected …"
/// let interrupt = session.stopSignal.stopOnSignals()
/// defer { interrupt.cancel() }
/// let outcome = try await session.run()   // unplug and replug the panel: the map keeps working
/// ```
@MainActor
public final class FollowingSession {
    /// Which device is followed.
    public let match: DeviceMatch
    /// The pipeline fed, the same for every device read: set its `onFrame`
    /// and its engine's `onAction` before `run()`. Until a device is found it
    /// reads as a device with no touch surface.
    public let pipeline: InputPipeline
    /// The limits.
    public let options: LiveSession.Options
    /// The transform the app gave, for every device read; `nil`: each one's udev calibration.
    public let transform: SurfaceTransform?
    /// Where device nodes are.
    public let directory: String
    /// Seconds between rescans of ``directory`` while waiting, when inotify tells nothing.
    public let rescanInterval: Double
    /// Raise it to end `run()`, at once, connected or waiting.
    public let stopSignal = StopSignal()
    /// Called with each event as read (not rebased), before the pipeline sees it.
    public var onEvent: ((InputEvent) -> Void)?
    /// Called with each change (connected, gone, back, a problem), as it happens.
    public var onChange: ((Change) -> Void)?
    /// The device read now; `nil` while the session waits for it.
    public internal(set) var device: EvdevDevice?
    /// How many times a device was connected so far (the first time included).
    public internal(set) var connections = 0

    /// The loop's turns so far: one per wake-up (tests count them, as load cannot change them).
    package internal(set) var turns = 0
    var changeStreams = StreamFanOut<Change>()
    var rediscovery: Rediscovery
    /// What was told once (a problem's key) and is not told again while its node stays.
    var told: Set<Told> = []
    /// Nodes known to hold another device, with the file they were then: not opened again until it changes.
    var others: [String: EvdevDevice.NodeIdentity] = [:]
    /// The node and the identity of the device read last.
    var lastPath: String?
    var lastDevice: DeviceMatch?
    /// The serial queue the async `run()` waits on.
    private let queue = DispatchQueue(label: "tactile.evdev.following")

    /// A session following the device `match` names, on `window`. Each
    /// device read lies on the screen as `transform` says, or, when it is
    /// `nil`, as its udev entry says (upright without one).
    ///
    /// ```swift
    /// let session = FollowingSession(following: .touchscreen, window: window, transform: .rotated(.clockwise180))
    /// ```
    public init(following match: DeviceMatch, window: Window, transform: SurfaceTransform? = nil,
                options: LiveSession.Options = LiveSession.Options(),
                directory: String = DeviceDiscovery.defaultDirectory, rescanInterval: Double = 5) {
        self.match = match
        self.transform = transform
        self.options = options
        self.directory = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        self.rescanInterval = rescanInterval
        pipeline = InputPipeline(device: DeviceDescription(name: "", kind: match.kind ?? .touchscreen), window: window)
        rediscovery = Rediscovery(rescanInterval: rescanInterval, now: MonotonicClock.seconds())
    }

    /// Reads the device, waits for it while it is away, and reads it again
    /// when it is back, until a stop or a limit (see the type). Blocks the
    /// calling thread; the async `run()` does not.
    ///
    /// - Throws: ``EvdevError`` when waiting itself fails (`poll(2)`);
    ///   the device's failures are told as changes, never thrown.
    public func run() throws(EvdevError) -> LiveSession.Outcome {
        var state = RunState(directory: directory)
        let reason = try PollLoop.run(stop: stopSignal, onStop: SessionEndReason.stopped, failure: pollFailure) {
            ready throws(EvdevError) in turn(ready, &state)
        }
        return end(&state, reason: reason)
    }

    /// The blocking `run()` without blocking a thread: between events the task
    /// is suspended (the waits happen on a queue of the session's own) and the
    /// main actor is free for the app. Cancelling the task stops the session.
    ///
    /// ```swift
    /// let session = FollowingSession(following: .touchscreen, window: window)
    /// let changes = session.changes()   // before run()
    /// Task { @MainActor in for await change in changes { status.text = change.description } }
    /// let outcome = try await session.run()
    /// ```
    public func run() async throws(EvdevError) -> LiveSession.Outcome {
        var state = RunState(directory: directory)
        let reason = try await PollLoop.run(stop: stopSignal, onStop: SessionEndReason.stopped, queue: queue, failure: pollFailure) {
            ready throws(EvdevError) in turn(ready, &state)
        }
        return end(&state, reason: reason)
    }

    /// A failed wait.
    private func pollFailure(_ code: Int32) -> EvdevError { EvdevError(errno: code, path: directory, operation: "poll") }

    /// One run's state: the events and their time, the watch on the input directory.
    @MainActor
    struct RunState {
        var run = SessionRun(start: MonotonicClock.microseconds())
        /// `nil` when inotify could not be had: rescans alone find the device.
        var watch: InputDirectoryWatch?
        /// Whether the last wait was on the device (else on the watch).
        var waitedOnDevice = false
        /// Whether the directory must be looked at in this turn (the start, a change, a device gone).
        var scanNow = true
        /// Whether it was looked at yet.
        var looked = false

        init(directory: String) {
            watch = (try? InotifyWatch()).map { InputDirectoryWatch(directory: directory, inotify: $0) }
        }
    }

    /// Ends the run: a device still read is let go, the input finished, the change streams ended.
    private func end(_ state: inout RunState, reason: SessionEndReason) -> LiveSession.Outcome {
        let outcome = state.run.finish(pipeline, runOut: options.runOut, reason: reason)
        device = nil
        changeStreams.finish()
        return outcome
    }
}
