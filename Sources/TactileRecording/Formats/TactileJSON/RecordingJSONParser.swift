import Tactile

/// A JSON value of a recording's header, with where it starts in the file.
struct JSONNode {
    enum Value {
        case null
        case bool(Bool)
        /// The number's text as written (already checked against JSON's grammar).
        case number(String, isInteger: Bool)
        case string(String)
        case array([JSONNode])
        /// Members in the order of the file; keys are unique.
        case object([JSONMember])
    }

    var value: Value
    var position: JSONPosition

    /// The value in a few words, for "found …" in messages.
    var found: String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text, _): return JSONPath.excerpt(text, quoted: false)
        case .string(let text): return "a string (\(JSONPath.excerpt(text, quoted: true)))"
        case .array(let elements): return elements.isEmpty ? "an empty array" : "an array"
        case .object(let members): return members.isEmpty ? "an empty object" : "an object"
        }
    }
}

/// One `"key": value` of an object.
struct JSONMember {
    var key: String
    var position: JSONPosition
    var node: JSONNode
}


/// JSON paths as messages show them: `device.axes[3].maximum`, `events[12][2]`.
enum JSONPath {
    static func key(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.utf8.allSatisfy { byte in
            (0x61...0x7a).contains(byte) || (0x41...0x5a).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x5f
        }
        if plain { return path.isEmpty ? key : path + "." + key }
        return path + "[" + JSONText.quote(key) + "]"
    }

    static func index(_ path: String, _ index: Int) -> String {
        path + "[\(index)]"
    }

    /// At most 40 characters of `text`, with an ellipsis when cut.
    static func excerpt(_ text: String, quoted: Bool) -> String {
        var cut = text
        if text.count > 40 { cut = String(text.prefix(40)) + "…" }
        return quoted ? "\"" + cut + "\"" : cut
    }
}

/// A strict JSON reader over a ``JSONCursor``: values of the header as
/// ``JSONNode`` trees (depth, string length, value count and header size
/// bounded by ``RecordingReader/Limits``), and the errors with file, line,
/// column and path.
struct RecordingJSONParser {
    var cursor: JSONCursor
    let file: String
    let limits: RecordingReader.Limits
    /// The keys and indices leading to the value being parsed.
    private var pathStack: [PathComponent] = []
    /// Values parsed so far, against ``RecordingReader/Limits/maximumHeaderValues``.
    private var valueCount = 0
    private var scratch: [UInt8] = []

    private enum PathComponent {
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

    static let nonFiniteWords: Set<String> = ["nan", "infinity", "inf", "-infinity", "-inf", "-nan", "+nan", "+inf", "+infinity"]

    enum Token {
        /// A JSON token or text character, described.
        case token(String)
        /// `NaN`, `Infinity` and the like.
        case nonFinite(String)
        /// A byte that is not text (a control character, not UTF-8).
        case notText(String)
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return "0x" + (digits.count < 2 ? "0" : "") + digits
    }

    /// Letters, digits, signs and dots at the cursor (at most 40), consumed.
    private mutating func readWord() -> String {
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
            return .notText("byte \(Self.hex(byte))")
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
            default: return .notText("byte \(Self.hex(byte))")
            }
            var bytes: [UInt8] = [byte]
            cursor.position += 1
            for _ in 1..<length {
                let next = cursor.peek()
                guard !cursor.isAtEnd, (0x80...0xBF).contains(next) else { return .notText("byte \(Self.hex(byte))") }
                bytes.append(next)
                cursor.position += 1
            }
            guard let text = String(validating: bytes, as: UTF8.self) else { return .notText("byte \(Self.hex(byte))") }
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

    /// Skips whitespace, then consumes `byte` or fails naming `expected`.
    mutating func expect(_ byte: UInt8, _ expected: String, path: String?) throws(RecordingError) {
        skipSpace()
        guard cursor.peek() == byte, !cursor.isAtEnd else { throw unexpected(expected, path: path) }
        cursor.position += 1
    }

    /// Skips whitespace, but not beyond the header's limit (so that a
    /// header of endless spaces fails at the limit instead of being read whole).
    mutating func skipSpace() {
        cursor.skipWhitespace(stoppingAfter: limits.maximumHeaderSize)
    }

    /// Fails when the header has grown beyond its limit.
    func checkHeaderSize(path: String?) throws(RecordingError) {
        if cursor.offset > limits.maximumHeaderSize {
            throw failure(
                .tooLarge, "expected the header (everything before \"events\") to fit in \(limits.maximumHeaderSize) bytes, found more",
                path: path)
        }
    }

    /// A string at the cursor (which is at its opening quote), at most `maximumLength` UTF-8 bytes.
    mutating func parseString(maximumLength: Int, what: String) throws(RecordingError) -> String {
        let start = cursor.here
        guard cursor.peek() == UInt8(ascii: "\""), !cursor.isAtEnd else { throw unexpected(what, path: currentPath) }
        cursor.position += 1
        scratch.removeAll(keepingCapacity: true)
        while true {
            let byte = cursor.peek()
            if byte == UInt8(ascii: "\"") {
                cursor.position += 1
                break
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape()
            } else if byte < 0x20 {
                if cursor.isAtEnd {
                    throw failure(.truncated, "expected the end of \(what) (`\"`), found the end of the file (the file is cut short)", path: currentPath)
                }
                throw failure(
                    .syntax, "expected \(what) without raw control characters (write a line break as \\n), found byte \(Self.hex(byte))",
                    path: currentPath)
            } else {
                scratch.append(byte)
                cursor.position += 1
            }
            if scratch.count > maximumLength {
                throw failure(.tooLarge, "expected \(what) of at most \(maximumLength) bytes, found a longer one", at: start, path: currentPath)
            }
        }
        guard let text = String(validating: scratch, as: UTF8.self) else {
            throw failure(.notText, "expected \(what) in UTF-8, found bytes that are not UTF-8", at: start, path: currentPath)
        }
        return text
    }

    private mutating func parseEscape() throws(RecordingError) {
        let start = cursor.here
        cursor.position += 1
        let byte = cursor.peek()
        if cursor.isAtEnd {
            throw failure(.truncated, "expected an escape after `\\`, found the end of the file (the file is cut short)", path: currentPath)
        }
        let known = [UInt8]("\"\\/bfnrtu".utf8)
        guard known.contains(byte) else {
            throw failure(.syntax, "expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX) after `\\`, found \(describeToken())", at: start, path: currentPath)
        }
        cursor.position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHexQuad(start: start)
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by `\u` and a low one.
                guard cursor.peek() == UInt8(ascii: "\\") else {
                    throw failure(.syntax, "expected a low surrogate `\\uDC00`…`\\uDFFF` after a high surrogate, found none", at: start, path: currentPath)
                }
                cursor.position += 1
                guard cursor.peek() == UInt8(ascii: "u") else {
                    throw failure(.syntax, "expected a low surrogate `\\uDC00`…`\\uDFFF` after a high surrogate, found none", at: start, path: currentPath)
                }
                cursor.position += 1
                let low = try parseHexQuad(start: start)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure(.syntax, "expected a low surrogate `\\uDC00`…`\\uDFFF` after a high surrogate, found `\\u\(String(low, radix: 16))`", at: start, path: currentPath)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw failure(.syntax, "expected a character escape, found a lone low surrogate `\\u\(String(scalar, radix: 16))`", at: start, path: currentPath)
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw failure(.syntax, "expected a character escape, found an invalid one", at: start, path: currentPath)
            }
            scratch.append(contentsOf: Array(String(unicode).utf8))
        default:
            break
        }
    }

    private mutating func parseHexQuad(start: JSONPosition) throws(RecordingError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = cursor.peek()
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default:
                if cursor.isAtEnd {
                    throw failure(.truncated, "expected four hexadecimal digits after `\\u`, found the end of the file (the file is cut short)", path: currentPath)
                }
                throw failure(.syntax, "expected four hexadecimal digits after `\\u`, found \(describeToken())", at: start, path: currentPath)
            }
            value = value << 4 | digit
            cursor.position += 1
        }
        return value
    }

    /// A number at the cursor, checked against JSON's grammar.
    private mutating func parseNumber(what: String) throws(RecordingError) -> JSONNode.Value {
        let start = cursor.here
        var bytes: [UInt8] = []
        var isInteger = true
        func take(_ parser: inout RecordingJSONParser, _ bytes: inout [UInt8]) throws(RecordingError) {
            bytes.append(parser.cursor.peek())
            parser.cursor.position += 1
            if bytes.count > 512 {
                throw parser.failure(.outOfRange, "expected \(what), found a number of more than 512 characters", at: start, path: parser.currentPath)
            }
        }
        func digits(_ parser: inout RecordingJSONParser, _ bytes: inout [UInt8], after: String) throws(RecordingError) {
            let byte = parser.cursor.peek()
            guard (0x30...0x39).contains(byte), !parser.cursor.isAtEnd else {
                let found = parser.cursor.isAtEnd ? "the end of the file" : parser.describeToken()
                throw parser.failure(
                    parser.cursor.isAtEnd ? .truncated : .invalidNumber,
                    "expected a digit after `\(after)` in \(what), found \(found)", path: parser.currentPath)
            }
            while (0x30...0x39).contains(parser.cursor.peek()), !parser.cursor.isAtEnd {
                try take(&parser, &bytes)
            }
        }
        if cursor.peek() == UInt8(ascii: "-") {
            try take(&self, &bytes)
            let next = cursor.peek()
            if next == UInt8(ascii: "I") || next == UInt8(ascii: "i") || next == UInt8(ascii: "N") || next == UInt8(ascii: "n") {
                let word = "-" + readWord()
                throw failure(.invalidNumber, "expected \(what), found \(word); JSON numbers cannot be NaN or infinite", at: start, path: currentPath)
            }
        }
        if cursor.peek() == UInt8(ascii: "0") {
            try take(&self, &bytes)
            if (0x30...0x39).contains(cursor.peek()), !cursor.isAtEnd {
                throw failure(.invalidNumber, "expected \(what), found a number with a leading zero (JSON does not allow `0\(UnicodeScalar(cursor.peek()))`)", at: start, path: currentPath)
            }
        } else {
            try digits(&self, &bytes, after: bytes.isEmpty ? "the start" : "-")
        }
        if cursor.peek() == UInt8(ascii: "."), !cursor.isAtEnd {
            isInteger = false
            try take(&self, &bytes)
            try digits(&self, &bytes, after: ".")
        }
        if cursor.peek() | 0x20 == UInt8(ascii: "e"), !cursor.isAtEnd {
            isInteger = false
            try take(&self, &bytes)
            if cursor.peek() == UInt8(ascii: "+") || cursor.peek() == UInt8(ascii: "-") { try take(&self, &bytes) }
            try digits(&self, &bytes, after: "e")
        }
        return .number(String(decoding: bytes, as: UTF8.self), isInteger: isInteger)
    }

    /// `true`, `false` or `null` at the cursor.
    private mutating func parseLiteral(what: String) throws(RecordingError) -> JSONNode.Value {
        let start = cursor.here
        let word = readWord()
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            if cursor.isAtEnd, !word.isEmpty, ["true", "false", "null"].contains(where: { $0.hasPrefix(word) }) {
                throw failure(.truncated, "expected \(what), found the end of the file after `\(word)` (the file is cut short)", at: start, path: currentPath)
            }
            if Self.nonFiniteWords.contains(word.lowercased()) {
                throw failure(.invalidNumber, "expected \(what), found \(word); JSON numbers cannot be NaN or infinite", at: start, path: currentPath)
            }
            throw failure(.syntax, "expected \(what), found `\(word)`", at: start, path: currentPath)
        }
    }

    // MARK: Values

    /// Any JSON value at the cursor (after whitespace), as a tree. `depth` is
    /// the nesting of the value itself (1 for a top-level member's value).
    mutating func parseValue(depth: Int, what: String) throws(RecordingError) -> JSONNode {
        skipSpace()
        try checkHeaderSize(path: currentPath)
        valueCount += 1
        if valueCount > limits.maximumHeaderValues {
            throw failure(.tooLarge, "expected at most \(limits.maximumHeaderValues) values in the header, found more", path: currentPath)
        }
        let start = cursor.here
        let byte = cursor.peek()
        if cursor.isAtEnd { throw unexpected(what, path: currentPath) }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth <= limits.maximumDepth else {
                throw failure(.tooLarge, "expected \(what) nested at most \(limits.maximumDepth) levels deep, found deeper nesting", path: currentPath)
            }
            return JSONNode(value: .object(try parseObjectMembers(depth: depth)), position: start)
        case UInt8(ascii: "["):
            guard depth <= limits.maximumDepth else {
                throw failure(.tooLarge, "expected \(what) nested at most \(limits.maximumDepth) levels deep, found deeper nesting", path: currentPath)
            }
            return JSONNode(value: .array(try parseArrayElements(depth: depth)), position: start)
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try parseString(maximumLength: limits.maximumStringLength, what: "a string")), position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: try parseNumber(what: what), position: start)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return JSONNode(value: try parseLiteral(what: what), position: start)
        default:
            throw unexpected(what, path: currentPath)
        }
    }

    private mutating func parseObjectMembers(depth: Int) throws(RecordingError) -> [JSONMember] {
        cursor.position += 1  // {
        var members: [JSONMember] = []
        var keys: Set<String> = []
        skipSpace()
        if cursor.peek() == UInt8(ascii: "}"), !cursor.isAtEnd {
            cursor.position += 1
            return members
        }
        while true {
            skipSpace()
            let keyPosition = cursor.here
            guard cursor.peek() == UInt8(ascii: "\""), !cursor.isAtEnd else {
                throw unexpected(members.isEmpty ? "a key (a string) or `}`" : "a key (a string) after `,`", path: currentPath)
            }
            let key = try parseString(maximumLength: limits.maximumKeyLength, what: "a key")
            guard keys.insert(key).inserted else {
                let first = members.first { $0.key == key }?.position
                let previous = first.map { " (first on line \($0.line), column \($0.column))" } ?? ""
                throw failure(.duplicateKey, "expected each key once in an object, found \"\(key)\" again\(previous)", at: keyPosition, path: JSONPath.key(currentPath, key))
            }
            try expect(UInt8(ascii: ":"), "`:` after the key \"\(key)\"", path: currentPath)
            pathStack.append(.key(key))
            let node = try parseValue(depth: depth + 1, what: "a value for \"\(key)\"")
            pathStack.removeLast()
            members.append(JSONMember(key: key, position: keyPosition, node: node))
            skipSpace()
            let next = cursor.peek()
            if next == UInt8(ascii: ","), !cursor.isAtEnd {
                cursor.position += 1
            } else if next == UInt8(ascii: "}"), !cursor.isAtEnd {
                cursor.position += 1
                return members
            } else {
                throw unexpected("`,` or `}` after the value of \"\(key)\"", path: currentPath)
            }
        }
    }

    private mutating func parseArrayElements(depth: Int) throws(RecordingError) -> [JSONNode] {
        cursor.position += 1  // [
        var elements: [JSONNode] = []
        skipSpace()
        if cursor.peek() == UInt8(ascii: "]"), !cursor.isAtEnd {
            cursor.position += 1
            return elements
        }
        while true {
            pathStack.append(.index(elements.count))
            skipSpace()
            if cursor.peek() == UInt8(ascii: "]"), !cursor.isAtEnd {
                throw failure(.syntax, "expected a value after `,`, found `]` (JSON allows no trailing comma)", path: currentPath)
            }
            let node = try parseValue(depth: depth + 1, what: "a value")
            pathStack.removeLast()
            elements.append(node)
            skipSpace()
            let next = cursor.peek()
            if next == UInt8(ascii: ","), !cursor.isAtEnd {
                cursor.position += 1
            } else if next == UInt8(ascii: "]"), !cursor.isAtEnd {
                cursor.position += 1
                return elements
            } else {
                throw unexpected("`,` or `]` after element \(elements.count - 1)", path: currentPath)
            }
        }
    }

    /// Runs `body` with `key` pushed on the path (for top-level members).
    mutating func withKey<T>(_ key: String, _ body: (inout RecordingJSONParser) throws(RecordingError) -> T) throws(RecordingError) -> T {
        pathStack.append(.key(key))
        defer { pathStack.removeLast() }
        return try body(&self)
    }
}
