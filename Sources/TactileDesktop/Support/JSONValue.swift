// A JSON reply of a desktop (sway's IPC, Hyprland's socket, busctl --json, kscreen-doctor, wlr-randr) as a tree.
import Tactile

/// One JSON value of what a desktop answers, read without Foundation (the
/// service's binary links none: see `docs/performance.md`).
///
/// The reader is strict about the grammar (RFC 8259) and gives up, with
/// nil, on anything else: a reply that is not JSON reads as no reply, as
/// each caller already handles. Numbers are `Double`, as the layouts' are;
/// objects keep the last of repeated keys. Nesting deeper than
/// ``maximumDepth`` is refused rather than recursed into.
///
/// ```swift
/// let reply = JSONValue.parse(#"[{"name": "eDP-1", "rect": {"x": 0, "width": 1920}}]"#)
/// reply?[0]?["rect"]?["width"]?.number   // 1920.0
/// reply?[0]?["name"]?.string             // "eDP-1"
/// ```
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Deeper nesting is refused (sway's deepest tree is a few dozen levels).
    static let maximumDepth = 256

    /// The value `text` holds, nil when it is not exactly one JSON value.
    static func parse(_ text: String) -> JSONValue? {
        parse(Array(text.utf8))
    }

    /// The value `bytes` (UTF-8) hold, nil when they are not exactly one JSON value.
    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        var reader = JSONValueReader(bytes: bytes)
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.isAtEnd ? value : nil
    }

    /// The member `key` of an object (nil for other values or a missing key).
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index` of an array (nil for other values or out of range).
    subscript(index: Int) -> JSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    /// The text of a string.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of a number.
    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// A number that is a whole number in `Int`'s range.
    var integer: Int? {
        guard let number, number.rounded() == number, abs(number) < 9.0e18 else { return nil }
        return Int(number)
    }

    /// The value of `true` or `false`.
    var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The elements of an array.
    var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members of an object.
    var object: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}

/// The reader under ``JSONValue/parse(_:)-(String)``: a cursor over the bytes.
private struct JSONValueReader {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func value(depth: Int) -> JSONValue? {
        skipSpace()
        guard index < bytes.count, depth < JSONValue.maximumDepth else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
        index += count
        return value
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1
        var members: [String: JSONValue] = [:]
        if take(UInt8(ascii: "}")) { return .object(members) }
        repeat {
            skipSpace()
            guard let key = string(), take(UInt8(ascii: ":")), let member = value(depth: depth + 1) else { return nil }
            members[key] = member
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? .object(members) : nil
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1
        var elements: [JSONValue] = []
        if take(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            guard let element = value(depth: depth + 1) else { return nil }
            elements.append(element)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? .array(elements) : nil
    }

    /// A number as JSON writes it (no leading `+`, zeros, `.` or exponent without digits).
    private mutating func number() -> JSONValue? {
        let start = index
        func digits(_ reader: inout JSONValueReader) -> Int {
            let first = reader.index
            while reader.index < reader.bytes.count, (0x30...0x39).contains(reader.bytes[reader.index]) { reader.index += 1 }
            return reader.index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits(&self)
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { return nil }
        }
        return Double(String(decoding: bytes[start..<index], as: UTF8.self)).map(JSONValue.number)
    }

    /// A string, its escapes read (`\uD83D\uDE00` pairs too; a lone surrogate is U+FFFD).
    mutating func string() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"): guard escape(into: &text) else { return nil }
            case 0..<0x20: return nil
            default: text.append(byte)
            }
        }
        return nil
    }

    private mutating func escape(into text: inout [UInt8]) -> Bool {
        guard index < bytes.count else { return false }
        let letter = bytes[index]
        index += 1
        let simple: [UInt8: UInt8] = [0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09]
        if let byte = simple[letter] {
            text.append(byte)
            return true
        }
        guard letter == UInt8(ascii: "u"), var scalar = hexQuad() else { return false }
        if (0xD800..<0xDC00).contains(scalar), bytes[index...].starts(with: [0x5C, 0x75]) {
            let mark = index
            index += 2
            if let low = hexQuad(), (0xDC00..<0xE000).contains(low) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else {
                index = mark
            }
        }
        text.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        return true
    }

    private mutating func hexQuad() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }
}
