// What docs/gestures-toml.md says of each key, row by row, and its tables rendered as Markdown.
import Tactile

extension ConfigSchema {
    static let devicesReference = Reference(id: "devices", rows: [
        Row("kinds", type: "array of `\"touchscreen\"`, `\"touchpad\"` (or one string)", default: "`[\"touchscreen\"]`", note: "not empty"),
        Row("names", type: "array of strings", default: "`[]` (any device)", note: "only devices whose name contains one of these, any case"),
        Row("exclude", type: "array of strings", default: "`[]`", note: "devices whose name contains one of these are left alone"),
        Row("grab", type: "boolean", default: "`\(DeviceSelection().grab)`", note: "grab devices and pass their touches on through a copy"),
        Row("output", type: "string", default: "none", note: "the output (monitor) the touchscreen is on, as the compositor names it "
            + "(`\"eDP-1\"`, `\"HDMI-A-1\"`): where clicks land when several are connected, and whose turn the touchscreen's gestures "
            + "follow. Without it: the only output, else the desktop's built-in display or primary monitor, else the compositor's first, "
            + "and the log says so. See [Where the click lands](service.md#where-the-click-lands) and "
            + "[A turned screen](service.md#a-turned-screen)"),
        Row("claimed-touch-end", type: "string", default: "`\"auto\"`", note: "how a touch the service takes after the app saw it ends "
            + "for the app: `\"cancel\"` (libinput's touch cancel), `\"lift\"` (released where the app saw it last, once it has rested "
            + "200 ms), `\"auto\"` what the running compositor passes on. "
            + "See [When the compositor drops the cancel](service.md#when-the-compositor-drops-the-cancel)"),
    ])

    static let keyboardReference = Reference(id: "keyboard", rows: [
        Row("layout", type: "string", default: "the session's", note: "XKB layout names (`\"de\"`, `\"fr\"`, `\"us,de\"`), "
            + "as in `/usr/share/X11/xkb/rules/evdev.lst`; required in the table"),
        Row("variant", type: "string", default: "`\"\"`", note: "`\"nodeadkeys\"`"),
        Row("model", type: "string", default: "`\"\"`", note: "`\"pc105\"`"),
        Row("options", type: "string", default: "`\"\"`", note: "`\"ctrl:nocaps\"`"),
    ])

    static let desktopReference = Reference(id: "desktop", rows: [
        Row("preset", type: "string", default: "`\"auto\"`", note: "`auto` (from `XDG_CURRENT_DESKTOP`), `gnome`, `kde`, `sway`, `i3`, "
            + "`hyprland`, `wlroots`, `x11`, `none`"),
    ])

    static let emergencyReference: Reference = {
        let fingers = EmergencyGesture.fingersRange, durations = EmergencyGesture.durationRange
        let standard = EmergencyGesture()
        return Reference(id: "emergency", lastColumn: "range", rows: [
            Row("fingers", type: "integer", default: "`\(standard.fingers)`", note: "`0` (off, warned about: then only SIGTERM stops "
                + "the service) or `\(fingers.lowerBound)`…`\(fingers.upperBound)`"),
            Row("duration", type: "seconds", default: "`\(ConfigReader.format(standard.duration))`",
                note: "`\(ConfigReader.format(durations.lowerBound))`…`\(ConfigReader.format(durations.upperBound))`"),
        ])
    }()

    static let zoneReference = Reference(id: "zone", rows: [
        Row("edge", type: "`\"left\"`, `\"right\"`, `\"top\"`, `\"bottom\"`", note: "a band along that side"),
        Row("depth", type: "measure, more than 0", default: "`\"4mm\"`", note: "edge zones only"),
        Row("corner", type: "`\"top-left\"`, `\"top-right\"`, `\"bottom-left\"`, `\"bottom-right\"`", note: "a square in that corner"),
        Row("size", type: "measure, more than 0", default: "`\"10mm\"`", note: "corner zones only"),
        Row("rect", type: "`[x, y, width, height]` measures from the top left", note: "x, y ≥ 0; width, height > 0"),
        Row("hold", type: "boolean", default: "`true` for edge and corner, `false` for rect",
            note: "hold touches back until the zone's gestures decide"),
    ])

    static let gestureReference: Reference = {
        let kinds = RecognizerKind.allCases
        let discrete = kinds.filter(\.isDiscrete).map(\.rawValue)
        let phases = [Key(name: "began"), Key(name: "changed"), Key(name: "ended", aliases: ["recognized"]), Key(name: "cancelled")]
        let instances = Binding.instancesRange
        return Reference(id: "gesture", rows: [
            Row("recognizer", type: kinds.map { "`\($0.rawValue)`" }.joined(separator: ", "), default: "required"),
            Row("name", type: "string, not empty", default: "`\"<recognizer>@<zone>\"`, then `-2`, `-3`…", note: "unique"),
            Row("zone", type: "a declared zone's name or `\"screen\"`", default: "`\"screen\"`"),
            Row("claim", type: "boolean", default: "`true`", note: "take the touches from the app when the gesture begins or is recognized"),
            Row("instances", type: "integer `\(instances.lowerBound)`…`\(instances.upperBound)`", default: "`1`",
                note: "how many of the binding's commands may run at once; one still running when the binding fires again is not started again"),
            Row(keys: phases, type: "action or array of actions", defaultValue: "none",
                note: "\(discrete.dropLast().joined(separator: ", ")) and \(discrete.last ?? "") are discrete: only `ended`/`recognized`"),
            Row(label: "parameters", type: "see below", defaultValue: "the engine's"),
        ])
    }()

    static let conditionsReference = Reference(id: "conditions", hasDefaults: false, rows: [
        Row("app", type: "string or array of strings", note: "only while one of these apps has the keyboard focus: "
            + "its Wayland app id or X11 class (`WM_CLASS`), any case"),
        Row("not-app", type: "string or array of strings", note: "never while one of these has the focus"),
        Row("device", type: "string or array of strings", note: "only on devices whose name contains one of these, any case "
            + "(two screens, a screen and a pad)"),
        Row("device-kind", type: "`\"touchscreen\"`, `\"touchpad\"` or an array", note: "only on devices of these kinds"),
    ])

    static let stepReference = Reference(id: "step", rows: [
        Row("measure", type: "`horizontal`, `vertical` (pan), `scale` (pinch), `rotation` (rotation)",
            default: "pinch: `scale`; rotation: `rotation`; pan: required"),
        Row("every", type: "horizontal/vertical: millimetres `0.1`…`1000`; scale: log2 of the scale `0.01`…`10`; "
            + "rotation: degrees `0.1`…`360`", default: "required"),
        Row("fast", type: "horizontal/vertical: mm/s `1`…`100000` (`\"120mm/s\"`); scale: log2 of the scale per second `0.01`…`1000`; "
            + "rotation: degrees per second `1`…`100000` (`\"90deg/s\"`)", default: "none: steps take `every` at any speed"),
        Row("increase", "decrease", type: "action or array of actions (no scroll)", note: "at least one"),
    ])

    static let actionReference = Reference(id: "action", rows: [
        Row("key", type: "string: key names joined by `+`", note: "a chord, pressed in order and released in reverse"),
        Row("click", type: "`\"left\"`, `\"right\"`, `\"middle\"`", note: "a click where the gesture is"),
        Row("scroll", type: "`\"natural\"`, `\"traditional\"`", note: "smooth scrolling by the fingers' travel; only in a `pan`'s `changed`"),
        Row("notch", type: "millimetres `1`…`100`", default: "`8`", note: "with `scroll`: the travel of one wheel notch"),
        Row("command", type: "array of strings, the program first", note: "run without a shell"),
        Row("desktop", type: "a desktop action's name", note: "done the way the session's desktop does it"),
    ])
}

extension ConfigSchema.Reference {
    /// The table as `docs/gestures-toml.md` has it, without its markers: a heading, a rule, a line a row.
    ///
    /// ```swift
    /// ConfigSchema.desktop.references[0].markdown.first   // "| key | type | default | |"
    /// ```
    package var markdown: [String] {
        func line(_ cells: [String]) -> String { "|" + cells.map { $0.isEmpty ? " |" : " \($0) |" }.joined() }
        let heading = ["key", "type"] + (hasDefaults ? ["default"] : []) + [lastColumn]
        return [line(heading), "|" + String(repeating: "---|", count: heading.count)] + rows.map { row in
            let keys = row.label ?? row.keys.map { key in
                "`\(key.name)`" + (key.aliases.isEmpty ? "" : " (also \(key.aliases.map { "`\($0)`" }.joined(separator: ", ")))")
            }.joined(separator: ", ")
            return line([keys, row.type] + (hasDefaults ? [row.defaultValue] : []) + [row.note])
        }
    }
}
