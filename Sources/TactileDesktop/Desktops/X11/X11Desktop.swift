// X11: _NET_ACTIVE_WINDOW answers the focus, RandR the outputs, X.Org's libinput driver reads the touchscreen.
import TactileService

/// An X11 session (`DISPLAY`, or `XDG_SESSION_TYPE=x11`): any EWMH window
/// manager's `_NET_ACTIVE_WINDOW`, RandR's monitors and events, X.Org's
/// libinput driver. Its desktops that run XDG autostart entries (Xfce,
/// MATE, LXQt, Cinnamon, Openbox) start the service through one.
///
/// ```swift
/// X11Desktop().focus(in: ["DISPLAY": ":0"])?.name   // "X11 display :0"
/// ```
struct X11Desktop: KnownDesktop {
    let name = "X11"
    var preset: DesktopPreset? { .x11 }

    /// X.Org's libinput driver, which reads the touchscreen of every X11 session.
    static let xorg = TouchCompositor(kind: .xorg, version: nil, source: "X.Org's libinput driver")

    func focus(in session: SessionEnvironment) -> FocusRoute? {
        session.x11Display.map { FocusRoute(name: "X11 display \($0)", source: X11FocusSource(display: $0)) }
    }

    func outputs(in session: SessionEnvironment) -> OutputFollower.Route? {
        session.x11Display.map { display in
            OutputFollower.Route(name: "RandR", read: { () throws(FocusError) in try X11PointerMapping(display: display).read() },
                                 watch: { () throws(FocusError) -> any OutputWatch in try X11OutputWatch(display: display) })
        }
    }

    func compositor(in session: SessionEnvironment, desktop: DesktopPresetChoice, run: ProgramRunner.Run) -> TouchCompositor? {
        session.isX11 ? Self.xorg : nil
    }

    var startupRoutes: [SessionRoute] {
        ["XFCE", "MATE", "LXQt", "LXDE", "X-Cinnamon", "Openbox"].map { SessionRoute(desktop: $0, runsAutostartEntries: true) }
    }
}
