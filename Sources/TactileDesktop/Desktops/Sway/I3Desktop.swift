// i3: sway's IPC on its own socket answers the focus and the bindings; X.Org reads the touchscreen.
import TactileService

/// i3, found by its IPC socket (`I3SOCK`), which speaks sway's protocol;
/// its compositor is X.Org, also when only its name says i3.
///
/// ```swift
/// I3Desktop().focus(in: ["I3SOCK": "/tmp/i3-ipc.sock"])?.name   // "i3 IPC at /tmp/i3-ipc.sock"
/// ```
struct I3Desktop: KnownDesktop {
    let name = "i3"
    var preset: DesktopPreset? { .i3 }

    func focus(in session: SessionEnvironment) -> FocusRoute? {
        session.i3Socket.map { FocusRoute(name: "i3 IPC at \($0)", source: SwayFocusSource(socketPath: $0)) }
    }

    func compositor(in session: SessionEnvironment, desktop: DesktopPresetChoice, run: ProgramRunner.Run) -> TouchCompositor? {
        session.lowercasedDesktopNames.contains("i3") ? X11Desktop.xorg : nil
    }

    func bindings(in session: SessionEnvironment) -> Result<DesktopBindings, DesktopBindings.Unread>? {
        TilingBindings(preset: .i3, socketPath: session.i3Socket, variable: SessionEnvironment.i3SocketVariable).read()
    }

    var startupRoutes: [SessionRoute] {
        [SessionRoute(desktop: "i3", startupFile: "~/.config/i3/config",
                      startupLine: "exec --no-startup-id " + SessionRoute.starting(importing: SessionEnvironment.Imports.i3),
                      otherStartupFiles: ["~/.config/i3/config.d/", "~/.i3/config"])]
    }
}
