// The doctor's service check: whether tactile serve runs now, under the unit or without it, and what to do when it does not.
import TactileService
import Tactile

extension Doctor {
    /// Whether the service runs now: the unit's state, or a `tactile serve`
    /// process of the user's when systemd cannot be asked or runs none.
    func serviceCheck(unit: DoctorUserUnit, manager: DoctorUserManager, processes: [DoctorProcess]) -> DoctorCheck {
        let name = "service"
        let serving = processes.filter { !$0.isDryRun }
        let dryRuns = processes.filter(\.isDryRun).map { "a dry run is running (pid \($0.pid)): it grabs and sends nothing" }
        let journal = "journalctl --user -u \(Self.unitName) -n 30 says why"
        switch manager.reach {
        case .answered:
            let state = manager.service["ActiveState"] ?? "unknown"
            let result = manager.service["Result"] ?? ""
            switch state {
            case "active", "reloading":
                let pid = manager.service["MainPID"].flatMap { $0 == "0" ? nil : " (pid \($0))" } ?? ""
                return DoctorCheck(name: name, status: .ok, summary: "\(Self.unitName) is active\(pid)", details: dryRuns)
            case "activating" where manager.service["SubState"] == "auto-restart":
                return DoctorCheck(name: name, status: .problem,
                                   summary: "\(Self.unitName) keeps failing and being restarted (result: \(result))",
                                   details: dryRuns, fix: journal)
            case "activating":
                return DoctorCheck(name: name, status: .note, summary: "\(Self.unitName) is starting", details: dryRuns)
            case "failed":
                let why = result == "start-limit-hit" ? "it failed too often in a row and systemd gave up" : "result: \(result)"
                return DoctorCheck(name: name, status: .problem, summary: "\(Self.unitName) failed (\(why))", details: dryRuns,
                                   fix: journal + "; once fixed, systemctl --user restart \(Self.unitName)")
            default:
                if let process = serving.first {
                    return DoctorCheck(name: name, status: .ok, summary: "tactile serve runs without the unit (pid \(process.pid))", details: dryRuns)
                }
                let known = manager.service["LoadState"] == "not-found"
                    ? (unit.path == nil ? " (no unit: see “user unit”)" : " (systemd has not read the unit: systemctl --user daemon-reload)") : ""
                return DoctorCheck(name: name, status: .problem, summary: "\(Self.unitName) is \(state)\(known)", details: dryRuns,
                                   fix: "systemctl --user start \(Self.unitName) starts it now; “session” says what starts it at login")
            }
        case .noSystemctl, .unreachable:
            let why: String
            if case .unreachable(let said) = manager.reach {
                why = "your systemd user manager cannot be asked (\(TextFormat.visible(said)))"
            } else {
                why = "there is no systemctl"
            }
            if let process = serving.first {
                return DoctorCheck(name: name, status: .ok, summary: "tactile serve runs (pid \(process.pid)); \(why)", details: dryRuns)
            }
            return DoctorCheck(name: name, status: .problem,
                               summary: "tactile serve is not running (no process of \(system.user.name)'s), and \(why)", details: dryRuns,
                               fix: manager.reach == .noSystemctl
                                   ? "start tactile serve from what your session runs at start (see \(Self.routesDocumentation))"
                                   : "run tactile doctor in your desktop session; there, systemctl --user start \(Self.unitName)")
        }
    }
}
