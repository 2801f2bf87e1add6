// Lengths and speeds on the surface that carry their unit: millimetres or points.

/// A distance on the touch surface, in the unit it was given in:
/// millimetres, or display points converted through the screen (its
/// ``Screen/pointsPerMillimetre``), so a threshold copied from UIKit (10 pt)
/// stays 10 pt and never silently becomes 10 mm.
///
/// ```swift
/// let tap = TapGestureRecognizer()
/// tap.allowableMovement = .millimetres(2)
/// let press = LongPressGestureRecognizer()
/// press.allowableMovement = .points(10)   // UIKit's default, 2.6 mm at 96 dpi
/// ```
public struct Length: Hashable, Sendable, CustomStringConvertible {
    /// The units a length can be given in.
    public enum Unit: Hashable, Sendable {
        /// Millimetres on the touch surface.
        case millimetres
        /// Display points, converted through the screen's density.
        case points
    }

    /// The number of ``unit``s.
    public var value: Double
    public var unit: Unit

    public init(_ value: Double, _ unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// `value` millimetres on the touch surface.
    public static func millimetres(_ value: Double) -> Length { Length(value, .millimetres) }

    /// `value` display points (converted through the screen's density).
    public static func points(_ value: Double) -> Length { Length(value, .points) }

    /// The length in millimetres, with `pointsPerMillimetre` for points.
    @inlinable
    public func inMillimetres(pointsPerMillimetre: Double) -> Double {
        switch unit {
        case .millimetres: return value
        case .points: return pointsPerMillimetre > 0 ? value / pointsPerMillimetre : value
        }
    }

    public var description: String { unit == .millimetres ? "\(value) mm" : "\(value) pt" }
}

/// A speed on the touch surface, in the unit it was given in (see ``Length``).
///
/// ```swift
/// swipe.minimumSpeed = .pointsPerSecond(600)
/// ```
public struct Speed: Hashable, Sendable, CustomStringConvertible {
    /// The distance covered in one second.
    public var perSecond: Length

    public init(perSecond: Length) {
        self.perSecond = perSecond
    }

    /// `value` millimetres per second.
    public static func millimetresPerSecond(_ value: Double) -> Speed { Speed(perSecond: .millimetres(value)) }

    /// `value` display points per second.
    public static func pointsPerSecond(_ value: Double) -> Speed { Speed(perSecond: .points(value)) }

    /// The speed in millimetres per second.
    @inlinable
    public func inMillimetresPerSecond(pointsPerMillimetre: Double) -> Double {
        perSecond.inMillimetres(pointsPerMillimetre: pointsPerMillimetre)
    }

    public var description: String { perSecond.description + "/s" }
}
