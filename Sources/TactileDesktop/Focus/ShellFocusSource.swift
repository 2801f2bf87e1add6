// The focused app from inside the shell: KWin's script or GNOME Shell's extension reports it to the service's bus name.
import TactileEvdev
import Tactile
import TactileService

/// Follows the focus where no client may ask for it, KDE Plasma's and
/// GNOME's Wayland sessions, through the shell itself: the service owns
/// ``serviceName`` on the session bus and serves ``objectPath``, whose
/// `Report(windowClass, appID)` the shell calls on each change of the
/// active window (two empty strings: none). On KDE Plasma the service loads
/// its KWin script (``KWinFocusScript``) for that, and unloads it when it
/// stops; on GNOME the user's extension (``GnomeFocusExtension``) watches
/// for the name and reports as soon as it appears.
///
/// Only the connection that owns the shell's own name (`org.kde.KWin`,
/// `org.gnome.Shell`) is heard: another program on the bus cannot choose
/// the app. When the shell leaves the bus no app is known (the `not-app`
/// bindings fire); when it comes back (KWin restarted), the script is
/// loaded again.
///
/// ```swift
/// let source = ShellFocusSource(shell: .kwin, busAddress: "unix:path=/run/user/1000/bus", environment: environment)
/// try source.follow(tracker)   // until the tracker stops
/// ```
struct ShellFocusSource: FocusTracker.Source {
    /// The well-known name the service owns on the session bus.
    static let serviceName = "io.github.tactile.Service"
    /// The object the shell reports to.
    static let objectPath = "/io/github/tactile/Focus"
    /// Its interface: `Report(ss)` (windowClass, appID), `Current() → (bss)`.
    static let interface = "io.github.tactile.Focus1"
    /// How long a shell that has just taken its name is given to serve its objects before a failure is said.
    static let settling = 5.0

    /// Which shell reports.
    enum Shell: Sendable {
        case kwin
        case gnome

        /// The name the shell owns on the bus.
        var busName: String { self == .kwin ? "org.kde.KWin" : "org.gnome.Shell" }
        /// How the log and doctor call it.
        var title: String { self == .kwin ? "KWin" : "GNOME Shell" }
    }

    let shell: Shell
    /// The session bus's address (nil: the environment names none).
    let busAddress: String?
    let environment: [String: String]

    /// How the route is named in the log: `KWin's script tactile-focus over the session bus`.
    var route: String {
        switch shell {
        case .kwin: "KWin's script \(KWinFocusScript.pluginName) over the session bus"
        case .gnome: "GNOME Shell's extension \(GnomeFocusExtension.uuid) over the session bus"
        }
    }

    /// The route through `shell` in `session`, over its session bus.
    static func route(_ shell: Shell, in session: SessionEnvironment) -> FocusRoute {
        let source = ShellFocusSource(shell: shell, busAddress: session.sessionBusAddress, environment: session.variables)
        return FocusRoute(name: source.route, source: source)
    }

    func follow(_ tracker: FocusTracker) throws(FocusError) {
        guard let busAddress else {
            throw FocusError("no session bus: neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set")
        }
        let bus: SessionBus
        do {
            bus = try SessionBus(address: busAddress)
            try bus.requestName(Self.serviceName)
        } catch {
            throw FocusError(error.description)
        }
        let state = ShellState()
        state.owner = bus.owner(of: shell.busName)
        do {
            try serveReports(on: bus, state: state, tracker: tracker)
            try hearShell(on: bus, state: state)
        } catch {
            throw FocusError(error.description)
        }
        defer { if state.loaded, shell == .kwin { KWinFocusScript.unload(on: bus) } }
        while !tracker.isStopped {
            if let due = state.setupDue, MonotonicClock.seconds() >= due {
                state.setupDue = nil
                let now = MonotonicClock.seconds()
                if let problem = setUp(on: bus, state: state) {
                    // A shell that has just taken its name may not serve its objects yet (KWin's
                    // /Scripting comes a moment later): asked again soon, and said only after 5 s.
                    if let appeared = state.appearedAt, now - appeared < Self.settling {
                        state.setupDue = now + 0.2
                    } else {
                        tracker.lost(problem)
                        // KWin: asked again in a second (the script may be installed meanwhile). GNOME: when
                        // the extension's state or the shell's name changes (both are signalled), not before.
                        state.setupDue = shell == .kwin ? now + 1 : nil
                    }
                }
            }
            do {
                // Back here when a setup falls due (the shell returned, the extension changed) or the shell left.
                try bus.run(stop: tracker.stopSignal, until: state.setupDue) {
                    !state.shellLeft && (state.setupDue ?? .infinity) > MonotonicClock.seconds()
                }
            } catch {
                throw FocusError(error.description)
            }
            if state.shellLeft {
                state.shellLeft = false
                tracker.lost("\(shell.title) left the session bus")
            }
        }
    }

    /// What the bus handlers and the loop share, on the tracker's thread.
    final class ShellState {
        /// The unique name owning the shell's name, the only sender heard.
        var owner: String?
        /// When to load the script or check the extension next (0: now; nil: not needed).
        var setupDue: Double? = 0
        /// Whether this connection loaded the KWin script (and so unloads it).
        var loaded = false
        /// When the shell last took its name (``MonotonicClock`` seconds; nil: it had it when we came).
        var appearedAt: Double?
        /// Whether the shell left the bus since the loop last looked.
        var shellLeft = false
    }

    /// Serves `Report` and `Current` on ``objectPath``.
    private func serveReports(on bus: SessionBus, state: ShellState, tracker: FocusTracker) throws(BusError) {
        try bus.serve(path: Self.objectPath) { call in
            if call.isCall(Self.interface, "Current") {
                // What the tracker holds: answering since the route was last lost, and the app.
                let app = tracker.current
                return .reply([.bool(tracker.isAnswering), .string(app?.windowClass ?? ""), .string(app?.appID ?? "")])
            }
            guard call.isCall(Self.interface, "Report") else { return .unknownMethod }
            guard let sender = call.sender, sender == state.owner else {
                return .error(name: "org.freedesktop.DBus.Error.AccessDenied",
                              message: "only \(shell.busName)'s owner reports the focus to \(Self.serviceName)")
            }
            guard let windowClass = try? call.readString(), let appID = try? call.readString() else {
                return .error(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "Report takes two strings: windowClass, appID")
            }
            tracker.publish(Self.app(windowClass: windowClass, appID: appID))
            return .reply([])
        }
    }

    /// Follows the shell's name changing hands (the shell starting, leaving,
    /// restarting), and on GNOME the extension's state.
    private func hearShell(on bus: SessionBus, state: ShellState) throws(BusError) {
        try bus.onSignal(sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                         interface: "org.freedesktop.DBus", member: "NameOwnerChanged") { signal in
            guard let name = try? signal.readString(), name == shell.busName,
                  (try? signal.readString()) != nil, let owner = try? signal.readString() else { return }
            state.owner = owner.isEmpty ? nil : owner
            state.loaded = false
            if owner.isEmpty {
                state.shellLeft = true
            } else {
                state.appearedAt = MonotonicClock.seconds()
                state.setupDue = 0
            }
        }
        guard shell == .gnome else { return }
        try bus.onSignal(sender: shell.busName, path: "/org/gnome/Shell", interface: "org.gnome.Shell.Extensions",
                         member: "ExtensionStateChanged") { signal in
            guard (try? signal.readString()) == GnomeFocusExtension.uuid else { return }
            state.setupDue = 0
        }
    }

    /// Loads the script (KWin) or checks the extension (GNOME); the problem, if any.
    private func setUp(on bus: SessionBus, state: ShellState) -> String? {
        guard state.owner != nil else {
            return "\(shell.title) is not on the session bus at \(bus.address) (no \(shell.busName))"
        }
        switch shell {
        case .kwin:
            let script: String
            switch KWinFocusScript.locate(environment: environment) {
            case .success(let path): script = path
            case .failure(let problem): return problem.description
            }
            if let problem = KWinFocusScript.load(script, on: bus) { return problem }
            state.loaded = true
            return nil
        case .gnome:
            return GnomeFocusExtension.problem(on: bus)
        }
    }

    /// What the program owning ``serviceName`` (a running `tactile serve`)
    /// has heard: nil when it has had no report yet, else the app (nil
    /// inside: none has the focus). Throws when no program owns the name.
    static func askRunning(busAddress: String) throws(BusError) -> FocusedApp?? {
        let bus = try SessionBus(address: busAddress)
        return try bus.call(serviceName, objectPath, interface, "Current", timeout: 2) { (reply: BusMessage) throws(BusError) -> FocusedApp?? in
            guard case .bool(true)? = try reply.readBasic() else { return nil }
            return .some(app(windowClass: try reply.readString(), appID: try reply.readString()))
        }
    }

    /// The app the shell named, or nil for none.
    static func app(windowClass: String, appID: String) -> FocusedApp? {
        if windowClass.isEmpty && appID.isEmpty { return nil }
        return FocusedApp(appID: appID.isEmpty ? nil : appID, windowClass: windowClass.isEmpty ? nil : windowClass)
    }
}
