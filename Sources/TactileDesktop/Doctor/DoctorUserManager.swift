// What the user's systemd says of tactile.service and graphical-session.target, or why it could not be asked.
import Tactile
import TactileService

/// What the user's systemd manager says (`systemctl --user show`) of
/// `tactile.service` and `graphical-session.target`, or why it could not be
/// asked: no `systemctl`, or no user bus (over ssh without a session, as
/// root, in a container).
///
/// ```swift
/// let manager = DoctorUserManager.query(system)
/// manager.service["ActiveState"]   // "inactive"
/// manager.isGraphicalSessionActive // false: sway never starts it
/// ```
package struct DoctorUserManager: Hashable, Sendable {
    /// Whether the manager could be asked.
    public enum Reach: Hashable, Sendable {
        /// It answered.
        case answered
        /// There is no `systemctl`.
        case noSystemctl
        /// `systemctl --user` failed; what it said.
        case unreachable(String)
    }

    /// Whether it answered.
    public var reach: Reach
    /// `tactile.service`'s properties (`LoadState`, `ActiveState`, `SubState`, `UnitFileState`, `MainPID`, `Result`).
    public var service: [String: String]
    /// `graphical-session.target`'s (`ActiveState`).
    public var graphicalSession: [String: String]

    /// A manager's answers.
    public init(reach: Reach, service: [String: String] = [:], graphicalSession: [String: String] = [:]) {
        self.reach = reach
        self.service = service
        self.graphicalSession = graphicalSession
    }

    /// The properties asked of `tactile.service`.
    public static let serviceProperties = ["LoadState", "ActiveState", "SubState", "UnitFileState", "MainPID", "Result"]

    /// Whether `graphical-session.target` is active; nil when the manager could not be asked.
    public var isGraphicalSessionActive: Bool? {
        guard reach == .answered else { return nil }
        return graphicalSession["ActiveState"] == "active"
    }

    /// Asks the user's manager through `systemctl --user show`.
    public static func query(_ system: DoctorSystem) -> DoctorUserManager {
        func show(_ unit: String, _ properties: [String]) -> Result<[String: String], DoctorUserManagerFailure> {
            guard let result = system.run(["systemctl", "--user", "--no-pager", "show", unit, "--property=" + properties.joined(separator: ",")]) else {
                return .failure(.noSystemctl)
            }
            let values = DoctorText.properties(result.output)
            guard result.status == 0, !values.isEmpty else {
                let said = result.errorOutput.split(separator: "\n").first.map { PlainText.trimmed($0) } ?? ""
                return .failure(.unreachable(said.isEmpty ? "systemctl --user exited with status \(result.status)" : said))
            }
            return .success(values)
        }
        switch (show(Doctor.unitName, serviceProperties), show("graphical-session.target", ["ActiveState"])) {
        case (.success(let service), .success(let target)):
            return DoctorUserManager(reach: .answered, service: service, graphicalSession: target)
        case (.failure(.noSystemctl), _):
            return DoctorUserManager(reach: .noSystemctl)
        case (.failure(.unreachable(let said)), _), (_, .failure(.unreachable(let said))):
            return DoctorUserManager(reach: .unreachable(said))
        case (_, .failure(.noSystemctl)):
            return DoctorUserManager(reach: .noSystemctl)
        }
    }
}

/// Why the manager could not be asked (inside `DoctorUserManager.query`).
enum DoctorUserManagerFailure: Error {
    case noSystemctl
    case unreachable(String)
}
