// One D-Bus message through sd-bus: its header, its arguments read and written, and replies to it.
import CSessionLibraries
import Glibc

/// A value on the bus, of the basic types the service reads and writes.
enum BusValue: Equatable {
    case string(String)
    case int32(Int32)
    case uint32(UInt32)
    case double(Double)
    case bool(Bool)

    /// The value as a string, if it is one.
    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value as a number, if it is one.
    var number: Double? {
        switch self {
        case .int32(let value): Double(value)
        case .uint32(let value): Double(value)
        case .double(let value): value
        case .string, .bool: nil
        }
    }
}

/// A message sd-bus owns (a call being handled, a signal, a reply being
/// read): valid only while the handler or the reader it was given to runs.
///
/// ```swift
/// try bus.serve(path: "/io/github/tactile/Focus") { call in
///     guard call.member == "Report", let name = try? call.readString() else { return .unknownMethod }
///     return .reply([])
/// }
/// ```
struct BusMessage {
    let message: OpaquePointer

    init(_ message: OpaquePointer) { self.message = message }

    /// The member called or signalled (`Report`, `NameOwnerChanged`).
    var member: String? { sd_bus_message_get_member(message).map { String(cString: $0) } }
    /// The interface it names.
    var interface: String? { sd_bus_message_get_interface(message).map { String(cString: $0) } }
    /// The unique name (`:1.42`) of the connection that sent it.
    var sender: String? { sd_bus_message_get_sender(message).map { String(cString: $0) } }

    /// Whether it is a call of `member` on `interface`.
    func isCall(_ interface: String, _ member: String) -> Bool {
        sd_bus_message_is_method_call(message, interface, member) > 0
    }

    /// The next argument, a string.
    func readString() throws(BusError) -> String {
        var pointer: UnsafePointer<CChar>?
        let rc = sd_bus_message_read_basic(message, CChar(UInt8(ascii: "s")), &pointer)
        guard rc > 0, let pointer else { throw BusError(operation: "read a string from \(member ?? "a message")", code: rc < 0 ? rc : -EBADMSG) }
        return String(cString: pointer)
    }

    /// The next argument, a basic value of any type this enum knows, or nil
    /// for another type (then skipped).
    func readBasic() throws(BusError) -> BusValue? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        var rc = sd_bus_message_peek_type(message, &type, &contents)
        guard rc > 0 else { throw BusError(operation: "read \(member ?? "a message")", code: rc < 0 ? rc : -EBADMSG) }
        let value: BusValue?
        switch UInt8(bitPattern: type) {
        case UInt8(ascii: "s"): value = .string(try readString())
        case UInt8(ascii: "i"):
            var number: Int32 = 0
            rc = sd_bus_message_read_basic(message, type, &number)
            value = .int32(number)
        case UInt8(ascii: "u"):
            var number: UInt32 = 0
            rc = sd_bus_message_read_basic(message, type, &number)
            value = .uint32(number)
        case UInt8(ascii: "d"):
            var number = 0.0
            rc = sd_bus_message_read_basic(message, type, &number)
            value = .double(number)
        case UInt8(ascii: "b"):
            var flag: Int32 = 0
            rc = sd_bus_message_read_basic(message, type, &flag)
            value = .bool(flag != 0)
        default:
            value = nil
            // nil: one whole value of whatever type comes next.
            rc = sd_bus_message_skip(message, nil)
        }
        guard rc >= 0 else { throw BusError(operation: "read \(member ?? "a message")", code: rc) }
        return value
    }

    /// The next argument, a dictionary of variants (`a{sv}`), with the
    /// values of basic types (others are left out).
    func readVariantDictionary() throws(BusError) -> [String: BusValue] {
        var result: [String: BusValue] = [:]
        try enter("a", "{sv}")
        while sd_bus_message_enter_container(message, CChar(UInt8(ascii: "e")), "sv") > 0 {
            let key = try readString()
            var type: CChar = 0
            var contents: UnsafePointer<CChar>?
            guard sd_bus_message_peek_type(message, &type, &contents) > 0, let contents else { break }
            try enter("v", String(cString: contents))
            if let value = try readBasic() { result[key] = value }
            sd_bus_message_exit_container(message)
            sd_bus_message_exit_container(message)
        }
        sd_bus_message_exit_container(message)
        return result
    }

    /// The next argument, a variant holding a string.
    func readVariantString() throws(BusError) -> String {
        try enter("v", "s")
        defer { sd_bus_message_exit_container(message) }
        return try readString()
    }

    private func enter(_ type: Character, _ contents: String) throws(BusError) {
        let rc = sd_bus_message_enter_container(message, CChar(type.asciiValue ?? 0), contents)
        guard rc > 0 else { throw BusError(operation: "read \(member ?? "a message")'s \(type)\(contents)", code: rc < 0 ? rc : -EBADMSG) }
    }

    /// Appends `values`; sd-bus's result (negative: an errno).
    func append(_ values: [BusValue]) -> Int32 {
        for value in values {
            let rc: Int32
            switch value {
            case .string(let text): rc = text.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) }
            case .int32(var number): rc = sd_bus_message_append_basic(message, CChar(UInt8(ascii: "i")), &number)
            case .uint32(var number): rc = sd_bus_message_append_basic(message, CChar(UInt8(ascii: "u")), &number)
            case .double(var number): rc = sd_bus_message_append_basic(message, CChar(UInt8(ascii: "d")), &number)
            case .bool(let flag):
                var number: Int32 = flag ? 1 : 0
                rc = sd_bus_message_append_basic(message, CChar(UInt8(ascii: "b")), &number)
            }
            guard rc >= 0 else { return rc }
        }
        return 0
    }

    /// Replies to this call with `values`; sd-bus's result (1: handled).
    func reply(_ values: [BusValue]) -> Int32 {
        var reply: OpaquePointer?
        var rc = sd_bus_message_new_method_return(message, &reply)
        guard rc >= 0, let reply else { return rc }
        defer { sd_bus_message_unref(reply) }
        rc = BusMessage(reply).append(values)
        if rc >= 0 { rc = sd_bus_send(nil, reply, nil) }
        return rc < 0 ? rc : 1
    }

    /// Replies to this call with the error `name` and `message`.
    func replyError(name: String, message text: String) -> Int32 {
        name.withCString { name in
            text.withCString { text in
                var error = sd_bus_error(name: name, message: text, _need_free: 0)
                let rc = sd_bus_reply_method_error(message, &error)
                return rc < 0 ? rc : 1
            }
        }
    }
}
