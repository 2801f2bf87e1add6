// Centroids, spans and angles of a set of touches, in surface millimetres.

/// Centroids, spans and angles of a set of touches, in surface millimetres
/// (for thresholds) or screen points (for reported values).
enum TouchGeometry {
    /// The centroid of the touches' surface positions, in millimetres.
    static func centroid(mm touches: [Touch]) -> Point {
        Point.centroid(of: touches.lazy.map(\.surfaceLocation)) ?? .zero
    }

    /// The centroid of the touches' screen positions, in points.
    static func centroid(points touches: [Touch]) -> Point {
        Point.centroid(of: touches.lazy.map(\.location)) ?? .zero
    }

    /// Twice the mean distance of the touches from their centroid, in
    /// millimetres: for two fingers, the distance between them.
    static func span(mm touches: [Touch]) -> Double {
        guard touches.count > 1 else { return 0 }
        let center = centroid(mm: touches)
        let total = touches.reduce(0.0) { $0 + $1.surfaceLocation.distance(to: center) }
        return 2 * total / Double(touches.count)
    }

    /// The angle of each touch around the centroid, in radians (surface millimetres).
    static func angles(_ touches: [Touch]) -> [Double] {
        let center = centroid(mm: touches)
        return touches.map { ($0.surfaceLocation - center).angle }
    }

    /// `angle` wrapped into (-π, π].
    static func wrap(_ angle: Double) -> Double {
        var result = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
        if result > Double.pi { result -= 2 * Double.pi }
        if result <= -Double.pi { result += 2 * Double.pi }
        return result
    }
}
