/// A recording that could not be read or written, with where and why.
///
/// The ``description`` reads like a compiler diagnostic,
/// `file:line: expected …, found …`, so the CLI can print it as it is.
public struct RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem, for code that reacts to it; ``message`` has the details.
    public enum Problem: String, Hashable, Sendable, CaseIterable {
        /// The file could not be opened, read or written.
        case unreadable
        /// The line holds bytes that are not UTF-8 text.
        case notText
        /// The file holds nothing at all.
        case empty
        /// The device header (`N:` then `I:`) is missing or incomplete.
        case missingHeader
        /// A header line where it cannot be: after events, or a second device.
        case misplacedLine
        /// A line that starts with no known prefix.
        case unknownLine
        /// A line that ends before all its fields.
        case missingField
        /// A line with more fields than its kind allows.
        case extraField
        /// A field that is not a number of the expected form (hex, decimal, timestamp).
        case invalidNumber
        /// A number too large or too small for its field.
        case outOfRange
        /// Header lines that contradict each other (an announced axis without its `A:` line).
        case inconsistentHeader
        /// Text that is not JSON where JSON was expected (a stray character, a missing comma or colon).
        case syntax
        /// A JSON value of the wrong kind (a string where a number belongs, an object where an array does).
        case wrongType
        /// A value of the right kind that the field does not allow (an unknown device kind, a malformed date).
        case invalidValue
        /// The file is not a Tactile recording (its `format` is something else, or it is not a JSON object).
        case unknownFormat
        /// A recording format version this Tactile does not read (a newer one, or one that never existed).
        case unsupportedVersion
        /// An object names the same key twice.
        case duplicateKey
        /// An object holds a key the format does not define.
        case unknownField
    }

    /// The file (or the name given to parsed text) the problem is in.
    public var file: String
    /// The 1-based line number, or `nil` for a problem with the whole file.
    public var line: Int?
    /// The kind of problem.
    public var problem: Problem
    /// What was expected and what was found, in words.
    public var message: String

    public init(file: String, line: Int?, problem: Problem, message: String) {
        self.file = file
        self.line = line
        self.problem = problem
        self.message = message
    }

    /// `file:line: message`, or `file: message` without a line.
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
