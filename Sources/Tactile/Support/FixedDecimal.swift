// Numbers with a fixed number of decimals, independent of locale, for logs and files.

/// Formats numbers with a fixed number of decimals, independent of locale and
/// platform, so logs diff cleanly: `-0` prints as `0`, non-finite values as `null`.
package enum FixedDecimal {
    private static let powers: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// `value` rounded to `places` decimals (clamped to 0...8), as its sign and
    /// a count of units of the last place: `nil` when it is not finite or too
    /// large for exact integer units (`format` then prints it as Swift does).
    /// Zero is never negative.
    package static func units(of value: Double, places: Int) -> (negative: Bool, units: UInt64, places: Int)? {
        guard value.isFinite else { return nil }
        let places = min(max(places, 0), powers.count - 1)
        let scaled = (value * powers[places]).rounded()
        guard abs(scaled) < 9.0e15 else { return nil }
        let units = Int64(scaled)
        return (units < 0, units.magnitude, places)
    }

    /// `value` with exactly `places` decimals (at most 8), rounded half away from zero.
    package static func format(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "null" }
        guard let (negative, magnitude, places) = units(of: value, places: places) else { return "\(value)" }
        if magnitude == 0 { return places == 0 ? "0" : "0." + String(repeating: "0", count: places) }
        var digits = String(magnitude)
        if digits.count <= places {
            digits = String(repeating: "0", count: places - digits.count + 1) + digits
        }
        let sign = negative ? "-" : ""
        guard places > 0 else { return sign + digits }
        let split = digits.index(digits.endIndex, offsetBy: -places)
        return sign + digits[..<split] + "." + digits[split...]
    }

    /// `value` as briefly as it reads back exactly: whole numbers without a
    /// decimal point (`1`, `-1`, `0`), others as Swift's shortest form (`1.02`).
    package static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        if value == value.rounded(), abs(value) < 9.0e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
