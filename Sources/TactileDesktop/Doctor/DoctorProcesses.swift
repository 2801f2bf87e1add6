// The service processes of the user (`tactile serve`, `tactiled`), from /proc: the service may run outside its unit (a compositor's exec line).
import TactileService
import Tactile

/// A service process of the user's (`tactile serve` or `tactiled`), found in `/proc`.
///
/// ```swift
/// DoctorProcesses.serving(system).map(\.pid)   // [4321]
/// ```
package struct DoctorProcess: Hashable, Sendable {
    /// Its process id.
    public var pid: Int
    /// Its command line.
    public var arguments: [String]

    /// A process.
    public init(pid: Int, arguments: [String]) {
        self.pid = pid
        self.arguments = arguments
    }

    /// Whether it is a dry run (`--dry-run`), which grabs and sends nothing.
    public var isDryRun: Bool { arguments.contains("--dry-run") }
}

/// Finds the user's service processes.
package enum DoctorProcesses {
    /// Every process under `/proc` (under the root) whose real user is the
    /// doctor's user and whose command line is `…/tactile serve …` or `…/tactiled …`.
    public static func serving(_ system: DoctorSystem) -> [DoctorProcess] {
        var found: [DoctorProcess] = []
        for entry in system.names(in: system.systemPath("/proc")) {
            guard let pid = Int(entry), let raw = system.systemText("/proc/\(entry)/cmdline", limit: 1 << 16) else { continue }
            let arguments = raw.split(separator: "\0").map(String.init)
            guard Self.isService(arguments) else { continue }
            let status = system.systemText("/proc/\(entry)/status", limit: 1 << 16) ?? ""
            let uid = status.split(separator: "\n").first { $0.hasPrefix("Uid:") }?.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first
            guard uid.flatMap({ UInt32($0) }) == system.user.uid else { continue }
            found.append(DoctorProcess(pid: pid, arguments: arguments))
        }
        return found.sorted { $0.pid < $1.pid }
    }

    /// Whether a command line runs the service: `…/tactile serve …` or `…/tactiled …`.
    ///
    /// ```swift
    /// DoctorProcesses.isService(["/usr/libexec/tactile/tactiled", "--quiet"])   // true
    /// DoctorProcesses.isService(["tactile", "check"])                           // false
    /// ```
    static func isService(_ arguments: [String]) -> Bool {
        switch arguments.first?.split(separator: "/").last {
        case "tactiled": true
        case "tactile": arguments.count >= 2 && arguments[1] == "serve"
        default: false
        }
    }
}
