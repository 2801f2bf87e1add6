// The loader's reading helpers: diagnostics, unknown-key errors, and values of the expected type.
import Tactile

/// Collects diagnostics while a config is read, and reads values of the
/// expected type, reporting those of another at their place.
package struct ConfigReader {
    var diagnostics: [ConfigDiagnostic] = []
    /// The layout key chords are resolved through, and its keys (nil when no XKB data could be compiled).
    var keyboard = KeyboardLayoutChoice.builtIn
    var keySymbols: KeySymbolTable?
    /// The desktop whose defaults `{ desktop = "…" }` actions use.
    var desktop = DesktopPresetChoice.builtIn
    /// Desktop actions the preset has no way to do in the binding being read:
    /// warned about when the binding stays, folded into one warning when it is left out.
    var desktopActionsLeftOut: [(action: String, why: String?, location: SourceLocation)] = []
    /// How many of the diagnostics are errors.
    private(set) var errorCount = 0

    var hasErrors: Bool { errorCount > 0 }

    mutating func error(_ message: String, at location: SourceLocation) {
        errorCount += 1
        diagnostics.append(.error(message, at: location))
    }

    mutating func warning(_ message: String, at location: SourceLocation) {
        diagnostics.append(ConfigDiagnostic(severity: .warning, location: location, message: message))
    }

    /// `"name"`, escaped for a terminal.
    package static func quoted(_ text: String) -> String { "\"" + TextFormat.visible(text) + "\"" }

    /// Refuses each key of `table` that the schema's `kind` of table does not
    /// have, with its line and column (in `context`, else the schema's name
    /// for the table) and the closest known key: a misspelt key would leave
    /// the config doing something else than written (`fingres = 3` and the
    /// binding fires on one finger; `fingres = 6` in `[emergency]` and the
    /// way out stays five fingers), so it is an error in every table.
    mutating func refuseUnknownKeys(_ table: TOMLTable, of kind: ConfigSchema, in context: String? = nil) {
        let known = kind.keys
        let context = context ?? kind.context
        for entry in table.entries where !known.contains(entry.key) {
            error("unknown key \(ConfigReader.quoted(entry.key)) in \(context)"
                  + ConfigSuggestion.hint(for: entry.key, in: known), at: entry.keyLocation)
        }
    }

    /// Reports `value` as not of the `expected` type for `key`.
    mutating func wrongType(_ value: TOMLValue, key: String, expected: String) {
        error("\(ConfigReader.quoted(key)) must be \(expected), found \(value.typeDescription)", at: value.location)
    }

    mutating func table(_ value: TOMLValue, key: String) -> TOMLTable? {
        guard let table = value.table else { wrongType(value, key: key, expected: "a table"); return nil }
        return table
    }

    mutating func string(_ value: TOMLValue, key: String) -> String? {
        guard let string = value.string else { wrongType(value, key: key, expected: "a string"); return nil }
        return string
    }

    mutating func boolean(_ value: TOMLValue, key: String) -> Bool? {
        guard case .boolean(let flag) = value.kind else { wrongType(value, key: key, expected: "true or false"); return nil }
        return flag
    }

    /// An integer in `range`.
    mutating func integer(_ value: TOMLValue, key: String, in range: ClosedRange<Int>) -> Int? {
        guard case .integer(let number) = value.kind else { wrongType(value, key: key, expected: "an integer"); return nil }
        guard range.contains(number) else {
            error("\(ConfigReader.quoted(key)) must be \(range.lowerBound)…\(range.upperBound), found \(number)", at: value.location)
            return nil
        }
        return number
    }

    /// An array of strings (a lone string is taken as an array of one when `single` is true).
    mutating func strings(_ value: TOMLValue, key: String, single: Bool = false) -> [(String, SourceLocation)]? {
        if single, let string = value.string { return [(string, value.location)] }
        guard let array = value.array else {
            wrongType(value, key: key, expected: single ? "a string or an array of strings" : "an array of strings")
            return nil
        }
        var result: [(String, SourceLocation)] = []
        for element in array {
            guard let string = element.string else {
                error("\(ConfigReader.quoted(key)) must hold strings, found \(element.typeDescription)", at: element.location)
                return nil
            }
            result.append((string, element.location))
        }
        return result
    }

    /// A quantity: a bare number, or a string of a number and one of `units`
    /// (each with its factor to the base unit), checked against `range` in the base unit.
    mutating func quantity(_ value: TOMLValue, key: String, units: [(suffix: String, factor: Double)], bareAllowed: Bool,
                           range: ClosedRange<Double>, rangeText: String) -> Double? {
        let number: Double
        let unitsText = units.map { "\"…\($0.suffix)\"" }.joined(separator: " or ")
        let expected = units.isEmpty ? "a number" : bareAllowed ? "a number or \(unitsText)" : unitsText
        switch value.kind {
        case .integer(let n) where bareAllowed: number = Double(n)
        case .float(let x) where bareAllowed: number = x
        case .string(let text):
            guard let parsed = ConfigUnits.quantity(text, units: units) else {
                error("\(ConfigReader.quoted(key)) must be \(expected), found \(ConfigReader.quoted(text))", at: value.location)
                return nil
            }
            number = parsed
        default:
            wrongType(value, key: key, expected: expected)
            return nil
        }
        guard number.isFinite, range.contains(number) else {
            error("\(ConfigReader.quoted(key)) must be \(rangeText), found \(ConfigUnits.format(value))", at: value.location)
            return nil
        }
        return number
    }
}
