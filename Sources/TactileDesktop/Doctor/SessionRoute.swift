// How each kind of session starts tactile.service: graphical-session.target, the XDG autostart entry, or a line in the compositor's startup file.
import TactileService

/// How a kind of session gets `tactile.service` started, as
/// `docs/service.md` (“Sessions without graphical-session.target”) says.
///
/// GNOME and KDE Plasma start `graphical-session.target`, which the unit is
/// enabled for. sway, i3, Hyprland and labwc do not (unless run under a
/// session manager such as uwsm): there one line in the compositor's
/// startup file imports the session's environment into the user manager
/// and starts the unit. Desktops that run XDG autostart entries (Xfce,
/// MATE, LXQt, Cinnamon, Openbox) take `dist/tactile-autostart.desktop`,
/// which does the same. Every route starts the one unit, so the service
/// never runs twice.
///
/// ```swift
/// let route = SessionRoute.route(for: ["sway"])
/// route?.startupFile    // "~/.config/sway/config"
/// route?.startupLine    // "exec systemctl --user import-environment … && systemctl --user restart tactile.service"
/// ```
package struct SessionRoute: Hashable, Sendable {
    /// The desktop's name as the session gives it (`sway`, `KDE`).
    public var desktop: String
    /// Whether the desktop starts `graphical-session.target` by itself.
    public var startsGraphicalSession: Bool
    /// Whether it runs XDG autostart entries (`~/.config/autostart/*.desktop`) by itself.
    public var runsAutostartEntries: Bool
    /// The file its startup line goes in (`~/` the home directory,
    /// `~/.config/` the config home), when it has one.
    public var startupFile: String?
    /// The line that starts the unit from there.
    public var startupLine: String?
    /// Other files (or directories, ending in `/`, whose files count) the
    /// line may be in instead: `~/.config/sway/config.d/`, `~/.xsessionrc`.
    public var otherStartupFiles: [String]

    /// A route.
    public init(desktop: String, startsGraphicalSession: Bool = false, runsAutostartEntries: Bool = false,
                startupFile: String? = nil, startupLine: String? = nil, otherStartupFiles: [String] = []) {
        self.desktop = desktop
        self.startsGraphicalSession = startsGraphicalSession
        self.runsAutostartEntries = runsAutostartEntries
        self.startupFile = startupFile
        self.startupLine = startupLine
        self.otherStartupFiles = otherStartupFiles
    }

    /// The command that imports `variables` into the user manager's
    /// environment (commands a gesture runs need the display and the
    /// compositor's socket) and starts the unit, or restarts it so that a
    /// running one takes the new session's values. `systemctl` only names
    /// a variable that is not set.
    ///
    /// ```swift
    /// SessionRoute.starting(importing: ["WAYLAND_DISPLAY"])
    /// // "systemctl --user import-environment WAYLAND_DISPLAY && systemctl --user restart tactile.service"
    /// ```
    public static func starting(importing variables: [String]) -> String {
        "systemctl --user import-environment " + variables.joined(separator: " ") + " && systemctl --user restart " + Doctor.unitName
    }

    /// Every kind of session `docs/service.md` gives a route for: each
    /// known desktop's (``KnownDesktop/startupRoutes``).
    public static var all: [SessionRoute] { DetectedSession.startupRoutes }

    /// A plain X11 session a display manager starts (a window manager with
    /// no autostart of its own): the line goes in `~/.xprofile`, or
    /// `~/.xsessionrc` on Debian and Ubuntu, which the display manager's
    /// `Xsession` runs.
    public static let plainX11 = SessionRoute(desktop: "X11", startupFile: "~/.xprofile",
                                              startupLine: starting(importing: SessionEnvironment.Imports.x11) + " &",
                                              otherStartupFiles: ["~/.xsessionrc"])

    /// The route for the first of `desktops` (`XDG_CURRENT_DESKTOP`'s
    /// names, in order) that has one; names compare without case.
    ///
    /// ```swift
    /// SessionRoute.route(for: ["labwc", "wlroots"])?.desktop   // "labwc"
    /// SessionRoute.route(for: ["ubuntu", "GNOME"])?.desktop   // "GNOME"
    /// ```
    public static func route(for desktops: [String]) -> SessionRoute? {
        for desktop in desktops {
            if let route = all.first(where: { $0.desktop.lowercased() == desktop.lowercased() }) { return route }
        }
        return nil
    }

    /// ``startupFile`` with `~/.config/` put as the config home and `~/` as the home directory.
    func startupPath(in system: DoctorSystem) -> String? {
        startupFile.flatMap { Self.expand($0, in: system) }
    }

    /// `file` with `~/.config/` put as the config home and `~/` as the home directory.
    static func expand(_ file: String, in system: DoctorSystem) -> String? {
        if file.hasPrefix("~/.config/"), let config = system.configHome { return config + "/" + file.dropFirst("~/.config/".count) }
        if file.hasPrefix("~/"), let home = system.home { return DoctorSystem.withoutTrailingSlashes(home) + "/" + file.dropFirst(2) }
        return file.hasPrefix("/") ? file : nil
    }

    /// Every file the startup line may be in: ``startupFile``, then
    /// ``otherStartupFiles`` (a directory's files, sorted).
    func startupFiles(in system: DoctorSystem) -> [String] {
        var files: [String] = []
        for file in [startupFile].compactMap({ $0 }) + otherStartupFiles {
            guard let path = Self.expand(file, in: system) else { continue }
            if path.hasSuffix("/") {
                files += system.names(in: path).map { path + $0 }.filter { !files.contains($0) }
            } else if !files.contains(path) {
                files.append(path)
            }
        }
        return files
    }
}
