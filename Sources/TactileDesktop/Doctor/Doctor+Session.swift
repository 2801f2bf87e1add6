// The doctor's session check: what starts tactile.service in this session, and the route to add when nothing does.
import Tactile
import TactileService

extension Doctor {
    /// The name of the XDG autostart entry `dist/install.sh --autostart` installs.
    static let autostartName = "tactile.desktop"

    /// The desktop names of this session: `XDG_CURRENT_DESKTOP`'s, then
    /// `XDG_SESSION_DESKTOP` and `DESKTOP_SESSION` when they add one.
    func desktops() -> [String] {
        var names: [String] = []
        for text in detected.environment.sessionDesktopTexts {
            for name in text.split(separator: ":").map({ PlainText.trimmed($0) })
            where !name.isEmpty && !names.contains(where: { $0.lowercased() == name.lowercased() }) {
                names.append(name)
            }
        }
        return names
    }

    /// What starts the unit in this session, or why nothing does and the route to add.
    func sessionCheck(unit: DoctorUserUnit, manager: DoctorUserManager, login: DoctorLogin?) -> DoctorCheck {
        let name = "session"
        let desktops = desktops()
        let type = detected.environment.sessionType ?? login?.type ?? ""
        let known = SessionRoute.route(for: desktops)
        let route = known ?? (type == "x11" ? SessionRoute.plainX11 : nil)
        let desktop = known?.desktop ?? desktops.first.map { TextFormat.visible($0) } ?? (type.isEmpty ? "this session" : "this \(type) session")
        let graphical = !desktops.isEmpty || detected.environment.mentionsDisplay
        let targetActive = manager.isGraphicalSessionActive
        let (starters, details) = whatStarts(unit: unit, targetActive: targetActive, route: route, desktops: desktops, desktop: desktop)

        guard graphical else {
            return DoctorCheck(name: name, status: .note,
                               summary: "not run in a graphical session (no \(SessionEnvironment.graphicalText) here), "
                                   + "so what starts tactile.service at login is not checked",
                               details: starters.map { "set up to start it: " + $0 } + details,
                               fix: "run tactile doctor in a terminal of your desktop session")
        }
        if !starters.isEmpty {
            return DoctorCheck(name: name, status: .ok, summary: "\(desktop): started by " + starters[0],
                               details: starters.dropFirst().map { "also started by " + $0 } + details)
        }
        if targetActive == true {
            return DoctorCheck(name: name, status: .problem,
                               summary: "\(desktop) starts graphical-session.target, but tactile.service is not enabled for it",
                               details: details, fix: "systemctl --user enable --now \(Self.unitName)")
        }
        let target = targetActive == nil ? "graphical-session.target is not known here" : "has not started graphical-session.target"
        let subject = targetActive == nil ? "\(desktop): \(target)" : "\(desktop) \(target)"
        return DoctorCheck(name: name, status: .problem,
                           summary: "\(subject), and nothing else here starts tactile.service at login",
                           details: details, fix: routeFix(route, desktop: desktop))
    }

    /// What starts the unit in this session (`starters`, a phrase each),
    /// and what is in place but does not (`details`).
    func whatStarts(unit: DoctorUserUnit, targetActive: Bool?, route: SessionRoute?, desktops: [String],
                    desktop: String) -> (starters: [String], details: [String]) {
        var starters: [String] = []
        var details: [String] = []
        if unit.wantedBy.contains("graphical-session.target") {
            if targetActive == true {
                starters.append("graphical-session.target, which is active and which the unit is enabled for")
            } else {
                details.append("the unit is enabled for graphical-session.target, which is "
                               + (targetActive == nil ? "not known here (systemd cannot be asked)" : "not active in this session"))
            }
        }
        if unit.wantedBy.contains("default.target") {
            starters.append("default.target (the unit is enabled for it: it starts with your user manager)")
        }
        let startupFiles = route?.startupFiles(in: system) ?? []
        for file in startupFiles {
            guard let found = mention(in: file, where: { PlainText.contains("tactile", in: $0) }) else { continue }
            starters.append("\(TextFormat.visible(file)) line \(found.number): \(TextFormat.visible(found.line))")
        }
        guard let entry = autostartEntry() else { return (starters, details) }
        let runner = startupFiles.first { mention(in: $0, where: Self.runsAutostartEntries) != nil }
        if !entry.shownIn(desktops) {
            details.append("\(TextFormat.visible(entry.path)) is there, but not for \(desktop) (its OnlyShowIn/NotShowIn)")
        } else if route?.runsAutostartEntries == true || runner != nil {
            starters.append("the XDG autostart entry \(TextFormat.visible(entry.path))")
        } else if route == nil {
            starters.append("the XDG autostart entry \(TextFormat.visible(entry.path)), if this session runs XDG autostart entries")
        } else {
            details.append("\(TextFormat.visible(entry.path)) is there, but \(desktop) runs no XDG autostart entries by itself (dex -a would)")
        }
        return (starters, details)
    }

    /// What to add for `route`'s kind of session.
    func routeFix(_ route: SessionRoute?, desktop: String) -> String {
        let documentation = " (see \(Self.routesDocumentation))"
        if let route, let line = route.startupLine, let file = route.startupPath(in: system) {
            return "add this line to \(TextFormat.visible(file)): \(line)" + documentation
        }
        if let route, route.startsGraphicalSession {
            // dist's autostart entry is not shown there (NotShowIn=GNOME;KDE;): the target is the route, and it needs the manager.
            return "\(desktop) starts \(Self.unitName) through graphical-session.target, which needs your systemd user manager "
                + "(systemd --user, which a display manager's login through systemd-logind starts): log in that way and run "
                + "systemctl --user enable \(Self.unitName); without a user manager, start tactile serve at login yourself" + documentation
        }
        if let route, route.runsAutostartEntries {
            return "install the XDG autostart entry, which \(desktop) runs: dist/install.sh --autostart" + documentation
        }
        return "if this session runs XDG autostart entries, dist/install.sh --autostart; else add "
            + SessionRoute.starting(importing: SessionEnvironment.Imports.any)
            + " to what it runs at start, or enable the unit for default.target: dist/install.sh --default-target" + documentation
    }

    /// The user's XDG autostart entry for the service (or the system-wide
    /// one), unless hidden (`Hidden=true`).
    func autostartEntry() -> DoctorAutostartEntry? {
        var candidates: [(shown: String, file: String)] = []
        if let config = system.configHome { candidates.append((config + "/autostart/" + Self.autostartName, config + "/autostart/" + Self.autostartName)) }
        candidates.append(("/etc/xdg/autostart/" + Self.autostartName, system.systemPath("/etc/xdg/autostart/" + Self.autostartName)))
        // The user's entry hides the system-wide one of the same name, even when it hides itself.
        guard let found = candidates.first(where: { system.exists($0.file) }) else { return nil }
        let entry = DoctorAutostartEntry(path: found.shown, text: system.text(at: found.file) ?? "")
        return entry.isHidden ? nil : entry
    }

    /// The first line of `file` that is no comment and passes `test`, with its number.
    func mention(in file: String, where test: (String) -> Bool) -> (number: Int, line: String)? {
        guard let text = system.text(at: file) else { return nil }
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = PlainText.trimmed(raw)
            if !line.hasPrefix("#"), test(line) { return (index + 1, line.count > 160 ? String(line.prefix(160)) + "…" : line) }
        }
        return nil
    }

    /// Whether a startup line runs the XDG autostart entries: `dex -a`
    /// (`dex --autostart`, `dex-autostart`), or systemd's `xdg-desktop-autostart.target`.
    ///
    /// ```swift
    /// Doctor.runsAutostartEntries("exec --no-startup-id dex --autostart --environment i3")   // true
    /// ```
    static func runsAutostartEntries(_ line: String) -> Bool {
        let words = line.split { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
        return words.contains { $0 == "dex" || $0 == "dex-autostart" || $0 == "xdg-desktop-autostart.target" }
    }
}
