// The app with the keyboard focus, kept current by a thread of its own that follows the session's IPC.
import Dispatch
import Glibc
import Synchronization
import Tactile
import TactileEvdev
import TactileService

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
/// if let tracker = FocusTracker.start(session: DetectedSession(SessionEnvironment(ProcessInfo.processInfo.environment))) {
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

    /// Starts following the focus the way `session` offers
    /// (``DetectedSession``: sway or i3 first, their sockets being the most
    /// specific, then Hyprland, then KWin or GNOME Shell on Wayland, then any
    /// other Wayland compositor's wlr-foreign-toplevel-management, then X11).
    /// Nil when the session offers none of them. `news` is signalled whenever a line
    /// is there for ``collectLines()``; with `sayingEachChange`, each change
    /// of the app is such a line (`focused app: now firefox`, `… now none`).
    public static func start(session: DetectedSession, news: Wakeup? = nil, sayingEachChange: Bool = false) -> FocusTracker? {
        guard let found = session.focusRoute else { return nil }
        let source = found.source
        let tracker = FocusTracker(route: found.name, news: news, sayingEachChange: sayingEachChange)
        tracker.state.withLock { $0.started = true }
        let started = DetachedThread.start(name: "tactile.focus") {
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
        guard started else {
            tracker.state.withLock { $0.started = false }
            return nil
        }
        return tracker
    }
}

extension FocusTracker {
    /// The route's name and source for `session`, as ``start(session:news:sayingEachChange:)`` takes it.
    static func source(for session: SessionEnvironment) -> (String, any Source)? {
        DetectedSession(session).focusRoute.map { ($0.name, $0.source) }
    }

    /// The shell asked for the focus in `session` (KWin or GNOME Shell, under
    /// Wayland), nil when another route answers.
    static func shell(of session: SessionEnvironment) -> ShellFocusSource.Shell? {
        (source(for: session)?.1 as? ShellFocusSource)?.shell
    }
}

/// Why following the focus stopped.
package struct FocusError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, and where.
    public var description: String
    init(_ description: String) { self.description = description }
}
