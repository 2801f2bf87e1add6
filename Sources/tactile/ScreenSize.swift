import ArgumentParser
import Tactile

/// A `--screen` value, `WIDTHxHEIGHT` in points (`1920x1080`).
struct ScreenSize: ExpressibleByArgument, Sendable {
    var width: Double
    var height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width.isFinite, height.isFinite, width > 0, height > 0 else { return nil }
        self.init(width: width, height: height)
    }

    var defaultValueDescription: String { "\(Int(width))x\(Int(height))" }

    /// The screen at 96 dpi.
    var screen: Screen { Screen(width: width, height: height) }
}
