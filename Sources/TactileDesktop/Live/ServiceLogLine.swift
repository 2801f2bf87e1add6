// A line of the gesture service's log, typed with how much it matters where it is made.
import TactileService

/// A line of the gesture service's log (``GestureService/log``), with how
/// much it matters: `tactile serve --quiet` logs only the problems.
public struct ServiceLogLine: Hashable, Sendable {
    /// How much a line of the log matters.
    public enum Severity: Hashable, Sendable {
        /// What the service does and finds: a device taken or gone, the
        /// config read, the pointer mapped, the focus followed.
        case note
        /// Something refused, failed or out of reach: a config refused, a
        /// device that cannot be opened or grabbed, a program that could not
        /// start, a desktop that cannot be asked.
        case problem
    }

    /// How much the line matters.
    public var severity: Severity
    /// The line itself, without the command's prefix.
    public var text: String

    /// A line saying what the service does or finds.
    public static func note(_ text: String) -> ServiceLogLine { ServiceLogLine(severity: .note, text: text) }

    /// A line saying something was refused, failed or is out of reach.
    public static func problem(_ text: String) -> ServiceLogLine { ServiceLogLine(severity: .problem, text: text) }

    /// The line said of `subject` (a device's node, already escaped): `subject: text`, as much as it mattered.
    func about(_ subject: String) -> ServiceLogLine { ServiceLogLine(severity: severity, text: subject + ": " + text) }
}

extension ServiceLogLine {
    /// A config's diagnostic, indented by `indent`: an error is a problem, a warning a note.
    init(diagnostic: ConfigDiagnostic, indent: String = "") {
        self.init(severity: diagnostic.severity == .error ? .problem : .note, text: indent + diagnostic.description)
    }
}

/// Something that gathers lines for the service's log between the service's
/// looks (a route followed, a pointer mapped) and hands each over once.
///
/// ```swift
/// for line in mapper.collectLines() { log(line) }
/// mapper.collect()   // [] until something new is said
/// ```
package protocol ServiceLogSource {
    /// The lines since the last call, each with its severity.
    func collectLines() -> [ServiceLogLine]
}

extension ServiceLogSource {
    /// The lines since the last call, as text.
    package func collect() -> [String] {
        collectLines().map(\.text)
    }
}
