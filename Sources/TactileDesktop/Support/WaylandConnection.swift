// A minimal Wayland client connection: the socket, the registry, binds, round trips, and each message's words and strings.
import Tactile
import TactileService
import TactileEvdev

/// The one Wayland wire client the service has, shared by what it follows
/// over a compositor's socket (outputs: ``WaylandOutputWatch``; the focus
/// on wlroots compositors: ``ForeignToplevelFocusSource``). It connects to
/// `$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY`, asks for the registry (object 2),
/// binds globals, sends requests and reads events, and throws on the
/// compositor's `wl_display.error` or the end of the connection.
///
/// The wire protocol (wayland.xml): each message is the object's id, then
/// its size (bytes, header included) and opcode in one 32-bit word, then its
/// arguments in 32-bit words (a string or an array is its length in bytes
/// (a string's with the NUL), then its bytes padded to 4), in the machine's
/// byte order.
///
/// ```swift
/// let connection = try WaylandConnection(socketPath: path)
/// try connection.roundTrip { message throws(FocusError) in
///     if let global = connection.global(message) { … }   // each wl_registry.global
/// }
/// ```
final class WaylandConnection {
    private let stream: UnixStream
    private var buffer: [UInt8] = []
    private var nextID: UInt32 = 2
    /// The `wl_registry`, asked for as the connection opens.
    let registry: UInt32
    var path: String { stream.path }

    /// One event: the object it is for, its opcode, its arguments.
    struct Message {
        let object: UInt32
        let opcode: UInt32
        let body: [UInt8]

        /// The 32-bit word at byte `offset` of the arguments (0 past their end).
        func word(_ offset: Int) -> UInt32 {
            guard offset >= 0, offset + 4 <= body.count else { return 0 }
            return body.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
        }

        /// The string at `offset` (its length, its bytes with the NUL, padding) and the offset
        /// after it; nil for a null string or one past the end.
        func string(at offset: Int) -> (text: String, end: Int)? {
            guard let (bytes, end) = array(at: offset), let last = bytes.last, last == 0 else { return nil }
            return (String(decoding: bytes.dropLast(), as: UTF8.self), end)
        }

        /// The array at `offset` (its length in bytes, its bytes, padding) and the offset after it.
        func array(at offset: Int) -> (bytes: [UInt8], end: Int)? {
            let length = Int(word(offset))
            let start = offset + 4, end = start + (length + 3) / 4 * 4
            guard offset >= 0, end <= body.count else { return nil }
            return (Array(body[start..<(start + length)]), end)
        }

        /// The 32-bit words of the array at `offset` (a `state` event's states).
        func words(at offset: Int) -> [UInt32]? {
            guard let (bytes, _) = array(at: offset) else { return nil }
            let message = Message(object: object, opcode: opcode, body: bytes)
            return stride(from: 0, to: bytes.count / 4 * 4, by: 4).map { message.word($0) }
        }
    }

    /// Connects and asks for the registry; its globals come with the first ``roundTrip(_:)``.
    init(socketPath: String) throws(FocusError) {
        stream = try UnixStream(path: socketPath)
        registry = 2
        nextID = 3
        try send(object: 1, opcode: 1, [registry])   // wl_display.get_registry
    }

    /// A new object id of the client's.
    func newID() -> UInt32 {
        defer { nextID += 1 }
        return nextID
    }

    /// A `wl_registry.global` message's name, interface and version; nil for any other message.
    func global(_ message: Message) -> (name: UInt32, interface: String, version: UInt32)? {
        guard message.object == registry, message.opcode == 0,
              let (interface, end) = message.string(at: 4), message.body.count >= end + 4 else { return nil }
        return (message.word(0), interface, message.word(end))
    }

    /// Sends `wl_display.sync` and hands `handle` every other message until its `done`
    /// (the answers to everything asked before it), waiting at most 5 s for each read.
    func roundTrip(_ handle: (Message) throws(FocusError) -> Void) throws(FocusError) {
        let callback = newID()
        try send(object: 1, opcode: 0, [callback])   // wl_display.sync
        var done = false
        while !done {
            guard let messages = try read(timeout: 5000) else { throw FocusError("\(path): no answer in 5 s") }
            for message in messages {
                if message.object == callback, message.opcode == 0 { done = true } else { try handle(message) }   // wl_callback.done
            }
        }
    }

    /// The whole messages that came, once some bytes are there; nil when none came within
    /// `timeout` milliseconds (`-1`: no limit) or once `stop` was raised. Throws when the
    /// connection ends or the compositor says a protocol error.
    func read(timeout: Int32, stop: StopSignal? = nil) throws(FocusError) -> [Message]? {
        guard let bytes = try stream.read(timeout: timeout, stop: stop) else { return nil }
        guard !bytes.isEmpty else { throw FocusError("\(path): the compositor closed the connection") }
        buffer += bytes
        var messages: [Message] = []
        while buffer.count >= 8 {
            let header = Message(object: 0, opcode: 0, body: Array(buffer.prefix(8)))
            let object = header.word(0), sizeAndOpcode = header.word(4)
            let size = Int(sizeAndOpcode >> 16), opcode = sizeAndOpcode & 0xffff
            guard size >= 8, size % 4 == 0 else { throw FocusError("\(path): a message of \(size) bytes") }
            guard buffer.count >= size else { break }
            let message = Message(object: object, opcode: opcode, body: Array(buffer[8..<size]))
            buffer.removeFirst(size)
            if object == 1, opcode == 0 {   // wl_display.error: the object, the code, the message
                let text = message.string(at: 8)?.text ?? ""
                throw FocusError("\(path): the compositor said: \(TextFormat.visible(text))")
            }
            messages.append(message)
        }
        return messages
    }

    /// `wl_registry.bind`: the name, the interface (a string), the version, the new id; returns the id.
    @discardableResult
    func bind(name: UInt32, interface: String, version: UInt32) throws(FocusError) -> UInt32 {
        let id = newID()
        let text = Array(interface.utf8) + [0]
        let padded = text + [UInt8](repeating: 0, count: (4 - text.count % 4) % 4)
        let words = Message(object: 0, opcode: 0, body: padded)
        try send(object: registry, opcode: 0,
                 [name, UInt32(text.count)] + stride(from: 0, to: padded.count, by: 4).map { words.word($0) } + [version, id])
        return id
    }

    /// Sends request `opcode` of `object` with `arguments`, each one 32-bit word.
    func send(object: UInt32, opcode: UInt32, _ arguments: [UInt32]) throws(FocusError) {
        let words = [object, UInt32(8 + 4 * arguments.count) << 16 | opcode] + arguments
        var bytes: [UInt8] = []
        for value in words { withUnsafeBytes(of: value) { bytes += $0 } }
        try stream.write(bytes)
    }
}
