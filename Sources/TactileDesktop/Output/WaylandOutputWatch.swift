// Told when an output changes, as every Wayland client is: wl_output and xdg_output events over the compositor's socket.
import TactileService
import Tactile
import TactileEvdev

/// Sleeps until the Wayland compositor says that an output changed, the way
/// it says so to every client: a minimal client that binds each `wl_output`
/// (its `geometry` carries the transform, `done` ends each change) and, where
/// the compositor offers it, each output's `zxdg_output_v1` (its logical
/// place and size), and listens. An output plugged or unplugged is a
/// `wl_registry` global added or removed. Nothing else is asked: an idle
/// desktop sends nothing, so the watch costs no wake-up.
///
/// It is the one notice every Wayland desktop gives: sway 1.7's IPC refuses
/// `subscribe ["output"]` (it has no output event), Hyprland's event socket
/// says nothing of a turned monitor, KWin and the other wlroots compositors
/// have no other, and mutter's `MonitorsChanged` would need a D-Bus client of
/// the service's own or a `busctl` child for as long as it runs, where this
/// is one socket.
///
/// The wire protocol is ``WaylandConnection``'s.
///
/// ```swift
/// let watch = try WaylandOutputWatch(socketPath: session.waylandSocketPath ?? "")
/// while try watch.waitForChange(until: nil, stop: stop) { reread() }
/// ```
final class WaylandOutputWatch: OutputWatch {
    private let connection: WaylandConnection
    /// The registry's name of each bound `wl_output`, and its object.
    private var outputs: [UInt32: UInt32] = [:]
    /// The objects whose events are news: outputs and xdg outputs.
    private var watched: Set<UInt32> = []
    private var xdgManager: UInt32?
    private var outputsWithXDG: Set<UInt32> = []
    private var changed = false

    static let xdgManagerInterface = "zxdg_output_manager_v1"

    /// Connects, binds every output, and returns once the compositor has
    /// told them as they are (two round trips: the globals, then the
    /// outputs' first events).
    init(socketPath: String) throws(FocusError) {
        connection = try WaylandConnection(socketPath: socketPath)
        // The globals come before the first sync's done (each output bound as it comes), the outputs' first events before the second's.
        try connection.roundTrip { message throws(FocusError) in try handle(message) }
        try connection.roundTrip { message throws(FocusError) in try handle(message) }
        changed = false
    }

    func waitForChange(until deadline: Double?, stop: StopSignal) throws(FocusError) -> Bool {
        while !changed {
            let timeout = deadline.map { Int32(max(0, ($0 - MonotonicClock.seconds()) * 1000).rounded(.up)) } ?? -1
            guard let messages = try connection.read(timeout: timeout, stop: stop) else { return false }
            for message in messages { try handle(message) }
        }
        changed = false
        return true
    }

    private func handle(_ message: WaylandConnection.Message) throws(FocusError) {
        if let (name, interface, version) = connection.global(message) {
            try global(name: name, interface: interface, version: version)
        } else if message.object == connection.registry, message.opcode == 1 {   // wl_registry.global_remove
            if outputs.removeValue(forKey: message.word(0)) != nil { changed = true }
        } else if watched.contains(message.object) {
            changed = true
        }
    }

    /// A global the compositor offers: outputs and the xdg output manager are bound.
    private func global(name: UInt32, interface: String, version: UInt32) throws(FocusError) {
        switch interface {
        case "wl_output":
            let output = try connection.bind(name: name, interface: interface, version: min(version, 4))
            outputs[name] = output
            watched.insert(output)
            changed = true
        case Self.xdgManagerInterface:
            xdgManager = try connection.bind(name: name, interface: interface, version: min(version, 3))
        default:
            return
        }
        // Each output's xdg output, once both are known.
        guard let manager = xdgManager else { return }
        for output in outputs.values where !outputsWithXDG.contains(output) {
            let xdg = connection.newID()
            try connection.send(object: manager, opcode: 1, [xdg, output])   // zxdg_output_manager_v1.get_xdg_output
            outputsWithXDG.insert(output)
            watched.insert(xdg)
        }
    }
}

/// A desktop's notice that its outputs changed, which a layout's reader follows.
protocol OutputWatch: AnyObject {
    /// Sleeps until the desktop says an output changed (true), `deadline`
    /// (monotonic seconds; nil: none) passes or `stop` is raised (false).
    /// Throws when the connection fails or ends.
    func waitForChange(until deadline: Double?, stop: StopSignal) throws(FocusError) -> Bool
}
