// The doctor's config check: which gestures.toml tactile serve would read, and whether it loads.
import TactileService
import Tactile

extension Doctor {
    /// The config `tactile serve` (without `--config`) would read, loaded as
    /// it loads it (ownership judged too): the check, the devices it takes,
    /// its path (nil: the built-in default), and whether a binding depends on
    /// the focused app.
    func configCheck() -> (check: DoctorCheck, selection: DeviceSelection, path: String?, usesApps: Bool) {
        let searched = ConfigLoader.searchPaths(environment: system.environment)
        // The user's config is read where it is; /etc/tactile under the system's root.
        let onDisk = searched.map { $0.hasPrefix("/etc/") ? system.systemPath($0) : $0 }
        guard let path = onDisk.first(where: system.exists) else {
            let defaults = ConfigLoader.defaultConfig(session: session)
            return (DoctorCheck(name: "config", status: .ok,
                                summary: "none found, so tactile serve uses its built-in default (\(Self.count(defaults.bindings.count, "gesture")))",
                                details: ["looked in " + searched.map { TextFormat.visible($0) }.joined(separator: ", ")]),
                    defaults.devices, nil, defaults.bindings.contains { $0.conditions.dependsOnFocus })
        }
        let name = TextFormat.visible(path)
        let result = ConfigLoader.load(path: path, session: session)
        guard let config = result.config else {
            let errors = result.diagnostics.filter { $0.severity == .error }
            return (DoctorCheck(name: "config", status: .problem,
                                summary: "\(name) has \(Self.count(errors.count, "error")): tactile serve refuses it and does not start",
                                details: errors.prefix(3).map(\.description) + (errors.count > 3 ? ["…"] : []),
                                fix: "tactile check \(name) lists every error with its line and column; fix them, or move the file away to use the built-in default"),
                    DeviceSelection(), path, false)
        }
        let warnings = result.diagnostics.count
        return (DoctorCheck(name: "config", status: .ok,
                            summary: "\(name): ok, \(Self.count(config.bindings.count, "gesture"))"
                                + (warnings > 0 ? ", \(Self.count(warnings, "warning")) (tactile check \(name) shows them)" : "")),
                config.devices, path, config.bindings.contains { $0.conditions.dependsOnFocus })
    }
}
