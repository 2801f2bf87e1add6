// The gesture service's config, reloaded when its file changes: refused with its diagnostics, or taken on each device.
import Tactile
#if canImport(Glibc)
import Glibc
#endif

extension GestureService {
    // MARK: Config

    /// Loads the config again: the one named, or the first of the search
    /// paths there now (a user config created later takes over from
    /// /etc's). A config removed, or refused, leaves the one in use.
    func reloadConfig() {
        let exists: (String) -> Bool = { access($0, F_OK) == 0 }
        guard let path = options.configPath ?? ConfigLoader.locate(environment: options.environment, fileExists: exists),
              exists(path) else {
            if let configPath { log("\(TextFormat.visible(configPath)) was removed: keeping the config in use") }
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
