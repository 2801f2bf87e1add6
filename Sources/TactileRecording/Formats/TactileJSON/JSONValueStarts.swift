// The bytes that start each kind of JSON value, for telling a value of the wrong type from broken JSON.

/// A set of JSON value kinds, by the bytes that start them: `{` an object,
/// `[` an array, `"` a string, `t` `f` `n` a literal, a digit a number (`-`
/// too, with ``negativeNumber``).
struct JSONValueStarts: OptionSet {
    let rawValue: UInt8

    static let object = JSONValueStarts(rawValue: 1 << 0)
    static let array = JSONValueStarts(rawValue: 1 << 1)
    static let string = JSONValueStarts(rawValue: 1 << 2)
    /// `true`, `false` and `null`.
    static let literal = JSONValueStarts(rawValue: 1 << 3)
    /// A number starting with a digit.
    static let number = JSONValueStarts(rawValue: 1 << 4)
    /// A number starting with `-`.
    static let negativeNumber = JSONValueStarts(rawValue: 1 << 5)

    /// Whether `byte` starts a value of one of these kinds.
    func contains(byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"): return contains(.object)
        case UInt8(ascii: "["): return contains(.array)
        case UInt8(ascii: "\""): return contains(.string)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return contains(.literal)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return contains(.number)
        case UInt8(ascii: "-"): return contains(.negativeNumber)
        default: return false
        }
    }
}
