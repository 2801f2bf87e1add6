// The scanner's strings: escapes, surrogate pairs, UTF-8 checks and the length limit.
import Tactile

extension JSONScanner {
    /// A string at the cursor (which is at its opening quote), at most `maximumLength` UTF-8 bytes.
    mutating func parseString(maximumLength: Int, what: @autoclosure () -> String) throws(RecordingError) -> String {
        let start = cursor.here
        guard cursor.peek() == UInt8(ascii: "\""), !cursor.isAtEnd else { throw unexpected(what(), path: currentPath) }
        cursor.position += 1
        scratch.removeAll(keepingCapacity: true)
        while true {
            let byte = cursor.peek()
            if byte == UInt8(ascii: "\"") {
                cursor.position += 1
                break
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape()
            } else if byte < 0x20 {
                if cursor.isAtEnd {
                    throw failure(.truncated, "expected the end of \(what()) (`\"`), found the end of the file (the file is cut short)", path: currentPath)
                }
                throw failure(
                    .syntax, "expected \(what()) without raw control characters (write a line break as \\n), found byte \(TextFormat.byte(byte))",
                    path: currentPath)
            } else {
                scratch.append(byte)
                cursor.position += 1
            }
            if scratch.count > maximumLength {
                throw failure(.tooLarge, "expected \(what()) of at most \(maximumLength) bytes, found a longer one", at: start, path: currentPath)
            }
        }
        guard let text = String(validating: scratch, as: UTF8.self) else {
            throw failure(.notText, "expected \(what()) in UTF-8, found bytes that are not UTF-8", at: start, path: currentPath)
        }
        return text
    }

    private mutating func parseEscape() throws(RecordingError) {
        let start = cursor.here
        cursor.position += 1
        let byte = cursor.peek()
        if cursor.isAtEnd {
            throw failure(.truncated, "expected an escape after `\\`, found the end of the file (the file is cut short)", path: currentPath)
        }
        let known = [UInt8]("\"\\/bfnrtu".utf8)
        guard known.contains(byte) else {
            throw failure(.syntax, "expected an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX) after `\\`, found \(describeToken())", at: start, path: currentPath)
        }
        cursor.position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHexQuad(start: start)
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by `\u` and a low one.
                guard cursor.peek() == UInt8(ascii: "\\") else {
                    throw failure(.syntax, "expected a low surrogate `\\uDC00`…`\\uDFFF` after a high surrogate, found none", at: start, path: currentPath)
                }
                cursor.position += 1
                guard cursor.peek() == UInt8(ascii: "u") else {
                    throw failure(.syntax, "expected a low surrogate `\\uDC00`…`\\uDFFF` after a high surrogate, found none", at: start, path: currentPath)
                }
                cursor.position += 1
                let low = try parseHexQuad(start: start)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failure(.syntax, "expected a low surrogate `\\uDC00`…`\\uDFFF` after a high surrogate, found `\\u\(String(low, radix: 16))`", at: start, path: currentPath)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw failure(.syntax, "expected a character escape, found a lone low surrogate `\\u\(String(scalar, radix: 16))`", at: start, path: currentPath)
            }
            guard let unicode = Unicode.Scalar(scalar) else {
                throw failure(.syntax, "expected a character escape, found an invalid one", at: start, path: currentPath)
            }
            scratch.append(contentsOf: Array(String(unicode).utf8))
        default:
            break
        }
    }

    private mutating func parseHexQuad(start: JSONPosition) throws(RecordingError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = cursor.peek()
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default:
                if cursor.isAtEnd {
                    throw failure(.truncated, "expected four hexadecimal digits after `\\u`, found the end of the file (the file is cut short)", path: currentPath)
                }
                throw failure(.syntax, "expected four hexadecimal digits after `\\u`, found \(describeToken())", at: start, path: currentPath)
            }
            value = value << 4 | digit
            cursor.position += 1
        }
        return value
    }
}
