// A displacement in two dimensions: length, angle, arithmetic.

/// A displacement in a two-dimensional coordinate space.
public struct Vector: Hashable, Sendable, Codable, CustomStringConvertible {
    public var dx: Double
    public var dy: Double

    public static let zero = Vector(dx: 0, dy: 0)

    @inlinable
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// The Euclidean length.
    @inlinable
    public var length: Double { (dx * dx + dy * dy).squareRoot() }

    /// The angle from the positive x axis, in radians, in (-π, π].
    /// Screen coordinates grow downwards, so positive angles turn clockwise on screen.
    public var angle: Double { Math.atan2(dy, dx) }

    public var description: String { "<\(dx), \(dy)>" }

    @inlinable
    public static func + (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy)
    }

    @inlinable
    public static func - (lhs: Vector, rhs: Vector) -> Vector {
        Vector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy)
    }

    @inlinable
    public static func * (lhs: Vector, rhs: Double) -> Vector {
        Vector(dx: lhs.dx * rhs, dy: lhs.dy * rhs)
    }

    @inlinable
    public static func / (lhs: Vector, rhs: Double) -> Vector {
        Vector(dx: lhs.dx / rhs, dy: lhs.dy / rhs)
    }

    @inlinable
    public static prefix func - (vector: Vector) -> Vector {
        Vector(dx: -vector.dx, dy: -vector.dy)
    }

    /// The dot product.
    @inlinable
    public func dot(_ other: Vector) -> Double { dx * other.dx + dy * other.dy }

    /// The z component of the cross product (positive when `other` turns clockwise
    /// from `self` in screen coordinates).
    @inlinable
    public func cross(_ other: Vector) -> Double { dx * other.dy - dy * other.dx }
}
