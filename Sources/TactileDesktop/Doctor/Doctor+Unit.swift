// The doctor's user unit check: where tactile.service is, what it runs, whether that program is there.
import TactileService
import Tactile

extension Doctor {
    /// The user unit: found where, what it runs (and whether that is there),
    /// what it is enabled for; missing or masked is a problem unless
    /// `tactile serve` runs without it.
    func unitCheck(_ unit: DoctorUserUnit, manager: DoctorUserManager, processes: [DoctorProcess]) -> DoctorCheck {
        let name = "user unit"
        let serving = processes.filter { !$0.isDryRun }
        guard let path = unit.path else {
            if let process = serving.first {
                return DoctorCheck(name: name, status: .note, summary: "no \(Self.unitName): tactile serve runs without it (pid \(process.pid))",
                                   details: ["looked in " + unit.searched.joined(separator: ", ")])
            }
            return DoctorCheck(name: name, status: .problem, summary: "no \(Self.unitName) in any user unit directory",
                               details: ["looked in " + unit.searched.joined(separator: ", ")],
                               fix: "dist/install.sh --user-only installs it to ~/.config/systemd/user/ (or copy dist/tactile.service there, "
                                   + "then systemctl --user daemon-reload)")
        }
        let shown = TextFormat.visible(path)
        if unit.isMasked || manager.service["UnitFileState"] == "masked" {
            return DoctorCheck(name: name, status: .problem, summary: "\(shown) is masked: systemd will not start it",
                               fix: "systemctl --user unmask \(Self.unitName)")
        }
        var details = unit.dropIns.map { "drop-in: " + TextFormat.visible($0) }
        guard let command = unit.command, let program = unit.program else {
            return DoctorCheck(name: name, status: .problem, summary: "\(shown) has no ExecStart=", details: details,
                               fix: "install it again from dist/tactile.service (dist/install.sh --user-only)")
        }
        if program.hasPrefix("/") {
            let onDisk = system.home.map { program.hasPrefix(DoctorSystem.withoutTrailingSlashes($0) + "/") } == true ? program : system.systemPath(program)
            if !system.exists(onDisk) {
                return DoctorCheck(name: name, status: .problem,
                                   summary: "\(shown) runs \(TextFormat.visible(program)), which does not exist", details: details,
                                   fix: "dist/install.sh --user-only installs tactiled there; or systemctl --user edit \(Self.unitName) "
                                       + "and set ExecStart= to where tactiled is")
            }
        }
        let enabled = unit.wantedBy.isEmpty ? "enabled for no target" : "enabled for " + unit.wantedBy.joined(separator: " and ")
        if manager.service["LoadState"] == "not-found" {
            details.append("systemd has not read it yet: systemctl --user daemon-reload")
        }
        return DoctorCheck(name: name, status: .ok, summary: "\(shown): runs \(TextFormat.visible(command)); \(enabled)", details: details)
    }
}
