// The strict JSON scanner under the Tactile JSON reader: tokens, errors with line, column and path, and the limits.
import Tactile

/// A strict JSON reader over a ``JSONCursor``: values of the header as
/// ``JSONNode`` trees (depth, string length, value count and header size
/// bounded by ``RecordingReader/Limits``), and the errors with file, line,
/// column and path.
struct JSONScanner {
    var cursor: JSONCursor
    let file: String
    let limits: RecordingReader.Limits
    /// The keys and indices leading to the value being parsed.
    var pathStack: [PathComponent] = []
    /// Values parsed so far, against ``RecordingReader/Limits/maximumHeaderValues``.
    var valueCount = 0
    var scratch: [UInt8] = []

    enum PathComponent {
        case key(String)
        case index(Int)
    }

    init(cursor: JSONCursor, file: String, limits: RecordingReader.Limits) {
        self.cursor = cursor
        self.file = file
        var limits = limits
        // Nesting is parsed by recursion: keep it far from the end of any thread's stack.
        limits.maximumDepth = min(max(limits.maximumDepth, 1), RecordingReader.Limits.deepestNesting)
        self.limits = limits
    }

    var currentPath: String {
        var path = ""
        for component in pathStack {
            switch component {
            case .key(let key): path = JSONPath.key(path, key)
            case .index(let index): path = JSONPath.index(path, index)
            }
        }
        return path
    }

    // MARK: Errors

    /// An error at `position` (the cursor's by default); a read error met on
    /// the way takes precedence, since it is the real cause.
    func failure(_ problem: RecordingError.Problem, _ message: String, at position: JSONPosition? = nil, path: String? = nil) -> RecordingError {
        if let readFailure = cursor.readFailure { return readFailure }
        let where_ = position ?? cursor.here
        return RecordingError(
            file: file, line: where_.line, column: where_.column, path: path.flatMap { $0.isEmpty ? nil : $0 },
            problem: problem, message: message)
    }

    /// The error for finding something other than `expected` at the cursor:
    /// the end of the file (truncated), bytes that are not text, NaN or
    /// infinity, or a JSON token in the wrong place. Consumes what it describes.
    mutating func unexpected(_ expected: String, path: String?) -> RecordingError {
        let position = cursor.here
        if cursor.isAtEnd {
            return failure(.truncated, "expected \(expected), found the end of the file (the file is cut short)", at: position, path: path)
        }
        let token = readToken()
        switch token {
        case .notText(let description):
            return failure(.notText, "expected \(expected), found \(description), which is not JSON text", at: position, path: path)
        case .nonFinite(let word):
            return failure(.invalidNumber, "expected \(expected), found \(word); JSON numbers cannot be NaN or infinite", at: position, path: path)
        case .token(let description):
            return failure(.syntax, "expected \(expected), found \(description)", at: position, path: path)
        }
    }

    /// ``unexpected(_:path:)`` where another kind of JSON value may stand
    /// instead of `expected`: when the byte at the cursor starts one of
    /// `otherValues`, what would be a syntax error is a
    /// ``RecordingError/Problem/wrongType`` one (a string where a number
    /// belongs is a value of the wrong type, not broken JSON). The one place
    /// that decides between the two.
    mutating func unexpected(_ expected: String, path: String?, otherValues: JSONValueStarts) -> RecordingError {
        let startsOtherValue = otherValues.contains(byte: cursor.peek())
        let error = unexpected(expected, path: path)
        guard startsOtherValue, error.problem == .syntax else { return error }
        return error.with(problem: .wrongType)
    }

    static let nonFiniteWords: Set<String> = ["nan", "infinity", "inf", "-infinity", "-inf", "-nan", "+nan", "+inf", "+infinity"]

    enum Token {
        /// A JSON token or text character, described.
        case token(String)
        /// `NaN`, `Infinity` and the like.
        case nonFinite(String)
        /// A byte that is not text (a control character, not UTF-8).
        case notText(String)
    }

    /// Letters, digits, signs and dots at the cursor (at most 40), consumed.
    mutating func readWord() -> String {
        var bytes: [UInt8] = []
        while bytes.count < 40 {
            let byte = cursor.peek()
            let isWordByte = (0x61...0x7a).contains(byte) || (0x41...0x5a).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            guard isWordByte, !cursor.isAtEnd else { break }
            bytes.append(byte)
            cursor.position += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The token at the cursor, consumed as far as needed to describe it
    /// (the cursor only moves forward: a chunked file cannot step back).
    mutating func readToken() -> Token {
        let byte = cursor.peek()
        if cursor.isAtEnd { return .token("the end of the file") }
        if byte == 0x7F || (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) {
            return .notText("byte \(TextFormat.byte(byte))")
        }
        switch byte {
        case UInt8(ascii: "{"): return .token("an object (`{`)")
        case UInt8(ascii: "["): return .token("an array (`[`)")
        case UInt8(ascii: "\""):
            var bytes: [UInt8] = []
            cursor.position += 1
            while bytes.count < 41 {
                let next = cursor.peek()
                if cursor.isAtEnd || next == UInt8(ascii: "\"") || next < 0x20 { break }
                bytes.append(next)
                cursor.position += 1
            }
            let text = String(decoding: bytes, as: UTF8.self)
            return .token("a string (\(JSONPath.excerpt(text, quoted: true)))")
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            let word = readWord()
            if Self.nonFiniteWords.contains(word.lowercased()) { return .nonFinite(word) }
            return .token("`" + word + "`")
        case 0x20...0x7E:
            return .token("`" + String(UnicodeScalar(byte)) + "`")
        default:
            // Outside strings even real UTF-8 is a syntax error, but a readable one.
            let length: Int
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return .notText("byte \(TextFormat.byte(byte))")
            }
            var bytes: [UInt8] = [byte]
            cursor.position += 1
            for _ in 1..<length {
                let next = cursor.peek()
                guard !cursor.isAtEnd, (0x80...0xBF).contains(next) else { return .notText("byte \(TextFormat.byte(byte))") }
                bytes.append(next)
                cursor.position += 1
            }
            guard let text = String(validating: bytes, as: UTF8.self) else { return .notText("byte \(TextFormat.byte(byte))") }
            return .token("`" + text + "`")
        }
    }

    /// The token at the cursor in a few words, consumed.
    mutating func describeToken() -> String {
        switch readToken() {
        case .token(let text), .nonFinite(let text), .notText(let text): return text
        }
    }

    // MARK: Tokens

    /// Skips whitespace, then consumes `byte` or fails naming `expected`
    /// (built only then) and, with `atCurrentPath`, the path of the value
    /// being read.
    mutating func expect(_ byte: UInt8, _ expected: @autoclosure () -> String, atCurrentPath: Bool) throws(RecordingError) {
        guard skip(byte) else { throw unexpected(expected(), path: atCurrentPath ? currentPath : nil) }
    }

    /// Skips whitespace, then consumes `byte` if it comes next: whether it did.
    mutating func skip(_ byte: UInt8) -> Bool {
        skipSpace()
        guard cursor.peek() == byte, !cursor.isAtEnd else { return false }
        cursor.position += 1
        return true
    }

    /// Skips whitespace, but not beyond the header's limit (so that a
    /// header of endless spaces fails at the limit instead of being read whole).
    mutating func skipSpace() {
        cursor.skipWhitespace(stoppingAfter: limits.maximumHeaderSize)
    }

    /// Fails when the header has grown beyond its limit.
    func checkHeaderSize(path: @autoclosure () -> String?) throws(RecordingError) {
        if cursor.offset > limits.maximumHeaderSize {
            throw failure(
                .tooLarge, "expected the header (everything before \"events\") to fit in \(limits.maximumHeaderSize) bytes, found more",
                path: path())
        }
    }

    /// Runs `body` with `key` pushed on the path (for top-level members).
    mutating func withKey<T>(_ key: String, _ body: (inout JSONScanner) throws(RecordingError) -> T) throws(RecordingError) -> T {
        pathStack.append(.key(key))
        defer { pathStack.removeLast() }
        return try body(&self)
    }
}
