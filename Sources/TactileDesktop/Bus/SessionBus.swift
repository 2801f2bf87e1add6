// A connection to the session's D-Bus through sd-bus: a name owned, methods served, calls made, signals heard.
import CSessionLibraries
import Glibc
import TactileEvdev
import Tactile

/// One connection to a D-Bus bus through systemd's sd-bus, used on the one
/// thread that made it (sd-bus connections are not shared between
/// threads). Handlers run inside ``run(stop:until:)``, on that thread.
///
/// ```swift
/// let bus = try SessionBus(address: "unix:path=/run/user/1000/bus")
/// try bus.requestName("io.github.tactile.Service")
/// try bus.serve(path: "/io/github/tactile/Focus") { call in
///     call.member == "Report" ? .reply([]) : .unknownMethod
/// }
/// try bus.run(stop: stop)
/// ```
final class SessionBus {
    private let bus: OpaquePointer
    /// The handlers' boxes, released with the connection.
    private var boxes: [Unmanaged<HandlerBox>] = []
    private var slots: [OpaquePointer] = []
    /// The address connected to, for messages.
    let address: String

    /// Connects to the bus at `address` (a D-Bus address:
    /// `unix:path=/run/user/1000/bus`) as a client, and says hello.
    init(address: String) throws(BusError) {
        // libsystemd is loaded here, at the first connection, not when the service starts.
        if let problem = tactile_session_library_error(TACTILE_SESSION_LIBRARY_SYSTEMD) {
            throw BusError(operation: "connect to \(address)", detail: "cannot load sd-bus: " + String(cString: problem))
        }
        var made: OpaquePointer?
        var rc = sd_bus_new(&made)
        guard rc >= 0, let made else { throw BusError(operation: "connect to \(address)", code: rc) }
        rc = sd_bus_set_address(made, address)
        if rc >= 0 { rc = sd_bus_set_bus_client(made, 1) }
        if rc >= 0 { rc = sd_bus_start(made) }
        guard rc >= 0 else {
            // Before the properties are set: a class whose init throws once they are runs its deinit,
            // which would unreference the bus a second time.
            sd_bus_unref(made)
            throw BusError(operation: "connect to \(address)", code: rc)
        }
        bus = made
        self.address = address
    }

    deinit {
        for slot in slots { sd_bus_slot_unref(slot) }
        sd_bus_flush_close_unref(bus)
        for box in boxes { box.release() }
    }

    /// Takes the well-known `name`, failing when another connection has it
    /// (no queueing, no replacing).
    func requestName(_ name: String) throws(BusError) {
        let rc = sd_bus_request_name(bus, name, 0)
        guard rc >= 0 else {
            if rc == -EEXIST { throw BusError(operation: "own \(name)", detail: "another program owns it on the session bus (is another tactile serve running?)") }
            throw BusError(operation: "own \(name)", code: rc)
        }
    }

    /// What a handler answers to a call.
    enum Answer {
        /// A reply with these arguments.
        case reply([BusValue])
        /// An error reply (`org.freedesktop.DBus.Error.AccessDenied`, …).
        case error(name: String, message: String)
        /// Not a method this object has: sd-bus answers UnknownMethod.
        case unknownMethod
    }

    /// Answers every method call to the object at `path` with `handler`.
    func serve(path: String, _ handler: @escaping (BusMessage) -> Answer) throws(BusError) {
        let box = Unmanaged.passRetained(HandlerBox { message in
            switch handler(message) {
            case .unknownMethod: return 0
            case .reply(let values): return message.reply(values)
            case .error(let name, let text): return message.replyError(name: name, message: text)
            }
        })
        var slot: OpaquePointer?
        let rc = sd_bus_add_object(bus, &slot, path, SessionBus.dispatch, box.toOpaque())
        guard rc >= 0, let slot else {
            box.release()
            throw BusError(operation: "serve \(path)", code: rc)
        }
        boxes.append(box)
        slots.append(slot)
    }

    /// Calls `handler` with every signal matching `sender`, `path`,
    /// `interface` and `member` (nil: any).
    func onSignal(sender: String?, path: String?, interface: String?, member: String?,
                  _ handler: @escaping (BusMessage) -> Void) throws(BusError) {
        let box = Unmanaged.passRetained(HandlerBox { message in
            handler(message)
            return 0
        })
        var slot: OpaquePointer?
        let rc = sd_bus_match_signal(bus, &slot, sender, path, interface, member, SessionBus.dispatch, box.toOpaque())
        guard rc >= 0, let slot else {
            box.release()
            throw BusError(operation: "hear \(interface ?? "any").\(member ?? "any")", code: rc)
        }
        boxes.append(box)
        slots.append(slot)
    }

    /// Calls `member` of `interface` on `path` at `destination` with
    /// `arguments`, waiting at most `timeout` seconds, and hands the reply
    /// to `read` (inside the call: the reply is freed after it).
    @discardableResult
    func call<T>(_ destination: String, _ path: String, _ interface: String, _ member: String,
                 _ arguments: [BusValue] = [], timeout: Double = 5,
                 read: (BusMessage) throws(BusError) -> T) throws(BusError) -> T {
        let what = "\(destination) \(path) \(interface).\(member)"
        var call: OpaquePointer?
        var rc = sd_bus_message_new_method_call(bus, &call, destination, path, interface, member)
        guard rc >= 0, let call else { throw BusError(operation: what, code: rc) }
        defer { sd_bus_message_unref(call) }
        // Never start a program for the call: a name nobody owns is an answer.
        sd_bus_message_set_auto_start(call, 0)
        let appended = BusMessage(call).append(arguments)
        guard appended >= 0 else { throw BusError(operation: what, code: appended) }
        var error = sd_bus_error(name: nil, message: nil, _need_free: 0)
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        rc = sd_bus_call(bus, call, UInt64(timeout * 1_000_000), &error, &reply)
        guard rc >= 0, let reply else { throw BusError(operation: what, code: rc, error: error) }
        defer { sd_bus_message_unref(reply) }
        return try read(BusMessage(reply))
    }

    /// ``call(_:_:_:_:_:timeout:read:)`` whose reply is not read.
    func call(_ destination: String, _ path: String, _ interface: String, _ member: String,
              _ arguments: [BusValue] = [], timeout: Double = 5) throws(BusError) {
        try call(destination, path, interface, member, arguments, timeout: timeout) { (_: BusMessage) throws(BusError) in }
    }

    /// The unique name (`:1.42`) owning `name` now, or nil when none does.
    func owner(of name: String) -> String? {
        try? call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner", [.string(name)]) {
            (reply: BusMessage) throws(BusError) in try reply.readString()
        }
    }

    /// Handles what comes in, sleeping in between, until `stop` is raised,
    /// `deadline` (``MonotonicClock`` seconds) passes or, after a batch of
    /// messages, `keepGoing` says no. Throws when the connection is lost.
    func run(stop: StopSignal, until deadline: Double? = nil, while keepGoing: () -> Bool = { true }) throws(BusError) {
        while !stop.isStopRequested {
            var rc: Int32
            repeat { rc = sd_bus_process(bus, nil) } while rc > 0
            guard rc >= 0 else { throw BusError(operation: "read the bus at \(address)", code: rc) }
            if let deadline, MonotonicClock.seconds() >= deadline { return }
            if !keepGoing() { return }
            let fd = sd_bus_get_fd(bus)
            guard fd >= 0 else { throw BusError(operation: "read the bus at \(address)", code: fd) }
            var limit = deadline
            var timeout: UInt64 = 0
            // sd-bus's own deadline (a call's reply awaited), in CLOCK_MONOTONIC microseconds.
            if sd_bus_get_timeout(bus, &timeout) > 0, timeout != UInt64.max {
                limit = min(limit ?? .infinity, Double(timeout) / 1_000_000)
            }
            // POLLIN only: what is written is flushed by sd_bus_process's caller before it waits.
            _ = sd_bus_flush(bus)
            if case .failure(let error) = PollLoop.wait([fd], until: limit, stop: stop) {
                throw BusError(operation: "wait on the bus at \(address)", code: -error.code)
            }
        }
    }

    /// sd-bus's callback for every handler: the box is the handler.
    private static let dispatch: sd_bus_message_handler_t = { message, userdata, _ in
        guard let message, let userdata else { return 0 }
        return Unmanaged<HandlerBox>.fromOpaque(userdata).takeUnretainedValue().handle(BusMessage(message))
    }
}

/// A handler, boxed for sd-bus's `void *userdata`.
private final class HandlerBox {
    let handle: (BusMessage) -> Int32
    init(_ handle: @escaping (BusMessage) -> Int32) { self.handle = handle }
}

/// Why a bus operation failed: the operation, and sd-bus's error or errno.
struct BusError: Error, CustomStringConvertible {
    var description: String

    init(operation: String, detail: String) {
        description = "\(operation): \(detail)"
    }

    init(operation: String, code: Int32, error: sd_bus_error? = nil) {
        if let error, let name = error.name {
            let message = error.message.map { String(cString: $0) } ?? ""
            description = "\(operation): \(String(cString: name))" + (message.isEmpty ? "" : ": \(message)")
        } else {
            description = "\(operation): \(String(cString: strerror(-code)))"
        }
    }
}
