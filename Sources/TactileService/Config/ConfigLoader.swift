// Reading gestures.toml: parse text or a file into a GestureConfig with diagnostics; where configs are found.
import Glibc
import Tactile

/// Reads a `gestures.toml` into a ``GestureConfig``, reporting every problem
/// at its `file:line:column`: errors (wrong types, values out of range,
/// unknown recognizers, zones, edges or keys, unknown keys in any table, with
/// a did-you-mean, duplicate binding names, bindings that would shadow the
/// emergency gesture) make the config unusable; warnings (commands that may
/// run on every frame) do not.
///
/// ```swift
/// let result = ConfigLoader.load(path: ConfigLoader.locate(environment: env) ?? "")
/// for diagnostic in result.diagnostics { print(diagnostic) }
/// // gestures.toml:12:14: error: unknown recognizer "pinchh" (did you mean "pinch"?)
/// let config = result.config ?? ConfigLoader.defaultConfig
/// ```
///
/// The keys each table takes are `ConfigSchema`'s; the reference, with
/// every default and range, is `docs/gestures-toml.md`, whose key tables
/// are rendered from that schema.
public enum ConfigLoader {
    /// Files larger than this are refused (a config is a few kilobytes).
    public static let maximumFileSize = 1 << 20

    /// Reads `text` as the config file `file` (the name used in diagnostics).
    ///
    /// ```swift
    /// let result = ConfigLoader.parse("[devices]\ngrab = false\n", file: "gestures.toml")
    /// result.config?.devices.grab   // false
    /// ```
    public static func parse(_ text: String, file: String, session: SessionSettings = .builtIn) -> ConfigLoadResult {
        let document: TOMLTable
        do {
            document = try TOMLParser.parse(text, file: file)
        } catch {
            return ConfigLoadResult(config: nil, diagnostics: [.error(error.message, at: error.location)])
        }
        var reader = ConfigReader()
        var config = GestureConfig(file: file)
        reader.refuseUnknownKeys(document, of: .document)
        reader.useKeyboard(document["keyboard"].flatMap { reader.readKeyboard($0) }, session: session.keyboard, file: file)
        config.keyboard = reader.keyboard
        reader.desktop = document["desktop"].flatMap { reader.readDesktop($0, file: file) } ?? session.desktop
        if reader.desktop.preset == session.desktop.preset, reader.desktop.bindings == nil {
            // [desktop] names the session's own desktop: what it binds was read, and holds.
            reader.desktop.bindings = session.desktop.bindings
            reader.desktop.bindingsNote = session.desktop.bindingsNote
        }
        config.desktop = reader.desktop
        if let devices = document["devices"] { config.devices = reader.readDevices(devices) }
        config.claimedTouchEnd = config.devices.claimedTouchEnd.map { .configured($0, file: file) } ?? session.claimedTouchEnd
        var emergencyFingers: SourceLocation?
        if let emergency = document["emergency"] { (config.emergency, emergencyFingers) = reader.readEmergency(emergency) }
        if let zones = document["zones"] { config.zones = reader.readZones(zones) }
        if let gestures = document["gesture"] { config.bindings = reader.readBindings(gestures, zones: config.zones) }
        reader.checkEmergency(config.emergency, fingersAt: emergencyFingers, against: config.bindings)
        let diagnostics = reader.diagnostics.sorted { $0.location < $1.location }
        return ConfigLoadResult(config: reader.hasErrors ? nil : config, diagnostics: diagnostics)
    }

    /// Where a config is looked for, in order: `$XDG_CONFIG_HOME/tactile/gestures.toml`
    /// (or `$HOME/.config/tactile/gestures.toml` when `XDG_CONFIG_HOME` is
    /// unset, empty or relative), then `/etc/tactile/gestures.toml`.
    ///
    /// ```swift
    /// ConfigLoader.searchPaths(environment: ["HOME": "/home/ada"])
    /// // ["/home/ada/.config/tactile/gestures.toml", "/etc/tactile/gestures.toml"]
    /// ```
    public static func searchPaths(environment: [String: String]) -> [String] {
        func directory(_ path: String) -> String {
            var path = Substring(path)
            while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
            return path == "/" ? "" : String(path)
        }
        var paths: [String] = []
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            paths.append(directory(xdg) + "/tactile/gestures.toml")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            paths.append(directory(home) + "/.config/tactile/gestures.toml")
        }
        paths.append("/etc/tactile/gestures.toml")
        return paths
    }

    /// The built-in config, parsed (the same as `dist/gestures.toml`).
    ///
    /// ```swift
    /// ConfigLoader.defaultConfig.bindings.map(\.name)   // ["right click", …]
    /// ```
    public static var defaultConfig: GestureConfig { defaultConfig(session: .builtIn) }

    /// The built-in config for `session`: its keys typed on the session's
    /// layout, its desktop actions done the session's desktop's way.
    ///
    /// ```swift
    /// let session = SessionSettings.detect(session: DetectedSession(SessionEnvironment(ProcessInfo.processInfo.environment)))
    /// ConfigLoader.defaultConfig(session: session).desktop.preset   // .kde on Plasma
    /// ```
    public static func defaultConfig(session: SessionSettings) -> GestureConfig {
        parse(defaultText, file: "<default>", session: session).config ?? GestureConfig()
    }
}
