// The fields of one evemu header or event line, with parsers whose errors name the file, line, field and form.
import Tactile

/// The whitespace-separated fields of one header or event line, after its
/// two-byte prefix and before any `#` comment, with parsers that name the
/// file, the line, the field and what was expected when they fail.
struct EvemuLineFields {
    /// The file name errors mention.
    let file: String
    /// The line the fields come from.
    let line: TextLine
    /// What the line should look like, for messages: "the event line `E: …`".
    let form: String
    /// The fields, in order.
    let tokens: [ArraySlice<UInt8>]

    init(file: String, line: TextLine, form: String) {
        self.file = file
        self.line = line
        self.form = form
        var content = line.afterPrefix
        if let hash = content.firstIndex(of: UInt8(ascii: "#")) {
            content = content[..<hash]
        }
        tokens = content.split(whereSeparator: TextLine.isSpace)
    }

    var count: Int { tokens.count }

    func error(_ problem: RecordingError.Problem, _ message: String) -> RecordingError {
        RecordingError(file: file, line: line.number, problem: problem, message: message)
    }

    /// Requires `names.count` fields, or between `minimum` and `names.count`
    /// when some trailing ones are optional; `names` describe each field.
    func require(_ names: [String], minimum: Int? = nil) throws(RecordingError) {
        let needed = minimum ?? names.count
        if tokens.count < needed {
            throw error(.missingField, "expected \(names[tokens.count]) in \(form), found end of line")
        }
        if tokens.count > names.count {
            let after = names.last.map { " after \($0)" } ?? ""
            throw error(.extraField, "expected end of line\(after) in \(form), found \(quoted(tokens[names.count]))")
        }
    }

    /// Field `index` as a hexadecimal number (an optional `0x` prefix allowed) no larger than `maximum`.
    func hex(_ index: Int, _ name: String, maximum: UInt64) throws(RecordingError) -> UInt64 {
        var digits = tokens[index]
        if digits.count > 2, digits.starts(with: [UInt8(ascii: "0"), UInt8(ascii: "x")]) {
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty else { throw invalid(index, name, "a hexadecimal number") }
        var value: UInt64 = 0
        var overflow = false
        for byte in digits {
            guard let digit = Self.hexDigit(byte) else { throw invalid(index, name, "a hexadecimal number") }
            if !overflow {
                let (shifted, o1) = value.multipliedReportingOverflow(by: 16)
                let (sum, o2) = shifted.addingReportingOverflow(UInt64(digit))
                overflow = o1 || o2
                value = sum
            }
        }
        guard !overflow, value <= maximum else {
            throw error(.outOfRange, "expected \(name) at most 0x\(String(maximum, radix: 16)) in \(form), found \(quoted(tokens[index]))")
        }
        return value
    }

    /// Field `index` as a decimal integer (optionally signed) within `range`.
    func decimal(_ index: Int, _ name: String, in range: ClosedRange<Int64>) throws(RecordingError) -> Int64 {
        guard let value = Self.decimalValue(tokens[index]) else {
            throw invalid(index, name, "a decimal integer")
        }
        guard let value, range.contains(value) else {
            throw error(.outOfRange, "expected \(name) in \(range.lowerBound)…\(range.upperBound) in \(form), found \(quoted(tokens[index]))")
        }
        return value
    }

    /// Field `index` as a 32-bit signed decimal integer.
    func int32(_ index: Int, _ name: String) throws(RecordingError) -> Int32 {
        Int32(truncatingIfNeeded: try decimal(index, name, in: Int64(Int32.min)...Int64(Int32.max)))
    }

    /// Field `index` as an evemu timestamp, `<seconds>.<microseconds>` with six digits of microseconds.
    func timestamp(_ index: Int, _ name: String) throws(RecordingError) -> (seconds: Int64, microseconds: Int32) {
        let token = tokens[index]
        let expected = "a timestamp <seconds>.<microseconds> with six digits after the point"
        guard let dot = token.firstIndex(of: UInt8(ascii: ".")) else { throw invalid(index, name, expected) }
        let fraction = token[(dot + 1)...]
        guard fraction.count == 6, fraction.allSatisfy(Self.isDigit) else { throw invalid(index, name, expected) }
        guard let parsed = Self.decimalValue(token[..<dot]) else { throw invalid(index, name, expected) }
        let range = RecordingLimits.secondsRange(for: .evemu)
        guard let seconds = parsed, range.contains(seconds) else {
            throw error(.outOfRange, "expected \(name) of \(range.lowerBound) to \(range.upperBound) seconds in \(form), found \(quoted(token))")
        }
        let micro = fraction.reduce(Int32(0)) { $0 * 10 + Int32($1 - UInt8(ascii: "0")) }
        return (seconds, micro)
    }

    private func invalid(_ index: Int, _ name: String, _ kind: String) -> RecordingError {
        error(.invalidNumber, "expected \(name) as \(kind) in \(form), found \(quoted(tokens[index]))")
    }

    /// A field as text for messages, quoted and shortened.
    func quoted(_ token: ArraySlice<UInt8>) -> String {
        TextFormat.excerpt(bytes: token)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// `nil` when the token is not a decimal integer; `.some(nil)` when it is
    /// one but does not fit in 64 bits.
    private static func decimalValue(_ token: ArraySlice<UInt8>) -> Int64?? {
        var digits = token
        var negative = false
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        var value: Int64 = 0
        for byte in digits {
            let digit = Int64(byte - UInt8(ascii: "0"))
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if o1 || o2 { return .some(nil) }
            value = sum
        }
        return .some(value)
    }
}
