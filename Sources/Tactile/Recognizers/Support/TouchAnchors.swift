/// Where each followed touch was when a gesture was last anchored, so
/// per-finger motion can be measured since then. Anchors reset when the set
/// of touches changes (a finger lands or lifts), so nothing jumps.
struct TouchAnchors {
    private(set) var positions = TouchMap<Point>()

    /// Anchors every touch at its current surface position.
    mutating func set(_ touches: [Touch]) {
        positions.removeAll()
        for touch in touches { positions[touch.id] = touch.surfaceLocation }
    }

    mutating func clear() {
        positions.removeAll()
    }

    /// Whether exactly `touches` are anchored.
    func matches(_ touches: [Touch]) -> Bool {
        touches.count == positions.count && touches.allSatisfy { positions[$0.id] != nil }
    }

    /// Each touch's displacement since its anchor, in mm.
    func displacements(_ touches: [Touch]) -> [Vector] {
        touches.map { touch in
            positions[touch.id].map { touch.surfaceLocation - $0 } ?? .zero
        }
    }

    /// The largest displacement of any touch since its anchor, in mm.
    /// The mean of ``displacements(_:)``, summed in the same order, without the array.
    func meanDisplacement(_ touches: [Touch]) -> Vector {
        var sum = Vector.zero
        for touch in touches {
            sum = sum + (positions[touch.id].map { touch.surfaceLocation - $0 } ?? .zero)
        }
        return sum / Double(touches.count)
    }

    func maximumTravel(_ touches: [Touch]) -> Double {
        var longest = 0.0
        for touch in touches {
            let travel = positions[touch.id].map { touch.surfaceLocation - $0 } ?? .zero
            longest = max(longest, travel.length)
        }
        return longest
    }

    /// The span of the anchored positions of `touches`, in mm.
    func span(of touches: [Touch]) -> Double {
        let points = touches.lazy.compactMap { positions[$0.id] }
        let count = points.count
        guard count > 1, let center = Point.centroid(of: points) else { return 0 }
        return 2 * points.reduce(0.0) { $0 + $1.distance(to: center) } / Double(count)
    }

    /// The classification of the touches' motion since the anchors.
    func motion(_ touches: [Touch]) -> MultiFingerMotion {
        MultiFingerMotion.classify(
            displacements: displacements(touches),
            spanChange: TouchGeometry.span(mm: touches) - span(of: touches)
        )
    }
}
