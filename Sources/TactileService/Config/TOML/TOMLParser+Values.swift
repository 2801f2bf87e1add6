// The TOML parser's values: arrays, inline tables, booleans, numbers (and the refusal of dates).
import Tactile

extension TOMLParser {
    /// A value at nesting `depth` (a top-level key's value is 1).
    mutating func parseValue(depth: Int) throws(TOMLError) -> TOMLValue {
        let location = cursor.location
        guard let scalar = cursor.current, !cursor.atNewline else {
            throw TOMLError("expected a value, found \(found)", at: location)
        }
        switch scalar {
        case "\"", "'":
            let text = try parseString(quote: scalar, multiline: cursor.looksAt(TOMLParser.tripled(scalar)))
            return TOMLValue(.string(text), at: location)
        case "[":
            if depth > TOMLParser.maximumDepth { throw nestingError(at: location) }
            return try parseArray(depth: depth)
        case "{":
            if depth > TOMLParser.maximumDepth { throw nestingError(at: location) }
            return try parseInlineTable(depth: depth)
        default:
            guard TOMLParser.isTokenScalar(scalar) else {
                throw TOMLError("expected a value, found \(found)", at: location)
            }
            var token: [UInt8] = []
            while let next = cursor.current, TOMLParser.isTokenScalar(next) {
                token.append(UInt8(truncatingIfNeeded: next.value))
                cursor.advance()
            }
            switch TOMLNumber.parse(token) {
            case .success(let kind): return TOMLValue(kind, at: location)
            case .failure(let error): throw TOMLError(error.message, at: location)
            }
        }
    }

    /// Scalars of a bare value: numbers, booleans, and words written without quotes by mistake.
    static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-", "+", ".", ":": true
        default: false
        }
    }

    /// `[1, 2, 3]`, over lines if need be, with comments and a trailing comma.
    mutating func parseArray(depth: Int) throws(TOMLError) -> TOMLValue {
        let location = cursor.location
        cursor.advance()
        var elements: [TOMLValue] = []
        while true {
            try skipArraySpace()
            if cursor.current == "]" {
                cursor.advance()
                return TOMLValue(.array(elements), at: location)
            }
            if cursor.isAtEnd { throw unclosed("array", opened: location) }
            if cursor.current == "," {
                throw TOMLError("expected a value in the array, found \",\"", at: cursor.location)
            }
            elements.append(try parseValue(depth: depth + 1))
            try skipArraySpace()
            switch cursor.current {
            case ",": cursor.advance()
            case "]":
                cursor.advance()
                return TOMLValue(.array(elements), at: location)
            case nil: throw unclosed("array", opened: location)
            default: throw TOMLError("expected \",\" or \"]\" in the array, found \(found)", at: cursor.location)
            }
        }
    }

    /// Whitespace, newlines and comments between an array's elements.
    private mutating func skipArraySpace() throws(TOMLError) {
        while true {
            cursor.skipWhitespace()
            if cursor.current == "#" {
                try cursor.skipComment()
            } else if cursor.atNewline {
                cursor.skipNewline()
            } else {
                return
            }
        }
    }

    /// `{ a = 1, b.c = "x" }`, on one line, without a trailing comma (TOML 1.0).
    mutating func parseInlineTable(depth: Int) throws(TOMLError) -> TOMLValue {
        let location = cursor.location
        cursor.advance()
        let node = TOMLTableNode(origin: .inline, location: location, depth: depth)
        cursor.skipWhitespace()
        if cursor.current == "}" {
            cursor.advance()
            return TOMLValue(.table(node.build()), at: location)
        }
        while true {
            cursor.skipWhitespace()
            if cursor.isAtEnd || cursor.atNewline { throw unclosedInline(opened: location) }
            if cursor.current == "}" {
                throw TOMLError("a trailing comma is not allowed in an inline table", at: cursor.location)
            }
            try parseKeyValue(into: node)
            cursor.skipWhitespace()
            switch cursor.current {
            case ",": cursor.advance()
            case "}":
                cursor.advance()
                return TOMLValue(.table(node.build()), at: location)
            case nil: throw unclosedInline(opened: location)
            default:
                if cursor.atNewline { throw unclosedInline(opened: location) }
                throw TOMLError("expected \",\" or \"}\" in the inline table, found \(found)", at: cursor.location)
            }
        }
    }

    private func unclosedInline(opened location: SourceLocation) -> TOMLError {
        TOMLError("the inline table is not closed on its line (an inline table is written on one line; use a [table] for more)", at: location)
    }

    func unclosed(_ what: String, opened location: SourceLocation) -> TOMLError {
        TOMLError("unterminated \(what): the end of the file came before its end", at: location)
    }
}
