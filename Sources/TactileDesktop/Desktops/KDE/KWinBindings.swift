// KDE Plasma's shortcuts as the running KWin has them: the names kglobalaccel knows for its component, on the session bus.
import Glibc
import TactileService

/// Asks kglobalaccel on the session bus which shortcuts KWin registered
/// (`org.kde.kglobalaccel.Component.shortcutNames` on `/component/kwin`):
/// the preset invokes KWin's shortcuts by name (whatever keys the user
/// gave them), so a name this KWin does not have is an action it cannot do.
struct KWinBindings {
    let environment: [String: String]

    static let arguments = ["busctl", "--user", "--json=short", "call", "org.kde.kglobalaccel", "/component/kwin",
                            "org.kde.kglobalaccel.Component", "shortcutNames"]

    func read() -> Result<DesktopBindings, DesktopBindings.Unread> {
        guard let result = ProgramRunner.run(Self.arguments, environment: environment, timeout: 3) else {
            return .failure(.init("busctl is not on PATH"))
        }
        guard result.status == 0, let names = Self.names(inJSON: result.output) else {
            return .failure(.init("kglobalaccel does not answer: busctl: \(result.status == 0 ? "an answer that is no list of names" : result.failureReason)"))
        }
        var bindings = DesktopBindings(version: Self.version(run: ProgramRunner.session(environment)), source: "kglobalaccel on the session bus")
        for action in DesktopAction.allCases {
            guard let route = DesktopPreset.kde.route(for: action) else {
                bindings.absent[action] = "KDE Plasma has no \(action.rawValue)"
                continue
            }
            if let shortcut = Self.shortcut(of: route), !names.contains(shortcut) {
                bindings.absent[action] = "this KWin has no shortcut \"\(shortcut)\""
            } else {
                bindings.routes[action] = route
            }
        }
        return .success(bindings)
    }

    /// The shortcut a KWin route invokes by name (`string:Overview`), if it is one.
    static func shortcut(of route: DesktopRoute) -> String? {
        guard case .command(let arguments) = route.kind, arguments.contains("/component/kwin"),
              let last = arguments.last, last.hasPrefix("string:") else { return nil }
        return String(last.dropFirst("string:".count))
    }

    /// The names in `busctl --json=short` output of `shortcutNames` (`{"type":"as","data":[[…]]}`).
    static func names(inJSON text: String) -> Set<String>? {
        guard let list = JSONValue.parse(text)?["data"]?[0]?.array else { return nil }
        let names = list.compactMap(\.string)
        return names.count == list.count ? Set(names) : nil
    }

    /// The running KWin's version, from its own support information on the
    /// session bus (`KWin version: 5.27.5`): `KWin 5.27.5`.
    static func version(run: ProgramRunner.Run) -> String? {
        let arguments = ["busctl", "--user", "--json=short", "call", "org.kde.KWin", "/KWin", "org.kde.KWin", "supportInformation"]
        guard let result = run(arguments), result.status == 0,
              let text = JSONValue.parse(result.output)?["data"]?[0]?.string,
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("KWin version: ") }) else { return nil }
        return "KWin " + line.dropFirst("KWin version: ".count)
    }
}
