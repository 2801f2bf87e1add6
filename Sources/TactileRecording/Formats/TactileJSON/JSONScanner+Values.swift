// The scanner's values as trees: numbers checked against JSON's grammar, literals, objects and arrays within the limits.

extension JSONScanner {
    /// A number at the cursor, checked against JSON's grammar.
    private mutating func parseNumber(what: @autoclosure () -> String) throws(RecordingError) -> JSONNode.Value {
        let start = cursor.here
        var bytes: [UInt8] = []
        var isInteger = true
        func take(_ parser: inout JSONScanner, _ bytes: inout [UInt8]) throws(RecordingError) {
            bytes.append(parser.cursor.peek())
            parser.cursor.position += 1
            if bytes.count > 512 {
                throw parser.failure(.outOfRange, "expected \(what()), found a number of more than 512 characters", at: start, path: parser.currentPath)
            }
        }
        func digits(_ parser: inout JSONScanner, _ bytes: inout [UInt8], after: String) throws(RecordingError) {
            let byte = parser.cursor.peek()
            guard (0x30...0x39).contains(byte), !parser.cursor.isAtEnd else {
                let found = parser.cursor.isAtEnd ? "the end of the file" : parser.describeToken()
                throw parser.failure(
                    parser.cursor.isAtEnd ? .truncated : .invalidNumber,
                    "expected a digit after `\(after)` in \(what()), found \(found)", path: parser.currentPath)
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
                throw failure(.invalidNumber, "expected \(what()), found \(word); JSON numbers cannot be NaN or infinite", at: start, path: currentPath)
            }
        }
        if cursor.peek() == UInt8(ascii: "0") {
            try take(&self, &bytes)
            if (0x30...0x39).contains(cursor.peek()), !cursor.isAtEnd {
                throw failure(.invalidNumber, "expected \(what()), found a number with a leading zero (JSON does not allow `0\(UnicodeScalar(cursor.peek()))`)", at: start, path: currentPath)
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
    private mutating func parseLiteral(what: @autoclosure () -> String) throws(RecordingError) -> JSONNode.Value {
        let start = cursor.here
        let word = readWord()
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            if cursor.isAtEnd, !word.isEmpty, ["true", "false", "null"].contains(where: { $0.hasPrefix(word) }) {
                throw failure(.truncated, "expected \(what()), found the end of the file after `\(word)` (the file is cut short)", at: start, path: currentPath)
            }
            if Self.nonFiniteWords.contains(word.lowercased()) {
                throw failure(.invalidNumber, "expected \(what()), found \(word); JSON numbers cannot be NaN or infinite", at: start, path: currentPath)
            }
            throw failure(.syntax, "expected \(what()), found `\(word)`", at: start, path: currentPath)
        }
    }

    // MARK: Values

    /// Any JSON value at the cursor (after whitespace), as a tree. `depth` is
    /// the nesting of the value itself (1 for a top-level member's value).
    mutating func parseValue(depth: Int, what: @autoclosure () -> String) throws(RecordingError) -> JSONNode {
        skipSpace()
        try checkHeaderSize(path: currentPath)
        valueCount += 1
        if valueCount > limits.maximumHeaderValues {
            throw failure(.tooLarge, "expected at most \(limits.maximumHeaderValues) values in the header, found more", path: currentPath)
        }
        let start = cursor.here
        let byte = cursor.peek()
        if cursor.isAtEnd { throw unexpected(what(), path: currentPath) }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth <= limits.maximumDepth else {
                throw failure(.tooLarge, "expected \(what()) nested at most \(limits.maximumDepth) levels deep, found deeper nesting", path: currentPath)
            }
            return JSONNode(value: .object(try parseObjectMembers(depth: depth)), position: start)
        case UInt8(ascii: "["):
            guard depth <= limits.maximumDepth else {
                throw failure(.tooLarge, "expected \(what()) nested at most \(limits.maximumDepth) levels deep, found deeper nesting", path: currentPath)
            }
            return JSONNode(value: .array(try parseArrayElements(depth: depth)), position: start)
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try parseString(maximumLength: limits.maximumStringLength, what: "a string")), position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: try parseNumber(what: what()), position: start)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return JSONNode(value: try parseLiteral(what: what()), position: start)
        default:
            throw unexpected(what(), path: currentPath)
        }
    }

    private mutating func parseObjectMembers(depth: Int) throws(RecordingError) -> [JSONNode.Member] {
        cursor.position += 1  // {
        var members: [JSONNode.Member] = []
        var keys: Set<String> = []
        if skip(UInt8(ascii: "}")) { return members }
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
            try expect(UInt8(ascii: ":"), "`:` after the key \"\(key)\"", atCurrentPath: true)
            pathStack.append(.key(key))
            let node = try parseValue(depth: depth + 1, what: "a value for \"\(key)\"")
            pathStack.removeLast()
            members.append(JSONNode.Member(key: key, position: keyPosition, node: node))
            if skip(UInt8(ascii: ",")) { continue }
            if skip(UInt8(ascii: "}")) { return members }
            throw unexpected("`,` or `}` after the value of \"\(key)\"", path: currentPath)
        }
    }

    private mutating func parseArrayElements(depth: Int) throws(RecordingError) -> [JSONNode] {
        cursor.position += 1  // [
        var elements: [JSONNode] = []
        if skip(UInt8(ascii: "]")) { return elements }
        while true {
            pathStack.append(.index(elements.count))
            skipSpace()
            if cursor.peek() == UInt8(ascii: "]"), !cursor.isAtEnd {
                throw failure(.syntax, "expected a value after `,`, found `]` (JSON allows no trailing comma)", path: currentPath)
            }
            let node = try parseValue(depth: depth + 1, what: "a value")
            pathStack.removeLast()
            elements.append(node)
            if skip(UInt8(ascii: ",")) { continue }
            if skip(UInt8(ascii: "]")) { return elements }
            throw unexpected("`,` or `]` after element \(elements.count - 1)", path: currentPath)
        }
    }
}
