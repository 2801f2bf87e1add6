// The doctor's focused-app line: how the session's focused app is followed, and whether that route answers now.
import Glibc
import Tactile
import TactileService

extension Doctor {
    /// How long the doctor waits for the route to answer.
    static let focusTimeout = 2.0

    /// The focused-app line: the route `tactile serve` would follow (sway's
    /// or i3's IPC, Hyprland's sockets, KWin's script or GNOME Shell's
    /// extension over the session bus, other Wayland compositors'
    /// wlr-foreign-toplevel-management, X11's `_NET_ACTIVE_WINDOW`), asked
    /// now for up to two seconds, and the app it names, or why it does not
    /// answer. A route that does not answer is a problem when the config has
    /// bindings with `app`, which then never fire, else a note.
    func focusCheck(configUsesApps: Bool) -> DoctorCheck {
        let name = "focused app"
        let stake = configUsesApps ? "the config's gestures with app = … never fire" : "the config has no gestures with app = …"
        guard let tracker = FocusTracker.start(session: detected) else {
            return DoctorCheck(name: name, status: configUsesApps ? .problem : .note,
                               summary: "this session offers no way to know it (no \(SessionEnvironment.focusRoutesText), "
                                   + "WAYLAND_DISPLAY with XDG_RUNTIME_DIR, or DISPLAY): " + stake,
                               fix: configUsesApps ? "run tactile doctor in your desktop session" : nil)
        }
        let route = TextFormat.visible(tracker.route)
        let deadline = MonotonicClock.seconds() + Self.focusTimeout
        while !tracker.isAnswering, tracker.problem == nil, MonotonicClock.seconds() < deadline { usleep(20_000) }
        tracker.stop()
        if tracker.isAnswering {
            let app = tracker.current.map { "\(TextFormat.visible($0.description)) has the focus" } ?? "no app has the focus now"
            return DoctorCheck(name: name, status: .ok, summary: "followed through \(route): \(app)")
        }
        if let running = runningServiceCheck(route: route) { return running }
        let why = tracker.problem.map { TextFormat.visible($0) } ?? "no answer in \(Int(Self.focusTimeout)) s"
        let shellFix = tracker.problem.map { PlainText.contains(GnomeFocusExtension.enableCommand, in: $0) } == true ? GnomeFocusExtension.enableCommand : nil
        return DoctorCheck(name: name, status: configUsesApps ? .problem : .note,
                           summary: "cannot follow \(route): \(why); " + stake,
                           fix: shellFix ?? "run tactile doctor in a terminal of the session the service serves; if the compositor was "
                               + "restarted, restart tactile.service too, so that it takes the new session's environment")
    }

    /// On KDE Plasma and GNOME under Wayland, when a running `tactile serve`
    /// owns the bus name the shell reports to, what it has heard; nil
    /// otherwise (then the doctor's own look stands).
    private func runningServiceCheck(route: String) -> DoctorCheck? {
        guard detected.focusRoute?.source is ShellFocusSource,
              let address = detected.environment.sessionBusAddress else { return nil }
        let heard: FocusedApp??
        do { heard = try ShellFocusSource.askRunning(busAddress: address) } catch { return nil }
        guard let app = heard else {
            return DoctorCheck(name: "focused app", status: .problem,
                               summary: "tactile serve (running) follows \(route) but has had no report from the shell yet",
                               fix: "journalctl --user -u tactile says why")
        }
        let focus = app.map { "\(TextFormat.visible($0.description)) has the focus" } ?? "no app has the focus now"
        return DoctorCheck(name: "focused app", status: .ok, summary: "tactile serve (running) follows it through \(route): \(focus)")
    }
}
