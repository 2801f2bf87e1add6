// Why a recording could not be read or written: the kind of problem, the file, line, column, JSON path and message.
import Tactile

/// A recording that could not be read or written, with where and why.
///
/// The ``description`` reads like a compiler diagnostic,
/// `file:line: expected …, found …`, so the CLI can print it as it is.
///
/// ```swift
/// do {
///     _ = try Recording(contentsOf: "broken.json")
/// } catch {
///     print(error)   // broken.json:12:7: events[3][2]: expected a number, found "x"
/// }
/// ```
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
        /// The file ends before the recording does.
        case truncated
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
        /// A key where it cannot be (anything after `events`, `format` not first).
        case misplacedField
        /// Something other than whitespace after the end of the recording.
        case trailingData
        /// The file, a string, a list or the nesting goes beyond the reader's limits.
        case tooLarge
        /// A value the format cannot hold (NaN or infinity in a header number), when writing.
        case notRepresentable
        /// The destination exists and overwriting was not asked for.
        case exists
    }

    /// The file (or the name given to parsed text) the problem is in.
    public var file: String
    /// The 1-based line number, or `nil` for a problem with the whole file.
    public var line: Int?
    /// The 1-based column (counted in bytes) on ``line``, or `nil` when the format has no columns.
    public var column: Int?
    /// Where in a JSON recording the problem is (`events[1234][2]`, `device.axes[3].maximum`), or `nil`.
    public var path: String?
    /// The kind of problem.
    public var problem: Problem
    /// What was expected and what was found, in words.
    public var message: String

    public init(file: String, line: Int?, problem: Problem, message: String) {
        self.init(file: file, line: line, column: nil, path: nil, problem: problem, message: message)
    }

    /// An error at a line and column, and at a JSON path.
    public init(file: String, line: Int?, column: Int?, path: String?, problem: Problem, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.problem = problem
        self.message = message
    }

    /// `file:line:column: message (at path)`; the column, the line and the
    /// path are left out when unknown: `file:line: message`, `file: message`.
    ///
    /// Safe to print on a terminal: control characters in the file's name are
    /// escaped (`a\x1b]0;x\x07.json`, see `TextFormat.visible`), and any left
    /// in the message or the path too (readers quote what they found already
    /// escaped, so their escapes are kept as they are).
    public var description: String {
        var text = TextFormat.visible(file)
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        text += ": " + TextFormat.visible(message, escapingBackslash: false)
        if let path, !path.isEmpty { text += " (at \(TextFormat.visible(path, escapingBackslash: false)))" }
        return text
    }
}

extension RecordingError {
    /// The same error as another kind of problem (the message, file and place kept).
    func with(problem: Problem) -> RecordingError {
        var error = self
        error.problem = problem
        return error
    }
}
