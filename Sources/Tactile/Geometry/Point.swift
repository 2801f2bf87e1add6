// A location in two dimensions, and its arithmetic with vectors.

/// A location in a two-dimensional coordinate space (points or millimetres,
/// depending on where it comes from; the API names the space).
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public static let zero = Point(x: 0, y: 0)

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The straight-line distance to `other`.
    @inlinable
    public func distance(to other: Point) -> Double {
        (other - self).length
    }

    public var description: String { "(\(x), \(y))" }

    @inlinable
    public static func + (lhs: Point, rhs: Vector) -> Point {
        Point(x: lhs.x + rhs.dx, y: lhs.y + rhs.dy)
    }

    @inlinable
    public static func - (lhs: Point, rhs: Vector) -> Point {
        Point(x: lhs.x - rhs.dx, y: lhs.y - rhs.dy)
    }

    /// The vector that leads from `rhs` to `lhs`.
    @inlinable
    public static func - (lhs: Point, rhs: Point) -> Vector {
        Vector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y)
    }

    @inlinable
    public static func += (lhs: inout Point, rhs: Vector) {
        lhs = lhs + rhs
    }

    /// The centroid (mean position) of `points`, or `nil` when there are none.
    public static func centroid<S: Sequence>(of points: S) -> Point? where S.Element == Point {
        var sumX = 0.0, sumY = 0.0, count = 0
        for point in points {
            sumX += point.x
            sumY += point.y
            count += 1
        }
        guard count > 0 else { return nil }
        return Point(x: sumX / Double(count), y: sumY / Double(count))
    }
}
