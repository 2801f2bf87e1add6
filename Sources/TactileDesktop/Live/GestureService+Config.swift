// The gesture service's config, reloaded when its file changes: refused with its diagnostics, or taken on each device.
import TactileService
import Tactile
#if canImport(Glibc)
import Glibc
#endif

extension GestureService {
    // MARK: Config

    /// How long a config must stay quiet after a change before it is read
    /// (seconds): longer than a slow writer's pause between two chunks (an
    /// editor's or a script's 200–400 ms), so that it is read whole. A file
    /// that still changes while it is read (its size or times differ after)
    /// is read again once quiet.
    static let reloadQuietPeriod = 0.5

    /// A config changed (closed after writing, renamed, removed, its modes
    /// changed): it is read once nothing more has happened to it for
    /// ``reloadQuietPeriod`` (the loop's poll timeout wakes it then), so a
    /// file written in several goes is read once, whole.
    func configChanged() {
        reloadDue = MonotonicClock.seconds() + Self.reloadQuietPeriod
    }

    /// The loop's longest wait before a reload is due. While a read is under
    /// way none: its end wakes the loop (``ConfigReading`` signals the news),
    /// which then starts the reload that is due.
    func reloadTimeout(now: Double) -> Double {
        guard !configReading.isReading else { return .infinity }
        return reloadDue.map { max(0, $0 - now) } ?? .infinity
    }

    /// Starts reading the config once its quiet period is over, off the input
    /// loop (``ConfigReading``), and applies what a read found once it is there.
    func reloadIfDue() {
        if let outcome = configReading.take() { apply(outcome) }
        guard let due = reloadDue, MonotonicClock.seconds() >= due, !configReading.isReading else { return }
        reloadDue = nil
        configReading.start(configPath: options.configPath, environment: options.environment, session: detected)
    }

    /// Applies what a read of the config found: the one named, or the first
    /// of the search paths there now (a user config created later takes over
    /// from /etc's). A config removed, or refused, leaves the one in use; one
    /// that changed while it was read is not applied, but read again once quiet.
    func apply(_ outcome: ConfigReading.Outcome) {
        let path: String, result: ConfigLoadResult
        switch outcome {
        case .missing:
            if let configPath { log(.note("\(TextFormat.visible(configPath)) was removed: keeping the config in use")) }
            return
        case .changedWhileRead:
            // Written, truncated or replaced while it was read: what was read may be half of it.
            return configChanged()
        case .loaded(let loadedPath, let loaded):
            path = loadedPath
            result = loaded
        }
        guard let newConfig = result.config else {
            log(.problem("\(TextFormat.visible(path)) refused, keeping the config in use:"))
            for diagnostic in result.diagnostics { log(ServiceLogLine(diagnostic: diagnostic, indent: "  ")) }
            return
        }
        for diagnostic in result.diagnostics { log(ServiceLogLine(diagnostic: diagnostic, indent: "  ")) }
        guard newConfig != config else { return }
        let changes = ConfigChanges(from: config, to: newConfig)
        config = newConfig
        configPath = path
        log(.note("config reloaded: \(TextFormat.visible(path)) (\(newConfig.bindings.count) gestures): \(changes)"))
        followFocusIfNeeded(newConfig)
        if takesTouchscreens(newConfig) { startFollowingOutputs() }
        if let focus {
            for managed in devices.values { managed.service?.focusedApp = { focus.current } }
        }
        for (path, managed) in devices {
            guard let service = managed.service else { continue }
            var outputs = service.outputs
            if outputs.pointer == nil, ServiceDevice.needsPointer(newConfig) {
                do {
                    outputs.pointer = try ServiceDevice.makePointer(for: service.description, sink: sink)
                    if outputs.pointer != nil { mapPointer(of: service, path: path) }
                } catch {
                    log(.problem("\(TextFormat.visible(path)): \(error.description)"))
                }
            }
            service.reconfigure(newConfig, outputs: outputs)
            // The output under [devices] may be another.
            follow(managed, path: path)
        }
    }
}
