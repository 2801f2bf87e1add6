// Any other Wayland compositor: wlroots' foreign toplevels answer the focus, wlr-randr the outputs.
import TactileService

/// Any other Wayland compositor (labwc, Wayfire, river, phoc): its
/// wlr-foreign-toplevel-management list follows the focus, `wlr-randr`
/// reads the outputs. Its compositor's touch cancel is not known.
///
/// ```swift
/// WlrootsDesktop().focus(in: ["WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": "/run/user/1000"])?.name
/// // "wlr-foreign-toplevel-management on wayland-1"
/// ```
struct WlrootsDesktop: KnownDesktop {
    let name = "wlroots"
    var preset: DesktopPreset? { .wlroots }

    func focus(in session: SessionEnvironment) -> FocusRoute? {
        guard let path = session.waylandSocketPath, let display = session.waylandDisplay else { return nil }
        return FocusRoute(name: "wlr-foreign-toplevel-management on \(display)",
                          source: ForeignToplevelFocusSource(socketPath: path, display: display))
    }

    func outputs(in session: SessionEnvironment) -> OutputFollower.Route? {
        guard session.waylandDisplay != nil else { return nil }
        return waylandOutputs(in: session, name: "wlr-randr") { () throws(FocusError) in
            try WlrRandrPointerMapping(environment: session.variables).read()
        }
    }

    var startupRoutes: [SessionRoute] {
        [SessionRoute(desktop: "labwc", startupFile: "~/.config/labwc/autostart",
                      startupLine: SessionRoute.starting(importing: SessionEnvironment.Imports.wayland) + " &")]
    }
}
