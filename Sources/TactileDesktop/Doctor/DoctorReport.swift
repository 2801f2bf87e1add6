// What `tactile doctor` found: its checks in order, and whether any keeps the service from running.
import TactileService

/// What `tactile doctor` found: every check, in the order printed.
///
/// ```swift
/// let report = Doctor(system: .current(environment: ProcessInfo.processInfo.environment)).report()
/// for line in report.lines { print(line) }
/// exit(report.isBlocked ? 1 : 0)
/// ```
public struct DoctorReport: Encodable, Hashable, Sendable {
    /// The checks, in order.
    public var checks: [DoctorCheck]

    /// A report of these checks.
    public init(checks: [DoctorCheck]) {
        self.checks = checks
    }

    /// Whether some check found what keeps the service from running (or
    /// from doing anything): `tactile doctor` then exits with status 1.
    public var isBlocked: Bool { checks.contains { $0.status == .problem } }

    /// The check named `name`, if the report has one.
    ///
    /// ```swift
    /// report.check(named: "uinput")?.status   // .ok
    /// ```
    public func check(named name: String) -> DoctorCheck? { checks.first { $0.name == name } }

    /// Every check's lines, then one line saying whether anything blocks the service.
    public var lines: [String] {
        let problems = checks.filter { $0.status == .problem }.map(\.name)
        let verdict = problems.isEmpty
            ? "nothing found that keeps tactile serve from running"
            : "\(problems.count) problem\(problems.count == 1 ? "" : "s") to fix: " + problems.joined(separator: ", ")
        return checks.flatMap(\.lines) + ["", verdict]
    }

    private enum CodingKeys: String, CodingKey {
        case ok, checks
    }

    /// `{"checks": [...], "ok": true}`: `ok` is false when something blocks the service.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(!isBlocked, forKey: .ok)
        try container.encode(checks, forKey: .checks)
    }
}
