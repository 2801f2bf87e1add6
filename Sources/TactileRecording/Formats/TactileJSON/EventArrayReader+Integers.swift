// The one integer parser of an event's fields (the general path; the fast path takes the same digits and declines the rest).
import Tactile

extension EventArrayReader {
    /// The most digits an event field takes without an overflow check: 18
    /// decimal digits always fit an `Int64`.
    static let uncheckedDigits = 18

    /// Decimal digits at `base[q..<end]`, added to `magnitude` (wrapping: at
    /// most ``uncheckedDigits`` of them are exact); returns how many there were.
    /// The digit loop of the fast path (`fastField`); the general path below
    /// reads the same digits across chunk boundaries.
    @inline(__always)
    static func scanDigits(_ base: UnsafePointer<UInt8>, _ q: inout Int, _ end: Int, into magnitude: inout UInt64) -> Int {
        let first = q
        while q < end {
            let digit = base[q] &- 0x30
            guard digit < 10 else { break }
            magnitude = magnitude &* 10 &+ UInt64(digit)
            q &+= 1
        }
        return q &- first
    }

    /// Field `field` of an event at the cursor: an optional `-`, then decimal
    /// digits without a leading zero, without a fraction or exponent, that fit
    /// an `Int64` (the range of each field is checked by the caller). The
    /// first ``uncheckedDigits`` digits are added as they come; any beyond are
    /// checked for overflow, and kept (up to 40) for the message.
    @inline(__always)
    mutating func integer(field: Int) throws(RecordingError) -> Int64 {
        var byte = scanner.cursor.peek()
        let negative = byte == UInt8(ascii: "-")
        if negative {
            scanner.cursor.position &+= 1
            byte = scanner.cursor.peek()
        }
        guard byte &- 0x30 < 10 else { throw integerError(field: field, negative: negative, digits: "") }
        var magnitude: UInt64 = 0
        var count = 0
        if byte == UInt8(ascii: "0") {
            scanner.cursor.position &+= 1
            count = 1
            if scanner.cursor.peek() &- 0x30 < 10 {
                throw scanner.failure(
                    .invalidNumber, "expected the event's \(Self.fieldNames[field]) as a decimal integer, found a number with a leading zero (JSON does not allow it)",
                    path: fieldPath(field))
            }
        }
        // Beyond the unchecked digits: the first 40 as written, and whether they overflowed.
        var longText = ""
        var overflow = false
        while true {
            let digit = scanner.cursor.peek() &- 0x30
            if digit >= 10 { break }
            scanner.cursor.position &+= 1
            count &+= 1
            if count <= Self.uncheckedDigits {
                magnitude = magnitude &* 10 &+ UInt64(digit)
                continue
            }
            if longText.isEmpty { longText = String(magnitude) }
            if longText.count < 40 { longText.append(Character(UnicodeScalar(digit + 0x30))) }
            let (product, multiplyOverflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, addOverflow) = product.addingReportingOverflow(UInt64(digit))
            overflow = overflow || multiplyOverflow || addOverflow
            magnitude = sum
        }
        let next = scanner.cursor.peek()
        if next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") {
            throw integerError(field: field, negative: negative, digits: longText.isEmpty ? String(magnitude) : longText)
        }
        guard count > Self.uncheckedDigits else {
            let signed = Int64(bitPattern: magnitude)
            return negative ? 0 &- signed : signed
        }
        let limit = negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
        guard !overflow, magnitude <= limit else {
            throw scanner.failure(
                .outOfRange,
                "expected the event's \(Self.fieldNames[field]) as an integer that fits 64 bits, found \(negative ? "-" : "")\(longText)\(longText.count >= 40 ? "…" : "")",
                at: eventStart, path: fieldPath(field))
        }
        return negative ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(magnitude)
    }
}
