// Places clicks on the touchscreen's output under X11: the RandR monitors and the root window, then the maths of OutputMapping.
import TactileService
import CSessionLibraries
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

    /// Reads the screen's monitors, each with its CRTC's rotation, the
    /// primary monitor and the root window (what the pointer spans).
    func read() throws(FocusError) -> DesktopLayout {
        do throws(FocusError) {
            return try Self.layout(display: display)
        } catch {
            throw FocusError("cannot read the X11 monitors: \(error.description)")
        }
    }

    /// RandR's rotation bits (`RR_Rotate_0` 1, `_90` 2, `_180` 4, `_270` 8,
    /// `RR_Reflect_X` 16, `_Y` 32) in the protocol's terms, as Xwayland
    /// gives a turned `wl_output` to its X clients: `RR_Rotate_90`
    /// (`xrandr --rotate left`) is `wl_output` transform 90, a reflection in
    /// x the flipped transform of the same turn (one in y is one in x turned
    /// by a half).
    static func transform(ofRotation rotation: UInt16) -> OutputTransform {
        let quarters = [1: 0, 2: 1, 4: 2, 8: 3][Int(rotation & 0xf)] ?? 0
        switch (rotation & 16 != 0, rotation & 32 != 0) {
        case (false, false): return OutputTransform(wayland: quarters) ?? .normal
        case (true, false): return OutputTransform(wayland: 4 + quarters) ?? .normal
        case (false, true): return OutputTransform(wayland: 4 + (quarters + 2) % 4) ?? .normal
        case (true, true): return OutputTransform(wayland: (quarters + 2) % 4) ?? .normal
        }
    }

    /// `transform` as xrandr says it: `rotate left`, `rotate normal, reflect x`.
    static func rotationWords(of transform: OutputTransform) -> String {
        "rotate " + ["normal", "left", "inverted", "right"][transform.quarterTurns] + (transform.isFlipped ? ", reflect x" : "")
    }

    /// Reads the monitors of `display`'s default screen.
    static func layout(display: String) throws(FocusError) -> DesktopLayout {
        let (connection, screenNumber) = try X11FocusSource.connect(display, randr: true)
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
                                  width: Double(monitor.width), height: Double(monitor.height),
                                  transform: Self.transform(ofRotation: Self.rotation(connection, of: info)))
            if !rect.isEmpty {
                monitors.append(rect)
                if monitor.primary != 0, primary == nil { primary = name }
            }
            xcb_randr_monitor_info_next(&iterator)
        }
        return DesktopLayout(source: .x11, outputs: monitors,
                             likely: primary.map { DesktopLayout.LikelyOutput(name: $0, reason: "the primary monitor") }, range: root)
    }

    /// The rotation of the CRTC that shows `monitor`'s first output (1, upright, when it shows none).
    private static func rotation(_ connection: OpaquePointer, of monitor: UnsafeMutablePointer<xcb_randr_monitor_info_t>) -> UInt16 {
        guard xcb_randr_monitor_info_outputs_length(monitor) > 0, let outputs = xcb_randr_monitor_info_outputs(monitor),
              let output = xcb_randr_get_output_info_reply(connection, xcb_randr_get_output_info(connection, outputs[0], 0), nil)
        else { return 1 }
        let crtc = output.pointee.crtc
        free(output)
        guard crtc != 0, let info = xcb_randr_get_crtc_info_reply(connection, xcb_randr_get_crtc_info(connection, crtc, 0), nil) else { return 1 }
        defer { free(info) }
        return info.pointee.rotation
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
