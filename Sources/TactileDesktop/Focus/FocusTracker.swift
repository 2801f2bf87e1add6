// The app with the keyboard focus, kept current by a thread of its own that follows the session's IPC.
import Tactile
import TactileService
import Foundation
import Synchronization
import TactileEvdev

/// Follows which app has the keyboard focus, on a thread of its own, through
/// what the session offers: the sway or i3 IPC socket (`SWAYSOCK`, `I3SOCK`),
/// Hyprland's event socket (`HYPRLAND_INSTANCE_SIGNATURE`), KWin or GNOME
/// Shell over the session bus (a Wayland session whose
/// `XDG_CURRENT_DESKTOP` names KDE or GNOME), any other Wayland
/// compositor's wlr-foreign-toplevel-management (`WAYLAND_DISPLAY`: labwc,
/// phoc, wayfire, river), or X11's `_NET_ACTIVE_WINDOW` (`DISPLAY`). The service's input loop reads
/// ``current``, a value this thread keeps, and never waits on the session.
/// The thread sleeps until the session says something or the tracker is
/// stopped (its stop wakes the thread's wait): an idle session costs no wake-up.
///
/// ```swift
/// if let tracker = FocusTracker.start(environment: ProcessInfo.processInfo.environment) {
///     print("apps from \(tracker.route)")
///     device.focusedApp = { tracker.current }
/// }
/// ```
///
/// GNOME and KDE Plasma on Wayland give no client the focused window:
/// there the shell itself tells the service (``ShellFocusSource``: a KWin
/// script the service loads, a GNOME Shell extension the user enables),
/// over the session bus.
package final class FocusTracker: ServiceLogSource, Sendable {
    /// What is followed: `sway IPC at /run/user/1000/sway-ipc.1000.1234.sock`.
    public let route: String
    private let state = Mutex(State())
    /// Raised by ``stop()``; every wait of the thread includes it.
    let stopSignal = StopSignal()
    /// Signalled when a line is queued for ``collectLines()``.
    private let news: Wakeup?

    private struct State {
        var focused: FocusedApp?
        var problem: String?
        /// Whether the route has answered since it was started or last lost.
        var answered = false
        /// The problem last said in ``news`` (a problem is said once, not each retry).
        var saidProblem: String?
        var news: [ServiceLogLine] = []
        /// Whether a thread runs that ``stop()`` must wait for.
        var started = false
    }

    /// The app with the focus, as last reported (nil: not known, or none).
    public var current: FocusedApp? { state.withLock { $0.focused } }
    /// Why the route is not followed now, if it is not (it is retried each second).
    public var problem: String? { state.withLock { $0.problem } }
    /// Whether the route has answered at least once since it was last lost.
    public var isAnswering: Bool { state.withLock { $0.answered } }

    /// Whether each change of the app is said too (`focused app: now …`), for dry runs.
    private let sayingEachChange: Bool

    init(route: String, news: Wakeup? = nil, sayingEachChange: Bool = false) {
        self.route = route
        self.news = news
        self.sayingEachChange = sayingEachChange
    }

    func publish(_ app: FocusedApp?) {
        let said = state.withLock { state -> Bool in
            let first = !state.answered
            if first {
                state.news.append(.note("focused app: followed through \(route)" + (state.saidProblem == nil ? "" : " again")))
                state.answered = true
                state.saidProblem = nil
            }
            let changed = !first && state.focused != app
            if sayingEachChange, first || changed {
                state.news.append(.note("focused app: now " + (app?.description ?? "none")))
            }
            state.focused = app
            state.problem = nil
            return first || (sayingEachChange && changed)
        }
        if said { news?.signal() }
    }

    func lost(_ problem: String) {
        let said = state.withLock { state -> Bool in
            state.focused = nil
            state.problem = problem
            state.answered = false
            guard state.saidProblem != problem else { return false }
            state.saidProblem = problem
            state.news.append(.problem("focused app: cannot follow \(route): \(problem); gestures with app = … do not fire "
                              + "and those with only not-app = … do, until it answers (asked again each second)"))
            return true
        }
        if said { news?.signal() }
    }

    /// What changed in the route's standing since the last call, for the
    /// service's log, each line with its severity: `followed through …` when
    /// it first answers (and again after a loss), `cannot follow …: why`
    /// (a problem) once per problem.
    public func collectLines() -> [ServiceLogLine] {
        state.withLock { state in
            defer { state.news = [] }
            return state.news
        }
    }

    var isStopped: Bool { stopSignal.isStopRequested }

    /// Signalled when the thread ends.
    private let ended = DispatchSemaphore(value: 0)

    /// Stops following: the thread's wait ends at once, and the thread with
    /// it after what it must undo (a KWin script it loaded is unloaded);
    /// returns when it has, or after two seconds.
    public func stop() {
        stopSignal.requestStop()
        guard state.withLock({ state in
            defer { state.started = false }
            return state.started
        }) else { return }
        _ = ended.wait(timeout: .now() + 2)
    }

    /// A source the tracker follows: connects, reports, and returns or throws when the connection ends.
    protocol Source: Sendable {
        /// Follows the focus until the connection ends or `tracker` stops.
        func follow(_ tracker: FocusTracker) throws(FocusError)
    }

    /// Starts following the session `environment` describes: sway or i3 first
    /// (their sockets are the most specific), then Hyprland, then KWin or GNOME Shell on Wayland, then any
    /// other Wayland compositor's wlr-foreign-toplevel-management, then X11. Nil when
    /// the session offers none of them. `news` is signalled whenever a line
    /// is there for ``collectLines()``; with `sayingEachChange`, each change
    /// of the app is such a line (`focused app: now firefox`, `… now none`).
    public static func start(environment: [String: String], news: Wakeup? = nil, sayingEachChange: Bool = false) -> FocusTracker? {
        guard let (route, source) = source(for: environment) else { return nil }
        let tracker = FocusTracker(route: route, news: news, sayingEachChange: sayingEachChange)
        tracker.state.withLock { $0.started = true }
        let thread = Thread {
            defer { tracker.ended.signal() }
            while !tracker.isStopped {
                do throws(FocusError) {
                    try source.follow(tracker)
                } catch {
                    tracker.lost(error.description)
                }
                // Gone (the compositor restarting, a display that went away): again in a second, or at once stopped.
                if !tracker.isStopped { _ = PollLoop.wait([], until: MonotonicClock.seconds() + 1, stop: tracker.stopSignal) }
            }
        }
        thread.name = "tactile.focus"
        thread.start()
        return tracker
    }

    /// The route and source for `environment`, if it offers one.
    static func source(for environment: [String: String]) -> (String, any Source)? {
        for name in ["SWAYSOCK", "I3SOCK"] {
            if let path = environment[name], !path.isEmpty {
                return ("\(name == "SWAYSOCK" ? "sway" : "i3") IPC at \(path)", SwayFocusSource(socketPath: path))
            }
        }
        if let signature = environment["HYPRLAND_INSTANCE_SIGNATURE"], !signature.isEmpty, !signature.contains("/") {
            let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            let directory = HyprlandFocusSource.directory(signature: signature, runtimeDirectory: runtime)
            return ("Hyprland's sockets in \(directory)", HyprlandFocusSource(directory: directory))
        }
        if let shell = shell(of: environment) {
            let source = ShellFocusSource(shell: shell, busAddress: SessionBus.sessionAddress(in: environment), environment: environment)
            return (source.route, source)
        }
        // Any other Wayland compositor: wlroots' list of toplevels (labwc, phoc, wayfire, river).
        if let path = WaylandConnection.socketPath(environment: environment), let display = environment["WAYLAND_DISPLAY"] {
            return ("wlr-foreign-toplevel-management on \(display)", ForeignToplevelFocusSource(socketPath: path, display: display))
        }
        if let display = environment["DISPLAY"], !display.isEmpty {
            return ("X11 display \(display)", X11FocusSource(display: display))
        }
        return nil
    }
}

extension FocusTracker {
    /// The shell asked for the focus in a Wayland session of KDE Plasma or
    /// GNOME, as `XDG_CURRENT_DESKTOP` names it (`KDE`, `ubuntu:GNOME`);
    /// nil in any other session (on X11 they answer `_NET_ACTIVE_WINDOW`).
    static func shell(of environment: [String: String]) -> ShellFocusSource.Shell? {
        guard let display = environment["WAYLAND_DISPLAY"], !display.isEmpty else { return nil }
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.lowercased() }
        if desktops.contains("kde") { return .kwin }
        // Desktops built on GNOME that name it after their own name run another shell (phosh's
        // session is Phosh:GNOME, Budgie's Budgie:GNOME); a vendor's GNOME (ubuntu:GNOME) runs GNOME Shell.
        if desktops.contains("gnome"), !desktops.contains(where: notGnomeShell.contains) { return .gnome }
        return nil
    }

    /// `XDG_CURRENT_DESKTOP` names of desktops that name GNOME too but run no GNOME Shell.
    static let notGnomeShell: Set<String> = ["phosh", "budgie", "pantheon", "unity", "x-cinnamon", "cinnamon"]
}

/// Why following the focus stopped.
package struct FocusError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, and where.
    public var description: String
    init(_ description: String) { self.description = description }
}
