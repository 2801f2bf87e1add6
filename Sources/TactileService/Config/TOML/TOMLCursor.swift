// The TOML parser's cursor: the document's Unicode scalars, with the line and column of each.
import Tactile

/// Reads a document scalar by scalar, knowing the 1-based line and column
/// (in Unicode scalars) of the next one. Only moves forward.
struct TOMLCursor {
    let scalars: [Unicode.Scalar]
    let file: String
    private(set) var index = 0
    private(set) var line = 1
    private var lineStart = 0

    init(_ text: String, file: String) {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        self.scalars = scalars
        self.file = file
    }

    var isAtEnd: Bool { index >= scalars.count }
    /// The next scalar, if any.
    var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    /// The scalar `offset` after the next one, if any.
    func peek(_ offset: Int) -> Unicode.Scalar? {
        let position = index + offset
        return position >= 0 && position < scalars.count ? scalars[position] : nil
    }

    /// Where the next scalar is.
    var location: SourceLocation { SourceLocation(file: file, line: line, column: index - lineStart + 1) }

    mutating func advance() {
        guard index < scalars.count else { return }
        if scalars[index] == "\n" {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    mutating func advance(by count: Int) {
        for _ in 0..<count { advance() }
    }

    /// Whether the next scalars are `text`.
    func looksAt(_ text: String) -> Bool {
        var offset = 0
        for scalar in text.unicodeScalars {
            guard peek(offset) == scalar else { return false }
            offset += 1
        }
        return true
    }

    /// Skips spaces and tabs.
    mutating func skipWhitespace() {
        while let scalar = current, scalar == " " || scalar == "\t" { advance() }
    }

    /// Whether the next scalars are a newline (`\n` or `\r\n`).
    var atNewline: Bool { current == "\n" || (current == "\r" && peek(1) == "\n") }

    /// Skips a newline, if there is one.
    mutating func skipNewline() {
        if current == "\r" && peek(1) == "\n" { advance(by: 2) } else if current == "\n" { advance() }
    }

    /// Skips a comment to (not past) the end of its line, refusing control characters in it.
    mutating func skipComment() throws(TOMLError) {
        guard current == "#" else { return }
        advance()
        while let scalar = current, !atNewline {
            if TOMLCursor.isControl(scalar) {
                throw TOMLError("\(TOMLCursor.name(scalar)) in a comment", at: location)
            }
            advance()
        }
    }

    /// Control characters TOML refuses outside strings' escapes (tab excepted).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }

    /// A scalar named for a message: `"x"`, or `control character U+0001`.
    static func name(_ scalar: Unicode.Scalar) -> String {
        if isControl(scalar) || scalar == "\t" {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "control character U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "\"" + TextFormat.visible(String(scalar)) + "\""
    }
}
