// The GNOME Shell extension that reports the focused window: whether the shell has it installed and enabled.
import TactileService

/// The GNOME Shell extension `tactile-focus@tactile.github.io`, shipped
/// with tactile in two forms (GNOME 43–44 and 45 on) and installed by
/// `dist/install.sh` or the package. Enabled by the user once
/// (``enableCommand``); it then reports the focused window's WM class and
/// app id to the service's bus name whenever the name appears and on each
/// change. The shell's own D-Bus interface (`org.gnome.Shell.Extensions`)
/// says whether it is installed and enabled; nothing else is asked of the
/// shell (no `Eval`, no unsafe mode).
///
/// ```swift
/// if let problem = GnomeFocusExtension.problem(on: bus) { print(problem) }
/// // "GNOME Shell's extension tactile-focus@tactile.github.io is installed but disabled: run gnome-extensions enable …"
/// ```
enum GnomeFocusExtension {
    /// The extension's UUID.
    static let uuid = "tactile-focus@tactile.github.io"
    /// The one command that enables it for the user.
    static let enableCommand = "gnome-extensions enable \(uuid)"

    /// The extension's state as GNOME Shell reports it (`ExtensionState` of
    /// js/misc/extensionUtils.js: 1 enabled, 2 disabled, 3 error, 4 out of
    /// date, 6 initialized (installed, never enabled)).
    struct Info: Equatable {
        var state: Double?
        var error: String?
        var path: String?
        var shellVersion: String?
    }

    /// What the shell says of the extension, or why it could not be asked.
    static func info(on bus: SessionBus) -> Result<Info, BusError> {
        do {
            let info = try bus.call("org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell.Extensions", "GetExtensionInfo",
                                    [.string(uuid)]) { (reply: BusMessage) throws(BusError) in
                try reply.readVariantDictionary()
            }
            let version = try? bus.call("org.gnome.Shell", "/org/gnome/Shell", "org.freedesktop.DBus.Properties", "Get",
                                        [.string("org.gnome.Shell"), .string("ShellVersion")]) { (reply: BusMessage) throws(BusError) in
                try reply.readVariantString()
            }
            return .success(Info(state: info["state"]?.number, error: info["error"]?.string, path: info["path"]?.string, shellVersion: version))
        } catch {
            return .failure(error)
        }
    }

    /// Why the extension cannot report now (with what to do), or nil when it is enabled.
    static func problem(on bus: SessionBus) -> String? {
        switch info(on: bus) {
        case .failure(let error):
            return "cannot ask GNOME Shell about its extension \(uuid): \(error)"
        case .success(let info):
            return problem(info)
        }
    }

    /// Why an extension in this state cannot report, or nil when it is enabled.
    static func problem(_ info: Info) -> String? {
        let shell = "GNOME Shell" + (info.shellVersion.map { " \($0)" } ?? "")
        switch info.state {
        case 1: return nil
        case nil:
            return "\(shell) has no extension \(uuid): install it (dist/install.sh or the tactile package), "
                + "log out and in, then run \(enableCommand)"
        case 2, 6: return "\(shell)'s extension \(uuid) is installed but not enabled: run \(enableCommand)"
        case 3: return "\(shell)'s extension \(uuid) failed to load: " + (info.error ?? "no reason given")
        case 4: return "\(shell)'s extension \(uuid) is not made for this version: reinstall tactile (dist/install.sh picks the form for it)"
        case let state?: return "\(shell)'s extension \(uuid) is in state \(Int(state)), not enabled: run \(enableCommand)"
        }
    }
}
