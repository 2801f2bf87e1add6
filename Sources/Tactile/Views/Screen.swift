// The display touches map onto: its size in points and its density.

/// The display that touches map onto: its bounds in points and its density.
///
/// ```swift
/// let laptop = Screen(width: 1920, height: 1080, dotsPerInch: 141)
/// print(laptop.physicalSize)   // about 346 × 195 mm
/// let window = Window(screen: laptop)
/// ```
public struct Screen: Hashable, Sendable, Codable {
    /// The screen's rectangle in points; a window sized to it receives every touch.
    public var bounds: Rect
    /// Points per millimetre on the display (96 dpi ≈ 3.78).
    public var pointsPerMillimetre: Double

    public init(bounds: Rect, pointsPerMillimetre: Double) {
        self.bounds = bounds
        self.pointsPerMillimetre = pointsPerMillimetre
    }

    /// A screen of `width × height` points at `dotsPerInch` (96 by default).
    public init(width: Double, height: Double, dotsPerInch: Double = 96) {
        self.init(bounds: Rect(x: 0, y: 0, width: width, height: height), pointsPerMillimetre: dotsPerInch / 25.4)
    }

    /// The longest side a screen may have, in points: a wall of 4K displays
    /// is about 40 000. Readers refuse more, so no size downstream overflows.
    public static let maximumSide = 1_000_000.0
    /// The densities a screen may have, in points per millimetre: about 0.25
    /// to 25 000 dots per inch.
    public static let densityRange = 0.01...1_000.0

    /// 1920 × 1080 points at 96 dpi: a common laptop or desktop display.
    public static let standard = Screen(width: 1920, height: 1080)

    /// The physical size in millimetres.
    public var physicalSize: Size {
        guard pointsPerMillimetre > 0 else { return .zero }
        return Size(width: bounds.width / pointsPerMillimetre, height: bounds.height / pointsPerMillimetre)
    }
}
