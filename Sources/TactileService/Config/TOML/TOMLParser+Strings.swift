// The TOML parser's strings: basic and literal, single- and multi-line, and escapes.
import Tactile

extension TOMLParser {
    /// A string opened by `quote`: `"…"` basic, with escapes, or `'…'`
    /// literal, as written; over several lines when `multiline` (`"""…"""`,
    /// where a backslash that ends a line joins it to the next, or `'''…'''`).
    mutating func parseString(quote: Unicode.Scalar, multiline: Bool) throws(TOMLError) -> String {
        let escapes = quote == "\""
        return multiline
            ? try parseMultilineString(quote: quote, escapes: escapes)
            : try parseSingleLineString(quote: quote, escapes: escapes)
    }

    /// The three quotes that open a multi-line string of `quote`.
    static func tripled(_ quote: Unicode.Scalar) -> String {
        String(repeating: String(Character(quote)), count: 3)
    }

    /// A string closed by `quote` on its line; with `escapes`, a basic one.
    private mutating func parseSingleLineString(quote: Unicode.Scalar, escapes: Bool) throws(TOMLError) -> String {
        let start = cursor.location
        cursor.advance()
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = cursor.current, !cursor.atNewline, scalar != "\n" else {
                let one = String(Character(quote)), three = Self.tripled(quote)
                throw TOMLError("unterminated string: a \(one)…\(one) string ends on its line (use \(three)…\(three) for several lines)",
                                at: start)
            }
            if scalar == quote {
                cursor.advance()
                return String(result)
            } else if escapes && scalar == "\\" {
                result.append(try parseEscape())
            } else {
                try refuseControl(scalar)
                result.append(scalar)
                cursor.advance()
            }
        }
    }

    /// A multi-line string closed by three `quote`s; with `escapes`, a basic one.
    private mutating func parseMultilineString(quote: Unicode.Scalar, escapes: Bool) throws(TOMLError) -> String {
        let start = cursor.location
        cursor.advance(by: 3)
        if cursor.atNewline { cursor.skipNewline() }
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = cursor.current else {
                throw TOMLError("unterminated multi-line string: no closing \(Self.tripled(quote))", at: start)
            }
            if scalar == quote {
                if try closesMultiline(quote: quote, into: &result) { return String(result) }
            } else if escapes && scalar == "\\" {
                var offset = 1
                while cursor.peek(offset) == " " || cursor.peek(offset) == "\t" { offset += 1 }
                if cursor.peek(offset) == "\n" || (cursor.peek(offset) == "\r" && cursor.peek(offset + 1) == "\n") {
                    cursor.advance(by: offset)
                    while cursor.current == " " || cursor.current == "\t" || cursor.atNewline {
                        if cursor.atNewline { cursor.skipNewline() } else { cursor.advance() }
                    }
                } else {
                    result.append(try parseEscape())
                }
            } else if cursor.atNewline {
                cursor.skipNewline()
                result.append("\n")
            } else {
                try refuseControl(scalar)
                result.append(scalar)
                cursor.advance()
            }
        }
    }

    /// At a run of quotes in a multi-line string: fewer than three are
    /// content; three to five close it, the extra ones being content.
    private mutating func closesMultiline(quote: Unicode.Scalar, into result: inout String.UnicodeScalarView) throws(TOMLError) -> Bool {
        var count = 0
        while cursor.peek(count) == quote { count += 1 }
        if count > 5 {
            cursor.advance(by: 5)
            throw TOMLError("too many quotes: a multi-line string ends with at most five", at: cursor.location)
        }
        let content = count < 3 ? count : count - 3
        for _ in 0..<content { result.append(quote) }
        cursor.advance(by: count)
        return count >= 3
    }

    /// A backslash escape in a basic string, from its backslash.
    mutating func parseEscape() throws(TOMLError) -> Unicode.Scalar {
        let location = cursor.location
        cursor.advance()
        guard let scalar = cursor.current, !cursor.atNewline else {
            throw TOMLError("a backslash must start an escape (\\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)", at: location)
        }
        cursor.advance()
        switch scalar {
        case "b": return "\u{8}"
        case "t": return "\t"
        case "n": return "\n"
        case "f": return "\u{C}"
        case "r": return "\r"
        case "\"": return "\""
        case "\\": return "\\"
        case "u": return try parseUnicodeEscape(digits: 4, at: location)
        case "U": return try parseUnicodeEscape(digits: 8, at: location)
        default:
            let shown = TOMLCursor.isControl(scalar) ? TOMLCursor.name(scalar) : "\"\\" + TextFormat.visible(String(scalar)) + "\""
            throw TOMLError("invalid escape \(shown) (valid: \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)", at: location)
        }
    }

    private mutating func parseUnicodeEscape(digits: Int, at location: SourceLocation) throws(TOMLError) -> Unicode.Scalar {
        let letter = digits == 4 ? "u" : "U"
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let scalar = cursor.current, let digit = TOMLParser.hexValue(scalar) else {
                throw TOMLError("\\\(letter) needs \(digits) hexadecimal digits", at: location)
            }
            value = value << 4 | digit
            cursor.advance()
        }
        guard let scalar = Unicode.Scalar(value) else {
            let hex = String(value, radix: 16, uppercase: true)
            throw TOMLError("\\\(letter)\(hex) is not a Unicode scalar value (surrogates and values above 10FFFF are not)", at: location)
        }
        return scalar
    }

    static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    private func refuseControl(_ scalar: Unicode.Scalar) throws(TOMLError) {
        if TOMLCursor.isControl(scalar) { throw controlInString(scalar, at: cursor.location) }
    }

    /// A control character in a string, at `place`.
    private func controlInString(_ scalar: Unicode.Scalar, at place: SourceLocation) -> TOMLError {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let escape = "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return TOMLError("\(TOMLCursor.name(scalar)) in a string (write it as \(escape))", at: place)
    }
}
