// `tactile doctor`: why the service is or is not running in this session, one checked line each with what to do.
import TactileService

/// Tells a user why `tactile serve` is or is not running in their session:
/// the touch devices and whether they may read them, `uinput`, the udev
/// rules, the config, the user unit, what starts it in this session (a
/// session that never starts `graphical-session.target` never starts the
/// unit by itself), whether it runs, and the keyboard layout.
///
/// Everything is read through a ``DoctorSystem``, so tests give it made-up
/// trees and canned `systemctl` answers.
///
/// ```swift
/// let report = Doctor(system: .current(environment: ProcessInfo.processInfo.environment)).report()
/// for line in report.lines { print(line) }
/// // ✓ touch devices: 1 touchscreen the config takes, readable: /dev/input/event5 (ELAN9008:00 04F3:2C1B)
/// // ✓ uinput: /dev/uinput is writable
/// // …
/// // ✗ session: sway does not start graphical-session.target, and nothing else starts tactile.service
/// //     fix: add to /home/ada/.config/sway/config: exec systemctl --user import-environment … && systemctl --user restart tactile.service
/// ```
public struct Doctor: Sendable {
    /// What is looked at.
    public var system: DoctorSystem {
        didSet { detected = DetectedSession(SessionEnvironment(system.environment)) }
    }
    /// The session `system`'s environment describes, detected once.
    private(set) var detected: DetectedSession

    /// A doctor for `system`.
    public init(system: DoctorSystem) {
        self.system = system
        detected = DetectedSession(SessionEnvironment(system.environment))
    }

    /// The unit's name.
    public static let unitName = "tactile.service"
    /// Where the routes for each kind of session are documented.
    public static let routesDocumentation = "docs/service.md, “Sessions without graphical-session.target”"

    /// Runs every check, in the order printed: the touch devices, uinput,
    /// the udev rules, the config, the user unit, the session, the service,
    /// the keyboard layout, the focused app, how claimed touches end (and
    /// first, when run as root, a note that access is judged for root).
    public func report() -> DoctorReport {
        let config = configCheck()
        let rules = installedRules()
        let login = DoctorLogin.query(system)
        let devices = devicesCheck(selection: config.selection, configPath: config.path, rules: rules, login: login)
        let uinput = uinputCheck(rules: rules, login: login)
        let processes = DoctorProcesses.serving(system)
        let unit = DoctorUserUnit.find(system)
        let manager = DoctorUserManager.query(system)
        var checks: [DoctorCheck] = []
        if system.user.isRoot {
            checks.append(DoctorCheck(name: "user", status: .note,
                                      summary: "running as root: access below is root's, and systemctl --user asks root's own manager",
                                      fix: "run tactile doctor as the user who logs in at the screen, in their desktop session"))
        }
        checks += [devices, uinput, rulesCheck(rules, accessGranted: devices.status == .ok && uinput.status == .ok),
                   config.check, unitCheck(unit, manager: manager, processes: processes),
                   sessionCheck(unit: unit, manager: manager, login: login),
                   serviceCheck(unit: unit, manager: manager, processes: processes), layoutCheck(),
                   focusCheck(configUsesApps: config.usesApps),
                   claimedTouchCheck(configured: config.selection.claimedTouchEnd, configPath: config.path)]
        return DoctorReport(checks: checks)
    }

    /// "1 touchscreen", "2 touchpads".
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
