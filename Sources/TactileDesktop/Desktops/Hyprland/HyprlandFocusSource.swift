// The focused app from Hyprland's sockets: j/activewindow once, then activewindow events.
import Glibc
import TactileService

/// Follows the focus through Hyprland's sockets (its wiki's IPC page): the
/// request socket `.socket.sock` answers `j/activewindow` with the window as
/// JSON (`class`, `initialClass`, `title`…); the event socket `.socket2.sock`
/// writes a line `EVENT>>DATA` per event, `activewindow>>CLASS,TITLE` when the
/// focus moves (`activewindow>>,` when no window has it).
struct HyprlandFocusSource: FocusTracker.Source {
    let directory: String

    /// `$XDG_RUNTIME_DIR/hypr/SIGNATURE` (Hyprland 0.40 and later), else `/tmp/hypr/SIGNATURE`.
    static func directory(signature: String, runtimeDirectory: String?) -> String {
        if let runtimeDirectory {
            let directory = runtimeDirectory + "/hypr/" + signature
            if access(directory + "/.socket2.sock", F_OK) == 0 { return directory }
        }
        return "/tmp/hypr/" + signature
    }

    func follow(_ tracker: FocusTracker) throws(FocusError) {
        let events = try UnixStream(path: directory + "/.socket2.sock")
        tracker.publish(try activeWindow())
        var line: [UInt8] = []
        while !tracker.isStopped {
            // Asleep until Hyprland writes or the tracker stops.
            guard let bytes = try events.read(timeout: -1, stop: tracker.stopSignal) else { continue }
            guard !bytes.isEmpty else { throw FocusError("\(directory)/.socket2.sock: Hyprland closed the connection") }
            for byte in bytes {
                guard byte == UInt8(ascii: "\n") else {
                    if line.count < 1 << 16 { line.append(byte) }
                    continue
                }
                if case .focus(let app) = Self.event(String(decoding: line, as: UTF8.self)) { tracker.publish(app) }
                line.removeAll(keepingCapacity: true)
            }
        }
    }

    /// The window `j/activewindow` names now.
    func activeWindow() throws(FocusError) -> FocusedApp? {
        guard let windowClass = try Self.reply(to: "j/activewindow", in: directory)["class"]?.string, !windowClass.isEmpty else { return nil }
        return FocusedApp(appID: nil, windowClass: windowClass)
    }

    /// The whole answer to `request` on the request socket of `directory`,
    /// as JSON (`null` when it is none): the socket answers once and closes.
    static func reply(to request: String, in directory: String) throws(FocusError) -> JSONValue {
        let stream = try UnixStream(path: directory + "/.socket.sock")
        try stream.write(Array(request.utf8))
        var reply: [UInt8] = []
        while true {
            guard let bytes = try stream.read(timeout: 2000) else { throw FocusError("\(directory)/.socket.sock: no answer to \(request) in 2 s") }
            if bytes.isEmpty { break }
            reply += bytes
            if reply.count > 1 << 20 { throw FocusError("\(directory)/.socket.sock: an answer over 1 MB") }
        }
        return JSONValue.parse(reply) ?? .null
    }

    /// What an event line says.
    enum Event: Equatable {
        /// `activewindow>>CLASS,TITLE`: the focus moved to an app (nil: to no window).
        case focus(FocusedApp?)
        /// Any other event.
        case other
    }

    /// The event of one line. The title may hold commas: the class ends at the first.
    static func event(_ line: String) -> Event {
        let prefix = "activewindow>>"
        guard line.hasPrefix(prefix) else { return .other }
        let windowClass = String(line.dropFirst(prefix.count).prefix { $0 != "," })
        return .focus(windowClass.isEmpty ? nil : FocusedApp(appID: nil, windowClass: windowClass))
    }
}
