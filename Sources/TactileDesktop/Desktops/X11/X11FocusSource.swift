// The focused app on X11: the root window's _NET_ACTIVE_WINDOW (EWMH) and that window's WM_CLASS (ICCCM).
import Tactile
import TactileEvdev
import TactileService
import CSessionLibraries
#if canImport(Glibc)
import Glibc
#endif

/// Follows the focus on an X11 display: the root window's
/// `_NET_ACTIVE_WINDOW` (a `WINDOW`, EWMH) names the active window, whose
/// `WM_CLASS` holds two NUL-terminated strings, instance then class (ICCCM
/// §4.1.2.5). The root's property changes are watched, so a new active
/// window is read as soon as the window manager names it, and read again
/// when its `_NET_CLIENT_LIST` changes: openbox leaves `_NET_ACTIVE_WINDOW`
/// naming a window that was closed, which then has no class, and no app
/// has the focus.
struct X11FocusSource: FocusTracker.Source {
    let display: String

    /// Connects to `display` (libxcb loaded now, at the first connection, and
    /// with `randr` its RandR library too); the connection and the number
    /// of the display's default screen. The caller disconnects.
    static func connect(_ display: String, randr: Bool = false) throws(FocusError) -> (connection: OpaquePointer, screen: Int32) {
        for library in [TACTILE_SESSION_LIBRARY_XCB] + (randr ? [TACTILE_SESSION_LIBRARY_XCB_RANDR] : []) {
            if let problem = tactile_session_library_error(library) {
                throw FocusError("cannot connect to the X11 display \(display): " + String(cString: problem))
            }
        }
        var screenNumber: Int32 = 0
        guard let connection = xcb_connect(display, &screenNumber) else { throw FocusError("cannot connect to the X11 display \(display)") }
        guard xcb_connection_has_error(connection) == 0 else {
            xcb_disconnect(connection)
            throw FocusError("cannot connect to the X11 display \(display)")
        }
        return (connection, screenNumber)
    }

    func follow(_ tracker: FocusTracker) throws(FocusError) {
        let (connection, screenNumber) = try Self.connect(display)
        defer { xcb_disconnect(connection) }
        guard let root = Self.root(connection, screen: screenNumber) else { throw FocusError("X11 display \(display) has no screen \(screenNumber)") }
        guard let active = Self.atom(connection, "_NET_ACTIVE_WINDOW") else {
            throw FocusError("X11 display \(display): no _NET_ACTIVE_WINDOW yet (is an EWMH window manager running?)")
        }
        let clients = Self.atom(connection, "_NET_CLIENT_LIST")
        var mask = UInt32(XCB_EVENT_MASK_PROPERTY_CHANGE.rawValue)
        xcb_change_window_attributes(connection, root, UInt32(XCB_CW_EVENT_MASK.rawValue), &mask)
        xcb_flush(connection)
        tracker.publish(Self.focused(connection, root: root, active: active))
        let descriptor = xcb_get_file_descriptor(connection)
        while !tracker.isStopped {
            guard xcb_connection_has_error(connection) == 0 else { throw FocusError("X11 display \(display) closed the connection") }
            // The events xcb holds already (a reply's read may have queued some) before any wait,
            // and after a publish's requests again: the wait is then for new ones only.
            if Self.takeEvents(connection, watching: [active] + (clients.map { [$0] } ?? [])) {
                tracker.publish(Self.focused(connection, root: root, active: active))
                continue
            }
            // Asleep until the X server writes or the tracker stops.
            _ = PollLoop.wait([descriptor], until: nil, stop: tracker.stopSignal)
        }
    }

    /// Takes every event xcb has (read now, or queued before): whether one
    /// changed a property of `atoms`.
    static func takeEvents(_ connection: OpaquePointer, watching atoms: [xcb_atom_t]) -> Bool {
        var changed = false
        while let event = xcb_poll_for_event(connection) {
            if event.pointee.response_type & 0x7f == UInt8(XCB_PROPERTY_NOTIFY) {
                let notify = UnsafeRawPointer(event).assumingMemoryBound(to: xcb_property_notify_event_t.self).pointee
                if atoms.contains(notify.atom) { changed = true }
            }
            free(event)
        }
        return changed
    }

    static func root(_ connection: OpaquePointer, screen number: Int32) -> xcb_window_t? {
        screen(connection, number: number)?.root
    }

    /// Screen `number` of the connection.
    static func screen(_ connection: OpaquePointer, number: Int32) -> xcb_screen_t? {
        var iterator = xcb_setup_roots_iterator(xcb_get_setup(connection))
        var index: Int32 = 0
        while iterator.rem > 0 {
            if index == number, let screen = iterator.data { return screen.pointee }
            xcb_screen_next(&iterator)
            index += 1
        }
        return nil
    }

    /// The atom `name`, made if `create` (else nil while no client has made it).
    static func atom(_ connection: OpaquePointer, _ name: String, create: Bool = false) -> xcb_atom_t? {
        let cookie = xcb_intern_atom(connection, create ? 0 : 1, UInt16(name.utf8.count), name)
        guard let reply = xcb_intern_atom_reply(connection, cookie, nil) else { return nil }
        defer { free(reply) }
        return reply.pointee.atom == 0 ? nil : reply.pointee.atom
    }

    /// The bytes of `window`'s `property` (at most 64 KB), if it has it.
    static func property(_ connection: OpaquePointer, _ window: xcb_window_t, _ property: xcb_atom_t) -> [UInt8]? {
        let cookie = xcb_get_property(connection, 0, window, property, UInt32(XCB_GET_PROPERTY_TYPE_ANY.rawValue), 0, 16_384)
        guard let reply = xcb_get_property_reply(connection, cookie, nil) else { return nil }
        defer { free(reply) }
        let length = Int(xcb_get_property_value_length(reply))
        guard length > 0, let value = xcb_get_property_value(reply) else { return nil }
        return Array(UnsafeRawBufferPointer(start: value, count: length))
    }

    /// The active window's app: its `WM_CLASS` class (and instance).
    static func focused(_ connection: OpaquePointer, root: xcb_window_t, active: xcb_atom_t) -> FocusedApp? {
        guard let bytes = property(connection, root, active), bytes.count >= 4 else { return nil }
        let window = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        guard window != 0, let wmClass = property(connection, window, xcb_atom_t(XCB_ATOM_WM_CLASS.rawValue)) else { return nil }
        let parts = wmClass.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard parts.count >= 2, !parts[1].isEmpty else { return nil }
        return FocusedApp(appID: nil, windowClass: parts[1])
    }
}
