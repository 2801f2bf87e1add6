// A made-up machine for tactile doctor's tests: system files under a temporary root, a home, an environment, canned systemctl answers.
import Foundation
import Tactile
@testable import TactileDesktop
import TactileService
import TactileTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A made-up machine for ``Doctor``: the system's files (`dev/`, `sys/`,
/// `run/`, `proc/`, `etc/`, `usr/lib/`) under `root/` of a temporary
/// directory, the user's home under `home/ada/`, a session's environment,
/// and canned answers from `systemctl --user show`, `loginctl` and
/// `localectl`. Nodes are plain files: what counts is their mode, judged for
/// a made-up user (``user``) who owns none of them.
struct DoctorFixture {
    let base: String
    var root: String { base + "/root" }
    var home: String { base + "/home/ada" }
    var configHome: String { home + "/.config" }
    var environment: [String: String]
    /// `systemctl --user show UNIT` answers, by unit; nil: no systemctl at all.
    var units: [String: [String: String]]? = [:]
    /// What `systemctl --user` says when the manager cannot be reached; nil: it can.
    var unreachable: String?
    /// `loginctl show-session`'s answer.
    var login: [String: String]?

    /// The user judged: not the test's own, so a node of mode 0600 is not theirs.
    let user = DoctorUser(uid: getuid() == 4242 ? 4343 : 4242, name: "ada", groups: [getuid() == 4242 ? 4343 : 4242])

    /// An empty machine in a session whose `XDG_CURRENT_DESKTOP` is `desktop` (nil: no graphical session).
    init(desktop: String?) throws {
        base = try TemporaryDirectory.make(prefix: "tactile-doctor")
        environment = ["HOME": base + "/home/ada", "PATH": "/usr/bin:/bin"]
        if let desktop {
            environment["XDG_CURRENT_DESKTOP"] = desktop
            environment["WAYLAND_DISPLAY"] = "wayland-1"
            environment["XDG_SESSION_TYPE"] = "wayland"
        }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    }

    /// Everything in place, in a GNOME session: a readable touchscreen, a
    /// writable uinput, the rules, a config, the unit enabled for
    /// graphical-session.target and active, a German layout.
    static func working(desktop: String = "GNOME") throws -> DoctorFixture {
        var fixture = try DoctorFixture(desktop: desktop)
        try fixture.addTouchDevice(5, kind: .touchscreen, name: "ELAN9008:00 04F3:2C1B")
        try fixture.addTouchDevice(2, kind: .other, name: "AT Translated Set 2 keyboard", mode: 0o600)
        try fixture.addUInput(mode: 0o666)
        try fixture.installRules()
        try fixture.writeConfig(String(contentsOfFile: Repository.path("dist/gestures.toml"), encoding: .utf8))
        try fixture.installUnit(enabledFor: ["graphical-session.target"])
        fixture.systemd(service: "active", graphicalSession: "active")
        fixture.login = ["Seat": "seat0", "Active": "yes", "Remote": "no", "Type": "wayland"]
        fixture.environment["XDG_SESSION_ID"] = "3"
        try fixture.write("/etc/X11/xorg.conf.d/00-keyboard.conf",
                          "Section \"InputClass\"\n    Identifier \"system-keyboard\"\n    Option \"XkbLayout\" \"de\"\n    Option \"XkbVariant\" \"nodeadkeys\"\nEndSection\n")
        return fixture
    }

    func remove() { try? FileManager.default.removeItem(atPath: base) }

    // MARK: Files

    /// Writes `text` at `path` (absolute: under the root for system paths
    /// when `system`, else as given), making the directories, with `mode`.
    func write(_ path: String, _ text: String, mode: Int = 0o644, system: Bool = true) throws {
        let file = system ? root + path : path
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
    }

    /// An event node `eventN` with its sysfs entry and udev record.
    func addTouchDevice(_ number: Int, kind: DeviceKind, name: String, mode: Int = 0o666, phys: String = "usb-0000:00:14.0-4/input0") throws {
        let node = "event\(number)"
        try write("/dev/input/" + node, "", mode: mode)
        try write("/sys/class/input/\(node)/dev", "13:\(64 + number)\n")
        try write("/sys/class/input/\(node)/device/name", name + "\n")
        try write("/sys/class/input/\(node)/device/phys", phys + "\n")
        var record = "E:ID_INPUT=1\n"
        switch kind {
        case .touchscreen: record += "E:ID_INPUT_TOUCHSCREEN=1\n"
        case .touchpad: record += "E:ID_INPUT_TOUCHPAD=1\n"
        case .other: record += "E:ID_INPUT_KEYBOARD=1\n"
        }
        try write("/run/udev/data/c13:\(64 + number)", record)
    }

    /// `/dev/uinput` with `mode`, and the module loaded.
    func addUInput(mode: Int, module: Bool = true) throws {
        try write("/dev/uinput", "", mode: mode)
        if module { try FileManager.default.createDirectory(atPath: root + "/sys/module/uinput", withIntermediateDirectories: true) }
    }

    func installRules() throws {
        try write("/etc/udev/rules.d/70-tactile.rules", String(contentsOfFile: Repository.path("dist/70-tactile.rules"), encoding: .utf8))
    }

    func writeConfig(_ text: String) throws {
        try write(configHome + "/tactile/gestures.toml", text, system: false)
    }

    /// `dist/tactile.service` in `~/.config/systemd/user`, linked from each
    /// target's `.wants/`, with the binary it runs unless `binary` is false.
    func installUnit(enabledFor targets: [String], binary: Bool = true) throws {
        let directory = configHome + "/systemd/user"
        try write(directory + "/tactile.service", String(contentsOfFile: Repository.path("dist/tactile.service"), encoding: .utf8), system: false)
        for target in targets {
            try FileManager.default.createDirectory(atPath: directory + "/\(target).wants", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: directory + "/\(target).wants/tactile.service", withDestinationPath: directory + "/tactile.service")
        }
        if binary { try write(home + "/.local/bin/tactiled", "#!/bin/sh\n", mode: 0o755, system: false) }
    }

    /// A service process (`tactile serve` or `tactiled`) of the user's in `/proc`.
    func addProcess(_ pid: Int, _ arguments: [String]) throws {
        try write("/proc/\(pid)/cmdline", arguments.joined(separator: "\0") + "\0")
        try write("/proc/\(pid)/status", "Name:\ttactile\nUid:\t\(user.uid)\t\(user.uid)\t\(user.uid)\t\(user.uid)\n")
    }

    /// What `systemctl --user show` says of the unit and of graphical-session.target.
    mutating func systemd(service state: String, graphicalSession: String, result: String = "success", subState: String? = nil) {
        units = [
            "tactile.service": ["LoadState": "loaded", "ActiveState": state, "SubState": subState ?? (state == "active" ? "running" : "dead"),
                                "UnitFileState": "enabled", "MainPID": state == "active" ? "1234" : "0", "Result": result],
            "graphical-session.target": ["ActiveState": graphicalSession],
        ]
    }

    // MARK: The doctor

    var system: DoctorSystem {
        let units = units, unreachable = unreachable, login = login
        return DoctorSystem(root: root, environment: environment, user: user, access: DoctorAccess.modeBits(for: user)) { arguments in
            switch arguments.first {
            case "systemctl":
                guard let units else { return nil }
                if let unreachable { return DoctorCommandResult(status: 1, output: "", errorOutput: unreachable + "\n") }
                guard let index = arguments.firstIndex(of: "show"), index + 1 < arguments.count else { return DoctorCommandResult(status: 1, output: "") }
                let properties = units[arguments[index + 1]] ?? ["LoadState": "not-found", "ActiveState": "inactive"]
                return DoctorCommandResult(status: 0, output: properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)\n" }.joined())
            case "loginctl":
                guard let login else { return nil }
                return DoctorCommandResult(status: 0, output: login.map { "\($0.key)=\($0.value)\n" }.joined())
            default:
                return nil
            }
        }
    }

    func report() -> DoctorReport { Doctor(system: system).report() }
}
