// One line of a reMarkable record, parsed: the time to the microsecond and each slot's fields in a fixed order.
import Foundation
import Tactile

/// One line of a reMarkable record: its time and, per slot, the tracking id and the values that changed.
struct RemarkableFrame {
    var seconds: Int64
    var microseconds: Int32
    /// Slots in ascending order with their fields.
    var slots: [(Int, Fields)]

    struct Fields {
        var trackingID: Int32?
        /// Values in a fixed order: position, pressure, then the others by code.
        var values: [(UInt16, Int32)]
    }

    static let form = "a record line `[<unix time>, {\"<slot>\": {\"id\": …, \"x\": …}}]`"

    init(_ text: String, file: String, line: Int, slotCount: Int) throws(RecordingError) {
        func fail(_ problem: RecordingError.Problem, _ message: String) -> RecordingError {
            RecordingError(file: file, line: line, problem: problem, message: message)
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [])
        } catch {
            throw fail(.syntax, "expected \(Self.form) in JSON, found text that is not JSON: \(Self.quoted(text))")
        }
        guard let array = json as? [Any] else {
            throw fail(.wrongType, "expected \(Self.form), found a JSON value that is not an array")
        }
        guard array.count == 2 else {
            throw fail(array.count < 2 ? .missingField : .extraField, "expected \(Self.form) with two elements, found \(array.count)")
        }
        guard let time = Self.timestamp(in: text) else {
            throw fail(.invalidNumber, "expected the Unix time as a number `<seconds>.<fraction>` first in \(Self.form), found \(Self.quoted(text))")
        }
        if let problem = RecordingLimits.secondsProblem(time.0, format: .remarkable) {
            throw fail(.outOfRange, "\(problem) as the Unix time first in \(Self.form)")
        }
        (seconds, microseconds) = time
        guard let slotObject = array[1] as? [String: Any] else {
            throw fail(.wrongType, "expected an object of slots `{\"<slot>\": {…}}` as the second element of \(Self.form)")
        }
        var slots: [(Int, Fields)] = []
        for (key, value) in slotObject {
            guard let slot = Int(key), slot >= 0, String(slot) == key else {
                throw fail(.invalidValue, "expected slot numbers as keys (\"0\", \"1\", …) in \(Self.form), found \"\(key)\"")
            }
            guard slot < slotCount else {
                throw fail(.outOfRange, "expected slots below \(slotCount), found slot \(slot)")
            }
            guard let object = value as? [String: Any] else {
                throw fail(.wrongType, "expected an object of fields for slot \(slot), found something else")
            }
            var fields = Fields(trackingID: nil, values: [])
            for (name, raw) in object {
                guard let number = Self.integer(raw) else {
                    throw fail(.wrongType, "expected an integer for \"\(name)\" of slot \(slot), found \(Self.describe(raw))")
                }
                if name == "id" {
                    guard number >= -1, number <= Int64(Int32.max) else {
                        throw fail(.outOfRange, "expected \"id\" of slot \(slot) to be -1 or a tracking id up to \(Int32.max), found \(number)")
                    }
                    fields.trackingID = Int32(number)
                    continue
                }
                guard let code = RemarkableRecordReader.code(ofField: name) else {
                    throw fail(.unknownField, "expected a field id, x, y, pressure, orientation, touch_major, touch_minor (or another ABS_MT_ axis in lower case) for slot \(slot), found \"\(name)\"")
                }
                guard let value = Int32(exactly: number) else {
                    throw fail(.outOfRange, "expected \"\(name)\" of slot \(slot) to fit 32 bits, found \(number)")
                }
                fields.values.append((code, value))
            }
            fields.values.sort { Self.rank($0.0) < Self.rank($1.0) }
            slots.append((slot, fields))
        }
        self.slots = slots.sorted { $0.0 < $1.0 }
    }

    /// Position first, then pressure, then the other axes by code.
    private static func rank(_ code: UInt16) -> Int {
        switch code {
        case AbsCode.mtPositionX: return 0
        case AbsCode.mtPositionY: return 1
        case AbsCode.mtPressure: return 2
        default: return 3 + Int(code)
        }
    }

    /// The first element as written: `<seconds>[.<fraction>]`, rounded to
    /// the microsecond without going through a `Double`.
    private static func timestamp(in text: String) -> (Int64, Int32)? {
        guard let open = text.firstIndex(of: "[") else { return nil }
        let rest = text[text.index(after: open)...].drop { $0 == " " || $0 == "\t" }
        let token = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 15, let seconds = Int64(parts[0]) else { return nil }
        guard parts.count == 2 else { return (seconds, 0) }
        let digits = parts[1]
        guard !digits.isEmpty, digits.count <= 18, let fraction = Int64(digits) else { return nil }
        // Scale the fraction to microseconds, rounding half up.
        var micro = fraction
        if digits.count < 6 {
            for _ in digits.count..<6 { micro *= 10 }
        } else if digits.count > 6 {
            var divisor: Int64 = 1
            for _ in 6..<digits.count { divisor *= 10 }
            micro = (fraction + divisor / 2) / divisor
        }
        guard micro == 1_000_000 else { return (seconds, Int32(micro)) }
        return (seconds + 1, 0)
    }

    private static func integer(_ raw: Any) -> Int64? {
        guard let number = raw as? NSNumber, !isBoolean(number) else { return nil }
        let double = number.doubleValue
        guard double.rounded() == double, abs(double) < 9.0e15 else { return nil }
        return number.int64Value
    }

    /// JSON's `true` and `false` come as numbers of C type `char`; numbers never do.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    private static func describe(_ raw: Any) -> String {
        switch raw {
        case let number as NSNumber: return isBoolean(number) ? "a boolean" : "\(number)"
        case let string as String: return "the string \"\(string.prefix(20))\""
        case is NSNull: return "null"
        case is [Any]: return "an array"
        default: return "an object"
        }
    }

    private static func quoted(_ text: String) -> String {
        TextFormat.excerpt(text)
    }
}
