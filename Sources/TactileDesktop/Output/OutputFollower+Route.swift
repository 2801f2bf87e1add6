// How each session's outputs are read and followed: sway, Hyprland, mutter, KWin, other wlroots compositors, X11.
import TactileService

extension OutputFollower {
    /// How the session of `environment` is read, in the order the pointer
    /// is mapped (``PointerMapper``): sway's socket, Hyprland's, then by the
    /// desktop of a Wayland session (mutter, KWin, any other wlroots
    /// compositor through `wlr-randr`), then an X11 display (RandR). A
    /// Wayland session's changes are followed through `wl_output`
    /// (``WaylandOutputWatch``), X11's through RandR's events.
    static func route(environment: [String: String]) -> Route? {
        func value(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        let wayland = WaylandOutputWatch.socketPath(environment: environment)
        var watch: (@Sendable () throws(FocusError) -> any OutputWatch)?
        if let wayland { watch = { () throws(FocusError) -> any OutputWatch in try WaylandOutputWatch(socketPath: wayland) } }
        if let path = value("SWAYSOCK") {
            return Route(name: "sway's IPC", read: { () throws(FocusError) in try SwayPointerMapping(socketPath: path).read() }, watch: watch)
        }
        if let signature = value("HYPRLAND_INSTANCE_SIGNATURE"), !signature.contains("/") {
            let directory = HyprlandFocusSource.directory(signature: signature, runtimeDirectory: value("XDG_RUNTIME_DIR"))
            return Route(name: "Hyprland's socket", read: { () throws(FocusError) in try HyprlandPointerMapping(directory: directory).read() },
                         watch: watch)
        }
        let desktop = (value("XDG_CURRENT_DESKTOP") ?? "").uppercased()
        if value("WAYLAND_DISPLAY") != nil {
            if desktop.contains("GNOME") {
                return Route(name: "mutter's DisplayConfig", read: { () throws(FocusError) in try MutterPointerMapping(environment: environment).read() },
                             watch: watch)
            }
            if desktop.contains("KDE") {
                return Route(name: "kscreen-doctor", read: { () throws(FocusError) in try KScreenPointerMapping(environment: environment).read() },
                             watch: watch)
            }
            return Route(name: "wlr-randr", read: { () throws(FocusError) in try WlrRandrPointerMapping(environment: environment).read() },
                         watch: watch)
        }
        if let display = value("DISPLAY") {
            return Route(name: "RandR", read: { () throws(FocusError) in try X11PointerMapping(display: display).read() },
                         watch: { () throws(FocusError) -> any OutputWatch in try X11OutputWatch(display: display) })
        }
        return nil
    }
}
