// One line of `tactile doctor`: what was checked, how it stands, and the one thing to do about it.
import TactileService

/// How one of `tactile doctor`'s checks stands.
public enum DoctorStatus: String, Codable, Hashable, Sendable, CaseIterable {
    /// Works as the service needs it (`✓`).
    case ok
    /// Keeps the service from running, or from doing anything (`✗`).
    case problem
    /// Said for information: not checked here, or nothing the service needs (`–`).
    case note

    /// The mark a line starts with: `✓`, `✗` or `–`.
    ///
    /// ```swift
    /// DoctorStatus.problem.mark   // "✗"
    /// ```
    public var mark: String {
        switch self {
        case .ok: "✓"
        case .problem: "✗"
        case .note: "–"
        }
    }
}

/// One of `tactile doctor`'s checks: a name (`uinput`), how it stands, one
/// line of what was found, the details behind it and, when something is
/// wrong, the one thing to do.
///
/// ```swift
/// let check = DoctorCheck(name: "uinput", status: .problem,
///                         summary: "/dev/uinput is missing and the uinput module is not loaded",
///                         fix: "sudo modprobe uinput")
/// print(check.lines.joined(separator: "\n"))
/// // ✗ uinput: /dev/uinput is missing and the uinput module is not loaded
/// //     fix: sudo modprobe uinput
/// ```
public struct DoctorCheck: Codable, Hashable, Sendable {
    /// What was checked, a word or two (`touch devices`, `user unit`).
    public var name: String
    /// How it stands.
    public var status: DoctorStatus
    /// What was found, in one line.
    public var summary: String
    /// What the summary rests on, a line each (each device, each place looked in).
    public var details: [String]
    /// The one thing to do, when there is one.
    public var fix: String?

    /// A check; `details` and `fix` are optional.
    public init(name: String, status: DoctorStatus, summary: String, details: [String] = [], fix: String? = nil) {
        self.name = name
        self.status = status
        self.summary = summary
        self.details = details
        self.fix = fix
    }

    /// The check as printed: `✓ name: summary`, then the details and the
    /// fix indented under it.
    public var lines: [String] {
        [status.mark + " " + name + ": " + summary] + details.map { "    " + $0 } + (fix.map { ["    fix: " + $0] } ?? [])
    }
}
