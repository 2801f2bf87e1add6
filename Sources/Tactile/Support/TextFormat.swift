// The small text helpers the engine, every format and the CLI share: padded and hexadecimal numbers, bytes in hex, excerpts for messages.

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
    /// cut, in double quotes unless `quoted` is false: what a message shows of what it found.
    package static func excerpt<S: StringProtocol>(_ text: S, quoted: Bool = true) -> String {
        var cut = String(text)
        if text.count > excerptLength { cut = String(text.prefix(excerptLength)) + "…" }
        return quoted ? "\"" + cut + "\"" : cut
    }

    /// ``excerpt(_:quoted:)`` of bytes that may not be text: at most
    /// ``excerptLength`` bytes, decoded with replacement characters.
    package static func excerpt(bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(excerptLength), as: UTF8.self)
        return "\"" + text + (bytes.count > excerptLength ? "…" : "") + "\""
    }
}
