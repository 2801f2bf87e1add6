// The gesture service's loop: devices taken and let go, events in, config reloaded, grabs released on the way out.
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
///   its copy (``ServiceDevice``, ``TouchGate``); ``passThroughLatency``
///   measures from reading a frame's `SYN_REPORT` to its write returning.
/// - **Going away.** A device that vanishes is dropped (its copy removed)
///   and taken again when it returns.
/// - **Config.** The config file's directory is watched, so an editor that
///   saves by renaming is seen: a valid config takes over on each device as
///   soon as no finger is down; an invalid one is refused with its
///   diagnostics and the last good one stays.
/// - **The end.** ``stopSignal`` (SIGINT, SIGTERM) or the emergency gesture
///   end the loop within ``checkInterval``: every touch the copies hold is
///   released, every grab let go, every virtual device removed.
///
/// ```swift
/// let service = try GestureService(options: .init(), sink: try UInputSink(), commands: SpawningCommandRunner())
/// service.log = { print($0) }
/// let interrupt = service.stopSignal.stopOnSignals()
/// defer { interrupt.cancel() }
/// let reason = try service.run()
/// ```
@MainActor
public final class GestureService {
    /// How the service runs: where the config and devices are, and whether it passes touches on.
    public struct Options: Sendable {
        /// The config file; `nil`: the first of ``ConfigLoader/searchPaths(environment:)`` that exists, else the default.
        public var configPath: String?
        /// The environment the config is looked up in (`XDG_CONFIG_HOME`, `HOME`).
        public var environment: [String: String]
        /// Where device nodes are.
        public var inputDirectory: String
        /// When not empty, only these nodes are taken (whatever the config's `[devices]` says).
        public var devicePaths: [String]
        /// Whether devices are grabbed and their touches passed on (off for dry runs).
        public var passThrough: Bool
        /// Seconds between rescans of the input directory when nothing tells of a change.
        public var rescanInterval: Double
        /// Stop once no device has been taken for this long (seconds); `nil`: never (tests use it).
        public var idleExit: Double?

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

    /// The longest single wait, so that a stop is seen at once.
    public static let checkInterval = 0.02

    /// What it was started with.
    public let options: Options
    /// Stops ``run()`` when sent (signal handlers and tests send it).
    public let stopSignal = LiveSession.StopSignal()
    /// Where the service says what it does (one line each).
    public var log: (String) -> Void = { _ in }
    /// Every report of every device, with the device's node (when `nil`, reports go to ``log``).
    public var onReport: ((String, ServiceReport) -> Void)?
    /// Read of a frame's `SYN_REPORT` to its write returning, every frame of every device.
    public private(set) var passThroughLatency = LatencyRecorder()
    /// The same, without the time the writes themselves took (the output
    /// device's share: a kernel call on a real uinput node, an emulator's
    /// round trip on a testbed): recognition, the gate and the actions.
    public private(set) var serviceLatency = LatencyRecorder()
    /// Recognition alone, on the same frames.
    public var engineLatency: LatencyRecorder {
        var merged = retiredEngineLatency
        for device in devices.values { if let service = device.service { merged.merge(service.engineLatency) } }
        return merged
    }
    /// The config in use.
    public private(set) var config: GestureConfig
    /// Where it came from (`nil`: the built-in default).
    public private(set) var configPath: String?

    private let sink: OutputSink
    private let commands: CommandRunner
    private var keyboard: VirtualDeviceID?
    private var devices: [String: ManagedDevice] = [:]
    /// Nodes looked at and not taken, with why (said once).
    private var passedOver: [String: String] = [:]
    private var retiredEngineLatency = LatencyRecorder()
    /// Nodes that could not be opened yet (tried again on each scan).
    private var unready: Set<String> = []
    /// Named nodes not there (said once).
    private var waitingFor: Set<String> = []
    private var emergency = false

    final class ManagedDevice {
        let device: EvdevDevice
        var service: ServiceDevice?
        var lastEventTime = 0.0
        var lastEventRead = 0.0
        init(device: EvdevDevice) { self.device = device }
    }

    /// A service with the config of `options` (refused if invalid).
    public init(options: Options, sink: OutputSink, commands: CommandRunner) throws(ServiceError) {
        self.options = options
        self.sink = sink
        self.commands = commands
        let path = options.configPath ?? ConfigLoader.locate(environment: options.environment) { access($0, F_OK) == 0 }
        if let path {
            let result = ConfigLoader.load(path: path)
            guard let config = result.config else {
                throw .invalidConfig(path: path, diagnostics: result.diagnostics.map(\.description))
            }
            self.config = config
            self.configPath = path
            pendingWarnings = result.diagnostics.map(\.description)
        } else {
            self.config = ConfigLoader.defaultConfig
            self.configPath = nil
        }
    }

    private var pendingWarnings: [String] = []

    /// Monotonic seconds.
    static func monotonic() -> Double { Double(LatencyRecorder.now()) / 1e9 }

    // MARK: Running

    /// Runs until stopped or the emergency gesture; then lets go of everything.
    public func run() throws(ServiceError) -> EndReason {
        log("config: " + (configPath.map { TextFormat.visible($0) } ?? "built-in default") + " (\(config.bindings.count) gestures)")
        for warning in pendingWarnings { log(warning) }
        let watch = try InotifyWatch()
        let inputWatch = watch.add(options.inputDirectory, events: InotifyWatch.nodeEvents)
        if inputWatch == nil { log("cannot watch \(options.inputDirectory): devices plugged in later are found by rescanning") }
        let configDirectory = configPath.map(Self.directory(of:)) ?? Self.userConfigDirectory(options.environment)
        let configWatch = configDirectory.flatMap { watch.add($0, events: InotifyWatch.fileEvents) }
        do {
            keyboard = try sink.create(.keyboard, name: "Tactile keyboard")
        } catch {
            throw .output(error)
        }
        defer { shutDown() }
        scan()
        var nextScan = Self.monotonic() + options.rescanInterval
        var idleSince = Self.monotonic()
        while !stopSignal.isStopRequested && !emergency {
            let now = Self.monotonic()
            if devices.isEmpty, let limit = options.idleExit, now - idleSince >= limit { return .idle }
            if !devices.isEmpty { idleSince = now }
            var timeout = min(Self.checkInterval, max(0, nextScan - now))
            for managed in devices.values {
                guard let deadline = managed.service?.nextDeadline else { continue }
                timeout = min(timeout, max(0, deadline - estimatedTime(of: managed, now: now)))
            }
            var entries: [(path: String?, fd: Int32)] = [(nil, watch.fileDescriptor)]
            for (path, managed) in devices { entries.append((path, managed.device.fileDescriptor)) }
            var fds = entries.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let ready = Glibc.poll(&fds, nfds_t(fds.count), Int32((timeout * 1000).rounded(.up)))
            if ready < 0 && errno != EINTR { throw .system(operation: "poll", errno: errno) }
            if fds[0].revents != 0 {
                var rescan = false, reload = false
                for change in watch.read() {
                    if change.watch == inputWatch, change.name.hasPrefix("event") { rescan = true }
                    if change.watch == configWatch, change.name == configFileName { reload = true }
                }
                if rescan { scan() }
                if reload { reloadConfig() }
            }
            for (index, entry) in entries.enumerated().dropFirst() where fds[index].revents != 0 {
                guard let path = entry.path else { continue }
                let hungUp = fds[index].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
                readEvents(of: path, hungUp: hungUp)
            }
            fireTimers()
            if let spawning = commands as? SpawningCommandRunner { spawning.reap() }
            if Self.monotonic() >= nextScan {
                scan()
                nextScan = Self.monotonic() + options.rescanInterval
            }
        }
        return emergency ? .emergency : .stopped
    }

    private var configFileName: String {
        configPath.map { String($0.split(separator: "/").last ?? "") } ?? "gestures.toml"
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func userConfigDirectory(_ environment: [String: String]) -> String? {
        ConfigLoader.searchPaths(environment: environment).first.map(directory(of:))
    }

    /// The device's event time now: its last event's time plus the monotonic time since it was read.
    private func estimatedTime(of managed: ManagedDevice, now: Double) -> Double {
        managed.lastEventTime + (now - managed.lastEventRead)
    }

    private func fireTimers() {
        let now = Self.monotonic()
        for managed in devices.values {
            guard let service = managed.service else { continue }
            while let deadline = service.nextDeadline, deadline <= estimatedTime(of: managed, now: now) {
                service.advance(to: deadline)
            }
        }
    }

    // MARK: Devices

    /// Looks at every node not seen yet, and lets go of devices whose node went away.
    private func scan() {
        let names = (try? Self.entries(of: options.inputDirectory)) ?? []
        let present = Set(names.map { options.inputDirectory + "/" + $0 })
        for path in devices.keys.sorted() where access(path, F_OK) != 0 {
            log("\(TextFormat.visible(path)): gone")
            drop(path, passOver: false)
        }
        for path in options.devicePaths where !present.contains(path) && !waitingFor.contains(path) {
            waitingFor.insert(path)
            log("\(TextFormat.visible(path)): not there; taken when it appears")
        }
        waitingFor.formIntersection(options.devicePaths.filter { !present.contains($0) })
        for path in passedOver.keys where !present.contains(path) { passedOver[path] = nil }
        // Nodes named on the command line are waited for while they are not there.
        let candidates = options.devicePaths.isEmpty ? present.sorted() : options.devicePaths.filter(present.contains)
        for path in candidates where devices[path] == nil && passedOver[path] == nil {
            consider(path)
        }
    }

    static func entries(of directory: String) throws -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("event") { names.append(name) }
        }
        return names
    }

    private func passOver(_ path: String, _ reason: String?) {
        passedOver[path] = reason ?? ""
        if let reason { log("\(TextFormat.visible(path)): \(reason)") }
    }

    private func consider(_ path: String) {
        if sink.createdNodes.contains(path) { return passOver(path, nil) }
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: path)
        } catch {
            switch error {
            case .notFound, .permissionDenied, .deviceGone, .busy:
                // Not ready yet (udev still making the node or setting its permissions): looked at
                // again on the next scan, and said once when the node was named.
                if !options.devicePaths.isEmpty, unready.insert(path).inserted { log("\(TextFormat.visible(path)): \(error.description)") }
                return
            default:
                return passOver(path, options.devicePaths.isEmpty ? nil : error.description)
            }
        }
        unready.remove(path)
        if UInputSink.isServiceDevice(phys: device.physicalLocation) { return passOver(path, nil) }
        let description = device.description
        if options.devicePaths.isEmpty {
            guard selected(description) else { return passOver(path, nil) }
        } else if description.kind == .other {
            return passOver(path, "\(TextFormat.visible(description.name)) is not a touch device")
        }
        let managed = ManagedDevice(device: device)
        managed.lastEventRead = Self.monotonic()
        managed.lastEventTime = managed.lastEventRead
        devices[path] = managed
        log("\(TextFormat.visible(path)): \(TextFormat.visible(description.name)) (\(description.kind.rawValue))")
        activateIfIdle(path)
    }

    private func selected(_ description: DeviceDescription) -> Bool {
        let selection = config.devices
        guard selection.kinds.contains(description.kind) else { return false }
        let name = description.name.lowercased()
        if !selection.names.isEmpty, !selection.names.contains(where: { name.contains($0.lowercased()) }) { return false }
        return !selection.excludedNames.contains { name.contains($0.lowercased()) }
    }

    /// Takes a watched device once no finger is down on it.
    private func activateIfIdle(_ path: String) {
        guard let managed = devices[path], managed.service == nil, managed.device.contactsDown == 0 else { return }
        let description = managed.device.description
        let grab = options.passThrough && config.devices.grab
        let outputs: DeviceOutputs
        do {
            outputs = try ServiceDevice.makeOutputs(for: description, config: config, sink: sink, keyboard: keyboard, passThrough: grab)
        } catch {
            log("\(TextFormat.visible(path)): \(error.description)")
            return drop(path, passOver: true)
        }
        if grab {
            do {
                try managed.device.grab()
            } catch {
                log("\(TextFormat.visible(path)): cannot grab: \(error.description)")
                destroy(outputs)
                return drop(path, passOver: true)
            }
        }
        var axisValues = managed.device.axisValues
        axisValues[AbsCode.mtSlot] = Int32(managed.device.currentSlot)
        let service = ServiceDevice(description: description, config: config, sink: sink, outputs: outputs,
                                    commands: commands, axisValues: axisValues)
        service.measuresLatency = true
        service.onReport = { [weak self] report in
            guard let self else { return }
            if let onReport = self.onReport { onReport(path, report) } else { self.log("\(TextFormat.visible(path)): \(report)") }
        }
        service.onEmergency = { [weak self] in self?.emergency = true }
        managed.service = service
        log("\(TextFormat.visible(path)): taken" + (grab ? " (grabbed; touches pass through its copy)" : " (watched, not grabbed)"))
    }

    /// Reads what the device has. A descriptor that hung up (an unplugged
    /// device; a testbed's node closing) is gone once nothing is left to read.
    private func readEvents(of path: String, hungUp: Bool) {
        guard let managed = devices[path] else { return }
        while true {
            let result: EvdevDevice.ReadResult
            do {
                result = try managed.device.nextEvent()
            } catch {
                log("\(TextFormat.visible(path)): \(error.description)")
                return drop(path, passOver: false)
            }
            switch result {
            case .wouldBlock where !hungUp:
                return
            case .wouldBlock, .endOfStream:
                log("\(TextFormat.visible(path)): gone")
                return drop(path, passOver: false)
            case .event(let event):
                managed.lastEventTime = event.time
                managed.lastEventRead = Self.monotonic()
                if let service = managed.service {
                    if event.isReport {
                        let start = LatencyRecorder.now()
                        _ = service.takeWritingTime()
                        service.process(event)
                        let total = Double(LatencyRecorder.now() &- start) / 1000
                        let writing = Double(service.takeWritingTime()) / 1000
                        passThroughLatency.record(microseconds: total)
                        serviceLatency.record(microseconds: total - writing)
                    } else {
                        service.process(event)
                    }
                } else if event.isReport {
                    activateIfIdle(path)
                }
            }
        }
    }

    private func destroy(_ outputs: DeviceOutputs) {
        if let copy = outputs.touchCopy { sink.destroy(copy) }
        if let pointer = outputs.pointer { sink.destroy(pointer) }
    }

    /// Lets go of a device: touches released, grab released, its virtual devices removed.
    private func drop(_ path: String, passOver: Bool) {
        guard let managed = devices.removeValue(forKey: path) else { return }
        if let service = managed.service {
            service.releaseAll(at: Self.monotonic())
            retiredEngineLatency.merge(service.engineLatency)
            destroy(service.outputs)
        }
        managed.device.ungrab()
        if passOver { passedOver[path] = "" }
    }

    private func shutDown() {
        for path in devices.keys.sorted() { drop(path, passOver: false) }
        if let keyboard { sink.destroy(keyboard) }
        keyboard = nil
        log(emergency ? "emergency gesture: every grab released" : "stopped: every grab released")
    }

    // MARK: Config

    private func reloadConfig() {
        guard let path = configPath ?? ConfigLoader.locate(environment: options.environment, fileExists: { access($0, F_OK) == 0 }) else {
            return
        }
        guard access(path, F_OK) == 0 else {
            log("\(TextFormat.visible(path)) was removed: keeping the config in use")
            return
        }
        let result = ConfigLoader.load(path: path)
        guard let newConfig = result.config else {
            log("\(TextFormat.visible(path)) refused, keeping the config in use:")
            for diagnostic in result.diagnostics { log("  \(diagnostic)") }
            return
        }
        for diagnostic in result.diagnostics { log("  \(diagnostic)") }
        guard newConfig != config else { return }
        config = newConfig
        configPath = path
        log("config reloaded: \(TextFormat.visible(path)) (\(newConfig.bindings.count) gestures)")
        for (path, managed) in devices {
            guard let service = managed.service else { continue }
            var outputs = service.outputs
            if outputs.pointer == nil, ServiceDevice.needsPointer(newConfig) {
                do {
                    outputs.pointer = try ServiceDevice.makePointer(for: service.description, sink: sink)
                } catch {
                    log("\(TextFormat.visible(path)): \(error.description)")
                }
            }
            service.reconfigure(newConfig, outputs: outputs)
        }
    }
}
