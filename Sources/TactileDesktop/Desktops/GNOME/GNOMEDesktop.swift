// GNOME: its Shell's extension answers the focus on Wayland, mutter the outputs, gsettings the bindings.
import TactileService

/// GNOME, found by `GNOME` in `XDG_CURRENT_DESKTOP` (`ubuntu:GNOME`); its
/// Shell follows the focus under Wayland, unless the session names a
/// desktop built on GNOME that runs another shell (``notGnomeShell``).
///
/// ```swift
/// GNOMEDesktop().focus(in: ["XDG_CURRENT_DESKTOP": "Budgie:GNOME", "WAYLAND_DISPLAY": "wayland-0"])   // nil
/// ```
struct GNOMEDesktop: KnownDesktop {
    let name = "GNOME"
    var preset: DesktopPreset? { .gnome }

    /// `XDG_CURRENT_DESKTOP` names of desktops that name GNOME too but run
    /// no GNOME Shell (phosh's session is Phosh:GNOME, Budgie's Budgie:GNOME);
    /// a vendor's GNOME (ubuntu:GNOME) runs GNOME Shell.
    static let notGnomeShell: Set<String> = ["phosh", "budgie", "pantheon", "unity", "x-cinnamon", "cinnamon"]

    func focus(in session: SessionEnvironment) -> FocusRoute? {
        let names = session.lowercasedDesktopNames
        guard session.waylandDisplay != nil, names.contains("gnome"), !names.contains(where: Self.notGnomeShell.contains) else { return nil }
        return ShellFocusSource.route(.gnome, in: session)
    }

    func outputs(in session: SessionEnvironment) -> OutputFollower.Route? {
        waylandOutputs(in: session, saying: "GNOME", name: "mutter's DisplayConfig") { () throws(FocusError) in
            try MutterPointerMapping(environment: session.variables).read()
        }
    }

    func compositor(in session: SessionEnvironment, desktop: DesktopPresetChoice, run: ProgramRunner.Run) -> TouchCompositor? {
        guard !session.isX11, session.lowercasedDesktopNames.contains(where: { $0.hasPrefix("gnome") }) else { return nil }
        if let version = (desktop.preset == preset ? desktop.bindings?.version : nil) ?? GnomeBindings.version(run: run) {
            return TouchCompositor(kind: .mutter, version: version, source: "gnome-shell --version")
        }
        // mutter alone (a GNOME session's compositor without its shell, as in a test): its own word.
        let line = run(["mutter", "--version"]).flatMap { $0.status == 0 ? $0.output.split(separator: "\n").first : nil }
        return TouchCompositor(kind: .mutter, version: line.map(String.init), source: "mutter --version")
    }

    func bindings(in session: SessionEnvironment) -> Result<DesktopBindings, DesktopBindings.Unread>? {
        GnomeBindings(environment: session.variables).read()
    }

    var startupRoutes: [SessionRoute] { [SessionRoute(desktop: "GNOME", startsGraphicalSession: true, runsAutostartEntries: true)] }
}
