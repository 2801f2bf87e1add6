// Trimming and replacing in the desktops' text, with the standard library alone (no Foundation, no regex engine).
/// Text helpers for what desktops and the system answer: the few that
/// Foundation's `String` extensions would give, written on the standard
/// library so the service's binary links neither Foundation nor the regex
/// engine (`docs/performance.md`).
///
/// ```swift
/// PlainText.trimmed("  Position: 0,0 ")                       // "Position: 0,0"
/// PlainText.replacing("$mod", with: "Mod4", in: "$mod+Left")  // "Mod4+Left"
/// PlainText.contains("current", in: "1920x1080 px (current)")  // true
/// PlainText.wrappedWords("a few words", width: 7)             // ["a few", "words"]
/// PlainText.filled(["a,", "b"], width: 9, lead: "items: ")     // ["items: a,", "b"]
/// ```
package enum PlainText {
    /// `text` without white space (spaces, tabs, new lines) at either end.
    package static func trimmed<Text: StringProtocol>(_ text: Text) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }

    /// `text` with every occurrence of `target` (not empty), left to right and
    /// not overlapping, replaced by `replacement`.
    package static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        let needle = Array(target.utf8), haystack = Array(text.utf8)
        guard !needle.isEmpty else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(haystack.count)
        var index = 0
        while index < haystack.count {
            if haystack[index] == needle[0], haystack[index...].starts(with: needle) {
                result += replacement.utf8
                index += needle.count
            } else {
                result.append(haystack[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `text` broken at spaces into lines of at most `width` characters (a
    /// longer word stays whole, on a line of its own): ``filled(_:width:lead:indent:)`` of its words.
    package static func wrappedWords(_ text: String, width: Int) -> [String] {
        filled(text.split(separator: " "), width: width)
    }

    /// `pieces` filled into lines of at most `width` characters, one space
    /// between two pieces on a line: the first line begins with `lead`, each
    /// line after it with `indent`. A piece too long for a line stays whole,
    /// on a line of its own; a line is never broken before its first piece.
    ///
    /// ```swift
    /// PlainText.filled(["[--a]", "[--bb]", "[--c]"], width: 16, lead: "Usage: x ", indent: "         ")
    /// // ["Usage: x [--a]", "         [--bb]", "         [--c]"]
    /// ```
    package static func filled<Piece: StringProtocol>(_ pieces: [Piece], width: Int, lead: String = "", indent: String = "") -> [String] {
        var lines: [String] = []
        var current = lead, holdsPiece = false
        for piece in pieces {
            if holdsPiece, current.count + 1 + piece.count > width {
                lines.append(current)
                (current, holdsPiece) = (indent, false)
            }
            current += (holdsPiece ? " " : "") + piece
            holdsPiece = true
        }
        if holdsPiece || !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Whether `target` occurs in `text` (byte for byte: no Unicode folding).
    package static func contains<Text: StringProtocol>(_ target: String, in text: Text) -> Bool {
        let needle = Array(target.utf8), haystack = Array(text.utf8)
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0...].starts(with: needle) }
    }
}
