// What the running desktop binds each desktop action to, read from the desktop itself rather than remembered.

/// What the running desktop really binds each ``DesktopAction`` to, read
/// from it when the config is loaded: GNOME's keys from `gsettings`, KWin's
/// shortcuts from kglobalaccel on the session bus, sway's and i3's from
/// the config they run (`GET_CONFIG` over their IPC). A desktop changes its
/// bindings between releases (GNOME 43 has no quick-settings key, and its
/// `<Super>s` opens the overview), and users rebind them: a table
/// remembered from one release would send the wrong keys.
///
/// ```swift
/// let bindings = try DesktopBindings.read(.gnome, environment: environment).get()
/// bindings.version                         // "GNOME Shell 43.9"
/// bindings.routes[.overview]?.description  // "key super"
/// bindings.absent[.quickSettings]          // "org.gnome.shell.keybindings has no toggle-quick-settings"
/// ```
public struct DesktopBindings: Hashable, Sendable {
    /// The running desktop's version, when it says it (`GNOME Shell 43.9`, `KWin 5.27.5`, `sway version 1.7`).
    public var version: String?
    /// Where the bindings were read (`gsettings`, `kglobalaccel on the session bus`).
    public var source: String
    /// The actions the desktop binds, and how.
    public var routes: [DesktopAction: DesktopRoute]
    /// The actions it has no binding for, and why (no such setting in this release, bound to nothing).
    public var absent: [DesktopAction: String]

    /// Bindings read from `source`.
    public init(version: String?, source: String, routes: [DesktopAction: DesktopRoute] = [:], absent: [DesktopAction: String] = [:]) {
        self.version = version
        self.source = source
        self.routes = routes
        self.absent = absent
    }

    /// `source`, and the version when known: `gsettings, GNOME Shell 43.9`.
    public var description: String { version.map { "\(source), \($0)" } ?? source }
}

extension DesktopPresetChoice {
    /// How `action` is done here: as the running desktop binds it when its
    /// bindings were read (nil, with why, when it binds nothing to it), else
    /// the preset's remembered default.
    public func route(for action: DesktopAction) -> (route: DesktopRoute?, why: String?) {
        guard let bindings else { return (preset.route(for: action), nil) }
        if let route = bindings.routes[action] { return (route, nil) }
        return (nil, bindings.absent[action] ?? "\(bindings.description) binds nothing to it")
    }
}
