// One event line of a getevent trace, split into its fields; names are resolved only for the device kept.
import Foundation
import Tactile

/// An event line split into its fields; names are resolved later, only
/// for the device that is kept.
struct GeteventLine {
    var number: Int
    var seconds: Int64
    var microseconds: Int32
    var device: String?
    var type: Substring
    var code: Substring
    var value: Substring

    static let form = "a getevent line `[ <sec>.<usec>] [/dev/input/eventN:] EV_<TYPE> <CODE> <value>`"

    init(_ text: String, number: Int, file: String) throws(RecordingError) {
        self.number = number
        func fail(_ problem: RecordingError.Problem, _ message: String) -> RecordingError {
            RecordingError(file: file, line: number, problem: problem, message: message)
        }
        var rest = Substring(text).drop { $0 == " " || $0 == "\t" }
        guard rest.first == "[" else {
            throw fail(.missingField, "expected a timestamp `[ <sec>.<usec>]` at the start of \(Self.form) (record with `getevent -lt`), found \(Self.quoted(rest))")
        }
        guard let close = rest.firstIndex(of: "]") else {
            throw fail(.missingField, "expected `]` after the timestamp in \(Self.form), found end of line")
        }
        let stamp = rest[rest.index(after: rest.startIndex)..<close].trimmingCharacters(in: .whitespaces)
        guard let time = Self.timestamp(stamp) else {
            throw fail(.invalidNumber, "expected the timestamp as <seconds>.<microseconds> (up to six digits after the point) in \(Self.form), found \(Self.quoted(Substring(stamp)))")
        }
        if let problem = RecordingLimits.secondsProblem(time.0, format: .getevent) {
            throw fail(.outOfRange, "\(problem) in the timestamp of \(Self.form)")
        }
        (seconds, microseconds) = time
        rest = rest[rest.index(after: close)...]
        var fields = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if let first = fields.first, first.hasSuffix(":") {
            device = String(first.dropLast())
            fields.removeFirst()
        } else {
            device = nil
        }
        let names = ["the event type", "the event code", "the event value"]
        guard fields.count >= 3 else {
            throw fail(.missingField, "expected \(names[fields.count]) in \(Self.form), found end of line")
        }
        guard fields.count == 3 else {
            throw fail(.extraField, "expected end of line after the event value in \(Self.form), found \(Self.quoted(fields[3]))")
        }
        type = fields[0]
        code = fields[1]
        value = fields[2]
    }

    /// Whether the line carries an `ABS_MT_*` event, judged from its text.
    var isMultitouch: Bool {
        if code.hasPrefix("ABS_MT_") { return true }
        guard type == "EV_ABS" || type == "0003", let value = UInt16(code, radix: 16) else { return false }
        return value >= AbsCode.mtSlot && value <= AbsCode.mtToolY
    }

    func event(file: String) throws(RecordingError) -> InputEvent {
        func fail(_ problem: RecordingError.Problem, _ message: String) -> RecordingError {
            RecordingError(file: file, line: number, problem: problem, message: message)
        }
        let eventType: EventType
        if let named = EventCodeNames.type(named: String(type)) {
            eventType = named
        } else if let raw = Self.hex(type, digits: 4), raw <= UInt32(EventType.max.rawValue) {
            eventType = EventType(rawValue: UInt16(raw))
        } else {
            throw fail(.invalidValue, "expected the event type as a name such as EV_ABS or as four hex digits in \(Self.form), found \(quoted(type))")
        }
        let eventCode: UInt16
        if let named = EventCodeNames.code(named: String(code), type: eventType) {
            eventCode = named
        } else if let raw = Self.hex(code, digits: 4) {
            eventCode = UInt16(raw)
        } else {
            throw fail(.invalidValue, "expected the event code as a name of \(EventCodeNames.name(of: eventType)) or as four hex digits in \(Self.form), found \(quoted(code))")
        }
        let eventValue: Int32
        switch value {
        case "DOWN" where eventType == .key: eventValue = 1
        case "UP" where eventType == .key: eventValue = 0
        case "REPEAT" where eventType == .key: eventValue = 2
        default:
            guard let raw = Self.hex(value, digits: 8) else {
                let keys = eventType == .key ? " (or DOWN, UP, REPEAT)" : ""
                throw fail(.invalidNumber, "expected the event value as up to eight hex digits\(keys) in \(Self.form), found \(quoted(value))")
            }
            eventValue = Int32(bitPattern: raw)
        }
        return InputEvent(seconds: seconds, microseconds: microseconds, type: eventType, code: eventCode, value: eventValue)
    }

    /// Up to `digits` hexadecimal digits.
    private static func hex(_ text: Substring, digits: Int) -> UInt32? {
        guard !text.isEmpty, text.count <= digits, text.allSatisfy(\.isHexDigit) else { return nil }
        return UInt32(text, radix: 16)
    }

    /// `<seconds>.<fraction>` with one to six digits of fraction, exactly.
    private static func timestamp(_ text: String) -> (Int64, Int32)? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 15, parts[0].allSatisfy(\.isASCIIDigit),
              (1...6).contains(parts[1].count), parts[1].allSatisfy(\.isASCIIDigit),
              let seconds = Int64(parts[0]), let fraction = Int32(parts[1])
        else { return nil }
        var micro = fraction
        for _ in parts[1].count..<6 { micro *= 10 }
        return (seconds, micro)
    }

    private func quoted(_ text: Substring) -> String { Self.quoted(text) }

    static func quoted(_ text: Substring) -> String {
        TextFormat.excerpt(text)
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
