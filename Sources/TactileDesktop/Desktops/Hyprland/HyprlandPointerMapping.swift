// Places clicks on the touchscreen's output under Hyprland: its monitors from `j/monitors`, then the maths of OutputMapping.
import Glibc
import TactileService

/// Hyprland maps an absolute pointer it was told nothing about over the whole
/// layout, and its per-device `output` (a `device` block, `hyprctl keyword`
/// before 0.55, `hl.device` in its Lua config since) is the user's config, not
/// a client's. So the service asks `j/monitors` on the request socket
/// (`.socket.sock`, as `hyprctl -j monitors` does) for the layout: each
/// monitor's `name`, logical `x`, `y`, its mode's `width`×`height` in pixels,
/// its `scale` and `transform` (the protocol's numbers: Hyprland's `1` is
/// `wl_output` transform 90), and places clicks on the touchscreen's part
/// of it (``OutputMapping``).
struct HyprlandPointerMapping {
    let directory: String

    /// Reads the monitors, each with its transform (the protocol's numbers).
    func read() throws(FocusError) -> DesktopLayout {
        do throws(FocusError) {
            return DesktopLayout(source: .hyprland, outputs: Self.outputs(in: try reply(to: "j/monitors")))
        } catch {
            throw FocusError("cannot read Hyprland's monitors: \(error.description)")
        }
    }

    /// The whole answer to `request` on the request socket.
    func reply(to request: String) throws(FocusError) -> JSONValue {
        try HyprlandFocusSource.reply(to: request, in: directory)
    }

    /// The enabled monitors of a `j/monitors` answer, in logical coordinates.
    static func outputs(in reply: JSONValue) -> [OutputRect] {
        (reply.array ?? []).compactMap { monitor in
            guard let name = monitor["name"]?.string, monitor["disabled"]?.bool != true else { return nil }
            func number(_ key: String, _ otherwise: Double = 0) -> Double { monitor[key]?.number ?? otherwise }
            let shown = OutputRect(name: name, x: number("x"), y: number("y"), pixelWidth: number("width"), pixelHeight: number("height"),
                                   scale: number("scale", 1), transform: Int(number("transform")))
            return shown.isEmpty ? nil : shown
        }
    }
}
