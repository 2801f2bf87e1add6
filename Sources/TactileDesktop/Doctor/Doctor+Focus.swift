// The doctor's focused-app line: how the session's focused app is followed, and whether that route answers now.
import TactileService
import Foundation
import Tactile

extension Doctor {
    /// How long the doctor waits for the route to answer.
    static let focusTimeout = 2.0

    /// The focused-app line: the route `tactile serve` would follow (sway's
    /// or i3's IPC, Hyprland's sockets, X11's `_NET_ACTIVE_WINDOW`), asked
    /// now for up to two seconds, and the app it names, or why it does not
    /// answer. A route that does not answer is a problem when the config has
    /// bindings with `app`, which then never fire, else a note.
    func focusCheck(configUsesApps: Bool) -> DoctorCheck {
        let name = "focused app"
        let stake = configUsesApps ? "the config's gestures with app = … never fire" : "the config has no gestures with app = …"
        guard let tracker = FocusTracker.start(environment: system.environment) else {
            return DoctorCheck(name: name, status: configUsesApps ? .problem : .note,
                               summary: "this session offers no way to know it (no SWAYSOCK, I3SOCK, HYPRLAND_INSTANCE_SIGNATURE or DISPLAY): " + stake,
                               fix: configUsesApps ? "run tactile doctor in your desktop session; on GNOME and KDE Plasma on Wayland, "
                                   + "no client may know the focused window, so use not-app = … or no app condition" : nil)
        }
        defer { tracker.stop() }
        let route = TextFormat.visible(tracker.route)
        let deadline = Date().addingTimeInterval(Self.focusTimeout)
        while !tracker.isAnswering, tracker.problem == nil, Date() < deadline { usleep(20_000) }
        if tracker.isAnswering {
            let app = tracker.current.map { "\(TextFormat.visible($0.description)) has the focus" } ?? "no app has the focus now"
            return DoctorCheck(name: name, status: .ok, summary: "followed through \(route): \(app)")
        }
        let why = tracker.problem.map { TextFormat.visible($0) } ?? "no answer in \(Int(Self.focusTimeout)) s"
        return DoctorCheck(name: name, status: configUsesApps ? .problem : .note,
                           summary: "cannot follow \(route): \(why); " + stake,
                           fix: "run tactile doctor in a terminal of the session the service serves; if the compositor was "
                               + "restarted, restart tactile.service too, so that it takes the new session's environment")
    }
}
