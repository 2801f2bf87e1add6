// Places clicks on the touchscreen's output under X11: the RandR monitors and the root window, then the maths of OutputMapping.
import TactileService
import CXcb
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// The X server spans an absolute pointer that has no coordinate
/// transformation matrix over the whole root window, every monitor of the
/// screen. So the service asks RandR (1.5's `GetMonitors`, what
/// `xrandr --listmonitors` prints: each monitor's name, place and size in
/// pixels, and which is primary) and the root window's size, and places
/// clicks on the touchscreen's monitor within it (``OutputMapping``). The
/// pointer itself is left alone (`xinput map-to-output` would set its
/// matrix; placing the click gives the same).
struct X11PointerMapping {
    let display: String

    func map(configured: String?) -> PointerMappingOutcome {
        let layout: Layout
        do throws(FocusError) {
            layout = try Self.layout(display: display)
        } catch {
            return PointerMappingOutcome(mapping: .identity, lines: [.problem("cannot read the X11 monitors: \(error.description)")])
        }
        return .placing(on: layout.monitors, configured: configured, compositor: "X11",
                        preferred: layout.primary.map { ($0, "the primary monitor") }, range: layout.root,
                        layout: "the X11 screen's \(layout.monitors.count) monitors")
    }

    /// The screen's monitors and what the pointer spans.
    struct Layout: Equatable {
        /// RandR's monitors, in pixels of the root window.
        var monitors: [OutputRect]
        /// The primary monitor's name, if one is.
        var primary: String?
        /// The root window: what an absolute pointer spans.
        var root: OutputRect
    }

    /// Reads the monitors of `display`'s default screen.
    static func layout(display: String) throws(FocusError) -> Layout {
        var screenNumber: Int32 = 0
        guard let connection = xcb_connect(display, &screenNumber), xcb_connection_has_error(connection) == 0 else {
            throw FocusError("cannot connect to the X11 display \(display)")
        }
        defer { xcb_disconnect(connection) }
        guard let screen = X11FocusSource.screen(connection, number: screenNumber) else {
            throw FocusError("X11 display \(display) has no screen \(screenNumber)")
        }
        let root = OutputRect(name: "", x: 0, y: 0, width: Double(screen.width_in_pixels), height: Double(screen.height_in_pixels))
        // RandR answers 1.5's requests to a client that said it knows them.
        guard let version = xcb_randr_query_version_reply(connection, xcb_randr_query_version(connection, 1, 5), nil) else {
            throw FocusError("X11 display \(display) has no RandR extension")
        }
        let known = (version.pointee.major_version, version.pointee.minor_version)
        free(version)
        guard known.0 > 1 || known.1 >= 5 else {
            throw FocusError("X11 display \(display) has RandR \(known.0).\(known.1), and monitors need 1.5")
        }
        guard let reply = xcb_randr_get_monitors_reply(connection, xcb_randr_get_monitors(connection, screen.root, 1), nil) else {
            throw FocusError("X11 display \(display) did not list its monitors")
        }
        defer { free(reply) }
        var monitors: [OutputRect] = []
        var primary: String?
        var iterator = xcb_randr_get_monitors_monitors_iterator(reply)
        while iterator.rem > 0, let info = iterator.data {
            let monitor = info.pointee
            let name = Self.atomName(connection, monitor.name) ?? "monitor \(monitors.count)"
            let rect = OutputRect(name: name, x: Double(monitor.x), y: Double(monitor.y),
                                  width: Double(monitor.width), height: Double(monitor.height))
            if !rect.isEmpty {
                monitors.append(rect)
                if monitor.primary != 0, primary == nil { primary = name }
            }
            xcb_randr_monitor_info_next(&iterator)
        }
        return Layout(monitors: monitors, primary: primary, root: root)
    }

    /// The name of `atom` (a monitor's name is an atom), printable.
    private static func atomName(_ connection: OpaquePointer, _ atom: xcb_atom_t) -> String? {
        guard atom != 0, let reply = xcb_get_atom_name_reply(connection, xcb_get_atom_name(connection, atom), nil) else { return nil }
        defer { free(reply) }
        let length = Int(xcb_get_atom_name_name_length(reply))
        guard length > 0, let bytes = xcb_get_atom_name_name(reply) else { return nil }
        return TextFormat.visible(String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self))
    }
}
