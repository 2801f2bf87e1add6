// A `WIDTHxHEIGHT` option value, in points or millimetres.
import ArgumentParser
import Tactile

/// A `WIDTHxHEIGHT` value (`1920x1080`): points for `--screen`, millimetres for `--surface-size`.
struct ScreenSize: Sendable, Hashable {
    var width: Double
    var height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The screen sizes `--screen` takes, in points.
    static let points = 1...Screen.maximumSide
    /// The surface sizes `--surface-size` takes, in millimetres (up to 100 m).
    static let millimetres = 1...100_000.0

    /// Parses `WIDTHxHEIGHT`, both within `range`; the error (which
    /// ArgumentParser prefixes with the option and the value) says what was expected.
    static func parse(_ argument: String, unit: String, range: ClosedRange<Double>, example: String) throws -> ScreenSize {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              range.contains(width), range.contains(height) else {
            let bounds = "\(FixedDecimal.format(range.lowerBound, places: 0)) to \(FixedDecimal.format(range.upperBound, places: 0))"
            throw ValidationError("expected WIDTHxHEIGHT in \(unit), each \(bounds), such as \(example)")
        }
        return ScreenSize(width: width, height: height)
    }
}
