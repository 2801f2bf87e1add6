// The gesture service's loop: devices taken and let go, events in, config reloaded, grabs released on the way out.
import TactileService
import Tactile
import TactileEvdev
#if canImport(Glibc)
import Glibc
#endif

/// Runs a config against the touch devices of the machine.
///
/// - **Devices.** Every node of the input directory is looked at when the
///   service starts and whenever the directory changes (inotify; a slow
///   rescan too, for file systems that do not tell): touch devices the
///   config selects are taken, the service's own virtual devices never. A
///   device is grabbed only while no finger is down on it, so no touch is
///   cut in two; until then it is only watched.
/// - **Pass-through.** A grabbed device's unclaimed touches go on through
///   its copy (`ServiceDevice`, `TouchGate`); with
///   ``Options-swift.struct/measuresLatency``, ``passThroughLatency``
///   measures from reading a frame's `SYN_REPORT` to its write returning.
/// - **Going away.** A device that vanishes is dropped (its copy removed)
///   and taken again when it returns.
/// - **Config.** The config file's directory is watched (and, for a
///   symbolic link, the directory of each link and of the file it names), so
///   an editor that saves by renaming is seen; a change is read once the file
///   was closed after writing and stayed quiet for a moment, and a file that
///   changes while it is read is not applied. A valid config takes over on
///   each device as soon as no finger is down; an invalid one, or one another
///   user could write, is refused with its diagnostics and the last good one stays.
/// - **The end.** ``stopSignal`` (SIGINT, SIGTERM) or the emergency gesture
///   end the loop at once (a stop wakes its wait): every touch the copies hold is
///   released, every grab let go, every virtual device removed.
///
/// ```swift
/// let service = try GestureService(options: .init(), sink: try UInputSink(), commands: SpawningCommandRunner())
/// let log = LogQueue(fileDescriptor: STDERR_FILENO)
/// service.log = { log.enqueue($0) }
/// let interrupt = service.stopSignal.stopOnSignals()
/// defer { interrupt.cancel() }
/// let reason = try service.run()
/// ```
@MainActor
public final class GestureService {
    /// How the service runs: where the config and devices are, and whether it passes touches on.
    public struct Options: Sendable {
        /// The config file; `nil`: the first of `ConfigLoader.searchPaths` that exists, else the default.
        public var configPath: String?
        /// The environment the config is looked up in (`XDG_CONFIG_HOME`, `HOME`).
        public var environment: [String: String]
        /// Where device nodes are.
        public var inputDirectory: String
        /// When not empty, only these nodes are taken (whatever the config's `[devices]` says).
        public var devicePaths: [String]
        /// Whether devices are grabbed and their touches passed on (off for
        /// dry runs, which change nothing outside the process: no grab, and
        /// no setting sent to the compositor).
        public var passThrough: Bool
        /// Seconds between rescans of the input directory when nothing tells of a change.
        public var rescanInterval: Double
        /// Stop once no device has been taken for this long (seconds); `nil`: never (tests use it).
        public var idleExit: Double?
        /// Whether each frame's latencies are measured (``GestureService/passThroughLatency``,
        /// ``GestureService/serviceLatency``, ``GestureService/engineLatency``; `tactile serve
        /// --stats` sets it). Off by default: a frame then reads no clock and records nothing.
        ///
        /// ```swift
        /// var options = GestureService.Options()
        /// options.measuresLatency = true
        /// ```
        public var measuresLatency = false

        /// Options: by default the config looked up in `environment`, every device of `/dev/input`, grabbed.
        public init(configPath: String? = nil, environment: [String: String] = [:], inputDirectory: String = "/dev/input",
                    devicePaths: [String] = [], passThrough: Bool = true, rescanInterval: Double = 5, idleExit: Double? = nil) {
            self.configPath = configPath
            self.environment = environment
            self.inputDirectory = inputDirectory
            self.devicePaths = devicePaths
            self.passThrough = passThrough
            self.rescanInterval = rescanInterval
            self.idleExit = idleExit
        }
    }

    /// Why ``run()`` returned.
    public enum EndReason: String, Sendable {
        /// Stopped (a signal, ``stopSignal``), the emergency gesture, or no device for ``Options-swift.struct/idleExit`` seconds.
        case stopped, emergency, idle
    }

    /// The longest single wait of version 0.1.0, whose loop woke this often
    /// to collect its helpers' news. The loop no longer ticks: it sleeps
    /// until a device has input, a watched directory changes, a helper has
    /// news (a program that could not start, the focused app's route, a
    /// pointer mapping, a config read: each wakes the wait when it is
    /// there), a stop, or its next deadline (a recognizer's timer, a rescan,
    /// a retry, a reload), so no wait of the service lasts this long on purpose.
    ///
    /// ```swift
    /// // Nothing to poll at this pace any more: stop the service when you are done.
    /// service.stopSignal.requestStop()
    /// ```
    @available(*, deprecated, message: "the service's loop no longer ticks: it sleeps until input, a helper's news, a stop or its next deadline")
    public static let checkInterval = 0.02

    /// What it was started with.
    public let options: Options
    /// Stops ``run()`` when sent (signal handlers and tests send it).
    public let stopSignal = StopSignal()
    /// Where the service says what it does (one line each, a note or a
    /// problem). It is called on the input path, between reading a device
    /// and writing its copy, so it must return at once: hand the line to a
    /// ``LogQueue``, never write it.
    public var log: (ServiceLogLine) -> Void = { _ in }
    /// Every report of every device, with the device's node (when `nil`, reports go to ``log``).
    public var onReport: ((String, ServiceReport) -> Void)?
    /// Read of a frame's `SYN_REPORT` to its write returning, every frame of
    /// every device (with ``Options-swift.struct/measuresLatency``; empty without).
    public internal(set) var passThroughLatency = LatencyRecorder()
    /// The same, without the time the writes themselves took (the output
    /// device's share: a kernel call on a real uinput node, an emulator's
    /// round trip on a testbed): recognition, the gate and the actions.
    public internal(set) var serviceLatency = LatencyRecorder()
    /// Recognition alone, on the same frames.
    public var engineLatency: LatencyRecorder {
        var merged = retiredEngineLatency
        for device in devices.values { if let service = device.service { merged.merge(service.engineLatency) } }
        return merged
    }
    /// The config in use.
    public internal(set) var config: GestureConfig
    /// Where it came from (`nil`: the built-in default).
    public internal(set) var configPath: String?

    let sink: OutputSink
    let commands: CommandRunner
    /// The session `options.environment` describes, detected once at the start.
    let detected: DetectedSession
    var keyboard: VirtualDeviceID?
    var devices: [String: ManagedDevice] = [:]
    /// Nodes looked at and not taken, with why (said once).
    var passedOver: [String: String] = [:]
    var retiredEngineLatency = LatencyRecorder()
    /// Named nodes not there (said once).
    var waitingFor: Set<String> = []
    /// When the input directory is looked at again: the slow rescan, quick
    /// ones for nodes not ready yet, waits for nodes whose device failed.
    var rediscovery: Rediscovery
    /// When the config changed last, plus its quiet period: when to read it (`nil`: no change pending).
    var reloadDue: Double?
    /// Reads the config off the input loop.
    let configReading: ConfigReading
    /// Signalled by the helpers (the command runner, the pointer mappers, the
    /// focus tracker, the config reading) when they queue news: it is in
    /// every wait of the loop, which drains it and collects, so the loop
    /// sleeps until there is news instead of looking for it on a tick.
    let news = Wakeup()
    /// The loop's turns so far: one per wake-up (tests count them, as load cannot change them).
    package internal(set) var turns = 0
    var emergency = false

    final class ManagedDevice {
        let device: EvdevDevice
        var service: ServiceDevice?
        /// The device's clock, by which its timers fire between events.
        var clock = DeviceClock()
        /// Its udev calibration (read when it is opened), which its output's turn follows.
        var calibration: SurfaceTransform?
        /// What the log last said of its turn.
        var saidTurn: String?
        /// Whether its clicks are placed over the desktop's layout (not mapped by sway), where, and what was said of it.
        var placesClicks = false
        var clickMapping = OutputMapping.identity
        var saidPlacement: [String] = []
        init(device: EvdevDevice) { self.device = device }
    }

    /// A service with the config of `options` (refused if invalid).
    public init(options: Options, sink: OutputSink, commands: CommandRunner) throws(ServiceError) {
        self.options = options
        self.sink = sink
        self.commands = commands
        detected = DetectedSession(SessionEnvironment(options.environment))
        rediscovery = Rediscovery(rescanInterval: options.rescanInterval, now: MonotonicClock.seconds())
        configReading = ConfigReading(news: news)
        (commands as? SpawningCommandRunner)?.signalProblems(to: news)
        let path = options.configPath ?? ConfigLoader.locate(environment: options.environment) { access($0, F_OK) == 0 }
        let session = SessionSettings.detect(session: detected)
        if let path {
            let result = ConfigLoader.load(path: path, session: session)
            guard let config = result.config else {
                throw .invalidConfig(path: path, diagnostics: result.diagnostics.map(\.description))
            }
            self.config = config
            self.configPath = path
            pendingWarnings = result.diagnostics.map { ServiceLogLine(diagnostic: $0) }
        } else {
            self.config = ConfigLoader.defaultConfig(session: session)
            self.configPath = nil
        }
    }

    var pendingWarnings: [ServiceLogLine] = []
    /// The pointers being put on the touchscreen's output, by device node.
    var pointerMappers: [String: PointerMapper] = [:]
    /// Follows the focused app, once a binding has `app` or `not-app`.
    var focus: FocusTracker?
    /// Follows the desktop's outputs, once a touchscreen may be taken or a click placed.
    var outputFollower: OutputFollower?
    /// Until when the first look at the devices waits for the outputs (nil: it does not).
    var outputsAwaitedUntil: Double?
    /// The follower's layout last applied to the devices.
    var outputsGeneration = 0

    /// Starts following the focused app when `config` needs it and nothing follows it yet.
    func followFocusIfNeeded(_ config: GestureConfig) {
        guard focus == nil, config.bindings.contains(where: \.conditions.dependsOnFocus) else { return }
        // A dry run says each change of the app, which explains the bindings it shows.
        if let tracker = FocusTracker.start(session: detected, news: news, sayingEachChange: !options.passThrough) {
            // Whether the route answers, and why not, is logged as the tracker finds out (collectFocusNews).
            focus = tracker
        } else {
            log(.note("focused app: this session offers no way to know it (no \(SessionEnvironment.focusRoutesText), or DISPLAY): "
                + "gestures with app = … do not fire, those with only not-app = … do"))
        }
    }

    // MARK: Running

    /// Runs until stopped or the emergency gesture; then lets go of everything.
    public func run() throws(ServiceError) -> EndReason {
        log(.note("config: " + (configPath.map { TextFormat.visible($0) } ?? "built-in default") + " (\(config.bindings.count) gestures)"))
        log(.note("desktop actions as on \(config.desktop.preset.rawValue) (from \(TextFormat.visible(config.desktop.source))); "
            + "keys typed on the layout \(TextFormat.visible(config.keyboard.layout.description)) (from \(TextFormat.visible(config.keyboard.source)))"))
        log(.note("a touch taken after the app saw it is " + TextFormat.visible(config.claimedTouchEnd.description)))
        for warning in pendingWarnings { log(warning) }
        followFocusIfNeeded(config)
        if takesTouchscreens(config) { startFollowingOutputs(beforeScanning: true) }
        defer {
            focus?.stop()
            outputFollower?.stop()
        }
        var watches = try ServiceWatches(
            inputDirectory: options.inputDirectory,
            configFiles: options.configPath.map { [$0] } ?? ConfigLoader.searchPaths(environment: options.environment)
        )
        watches.ensure()
        if !watches.watchesInput {
            log(.problem("cannot watch \(TextFormat.visible(options.inputDirectory)) yet: devices are found by rescanning until it is there"))
        }
        do {
            keyboard = try sink.create(.keyboard, name: "Tactile keyboard")
        } catch {
            throw .output(error)
        }
        defer { shutDown() }
        // The first look at the devices waits for the desktop to say how its outputs are turned.
        var lookedAtDevices = outputsKnown(now: MonotonicClock.seconds())
        if lookedAtDevices {
            scan()
            rediscovery.scanned(at: MonotonicClock.seconds())
        }
        var idleSince = MonotonicClock.seconds()
        var waited: [String?] = []
        return try PollLoop.run(stop: stopSignal, onStop: .stopped, failure: { .system(operation: "poll", errno: $0) }) {
            ready throws(ServiceError) in
            turns += 1
            // Idle counts from when the last device went: a turn that begins with devices had them until now.
            if !devices.isEmpty { idleSince = MonotonicClock.seconds() }
            handle(ready, of: waited, watches: &watches)
            if emergency { return .end(.emergency) }
            let now = MonotonicClock.seconds()
            if !lookedAtDevices, outputsKnown(now: now) {
                lookedAtDevices = true
                scan()
                rediscovery.scanned(at: MonotonicClock.seconds())
            }
            // Idle counts from the first look at the devices.
            if !lookedAtDevices { idleSince = now }
            if lookedAtDevices, rediscovery.isDue(at: MonotonicClock.seconds()) {
                // A config directory that appeared may hold a config already.
                if watches.ensure().contains(.config) { configChanged() }
                scan()
                rediscovery.scanned(at: MonotonicClock.seconds())
            }
            let scanned = MonotonicClock.seconds()
            let nextScan = rediscovery.nextScan(at: scanned)
            if devices.isEmpty, let limit = options.idleExit, scanned - idleSince >= limit { return .end(.idle) }
            if !devices.isEmpty { idleSince = scanned }
            // No tick: the helpers' news wakes the wait (`news`), unless no eventfd could be made.
            var deadline = min(nextScan, scanned + reloadTimeout(now: scanned))
            if devices.isEmpty, let limit = options.idleExit { deadline = min(deadline, idleSince + limit) }
            if let until = outputsAwaitedUntil { deadline = min(deadline, until) }
            if !news.wakesWaits { deadline = min(deadline, scanned + StopSignal.checkInterval) }
            for managed in devices.values {
                if let wait = managed.clock.seconds(until: managed.service?.nextDeadline, monotonic: scanned) { deadline = min(deadline, scanned + wait) }
            }
            let order = Array(devices)
            waited = [nil, nil] + order.map(\.key)
            return .wait(on: [watches.inotify.fileDescriptor, news.descriptor] + order.map(\.value.device.fileDescriptor), until: deadline)
        }
    }

    /// After a wait: the watches' changes, each device that has input or
    /// hung up (`waited` names the device of each descriptor waited on, `nil`
    /// for the watches' and the news'), the timers due, what the helpers
    /// queued (the news is drained first, so news queued after it wakes the
    /// next wait), a config read that is due.
    private func handle(_ ready: PollLoop.Ready, of waited: [String?], watches: inout ServiceWatches) {
        if ready.first.map({ $0 != 0 }) == true {
            let changes = watches.changes()
            // While the first look at the devices waits for the outputs, it sees these nodes too.
            if changes.contains(.devices), outputsAwaitedUntil == nil { scan() }
            if changes.contains(.config) { configChanged() }
        }
        for (index, path) in waited.enumerated() where index < ready.count && ready[index] != 0 {
            guard let path else { continue }
            readEvents(of: path, hungUp: PollLoop.hungUp(ready[index]))
        }
        fireTimers()
        if ready.count > 1, ready[1] != 0 { news.drain() }
        // The runner collects only programs that could not start.
        for line in commands.collect() { log(.problem(line)) }
        collectPointerMappings()
        collectOutputs()
        for line in focus?.collectLines() ?? [] { log(ServiceLogLine(severity: line.severity, text: TextFormat.visible(line.text))) }
        reloadIfDue()
    }

    /// Fires what is due on each device by its own clock.
    func fireTimers() {
        let now = MonotonicClock.seconds()
        for managed in devices.values {
            guard let service = managed.service, let time = managed.clock.now(monotonic: now) else { continue }
            service.fireTimers(through: time)
        }
    }

}
