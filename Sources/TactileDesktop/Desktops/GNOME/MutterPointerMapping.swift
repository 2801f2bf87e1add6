// Places clicks on the touchscreen's output under GNOME: mutter's logical monitors from DisplayConfig.GetCurrentState, then the maths of OutputMapping.
import Glibc
import Tactile
import TactileService

/// Mutter spans an absolute pointer over the extents of its logical
/// monitors, from the origin (`meta_viewport_info_get_extents`, in
/// `meta-seat-impl.c`'s `LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE`): its
/// per-device output mapping (the `org.gnome.desktop.peripherals.touchscreen`
/// schema) applies to touchscreens and tablets, not to a pointer. So the
/// service asks `org.gnome.Mutter.DisplayConfig.GetCurrentState` on the
/// session bus, through `busctl --user --json=short` (systemd's, on every
/// GNOME system), and places clicks on the touchscreen's part of the layout
/// (``OutputMapping``).
///
/// The answer is `(u serial, a((ssss)a(siiddada{sv})a{sv}) monitors,
/// a(iiduba(ssss)a{sv}) logical_monitors, a{sv} properties)`:
/// - each monitor: its spec (connector, vendor, product, serial), its modes
///   (id, width, height, refresh, preferred scale, scales, properties with
///   `is-current`), its properties (`is-builtin`);
/// - each logical monitor: x, y, scale, transform (wl_output's), primary
///   (the monitor GNOME's settings call primary: clicks land there when no
///   display is built in), the specs of its monitors;
/// - `layout-mode` 1 (logical: a mode's size over the scale) or 2 (physical:
///   the mode's size).
struct MutterPointerMapping {
    /// The session's environment (for `PATH` and the bus address).
    let environment: [String: String]

    /// The arguments that ask for the state.
    static let arguments = ["busctl", "--user", "--json=short", "call", "org.gnome.Mutter.DisplayConfig",
                            "/org/gnome/Mutter/DisplayConfig", "org.gnome.Mutter.DisplayConfig", "GetCurrentState"]

    /// Reads the logical monitors, each with its transform (the protocol's
    /// numbers: mutter's `MetaMonitorTransform`), the built-in display and
    /// the primary monitor.
    func read() throws(FocusError) -> DesktopLayout {
        guard let result = ProgramRunner.run(Self.arguments, environment: environment, timeout: 5) else {
            throw FocusError("cannot ask GNOME for its monitors: busctl is not on PATH")
        }
        guard result.status == 0 else { throw FocusError("cannot ask GNOME for its monitors: busctl: \(result.failureReason)") }
        guard let layout = Self.layout(inJSON: result.output) else {
            throw FocusError("cannot read GNOME's monitors: busctl's answer is not GetCurrentState's")
        }
        return layout
    }

    /// The layout in `busctl --json=short` output of `GetCurrentState`
    /// (nil when it is something else): the built-in display is the likely
    /// output, else the primary monitor; the pointer spans the origin to the
    /// extents.
    static func layout(inJSON text: String) -> DesktopLayout? {
        guard let data = JSONValue.parse(text)?["data"]?.array, data.count >= 4,
              let monitors = data[1].array, let logical = data[2].array else { return nil }
        let physical = variant(data[3]["layout-mode"])?.integer == 2
        // Each monitor's current mode (pixels) and whether it is built in, by connector.
        var modes: [String: (width: Double, height: Double)] = [:]
        var builtin: Set<String> = []
        for monitor in monitors {
            guard let connector = monitor[0]?[0]?.string, let flags = monitor[2] else { continue }
            for mode in monitor[1]?.array ?? [] where variant(mode[6]?["is-current"])?.bool == true {
                if let width = mode[1]?.number, let height = mode[2]?.number { modes[connector] = (width, height) }
            }
            if variant(flags["is-builtin"])?.bool == true { builtin.insert(connector) }
        }
        var outputs: [OutputRect] = []
        var builtinName: String?
        var primaryName: String?
        for entry in logical {
            guard let x = entry[0]?.number, let y = entry[1]?.number, let scale = entry[2]?.number, let transform = entry[3]?.integer,
                  let specs = entry[5]?.array, let connector = specs.first?[0]?.string, let mode = modes[connector] else { continue }
            let rect = OutputRect(name: connector, x: x, y: y, pixelWidth: mode.width, pixelHeight: mode.height,
                                  scale: physical ? 1 : scale, transform: transform)
            guard !rect.isEmpty else { continue }
            outputs.append(rect)
            if primaryName == nil, entry[4]?.bool == true { primaryName = connector }
            if builtinName == nil, specs.contains(where: { $0[0]?.string.map(builtin.contains) == true }) {
                builtinName = connector
            }
        }
        let likely = builtinName.map { DesktopLayout.LikelyOutput(name: $0, reason: "the built-in display") }
            ?? primaryName.map { DesktopLayout.LikelyOutput(name: $0, reason: "the primary monitor") }
        let maxX = outputs.map { $0.x + $0.width }.max() ?? 0, maxY = outputs.map { $0.y + $0.height }.max() ?? 0
        return DesktopLayout(source: .gnome, outputs: outputs, likely: likely, range: OutputRect(name: "", x: 0, y: 0, width: maxX, height: maxY))
    }

    /// The value of a `busctl` variant (`{"type":"b","data":true}`), or the value itself.
    private static func variant(_ value: JSONValue?) -> JSONValue? {
        if let value, value["type"]?.string != nil, let data = value["data"] { return data }
        return value
    }
}
