// Numbers with a fixed number of decimals, independent of locale, for logs and files.

/// Formats numbers with a fixed number of decimals, independent of locale and
/// platform, so logs diff cleanly: `-0` prints as `0`, non-finite values as `null`.
public enum FixedDecimal {
    private static let powers: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// `value` with exactly `places` decimals (at most 8), rounded half away from zero.
    public static func format(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "null" }
        let places = min(max(places, 0), powers.count - 1)
        let scaled = (value * powers[places]).rounded()
        guard abs(scaled) < 9.0e15 else { return "\(value)" }
        let units = Int64(scaled)
        if units == 0 { return places == 0 ? "0" : "0." + String(repeating: "0", count: places) }
        let negative = units < 0
        let magnitude = negative ? -units : units
        var digits = String(magnitude)
        if digits.count <= places {
            digits = String(repeating: "0", count: places - digits.count + 1) + digits
        }
        let sign = negative ? "-" : ""
        guard places > 0 else { return sign + digits }
        let split = digits.index(digits.endIndex, offsetBy: -places)
        return sign + digits[..<split] + "." + digits[split...]
    }
}
