// The desktop's outputs, read its own way and read again each time it says one changed, on a thread of its own.
import Glibc
import Synchronization
import Tactile
import TactileEvdev
import TactileService

/// Keeps the running desktop's outputs (``DesktopLayout``: where each lies
/// and how it is turned) current, on a thread of its own, so that the input
/// loop never waits on the desktop: it reads ``layout``, a value this thread
/// keeps, and is woken (`news`) when it changes.
///
/// The layout is read the desktop's own way (sway's IPC, Hyprland's
/// request socket, mutter's `DisplayConfig` through `busctl`,
/// `kscreen-doctor -j`, `wlr-randr`, RandR), once at the start and again
/// each time the desktop says an output changed: a Wayland desktop through
/// the `wl_output` events every client gets (``WaylandOutputWatch``), X11
/// through RandR's (``X11OutputWatch``). Between changes the thread sleeps:
/// an idle desktop costs no wake-up.
///
/// ```swift
/// if let follower = OutputFollower.start(session: session, news: news) {
///     // after news:
///     if let layout = follower.layout { device.turn(to: layout.output(configured: nil)?.transform.surfaceTransform ?? .identity) }
/// }
/// ```
final class OutputFollower: ServiceLogSource, Sendable {
    /// What is read and followed: `sway's IPC, its changes through wl_output`.
    let route: Route
    private let state = Mutex(State())
    /// Raised by ``stop()``; every wait of the thread includes it.
    let stopSignal = StopSignal()
    private let news: Wakeup?

    /// How long a change is let settle before the layout is read again (a
    /// desktop tells each output's change in a burst of messages).
    static let settle = 0.05
    /// How long after a lost connection to the desktop it is tried again.
    static let retryInterval = 5.0

    private struct State {
        var layout: DesktopLayout?
        var generation = 0
        var answered = false
        /// The problems said last, of the reading and of the watch (each said once, until it is gone).
        var readingProblem: String?
        var watchProblem: String?
        var lines: [ServiceLogLine] = []
    }

    /// The outputs as last read (nil until the first reading, or when it failed).
    var layout: DesktopLayout? { state.withLock { $0.layout } }
    /// How many times the layout was read anew and differed (0: never read).
    var generation: Int { state.withLock { $0.generation } }
    /// Whether the desktop has answered the first reading (or could not be asked).
    var hasAnswered: Bool { state.withLock { $0.answered } }

    /// How a session's outputs are read and followed.
    struct Route: Sendable {
        /// What the log calls it: "sway's IPC", "mutter's DisplayConfig".
        var name: String
        var read: @Sendable () throws(FocusError) -> DesktopLayout
        /// Connects to the desktop's notice of a change (nil: none is known; the layout is read once).
        var watch: (@Sendable () throws(FocusError) -> any OutputWatch)?
    }

    init(route: Route, news: Wakeup? = nil) {
        self.route = route
        self.news = news
    }

    /// The lines for the service's log since the last call: a desktop that
    /// cannot be read or followed (once per problem), and followed again.
    func collectLines() -> [ServiceLogLine] {
        state.withLock { state in
            defer { state.lines = [] }
            return state.lines
        }
    }

    /// Stops following (the thread's wait ends at once, and the thread with it).
    func stop() { stopSignal.requestStop() }

    var isStopped: Bool { stopSignal.isStopRequested }

    /// Starts following the outputs the way `session` offers
    /// (``DetectedSession``: sway's socket, Hyprland's, then by the desktop of
    /// a Wayland session, mutter, KWin, any other wlroots compositor through
    /// `wlr-randr`, then an X11 display's RandR; a Wayland session's changes
    /// followed through `wl_output`, X11's through RandR's events; nil when it offers no way: a console, a kiosk without a compositor);
    /// `news` is signalled when the layout changes or a line is there.
    static func start(session: DetectedSession, news: Wakeup? = nil) -> OutputFollower? {
        guard let route = session.outputsRoute else { return nil }
        let follower = OutputFollower(route: route, news: news)
        return DetachedThread.start(name: "tactile.outputs") { follower.follow() } ? follower : nil
    }

    /// The thread: read, then read again after each change the desktop tells,
    /// until stopped; a lost connection is tried again after ``retryInterval``.
    private func follow() {
        guard let watch = route.watch else {
            publish(reading: route.read)
            return
        }
        while !isStopped {
            do throws(FocusError) {
                // Watching before reading: a change while the layout is read is not missed.
                let changes = try watch()
                followed()
                publish(reading: route.read)
                while try changes.waitForChange(until: nil, stop: stopSignal) {
                    while try changes.waitForChange(until: MonotonicClock.seconds() + Self.settle, stop: stopSignal) {}
                    if isStopped { return }
                    publish(reading: route.read)
                }
            } catch {
                problem("the outputs' changes are not followed: \(error.description); tried again every \(Int(Self.retryInterval)) s")
                if !hasAnswered { publish(reading: route.read) }
                _ = PollLoop.wait([], until: MonotonicClock.seconds() + Self.retryInterval, stop: stopSignal)
            }
        }
    }

    /// Reads the layout with `read` and keeps it when it differs (a failed
    /// reading keeps the last one and is said once).
    func publish(reading read: () throws(FocusError) -> DesktopLayout) {
        let result: Result<DesktopLayout, FocusError>
        do throws(FocusError) { result = .success(try read()) } catch { result = .failure(error) }
        let signal = state.withLock { state -> Bool in
            let first = !state.answered
            state.answered = true
            switch result {
            case .success(let layout):
                if state.readingProblem != nil {
                    state.readingProblem = nil
                    state.lines.append(.note("the outputs are read again through \(route.name)"))
                }
                guard layout != state.layout else { return first }
                state.layout = layout
                state.generation += 1
                return true
            case .failure(let error):
                guard state.readingProblem != error.description else { return first }
                state.readingProblem = error.description
                state.lines.append(.problem(error.description + "; touchscreens keep the turn they have (upright until it is read)"))
                return true
            }
        }
        if signal { news?.signal() }
    }

    private func problem(_ text: String) {
        let said = state.withLock { state -> Bool in
            guard state.watchProblem != text else { return false }
            state.watchProblem = text
            state.lines.append(.problem(text))
            return true
        }
        if said { news?.signal() }
    }

    /// The watch is connected: said when it had been lost.
    private func followed() {
        let said = state.withLock { state -> Bool in
            guard state.watchProblem != nil else { return false }
            state.watchProblem = nil
            state.lines.append(.note("the outputs' changes are followed again through \(route.name)"))
            return true
        }
        if said { news?.signal() }
    }
}
