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
/// The wire protocol (wayland.xml): each message is the object's id, then
/// its size (bytes, header included) and opcode in one 32-bit word, then its
/// arguments in 32-bit words (a string is its length with the NUL, then its
/// bytes padded to 4), in the machine's byte order.
///
/// ```swift
/// let watch = try WaylandOutputWatch(socketPath: WaylandOutputWatch.socketPath(environment: environment) ?? "")
/// while try watch.waitForChange(until: nil, stop: stop) { reread() }
/// ```
final class WaylandOutputWatch: OutputWatch {
    private let stream: UnixStream
    private var buffer: [UInt8] = []
    private var nextID: UInt32 = 2
    private let registry: UInt32
    /// The registry's name of each bound `wl_output`, and its object.
    private var outputs: [UInt32: UInt32] = [:]
    /// The objects whose events are news: outputs and xdg outputs.
    private var watched: Set<UInt32> = []
    private var xdgManager: UInt32?
    private var outputsWithXDG: Set<UInt32> = []
    /// The `wl_callback` whose `done` ends the compositor's first answers.
    private var pendingSync: UInt32?
    private var changed = false

    static let xdgManagerInterface = "zxdg_output_manager_v1"

    /// `$WAYLAND_DISPLAY` (a name in `$XDG_RUNTIME_DIR`, or a path), nil without one.
    static func socketPath(environment: [String: String]) -> String? {
        guard let display = environment["WAYLAND_DISPLAY"], !display.isEmpty else { return nil }
        if display.hasPrefix("/") { return display }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
        return runtime + "/" + display
    }

    /// Connects, binds every output, and returns once the compositor has
    /// told them as they are (two round trips: the globals, then the
    /// outputs' first events).
    init(socketPath: String) throws(FocusError) {
        stream = try UnixStream(path: socketPath)
        registry = 2
        nextID = 3
        try send(object: 1, opcode: 1, [registry])   // wl_display.get_registry
        // The globals come before the first sync's done (each output bound as it comes), the outputs' first events before the second's.
        try roundTrip()
        try roundTrip()
        changed = false
    }

    /// Sends `wl_display.sync` and takes what comes until its `done`.
    private func roundTrip() throws(FocusError) {
        try sync()
        while pendingSync != nil {
            guard let bytes = try stream.read(timeout: 5000) else { throw FocusError("\(stream.path): no answer in 5 s") }
            try take(bytes)
        }
    }

    func waitForChange(until deadline: Double?, stop: LiveSession.StopSignal) throws(FocusError) -> Bool {
        while !changed {
            let timeout = deadline.map { Int32(max(0, ($0 - MonotonicClock.seconds()) * 1000).rounded(.up)) } ?? -1
            guard let bytes = try stream.read(timeout: timeout, stop: stop) else { return false }
            try take(bytes)
        }
        changed = false
        return true
    }

    private func newID() -> UInt32 {
        defer { nextID += 1 }
        return nextID
    }

    private func sync() throws(FocusError) {
        let callback = newID()
        pendingSync = callback
        try send(object: 1, opcode: 0, [callback])   // wl_display.sync
    }

    /// Takes `bytes` read from the socket: every whole message in them.
    private func take(_ bytes: [UInt8]) throws(FocusError) {
        guard !bytes.isEmpty else { throw FocusError("\(stream.path): the compositor closed the connection") }
        buffer += bytes
        while buffer.count >= 8 {
            let object = word(buffer, 0), sizeAndOpcode = word(buffer, 4)
            let size = Int(sizeAndOpcode >> 16), opcode = sizeAndOpcode & 0xffff
            guard size >= 8, size % 4 == 0 else { throw FocusError("\(stream.path): a message of \(size) bytes") }
            guard buffer.count >= size else { return }
            let body = Array(buffer[8..<size])
            buffer.removeFirst(size)
            try handle(object: object, opcode: opcode, body: body)
        }
    }

    private func handle(object: UInt32, opcode: UInt32, body: [UInt8]) throws(FocusError) {
        switch object {
        case 1 where opcode == 0:   // wl_display.error
            let message = string(body, at: 8)?.text ?? ""
            throw FocusError("\(stream.path): the compositor said: \(TextFormat.visible(message))")
        case registry where opcode == 0:   // wl_registry.global
            guard let (interface, end) = string(body, at: 4), body.count >= end + 4 else { return }
            try global(name: word(body, 0), interface: interface, version: word(body, end))
        case registry where opcode == 1:   // wl_registry.global_remove
            if outputs.removeValue(forKey: word(body, 0)) != nil { changed = true }
        case pendingSync where opcode == 0:   // wl_callback.done
            pendingSync = nil
        default:
            if watched.contains(object) { changed = true }
        }
    }

    /// A global the compositor offers: outputs and the xdg output manager are bound.
    private func global(name: UInt32, interface: String, version: UInt32) throws(FocusError) {
        switch interface {
        case "wl_output":
            let output = newID()
            try bind(name: name, interface: interface, version: min(version, 4), id: output)
            outputs[name] = output
            watched.insert(output)
            changed = true
        case Self.xdgManagerInterface:
            let manager = newID()
            try bind(name: name, interface: interface, version: min(version, 3), id: manager)
            xdgManager = manager
        default:
            return
        }
        // Each output's xdg output, once both are known.
        guard let manager = xdgManager else { return }
        for output in outputs.values where !outputsWithXDG.contains(output) {
            let xdg = newID()
            try send(object: manager, opcode: 1, [xdg, output])   // zxdg_output_manager_v1.get_xdg_output
            outputsWithXDG.insert(output)
            watched.insert(xdg)
        }
    }

    /// `wl_registry.bind`: the name, the interface (a string), the version, the new id.
    private func bind(name: UInt32, interface: String, version: UInt32, id: UInt32) throws(FocusError) {
        let text = Array(interface.utf8) + [0]
        var words: [UInt32] = [name, UInt32(text.count)]
        let padded = text + [UInt8](repeating: 0, count: (4 - text.count % 4) % 4)
        words += stride(from: 0, to: padded.count, by: 4).map { word(padded, $0) }
        try send(object: registry, opcode: 0, words + [version, id])
    }

    private func send(object: UInt32, opcode: UInt32, _ arguments: [UInt32]) throws(FocusError) {
        let words = [object, UInt32(8 + 4 * arguments.count) << 16 | opcode] + arguments
        var bytes: [UInt8] = []
        for value in words { withUnsafeBytes(of: value) { bytes += $0 } }
        try stream.write(bytes)
    }

    private func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        guard offset + 4 <= bytes.count else { return 0 }
        return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
    }

    /// The string at `offset` (its length, its bytes with the NUL, padding) and the offset after it.
    private func string(_ bytes: [UInt8], at offset: Int) -> (text: String, end: Int)? {
        let length = Int(word(bytes, offset))
        let start = offset + 4, end = start + (length + 3) / 4 * 4
        guard length > 0, end <= bytes.count else { return nil }
        return (String(decoding: bytes[start..<(start + length - 1)], as: UTF8.self), end)
    }
}

/// A desktop's notice that its outputs changed, which a layout's reader follows.
protocol OutputWatch: AnyObject {
    /// Sleeps until the desktop says an output changed (true), `deadline`
    /// (monotonic seconds; nil: none) passes or `stop` is raised (false).
    /// Throws when the connection fails or ends.
    func waitForChange(until deadline: Double?, stop: LiveSession.StopSignal) throws(FocusError) -> Bool
}
