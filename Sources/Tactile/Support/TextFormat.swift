// The small text helpers the engine, every format and the CLI share: padded and hexadecimal numbers, bytes in hex, excerpts for messages, text made safe to print.

/// How Tactile's modules (package access) spell numbers and quote what they found:
/// one place for the zero padding, the hexadecimal forms and the 40-character
/// excerpts that messages show.
package enum TextFormat {
    /// The longest excerpt of found text a message quotes, in characters.
    package static let excerptLength = 40

    /// `text` with `fill` before it up to `width` characters (unchanged when already that wide).
    package static func padded(_ text: String, toWidth width: Int, with fill: Character = "0") -> String {
        let count = text.count
        return count >= width ? text : String(repeating: fill, count: width - count) + text
    }

    /// `text` with spaces after it up to `width` characters (unchanged when already that wide).
    package static func leftAligned(_ text: String, toWidth width: Int) -> String {
        let count = text.count
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }

    /// `value` in decimal, zero-padded to at least `width` digits.
    package static func decimal<T: BinaryInteger>(_ value: T, width: Int) -> String {
        padded(String(value), toWidth: width)
    }

    /// `value` in hexadecimal without a prefix, zero-padded to at least `width` digits:
    /// `hex(0x1b1, width: 4)` is `01b1`.
    package static func hex<T: BinaryInteger>(_ value: T, width: Int = 1, uppercase: Bool = false) -> String {
        padded(String(value, radix: 16, uppercase: uppercase), toWidth: width)
    }

    /// A byte as messages name it: `0x0a`.
    package static func byte(_ byte: UInt8) -> String {
        "0x" + hex(byte, width: 2)
    }

    /// Bytes as upper-case hexadecimal pairs, `00FF…`, as umockdev's ioctl files hold them.
    package static func hexBytes(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF")
        var out = ""
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return out
    }

    /// At most ``excerptLength`` characters of `text`, with an ellipsis when
    /// cut, in double quotes unless `quoted` is false: what a message shows of
    /// what it found, made ``visible(_:escapingBackslash:)``.
    package static func excerpt<S: StringProtocol>(_ text: S, quoted: Bool = true) -> String {
        var cut = visible(text.prefix(excerptLength))
        if text.count > excerptLength { cut += "…" }
        return quoted ? "\"" + cut + "\"" : cut
    }

    /// ``excerpt(_:quoted:)`` of bytes that may not be text: at most
    /// ``excerptLength`` bytes, decoded with replacement characters, made
    /// ``visible(_:escapingBackslash:)``.
    package static func excerpt(bytes: ArraySlice<UInt8>) -> String {
        let text = visible(String(decoding: bytes.prefix(excerptLength), as: UTF8.self))
        return "\"" + text + (bytes.count > excerptLength ? "…" : "") + "\""
    }

    /// `text` safe to print on a terminal: every scalar that is not shown as
    /// itself is written as an escape anyone can read, so text from outside
    /// (a file name, a device name, a label, anything read from a recording
    /// or a device) can never move the cursor, set the window title, reorder
    /// what is shown or start a new line.
    ///
    /// The rule, per Unicode scalar (Python's `str.isprintable`): a scalar is
    /// escaped when its general category is a control (Cc: C0, DEL, C1), a
    /// format character (Cf: the bidirectional controls U+061C, U+200E,
    /// U+200F, U+202A–U+202E, U+2066–U+2069, zero-width characters), a line or
    /// paragraph separator (Zl, Zp: U+2028, U+2029), a surrogate (Cs), private
    /// use (Co) or unassigned (Cn). Line feed, carriage return and tab are
    /// written `\n`, `\r`, `\t`; other scalars below U+0080 `\x1b` (two
    /// hexadecimal digits); the rest `\u{9b}`, `\u{202e}` (as in a Swift
    /// literal). A backslash is written `\\`, so every escape is unambiguous.
    /// Everything else, accents, CJK and emoji included, stays as it is, and
    /// the result is valid UTF-8.
    ///
    /// ```swift
    /// TextFormat.visible("a\u{1B}]0;pwned\u{7}.json")   // a\x1b]0;pwned\x07.json
    /// TextFormat.visible("abc\u{202E}fdp.exe")          // abc\u{202e}fdp.exe
    /// TextFormat.visible(#"C:\dir"#)                     // C:\\dir
    /// ```
    ///
    /// With `escapingBackslash` false a backslash stays as it is: a last line of
    /// defence for text that may already hold escapes (a message composed with
    /// ``excerpt(_:quoted:)``), which then comes back unchanged, while any
    /// control character left in it is still escaped.
    package static func visible<S: StringProtocol>(_ text: S, escapingBackslash: Bool = true) -> String {
        // Plain printable ASCII (almost everything) comes back as it is.
        let plain = text.utf8.withContiguousStorageIfAvailable { !needsEscaping($0, escapingBackslash: escapingBackslash) }
            ?? !text.utf8.contains { $0 < 0x20 || $0 >= 0x7F || ($0 == UInt8(ascii: "\\") && escapingBackslash) }
        if plain { return String(text) }
        return replacing(text) { scalar in
            if scalar == "\\" { return escapingBackslash ? "\\\\" : nil }
            return isShown(scalar) ? nil : escape(scalar)
        }
    }

    /// `text` with every scalar that `replacement` returns a text for written
    /// as that text, and the others as they are: the one loop of every
    /// escaper (terminal text, JSON, shell, XML), each of which says only
    /// what it replaces.
    ///
    /// ```swift
    /// TextFormat.replacing("a<b") { $0 == "<" ? "&lt;" : nil }   // a&lt;b
    /// ```
    package static func replacing<S: StringProtocol>(_ text: S, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) { result += replaced } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// Whether UTF-8 `bytes` hold anything but printable ASCII (and, with
    /// `escapingBackslash`, a backslash): whether ``visible(_:escapingBackslash:)``
    /// may change them. A plain loop over the bytes, for the line builders.
    package static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>, escapingBackslash: Bool) -> Bool {
        for byte in bytes where byte < 0x20 || byte >= 0x7F || (byte == UInt8(ascii: "\\") && escapingBackslash) {
            return true
        }
        return false
    }

    /// Whether `scalar` is printed as itself by ``visible(_:escapingBackslash:)``
    /// (the backslash aside): not a control, format, separator, surrogate,
    /// private-use or unassigned scalar.
    package static func isShown(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value >= 0x20 && scalar.value != 0x7F }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return false
        default:
            return true
        }
    }

    /// The escape of one scalar that is not shown: `\n`, `\x1b`, `\u{202e}`.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            return scalar.value < 0x80 ? "\\x" + hex(scalar.value, width: 2) : "\\u{" + hex(scalar.value) + "}"
        }
    }
}
