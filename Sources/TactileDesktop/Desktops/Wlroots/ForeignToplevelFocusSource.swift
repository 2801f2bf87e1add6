// The focused app on wlroots compositors without an IPC of their own: wlr-foreign-toplevel-management's activated toplevel.
import TactileService

/// Follows the focus on the wlroots compositors that have no IPC of sway's
/// or Hyprland's kind (labwc, phoc, wayfire, river) through
/// `zwlr_foreign_toplevel_manager_v1` (wlr-foreign-toplevel-management,
/// version 3 at most), the list of windows that taskbars read, over the
/// compositor's own socket (``WaylandConnection``). The manager announces
/// each toplevel (`toplevel`, a new handle); each handle says its `app_id`
/// and `state` (an array of states: 2 is activated), then `done` after each
/// batch, and `closed` when it goes. The focused app is the toplevel whose
/// last state, as of its `done`, has `activated`; none when no toplevel has.
///
/// Unlike X11's `_NET_ACTIVE_WINDOW` (which sees only Xwayland's windows),
/// this sees every window, Wayland's and Xwayland's alike.
struct ForeignToplevelFocusSource: FocusTracker.Source {
    let socketPath: String
    /// `WAYLAND_DISPLAY`, as the session names it.
    let display: String

    static let managerInterface = "zwlr_foreign_toplevel_manager_v1"
    static let activated: UInt32 = 2

    /// What a handle has said: as of its last `done`, and since.
    struct Toplevel {
        var appID: String?
        var activated = false
        var pendingAppID: String?
        var pendingActivated = false
        /// Which `done` of all the handles' was its last (the newest activated one wins).
        var doneOrder = 0
    }

    /// The toplevels as the manager tells them.
    struct Toplevels {
        var handles: [UInt32: Toplevel] = [:]
        var dones = 0

        /// The activated toplevel's app (an unnamed window when it has no app id), nil when none is activated.
        var focused: FocusedApp? {
            guard let top = handles.values.filter(\.activated).max(by: { $0.doneOrder < $1.doneOrder }) else { return nil }
            return FocusedApp(appID: top.appID.flatMap { $0.isEmpty ? nil : $0 }, windowClass: nil)
        }
    }

    func follow(_ tracker: FocusTracker) throws(FocusError) {
        let connection = try WaylandConnection(socketPath: socketPath)
        var manager: UInt32?
        try connection.roundTrip { message throws(FocusError) in
            guard manager == nil, let (name, interface, version) = connection.global(message),
                  interface == Self.managerInterface else { return }
            manager = try connection.bind(name: name, interface: interface, version: min(version, 3))
        }
        guard let manager else {
            throw FocusError("the compositor at \(display) offers no wlr-foreign-toplevel-management: "
                             + "no \(Self.managerInterface) among its globals")
        }
        var toplevels = Toplevels()
        // The toplevels open now, each with its first state and done.
        try connection.roundTrip { message throws(FocusError) in
            _ = try Self.take(message, manager: manager, into: &toplevels, connection: connection)
        }
        tracker.publish(toplevels.focused)
        while !tracker.isStopped {
            // Asleep until the compositor writes or the tracker stops.
            guard let messages = try connection.read(timeout: -1, stop: tracker.stopSignal) else { continue }
            var news = false
            for message in messages {
                news = try Self.take(message, manager: manager, into: &toplevels, connection: connection) || news
            }
            // Once per read: a closed window and the next one's activation, told together, are one change.
            if news { tracker.publish(toplevels.focused) }
        }
    }

    /// Takes one event into `toplevels`; true when it may have moved the focus (a `done`, a `closed`).
    static func take(_ message: WaylandConnection.Message, manager: UInt32, into toplevels: inout Toplevels,
                     connection: WaylandConnection) throws(FocusError) -> Bool {
        if message.object == manager {
            switch message.opcode {
            case 0:   // toplevel(new_id handle)
                toplevels.handles[message.word(0)] = Toplevel()
                return false
            case 1:   // finished: the manager sends nothing more
                throw FocusError("\(connection.path): the compositor finished its list of toplevels")
            default:
                return false
            }
        }
        guard var toplevel = toplevels.handles[message.object] else { return false }
        switch message.opcode {
        case 1:   // app_id(string)
            toplevel.pendingAppID = message.string(at: 0)?.text
        case 4:   // state(array of uint32)
            toplevel.pendingActivated = message.words(at: 0)?.contains(activated) ?? false
        case 5:   // done
            toplevels.dones += 1
            toplevel.appID = toplevel.pendingAppID
            toplevel.activated = toplevel.pendingActivated
            toplevel.doneOrder = toplevels.dones
        case 6:   // closed: no more events; destroy (request 7) lets the compositor forget the handle
            toplevels.handles[message.object] = nil
            try connection.send(object: message.object, opcode: 7, [])
            return true
        default:   // title, output_enter, output_leave, parent
            return false
        }
        toplevels.handles[message.object] = toplevel
        return message.opcode == 5
    }
}
