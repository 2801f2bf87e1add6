// The focused app from sway's or i3's IPC: GET_TREE at the start and after every change that can move the focus.
import TactileService

/// Follows the focus over the sway (or i3) IPC socket (sway-ipc(7)): every
/// message is `i3-ipc`, a 32-bit payload length and a 32-bit type in the
/// machine's byte order, then a JSON payload. It subscribes to `window`
/// events (type `0x80000003`; `"change": "focus"` carries the container) and
/// to `workspace` events (`0x80000000`), and asks for the tree (`GET_TREE`,
/// 4) for the window focused at the start.
///
/// A focus event names the new window itself. Every other change that can
/// move the focus without naming a window asks for the tree again: a switch
/// to an empty workspace (a `workspace` event, and no `window` event at all),
/// the focused window closed or moved away (`close`, `move`), so that no
/// focus is left behind: the tree's focused node is then a workspace, and
/// no app has the focus.
struct SwayFocusSource: FocusTracker.Source {
    let socketPath: String

    static let magic = Array("i3-ipc".utf8)
    static let subscribe: UInt32 = 2
    static let getTree: UInt32 = 4
    static let workspaceEvent: UInt32 = 0x8000_0000
    static let windowEvent: UInt32 = 0x8000_0003
    /// A tree of a few thousand windows is a few megabytes; more is no compositor's.
    static let maximumPayload = 64 << 20

    /// One message: the magic, the length and type, the payload.
    static func message(type: UInt32, payload: String) -> [UInt8] {
        let body = Array(payload.utf8)
        var bytes = magic
        withUnsafeBytes(of: UInt32(body.count)) { bytes += $0 }
        withUnsafeBytes(of: type) { bytes += $0 }
        return bytes + body
    }

    func follow(_ tracker: FocusTracker) throws(FocusError) {
        let stream = try UnixStream(path: socketPath)
        try stream.write(Self.message(type: Self.subscribe, payload: #"["window","workspace"]"#))
        try stream.write(Self.message(type: Self.getTree, payload: ""))
        var buffer: [UInt8] = []
        while !tracker.isStopped {
            // Asleep until the compositor writes or the tracker stops.
            guard let bytes = try stream.read(timeout: -1, stop: tracker.stopSignal) else { continue }
            guard !bytes.isEmpty else { throw FocusError("\(socketPath): the compositor closed the connection") }
            buffer += bytes
            while let (type, payload) = try Self.takeMessage(&buffer) {
                switch type {
                case Self.getTree:
                    tracker.publish(Self.focused(inTree: payload))
                case Self.windowEvent:
                    if let app = Self.focused(inWindowEvent: payload) {
                        tracker.publish(app)
                    } else if Self.mayMoveFocus(windowEvent: payload) {
                        try stream.write(Self.message(type: Self.getTree, payload: ""))
                    }
                case Self.workspaceEvent:
                    try stream.write(Self.message(type: Self.getTree, payload: ""))
                default:
                    break  // the subscription's reply
                }
            }
        }
    }

    /// The first whole message in `buffer`, taken out of it.
    static func takeMessage(_ buffer: inout [UInt8]) throws(FocusError) -> (UInt32, JSONValue)? {
        let header = magic.count + 8
        guard buffer.count >= header else { return nil }
        guard Array(buffer.prefix(magic.count)) == magic else { throw FocusError("not the i3/sway IPC: a message without \"i3-ipc\"") }
        let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: magic.count, as: UInt32.self)) }
        let type = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: magic.count + 4, as: UInt32.self) }
        guard length <= maximumPayload else { throw FocusError("an IPC message of \(length) bytes (at most \(maximumPayload))") }
        guard buffer.count >= header + length else { return nil }
        let payload = Array(buffer[header..<(header + length)])
        buffer.removeFirst(header + length)
        return (type, JSONValue.parse(payload) ?? .null)
    }

    /// The app of a window event that moved the focus (`change` is `focus`).
    static func focused(inWindowEvent event: JSONValue) -> FocusedApp? {
        guard event["change"]?.string == "focus", let container = event["container"] else { return nil }
        return app(of: container)
    }

    /// Whether a window event other than `focus` can leave the focus elsewhere:
    /// the window closed (`close`) or moved to another workspace or output
    /// (`move`). `new`, `title`, `urgent`, `mark` and the like change nothing.
    static func mayMoveFocus(windowEvent event: JSONValue) -> Bool {
        guard let change = event["change"]?.string else { return false }
        return change == "close" || change == "move"
    }

    /// The app of the focused window in a `GET_TREE` reply.
    static func focused(inTree node: JSONValue) -> FocusedApp? {
        if node["focused"]?.bool == true, node["type"]?.string == "con" || node["type"]?.string == "floating_con" {
            return app(of: node)
        }
        for key in ["nodes", "floating_nodes"] {
            for child in node[key]?.array ?? [] {
                if let found = focused(inTree: child) { return found }
            }
        }
        return nil
    }

    /// `app_id` (Wayland windows) and `window_properties.class` (Xwayland and i3).
    static func app(of container: JSONValue) -> FocusedApp? {
        let appID = container["app_id"]?.string
        let windowClass = container["window_properties"]?["class"]?.string
        guard appID != nil || windowClass != nil else { return nil }
        return FocusedApp(appID: appID, windowClass: windowClass)
    }
}
