// The keyboard layout the system is set to, as `tactile doctor` reports it: read from localectl or /etc/default/keyboard.

/// The keyboard layout the system is set to (XKB layout, variant, model,
/// options) and where it was read.
///
/// This is only what the doctor reports for now: the layout is read, not
/// yet used. Key chords are sent as key codes, which the session's layout
/// turns into characters; resolving key names through the layout
/// (libxkbcommon) is separate work that will take this over.
///
/// ```swift
/// let layout = DoctorLayout.parseLocalectl("   X11 Layout: de\n  X11 Variant: nodeadkeys\n")
/// layout?.description   // "de (variant nodeadkeys)"
/// ```
public struct DoctorLayout: Hashable, Sendable, CustomStringConvertible {
    /// The XKB layout(s): `de`, `us,ru`.
    public var layout: String
    /// The variant(s), empty for the layout's default.
    public var variant: String
    /// The keyboard model, empty when not said.
    public var model: String
    /// The XKB options, empty when none.
    public var options: String
    /// Where it was read: `localectl status`, `/etc/default/keyboard`.
    public var source: String

    /// A layout.
    public init(layout: String, variant: String = "", model: String = "", options: String = "", source: String) {
        self.layout = layout
        self.variant = variant
        self.model = model
        self.options = options
        self.source = source
    }

    /// `de (variant nodeadkeys, options ctrl:nocaps)`.
    public var description: String {
        var extras: [String] = []
        if !variant.isEmpty { extras.append("variant " + variant) }
        if !options.isEmpty { extras.append("options " + options) }
        return layout + (extras.isEmpty ? "" : " (" + extras.joined(separator: ", ") + ")")
    }

    /// The system's layout: `localectl status` when it answers with one,
    /// else `/etc/default/keyboard` (Debian's, under the root); nil when neither says.
    public static func read(_ system: DoctorSystem) -> DoctorLayout? {
        if let result = system.run(["localectl", "--no-pager", "status"]), result.status == 0,
           let layout = parseLocalectl(result.output) {
            return layout
        }
        return system.systemText("/etc/default/keyboard", limit: 1 << 16).flatMap(parseDefaultKeyboard)
    }

    /// The layout in `localectl status`'s output (`X11 Layout: de`); nil without one (or `n/a`).
    public static func parseLocalectl(_ output: String) -> DoctorLayout? {
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            values[DoctorText.trimmed(line[..<colon])] = DoctorText.trimmed(line[line.index(after: colon)...])
        }
        guard let layout = values["X11 Layout"], !layout.isEmpty, layout != "n/a" else { return nil }
        func value(_ key: String) -> String { values[key].flatMap { $0 == "n/a" ? nil : $0 } ?? "" }
        return DoctorLayout(layout: layout, variant: value("X11 Variant"), model: value("X11 Model"), options: value("X11 Options"),
                            source: "localectl status")
    }

    /// The layout in `/etc/default/keyboard` (`XKBLAYOUT="de"`); nil without one.
    public static func parseDefaultKeyboard(_ text: String) -> DoctorLayout? {
        guard let layout = DoctorText.assignment("XKBLAYOUT", in: text), !layout.isEmpty else { return nil }
        return DoctorLayout(layout: layout, variant: DoctorText.assignment("XKBVARIANT", in: text) ?? "",
                            model: DoctorText.assignment("XKBMODEL", in: text) ?? "",
                            options: DoctorText.assignment("XKBOPTIONS", in: text) ?? "", source: "/etc/default/keyboard")
    }
}
