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

    /// Parses `WIDTHxHEIGHT`, both positive and finite; the error (which
    /// ArgumentParser prefixes with the option and the value) says what was expected.
    static func parse(_ argument: String, unit: String, example: String) throws -> ScreenSize {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw ValidationError("expected WIDTHxHEIGHT in \(unit), both above 0, such as \(example)")
        }
        return ScreenSize(width: width, height: height)
    }
}
