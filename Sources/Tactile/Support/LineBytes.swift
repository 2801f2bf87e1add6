// Appending the parts of a printed line (numbers, quoted names, escaped text) straight to a byte buffer.

/// Builders of printed lines as UTF-8 bytes in a buffer the caller reuses:
/// what `ActionRecord.jsonLine`, the readable line and the CLI's line output
/// are made of, without a `String` per part (package access: a speed detail).
/// Each produces exactly the bytes of its `String` counterpart
/// (``FixedDecimal/format(_:places:)``, ``JSONText/quote(_:)``,
/// ``TextFormat/visible(_:escapingBackslash:)``).
package enum LineBytes {
    /// The line `write` appends to an empty buffer with room for `capacity` bytes, as a `String`.
    package static func line(capacity: Int, _ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity)
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text`'s UTF-8 bytes as they are.
    package static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` in decimal.
    package static func append(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            appendDigits(value.magnitude, minimumDigits: 1, to: &bytes)
        } else {
            appendDigits(UInt(value), minimumDigits: 1, to: &bytes)
        }
    }

    /// Appends the decimal digits of `value`, zero-padded to `minimumDigits`.
    package static func appendDigits(_ value: UInt, minimumDigits: Int, to bytes: inout [UInt8]) {
        // At most 20 digits in a UInt64.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { digits in
            var end = digits.count
            var rest = value
            repeat {
                end -= 1
                digits[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0 && end > 0
            while digits.count - end < minimumDigits && end > 0 {
                end -= 1
                digits[end] = UInt8(ascii: "0")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: digits[end...]))
        }
    }

    /// Appends ``FixedDecimal/format(_:places:)`` of `value`.
    package static func appendFixed(_ value: Double, places: Int, to bytes: inout [UInt8]) {
        guard let (negative, units, places) = FixedDecimal.units(of: value, places: places) else {
            bytes.append(contentsOf: FixedDecimal.format(value, places: places).utf8)
            return
        }
        // Written backwards into a scratch, then appended once: at most a
        // sign, 16 digits (units < 9e15) and a point.
        var scratch: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { digits in
            var end = digits.count
            var rest = units
            for _ in 0..<places {
                end -= 1
                digits[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            if places > 0 {
                end -= 1
                digits[end] = UInt8(ascii: ".")
            }
            repeat {
                end -= 1
                digits[end] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            if negative {
                end -= 1
                digits[end] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: digits[end...]))
        }
    }

    /// Appends ``JSONText/quote(_:)`` of `text`: plain printable ASCII
    /// without `"` or `\` (every name in practice) is copied as it is.
    package static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        let copied: Bool = text.withUTF8 { utf8 in
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if !copied { bytes.append(contentsOf: JSONText.quote(text).utf8) }
    }

    /// Appends ``TextFormat/visible(_:escapingBackslash:)`` of `text`: plain
    /// printable ASCII is copied as it is.
    package static func appendVisible(_ text: String, escapingBackslash: Bool = true, to bytes: inout [UInt8]) {
        var text = text
        let copied: Bool = text.withUTF8 { utf8 in
            guard !TextFormat.needsEscaping(utf8, escapingBackslash: escapingBackslash) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !copied { bytes.append(contentsOf: TextFormat.visible(text, escapingBackslash: escapingBackslash).utf8) }
    }
}
