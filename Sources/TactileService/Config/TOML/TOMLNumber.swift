// TOML's bare values: integers (decimal, 0x, 0o, 0b), floats, inf, nan, booleans; dates refused.
import Tactile

/// Reads a bare value's text (`42`, `0xFF`, `1_000`, `6.5e-3`, `-inf`, `true`).
enum TOMLNumber {
    struct Failure: Error {
        var message: String
    }

    static func parse(_ token: [UInt8]) -> Result<TOMLValue.Kind, Failure> {
        let text = String(decoding: token, as: UTF8.self)
        let shown = TextFormat.visible(token.count > 40 ? String(text.prefix(40)) + "…" : text)
        switch text {
        case "true": return .success(.boolean(true))
        case "false": return .success(.boolean(false))
        case "inf", "+inf": return .success(.float(.infinity))
        case "-inf": return .success(.float(-.infinity))
        case "nan", "+nan", "-nan": return .success(.float(.nan))
        default: break
        }
        if isDate(token) {
            return .failure(Failure(message: "dates and times are not used in gestures.toml (found \(shown))"))
        }
        guard let first = token.first, isDigit(first) || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") else {
            return .failure(Failure(message: "expected a value, found \(shown) (a string is written in quotes: \"\(shown)\")"))
        }
        if token.count > 2, first == UInt8(ascii: "0"), let radix = radix(token[1]) {
            return integer(Array(token[2...]), radix: radix, negative: false, shown: shown)
        }
        var body = token[...]
        let negative = first == UInt8(ascii: "-")
        if first == UInt8(ascii: "+") || negative { body = body.dropFirst() }
        if body.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            return float(token, body: Array(body), shown: shown)
        }
        if let problem = decimalProblem(Array(body), allowLeadingZero: false) {
            return .failure(Failure(message: "invalid number \(shown): \(problem)"))
        }
        return integer(Array(body), radix: 10, negative: negative, shown: shown)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// `1979-05-27…` or `07:32…`.
    private static func isDate(_ token: [UInt8]) -> Bool {
        if token.count >= 5, token[0..<4].allSatisfy(isDigit), token[4] == UInt8(ascii: "-") { return true }
        if token.count >= 3, token[0..<2].allSatisfy(isDigit), token[2] == UInt8(ascii: ":") { return true }
        return false
    }

    private static func radix(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte) - 0x30
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte) - 0x61 + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte) - 0x41 + 10
        default: nil
        }
    }

    /// Digits in `radix` with underscores only between digits; nil when fine.
    private static func digitsProblem(_ digits: [UInt8], radix: Int) -> String? {
        guard let first = digits.first, let last = digits.last else { return "digits are missing" }
        if first == UInt8(ascii: "_") || last == UInt8(ascii: "_") { return "an underscore must be between two digits" }
        var previous: UInt8 = 0
        for byte in digits {
            if byte == UInt8(ascii: "_") {
                if previous == UInt8(ascii: "_") { return "an underscore must be between two digits" }
            } else if let value = digitValue(byte), value < radix {
                // a digit
            } else {
                let name = radix == 16 ? "hexadecimal" : radix == 8 ? "octal" : radix == 2 ? "binary" : "decimal"
                return "\"\(TextFormat.visible(String(decoding: [byte], as: UTF8.self)))\" is not a \(name) digit"
            }
            previous = byte
        }
        return nil
    }

    /// A decimal integer part: no leading zero unless it is `0`.
    private static func decimalProblem(_ digits: [UInt8], allowLeadingZero: Bool) -> String? {
        if let problem = digitsProblem(digits, radix: 10) { return problem }
        if !allowLeadingZero, digits.count > 1, digits[0] == UInt8(ascii: "0") { return "leading zeros are not allowed" }
        return nil
    }

    private static func integer(_ digits: [UInt8], radix: Int, negative: Bool, shown: String) -> Result<TOMLValue.Kind, Failure> {
        if let problem = digitsProblem(digits, radix: radix) {
            return .failure(Failure(message: "invalid number \(shown): \(problem)"))
        }
        var value = 0
        for byte in digits where byte != UInt8(ascii: "_") {
            let digit = digitValue(byte) ?? 0
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: radix)
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 {
                return .failure(Failure(message: "integer \(shown) is out of range (a 64-bit signed integer)"))
            }
            value = next
        }
        return .success(.integer(value))
    }

    /// `[+-]int(.frac)?([eE][+-]?exp)?` with at least one of frac and exp.
    private static func float(_ token: [UInt8], body: [UInt8], shown: String) -> Result<TOMLValue.Kind, Failure> {
        func fail(_ problem: String) -> Result<TOMLValue.Kind, Failure> {
            .failure(Failure(message: "invalid number \(shown): \(problem)"))
        }
        let isExponent = { (byte: UInt8) in byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") }
        var rest = body[...]
        let integerPart = rest.prefix { $0 != UInt8(ascii: ".") && !isExponent($0) }
        rest = rest.dropFirst(integerPart.count)
        if let problem = decimalProblem(Array(integerPart), allowLeadingZero: false) { return fail(problem) }
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            let fraction = rest.prefix { !isExponent($0) }
            rest = rest.dropFirst(fraction.count)
            if let problem = digitsProblem(Array(fraction), radix: 10) { return fail("after the decimal point: \(problem)") }
        }
        if let marker = rest.first, isExponent(marker) {
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            if let problem = digitsProblem(Array(rest), radix: 10) { return fail("in the exponent: \(problem)") }
            rest = rest.dropFirst(rest.count)
        }
        if !rest.isEmpty { return fail("unexpected \"\(TextFormat.visible(String(decoding: rest.prefix(1), as: UTF8.self)))\"") }
        let plain = String(decoding: token.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
        guard let value = Double(plain) else { return fail("not a number") }
        if !value.isFinite { return .failure(Failure(message: "float \(shown) is out of range (a 64-bit float)")) }
        return .success(.float(value))
    }
}
