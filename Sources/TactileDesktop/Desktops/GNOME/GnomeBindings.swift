// GNOME's bindings as the running release and the user have them: gsettings, schema by schema.
import Tactile
import TactileService

/// Reads GNOME's key bindings with `gsettings list-recursively`, which
/// gives the user's value of each key or its schema's default, so what is
/// read is what this release and this user have: GNOME 43 has no
/// `toggle-quick-settings` (it came in 44) and binds `<Super>s` to
/// `toggle-overview`; GNOME 45 binds `<Super>s` to quick settings.
struct GnomeBindings {
    /// The session's environment (for `PATH` and dconf's user).
    let environment: [String: String]

    /// Where each action is bound: the schema and key, and what kind of value it holds.
    static let keys: [(action: DesktopAction, schema: String, key: String)] = [
        (.overview, "org.gnome.mutter", "overlay-key"),
        (.appGrid, "org.gnome.shell.keybindings", "toggle-application-view"),
        (.quickSettings, "org.gnome.shell.keybindings", "toggle-quick-settings"),
        (.notifications, "org.gnome.shell.keybindings", "toggle-message-tray"),
        (.nextWorkspace, "org.gnome.desktop.wm.keybindings", "switch-to-workspace-right"),
        (.previousWorkspace, "org.gnome.desktop.wm.keybindings", "switch-to-workspace-left"),
        (.showDesktop, "org.gnome.desktop.wm.keybindings", "show-desktop"),
        (.moveWindow, "org.gnome.desktop.wm.preferences", "mouse-button-modifier"),
    ]

    func read() -> Result<DesktopBindings, DesktopBindings.Unread> {
        var values: [String: [String: String]] = [:]
        for schema in Set(Self.keys.map(\.schema)).sorted() {
            guard let result = ProgramRunner.run(["gsettings", "list-recursively", schema], environment: environment, timeout: 3) else {
                return .failure(.init("gsettings is not on PATH"))
            }
            // A schema this release does not have leaves its actions unbound; any other failure stops the reading.
            guard result.status == 0 else {
                if PlainText.contains("No such schema", in: result.errorOutput) { continue }
                return .failure(.init("gsettings list-recursively \(schema): \(result.failureReason)"))
            }
            values[schema] = Self.values(inListing: result.output, schema: schema)
        }
        var bindings = DesktopBindings(version: Self.version(run: ProgramRunner.session(environment)), source: "gsettings")
        for (action, schema, key) in Self.keys {
            let setting = "\(schema) \(key)"
            guard let value = values[schema]?[key] else {
                bindings.absent[action] = values[schema] == nil ? "gsettings has no schema \(schema)" : "\(schema) has no \(key)"
                continue
            }
            guard let chord = Self.chord(inValue: value, modifierOnly: action == .moveWindow) else {
                bindings.absent[action] = "\(setting) = \(value): bound to nothing"
                continue
            }
            let documented = "\(setting) = \(value), read from gsettings"
            bindings.routes[action] = action == .moveWindow ? .drag(chord, documented) : .key(chord, documented)
        }
        return .success(bindings)
    }

    /// `gnome-shell --version`'s line (`GNOME Shell 43.9`), when it is installed.
    static func version(run: ProgramRunner.Run) -> String? {
        guard let result = run(["gnome-shell", "--version"]), result.status == 0 else { return nil }
        return result.output.split(separator: "\n").first.map { String($0) }
    }

    /// Each key's value in `gsettings list-recursively` output (`schema key value` lines).
    static func values(inListing text: String, schema: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, parts[0] == schema else { continue }
            values[String(parts[1])] = String(parts[2])
        }
        return values
    }

    /// The key chord of a GVariant value: a list of accelerators (its first:
    /// `['<Super>Page_Down', '<Super><Alt>Right']`), a string (`'Super_L'`,
    /// the overlay key); nil when it binds nothing (`[]`, `@as []`, `''`).
    /// With `modifierOnly` (the window-move modifier, `'<Super>'`), only
    /// modifiers are taken.
    ///
    /// ```swift
    /// GnomeBindings.chord(inValue: "['<Primary><Alt>Right']", modifierOnly: false)   // "ctrl+alt+Right"
    /// GnomeBindings.chord(inValue: "'Super_L'", modifierOnly: false)                 // "super"
    /// ```
    static func chord(inValue value: String, modifierOnly: Bool) -> String? {
        guard let first = value.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first.map(String.init), !first.isEmpty else { return nil }
        var modifiers: [String] = []
        var rest = Substring(first)
        while rest.hasPrefix("<"), let end = rest.firstIndex(of: ">") {
            let name = rest[rest.index(after: rest.startIndex)..<end].lowercased()
            switch name {
            case "super", "meta", "hyper": modifiers.append("super")
            case "primary", "control", "ctrl": modifiers.append("ctrl")
            case "alt", "mod1": modifiers.append("alt")
            case "shift": modifiers.append("shift")
            default: return nil
            }
            rest = rest[rest.index(after: end)...]
        }
        if rest.isEmpty { return modifiers.isEmpty ? nil : modifiers.joined(separator: "+") }
        // A modifier setting names modifiers only: anything after them is not a modifier.
        guard !modifierOnly else { return nil }
        switch rest {
        case "Super_L", "Super_R": modifiers.append("super")
        case "Alt_L", "Alt_R": modifiers.append("alt")
        case "Control_L", "Control_R": modifiers.append("ctrl")
        default: modifiers.append(String(rest))
        }
        return modifiers.joined(separator: "+")
    }
}
