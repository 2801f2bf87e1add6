// Why the gesture service could not start or go on.
import TactileService
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// Why the gesture service could not start or go on.
public enum ServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The config named could not be used; the diagnostics say where.
    case invalidConfig(path: String, diagnostics: [String])
    /// A virtual device could not be created.
    case output(OutputError)
    /// A system call failed.
    case system(operation: String, errno: Int32)

    /// What went wrong, in one line for the log.
    public var description: String {
        switch self {
        case .invalidConfig(let path, let diagnostics):
            return "\(TextFormat.visible(path)) is not a usable config:\n" + diagnostics.joined(separator: "\n")
        case .output(let error):
            return error.description
        case .system(let operation, let code):
            return "\(operation) failed: \(String(cString: strerror(code)))"
        }
    }
}
