// The event-array reader's errors: what stands where a field, a separator or an event should, in words.
import Tactile

extension EventArrayReader {
    /// What stands where the `,` after field `field` of an event should.
    @inline(never)
    mutating func separatorError(after field: Int) -> RecordingError {
        let path = JSONPath.index("events", eventCount)
        if scanner.cursor.peek() == UInt8(ascii: "]") {
            return scanner.failure(
                .missingField, "expected five fields in an event [sec, usec, type, code, value], found \(field + 1): the \(Self.fieldNames[field + 1]) is missing",
                path: path)
        }
        return scanner.unexpected("`,` after the event's \(Self.fieldNames[field])", path: path)
    }

    /// Whatever stands where an integer should: a fraction, a string, NaN, the end of the file…
    @inline(never)
    mutating func integerError(field: Int, negative: Bool, digits: String) -> RecordingError {
        let expected = "the event's \(Self.fieldNames[field]) (an integer)"
        if !digits.isEmpty {
            var text = (negative ? "-" : "") + digits
            while text.count < 40 {
                let byte = scanner.cursor.peek()
                guard (0x30...0x39).contains(byte) || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                else { break }
                text.append(Character(UnicodeScalar(byte)))
                scanner.cursor.position += 1
            }
            return scanner.failure(.invalidNumber, "expected \(expected), found \(text), which has a fraction or exponent", at: eventStart, path: fieldPath(field))
        }
        if negative {
            return scanner.unexpected("a digit after `-` in \(expected)", path: fieldPath(field))
        }
        return scanner.unexpected(expected, path: fieldPath(field), otherValues: [.string, .object, .array, .literal])
    }

    /// The error for an event with a field outside its range.
    @inline(never)
    func rangeError(_ seconds: Int64, _ microseconds: Int64, _ type: Int64, _ code: Int64, _ value: Int64) -> RecordingError {
        let (field, found, range): (Int, Int64, String)
        if seconds < 0 {
            (field, found, range) = (0, seconds, "from 0 to \(Self.maximumSeconds) (times cannot be negative)")
        } else if seconds > Self.maximumSeconds {
            (field, found, range) = (0, seconds, "from 0 to \(Self.maximumSeconds)")
        } else if microseconds < 0 || microseconds >= 1_000_000 {
            (field, found, range) = (1, microseconds, "from 0 to 999999")
        } else if type < 0 || type > 0xFFFF {
            (field, found, range) = (2, type, "from 0 to 65535")
        } else if code < 0 || code > 0xFFFF {
            (field, found, range) = (3, code, "from 0 to 65535")
        } else {
            (field, found, range) = (4, value, "from \(Int32.min) to \(Int32.max)")
        }
        return scanner.failure(.outOfRange, "expected the event's \(Self.fieldNames[field]) \(range), found \(found)", at: eventStart, path: fieldPath(field))
    }

    /// What stands where an event (or its `[`) should; another kind of JSON value is a wrong type.
    @inline(never)
    mutating func eventShapeError(_ expected: String, path: String) -> RecordingError {
        scanner.unexpected(expected, path: path, otherValues: [.string, .object, .number, .negativeNumber, .literal])
    }

    /// Where the event being parsed starts.
    var eventStart: JSONPosition {
        JSONPosition(line: eventLine, column: eventOffset - eventLineStart + 1, offset: eventOffset)
    }

    /// `events[i][field]` of the event being parsed.
    func fieldPath(_ field: Int) -> String {
        "events[\(eventCount)][\(field)]"
    }
}
