// KDE Plasma: KWin's script answers the focus on Wayland, kscreen-doctor the outputs, kglobalaccel the bindings, kxkbrc the layout.
import TactileService

/// KDE Plasma, found by `KDE` in `XDG_CURRENT_DESKTOP`; its shell follows the
/// focus (``ShellFocusSource``) only under Wayland (on X11, `_NET_ACTIVE_WINDOW` answers).
///
/// ```swift
/// KDEDesktop().focus(in: ["XDG_CURRENT_DESKTOP": "KDE", "WAYLAND_DISPLAY": "wayland-0"])?.name
/// // "KWin's script tactile-focus over the session bus"
/// ```
struct KDEDesktop: KnownDesktop {
    let name = "KDE"
    var preset: DesktopPreset? { .kde }

    func focus(in session: SessionEnvironment) -> FocusRoute? {
        guard session.waylandDisplay != nil, session.lowercasedDesktopNames.contains("kde") else { return nil }
        return ShellFocusSource.route(.kwin, in: session)
    }

    func outputs(in session: SessionEnvironment) -> OutputFollower.Route? {
        waylandOutputs(in: session, saying: "KDE", name: "kscreen-doctor") { () throws(FocusError) in
            try KScreenPointerMapping(environment: session.variables).read()
        }
    }

    func compositor(in session: SessionEnvironment, desktop: DesktopPresetChoice, run: ProgramRunner.Run) -> TouchCompositor? {
        guard !session.isX11, session.lowercasedDesktopNames.contains("kde") else { return nil }
        let known = desktop.preset == preset ? desktop.bindings?.version : nil
        return TouchCompositor(kind: .kwin, version: known ?? KWinBindings.version(run: run), source: "KWin's support information")
    }

    func keyboardLayout(in session: SessionEnvironment, readFile: (String) -> String?) -> KeyboardLayoutChoice? {
        guard session.lowercasedDesktopNames.contains("kde"), let directory = KeyboardLayoutChoice.configDirectory(session.variables) else {
            return nil
        }
        let path = directory + "/kxkbrc"
        return readFile(path).flatMap(KeyboardLayoutChoice.kxkbrcLayout).map { KeyboardLayoutChoice(layout: $0, source: path) }
    }

    func bindings(in session: SessionEnvironment) -> Result<DesktopBindings, DesktopBindings.Unread>? {
        KWinBindings(environment: session.variables).read()
    }

    var startupRoutes: [SessionRoute] { [SessionRoute(desktop: "KDE", startsGraphicalSession: true, runsAutostartEntries: true)] }
}
