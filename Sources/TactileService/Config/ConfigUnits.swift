// Numbers with units as written in a config ("4mm", "500ms", "15deg"): parsed to the base unit, and values as written.
/// Numbers with units as written in a config: `"4mm"`, `"3%"`, `"500ms"`, `"80mm/s"`, `"15deg"`.
enum ConfigUnits {
    static let seconds: [(suffix: String, factor: Double)] = [("ms", 0.001), ("s", 1)]
    static let millimetres: [(suffix: String, factor: Double)] = [("mm", 1), ("cm", 10)]
    static let millimetresPerSecond: [(suffix: String, factor: Double)] = [("mm/s", 1)]
    static let degrees: [(suffix: String, factor: Double)] = [("deg", 1), ("°", 1)]
    static let degreesPerSecond: [(suffix: String, factor: Double)] = [("deg/s", 1), ("°/s", 1)]

    /// The number in `text` times its unit's factor; nil without a known unit or a plain decimal number.
    static func quantity(_ text: String, units: [(suffix: String, factor: Double)]) -> Double? {
        let trimmed = text.trimmingSpaces
        for unit in units.sorted(by: { $0.suffix.count > $1.suffix.count }) where trimmed.hasSuffix(unit.suffix) {
            let number = String(trimmed.dropLast(unit.suffix.count)).trimmingSpaces
            guard let value = decimal(number) else { return nil }
            return value * unit.factor
        }
        return nil
    }

    /// A plain decimal number (`-1`, `2.5`, `.5`): digits, one point, an optional sign; nothing else.
    static func decimal(_ text: String) -> Double? {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        guard !body.isEmpty, body.count <= 32, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              body.filter({ $0 == "." }).count <= 1, body != "." else { return nil }
        return Double(text)
    }

    /// A value as written, for messages.
    static func format(_ value: TOMLValue) -> String {
        switch value.kind {
        case .integer(let n): String(n)
        case .float(let x): String(x)
        case .string(let s): ConfigReader.quoted(s)
        default: value.typeDescription
        }
    }
}
