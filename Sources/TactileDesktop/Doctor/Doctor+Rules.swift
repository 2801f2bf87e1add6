// The doctor's udev rules check, and what to do when the user may not open a node.
import Tactile
import TactileService

extension Doctor {
    /// The file name `dist/install.sh` installs the rules under.
    static let rulesName = "70-tactile.rules"
    /// Where udev reads rules from, most important first.
    static let rulesDirectories = ["/etc/udev/rules.d", "/run/udev/rules.d", "/usr/local/lib/udev/rules.d", "/usr/lib/udev/rules.d", "/lib/udev/rules.d"]

    /// Where `70-tactile.rules` is installed: the one udev uses (the first
    /// found, most important first), as a path on the machine; nil when none.
    func installedRules() -> String? {
        Self.rulesDirectories.map { $0 + "/" + Self.rulesName }.first { system.exists(system.systemPath($0)) }
    }

    /// The udev rules line: installed where, or missing. Missing is a
    /// problem unless the user may already open every node the service
    /// needs (`accessGranted`: a group, other rules, or root).
    func rulesCheck(_ rules: String?, accessGranted: Bool) -> DoctorCheck {
        if let rules {
            let text = system.systemText(rules) ?? ""
            if !PlainText.contains("uaccess", in: text) {
                return DoctorCheck(name: "udev rules", status: accessGranted ? .note : .problem,
                                   summary: "\(rules) tags nothing uaccess (edited?)",
                                   fix: "install the rules from dist/70-tactile.rules again (dist/install.sh --system-only)")
            }
            return DoctorCheck(name: "udev rules", status: .ok,
                               summary: "\(rules): the touch devices and /dev/uinput go to the user at the seat (uaccess)")
        }
        let looked = "looked in " + Self.rulesDirectories.joined(separator: ", ")
        if accessGranted {
            return DoctorCheck(name: "udev rules", status: .note,
                               summary: "\(Self.rulesName) is not installed; \(system.user.name) may open the devices and /dev/uinput anyway "
                                   + (system.user.isRoot ? "(as root)" : "(a group, or other rules)"),
                               details: [looked])
        }
        return DoctorCheck(name: "udev rules", status: .problem, summary: "\(Self.rulesName) is not installed", details: [looked],
                           fix: Self.installRulesFix)
    }

    static let installRulesFix = "install the udev rules: sudo dist/install.sh --system-only (or copy dist/70-tactile.rules to "
        + "/etc/udev/rules.d/, then sudo udevadm control --reload && sudo udevadm trigger --subsystem-match=input --subsystem-match=misc), "
        + "then log out and in"

    /// What to do when the user may not open a node the service needs.
    func accessFix(rules: String?, login: DoctorLogin?) -> String {
        guard let rules else { return Self.installRulesFix }
        let base = "the rules (\(rules)) give access to the user of the active session at the seat"
        if let why = login?.whyNoSeatDevices {
            return base + ", and \(why): run tactile doctor (and tactile serve) in your desktop session at the screen"
        }
        return base + ": if this is your desktop session, run sudo udevadm trigger --subsystem-match=input --subsystem-match=misc, or log out and in"
    }

    /// Why `user` may not open `path` (a system path): its owner, group and
    /// mode, and whether the user is in its group.
    func whyNotOpenable(_ path: String) -> String {
        let onDisk = system.systemPath(path)
        var parts: [String] = []
        if let ownership = system.ownership(of: onDisk) { parts.append(ownership) }
        if let group = system.group(of: onDisk), group.name != "root" {
            parts.append("\(system.user.name) is\(group.member ? "" : " not") in \(group.name)")
        }
        parts.append("no ACL for \(system.user.name)")
        return "(" + parts.joined(separator: ", ") + ")"
    }
}
