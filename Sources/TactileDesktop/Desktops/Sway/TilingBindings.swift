// sway's and i3's bindings as the running compositor has them: its config over IPC (GET_CONFIG), its version (GET_VERSION).
import Tactile
import TactileService

/// Reads the config sway or i3 runs (`GET_CONFIG`, 9, over the socket
/// `SWAYSOCK` or `I3SOCK` names) for the keys the user really has: the
/// launcher's `bindsym` (`$mod+d exec $menu` in sway's default config,
/// `Mod1+d exec dmenu_run` in i3's) and the `floating_modifier` a window
/// is dragged with. Workspaces go through IPC commands, which work
/// whatever is bound.
struct TilingBindings {
    let preset: DesktopPreset
    /// The IPC socket, and the variable that names it (said when it is not set).
    let socketPath: String?
    let variable: String

    static let getVersion: UInt32 = 7
    static let getConfig: UInt32 = 9
    /// Programs that are launchers, as a `bindsym … exec` runs them.
    static let launchers = ["dmenu", "wofi", "rofi", "bemenu", "fuzzel", "tofi", "wmenu", "j4-dmenu"]

    func read() -> Result<DesktopBindings, DesktopBindings.Unread> {
        guard let path = socketPath else { return .failure(.init("\(variable) is not set")) }
        do throws(FocusError) {
            let stream = try UnixStream(path: path)
            let version = try Self.version(over: stream)
            guard let config = try Self.config(over: stream) else {
                return .failure(.init("\(preset.rawValue) sent no config (GET_CONFIG)"))
            }
            let name = preset.rawValue
            var bindings = DesktopBindings(version: version.map { "\(name) \($0)" }, source: "\(name)'s config over its IPC")
            for action in DesktopAction.allCases {
                if let route = preset.route(for: action), case .command = route.kind { bindings.routes[action] = route }
            }
            let parsed = Self.parse(config)
            if let (chord, line) = parsed.launcher {
                bindings.routes[.appGrid] = .key(chord, "\(name)'s config: \(line)")
            } else {
                bindings.absent[.appGrid] = "no bindsym in \(name)'s config runs a launcher (\(Self.launchers.joined(separator: ", ")) or $menu)"
            }
            if let (modifier, line) = parsed.floatingModifier {
                bindings.routes[.moveWindow] = .drag(modifier, "\(name)'s config: \(line)")
            } else {
                bindings.absent[.moveWindow] = "\(name)'s config sets no floating_modifier"
            }
            for action in DesktopAction.allCases where bindings.routes[action] == nil && bindings.absent[action] == nil {
                bindings.absent[action] = "\(name) has no \(action.rawValue)"
            }
            return .success(bindings)
        } catch {
            return .failure(.init(error.description))
        }
    }

    /// The compositor's version as it says it (`GET_VERSION`'s `human_readable`: `1.7`), nil when its answer holds none.
    static func version(over stream: borrowing UnixStream) throws(FocusError) -> String? {
        try SwayPointerMapping.request(stream, type: getVersion)["human_readable"]?.string
    }

    /// The text of the config the compositor runs (`GET_CONFIG`), nil when its answer holds none.
    static func config(over stream: borrowing UnixStream) throws(FocusError) -> String? {
        try SwayPointerMapping.request(stream, type: getConfig)["config"]?.string
    }

    /// The launcher's chord and the floating modifier in a config's text, each with the line it came from.
    static func parse(_ config: String) -> (launcher: (String, String)?, floatingModifier: (String, String)?) {
        var variables: [String: String] = [:]
        var launcher: (String, String)?
        var floating: (String, String)?
        for raw in config.split(separator: "\n") {
            let line = PlainText.trimmed(raw)
            guard !line.hasPrefix("#") else { continue }
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let first = words.first else { continue }
            if first == "set", words.count >= 3, words[1].hasPrefix("$") {
                variables[words[1]] = expand(words[2...].joined(separator: " "), variables)
            } else if first == "floating_modifier", words.count >= 2, floating == nil, let modifier = chord(expand(words[1], variables)) {
                floating = (modifier, line)
            } else if first == "bindsym", launcher == nil {
                let rest = words.dropFirst().drop { $0.hasPrefix("--") }
                guard let keys = rest.first else { continue }
                let command = expand(rest.dropFirst().joined(separator: " "), variables)
                let runsLauncher = command.hasPrefix("exec") && launchers.contains { PlainText.contains($0, in: command) }
                if runsLauncher, let found = chord(expand(keys, variables)) { launcher = (found, line) }
            }
        }
        return (launcher, floating)
    }

    /// `$name`s replaced by their values, longest names first (`$mod` before `$m`).
    static func expand(_ text: String, _ variables: [String: String]) -> String {
        var text = text
        for (name, value) in variables.sorted(by: { $0.key.count > $1.key.count }) {
            text = PlainText.replacing(name, with: value, in: text)
        }
        return text
    }

    /// A sway or i3 key combination as a chord: `Mod4+Shift+d` is `super+shift+d`; nil with a modifier Tactile cannot type (Mod3, Mod5).
    ///
    /// ```swift
    /// TilingBindings.chord("Mod1+d")   // "alt+d"
    /// ```
    static func chord(_ keys: String) -> String? {
        var parts: [String] = []
        for part in keys.split(separator: "+") {
            switch part.lowercased() {
            case "mod4", "super": parts.append("super")
            case "mod1", "alt": parts.append("alt")
            case "shift": parts.append("shift")
            case "control", "ctrl": parts.append("ctrl")
            case "mod2", "mod3", "mod5", "lock": return nil
            default: parts.append(String(part))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "+")
    }
}
