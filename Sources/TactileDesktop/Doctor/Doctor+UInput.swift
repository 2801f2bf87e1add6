// The doctor's uinput check: the module, the node, and whether the user may write it.
import TactileService
import Tactile

extension Doctor {
    /// `/dev/uinput`, where the service makes the devices' copies and its
    /// keyboard and pointer: there, and readable and writable by the user.
    func uinputCheck(rules: String?, login: DoctorLogin?) -> DoctorCheck {
        let name = "uinput"
        let node = UInputSink.defaultPath
        let loaded = system.exists(system.systemPath("/sys/module/uinput"))
        let loadsAtBoot = ["/etc/modules-load.d", "/usr/lib/modules-load.d", "/run/modules-load.d"].map { $0 + "/tactile-uinput.conf" }
            .first { system.exists(system.systemPath($0)) }
        let boot = loadsAtBoot.map { "loaded at boot by \($0)" } ?? "no tactile-uinput.conf in /etc/modules-load.d to load it at boot"
        guard system.exists(system.systemPath(node)) else {
            if loaded {
                return DoctorCheck(name: name, status: .problem, summary: "the uinput module is loaded but there is no \(node)",
                                    details: [boot],
                                    fix: "udev makes \(node) with the module: in a container, pass the device in; else reboot")
            }
            return DoctorCheck(name: name, status: .problem, summary: "the uinput module is not loaded and there is no \(node)",
                                details: [boot],
                                fix: "sudo modprobe uinput; to load it at every boot, install dist/tactile-uinput.conf to /etc/modules-load.d/ "
                                    + "(dist/install.sh --system-only does both)")
        }
        guard system.access(system.systemPath(node), .readWrite) else {
            return DoctorCheck(name: name, status: .problem,
                                summary: "\(system.user.name) may not write \(node) \(whyNotOpenable(node))",
                                details: [boot], fix: accessFix(rules: rules, login: login))
        }
        return DoctorCheck(name: name, status: .ok,
                            summary: "\(node) is writable" + (loaded ? "" : " (the module is loaded when it is first opened)"),
                            details: [boot])
    }
}
