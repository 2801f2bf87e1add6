// The KWin script that reports the active window: where it is installed, and loading it into KWin and out.
import Glibc
import TactileService

/// The KWin script `tactile-focus.js`, installed with tactile
/// (`share/tactile/kwin/`), which the service loads into KWin through
/// `org.kde.kwin.Scripting` and unloads when it stops. It reports the
/// active window's `resourceClass` and `desktopFileName` on each change
/// (`workspace.windowActivated` on Plasma 6, `clientActivated` on 5.27).
///
/// KWin runs what it loads with the user's rights, so the file must be one
/// no other user could have written (``ConfigOwnership``'s rule).
///
/// ```swift
/// if case .success(let path) = KWinFocusScript.locate(environment: environment),
///    KWinFocusScript.load(path, on: bus) == nil {
///     // KWin now reports the active window to io.github.tactile.Service
/// }
/// ```
enum KWinFocusScript {
    /// The name KWin knows the loaded script by.
    static let pluginName = "tactile-focus"
    /// Where it is, below a data directory.
    static let relativePath = "tactile/kwin/tactile-focus.js"

    /// Why no script can be loaded.
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// The data directories searched, in order: `XDG_DATA_HOME` (or
    /// `~/.local/share`), `XDG_DATA_DIRS` (or `/usr/local/share:/usr/share`),
    /// and `share` beside the directory of the running program (a
    /// `make install` to another prefix).
    static func dataDirectories(environment: [String: String], executable: String? = CommandLine.arguments.first) -> [String] {
        var directories: [String] = []
        if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") {
            directories.append(home)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            directories.append(home + "/.local/share")
        }
        let shared = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        directories += shared.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        if let executable, executable.hasPrefix("/") {
            // The prefix of `PREFIX/bin/tactile`: two components up.
            let parts = executable.split(separator: "/", omittingEmptySubsequences: true).dropLast(2)
            directories.append("/" + parts.joined(separator: "/") + (parts.isEmpty ? "share" : "/share"))
        }
        var seen: Set<String> = []
        return directories.filter { seen.insert($0).inserted }
    }

    /// The first installed script, or why there is none to trust.
    static func locate(environment: [String: String], executable: String? = CommandLine.arguments.first) -> Result<String, Problem> {
        let directories = dataDirectories(environment: environment, executable: executable)
        let ownership = ConfigOwnership()
        for directory in directories {
            let path = directory + "/" + relativePath
            guard access(path, R_OK) == 0 else { continue }
            if let problem = ownership.problem(with: path) {
                return .failure(Problem(description: "the KWin script \(path) is not loaded: it " + problem.reasons.joined(separator: " and ")
                    + " (fix: " + problem.fixes.joined(separator: "; ") + ")"))
            }
            return .success(path)
        }
        return .failure(Problem(description: "the KWin script \(relativePath) is in none of "
            + directories.joined(separator: ", ") + ": install tactile with dist/install.sh or its package"))
    }

    /// Loads `path` into KWin and runs it (a copy left loaded by a service
    /// that was killed is unloaded first); the problem, if any.
    static func load(_ path: String, on bus: SessionBus) -> String? {
        unload(on: bus)
        do {
            let id = try bus.call("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "loadScript",
                                  [.string(path), .string(pluginName)]) { (reply: BusMessage) throws(BusError) in
                try reply.readBasic()?.number ?? -1
            }
            guard id >= 0 else { return "KWin did not load \(path) (loadScript answered \(Int(id)))" }
            // Plasma 6 serves a loaded script at /Scripting/ScriptN, Plasma 5.27 at /N.
            do {
                try bus.call("org.kde.KWin", "/Scripting/Script\(Int(id))", "org.kde.kwin.Script", "run")
            } catch {
                try bus.call("org.kde.KWin", "/\(Int(id))", "org.kde.kwin.Script", "run")
            }
            return nil
        } catch {
            return "KWin did not run \(path): \(error)"
        }
    }

    /// Unloads the script, if KWin has it.
    static func unload(on bus: SessionBus) {
        try? bus.call("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "unloadScript", [.string(pluginName)], timeout: 2)
    }
}
