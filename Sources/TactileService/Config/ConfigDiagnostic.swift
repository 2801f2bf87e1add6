// What loading a gestures.toml reports: errors and warnings at file:line:column, and the result.
import Tactile

/// An error or warning about a config, at the place it concerns.
///
/// ```swift
/// let result = ConfigLoader.parse("[[gesture]]\nrecognizer = \"pinchh\"\n", file: "gestures.toml")
/// print(result.diagnostics[0])
/// // gestures.toml:2:14: error: unknown recognizer "pinchh" (did you mean "pinch"?)
/// ```
public struct ConfigDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How bad a problem is.
    public enum Severity: String, Hashable, Sendable {
        /// The config is not used.
        case error
        /// Something is ignored (an unknown key); the config is still used.
        case warning
    }

    /// An error (the config is refused) or a warning.
    public var severity: Severity
    /// Where the problem is, `file:line:column`.
    public var location: SourceLocation
    /// What is wrong, with any text from the file already escaped for a terminal.
    public var message: String

    /// `gestures.toml:12:5: error: …`, as compilers print it (the path escaped for a terminal too).
    public var description: String {
        "\(TextFormat.visible(location.file)):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }

    /// An error at `location`: the config is refused.
    package static func error(_ message: String, at location: SourceLocation) -> ConfigDiagnostic {
        ConfigDiagnostic(severity: .error, location: location, message: message)
    }
}

/// A config and what was found wrong with it.
///
/// ```swift
/// let result = ConfigLoader.load(path: "/etc/tactile/gestures.toml")
/// result.diagnostics.forEach { print($0) }
/// guard let config = result.config else { exit(1) }
/// ```
public struct ConfigLoadResult: Sendable {
    /// The config; nil when any diagnostic is an error.
    public var config: GestureConfig?
    /// Errors and warnings, in the order of the file.
    public var diagnostics: [ConfigDiagnostic]

    /// A result: the config (`nil` when there are errors) and every diagnostic.
    public init(config: GestureConfig?, diagnostics: [ConfigDiagnostic]) {
        self.config = config
        self.diagnostics = diagnostics
    }

    /// The diagnostics that are errors.
    public var errors: [ConfigDiagnostic] { diagnostics.filter { $0.severity == .error } }
    /// The diagnostics that are warnings.
    public var warnings: [ConfigDiagnostic] { diagnostics.filter { $0.severity == .warning } }
}
