/// Where each followed touch was when a gesture was last anchored, so
/// per-finger motion can be measured since then. Anchors reset when the set
/// of touches changes (a finger lands or lifts), so nothing jumps.
struct TouchAnchors {
    private(set) var positions = TouchMap<Point>()
    /// Where each finger was when anchored, and how many frames its anchor
    /// averages while the finger rests (0 once settled or moving).
    private var landings = TouchMap<Point>()
    private var samples = TouchMap<Int>()

    /// A resting finger's anchor averages its first frames, at most this many.
    static let settlingFrames = 8
    /// A finger within this of where it was anchored rests, in mm (well under a pan's 3 mm).
    static let settlingRadius = 0.5

    /// Anchors every touch at its current surface position.
    mutating func set(_ touches: [Touch]) {
        positions.removeAll()
        landings.removeAll()
        samples.removeAll()
        for touch in touches {
            positions[touch.id] = touch.surfaceLocation
            landings[touch.id] = touch.surfaceLocation
            samples[touch.id] = 1
        }
    }

    /// Averages the first ``settlingFrames`` positions of fingers that rest
    /// where they were anchored, so the sensor's noise in one frame does not
    /// become the gesture's origin. A finger that leaves ``settlingRadius``
    /// within those frames was moving, not resting: its anchor goes back to
    /// where it was (an average over a start of motion would lag behind it).
    mutating func settle(_ touches: [Touch]) {
        for touch in touches {
            guard let count = samples[touch.id], count > 0, let anchor = positions[touch.id],
                  let landing = landings[touch.id] else { continue }
            if touch.surfaceLocation.distance(to: landing) > Self.settlingRadius {
                positions[touch.id] = landing
                samples[touch.id] = 0
            } else {
                let weight = Double(count)
                positions[touch.id] = Point(
                    x: (anchor.x * weight + touch.surfaceLocation.x) / (weight + 1),
                    y: (anchor.y * weight + touch.surfaceLocation.y) / (weight + 1))
                samples[touch.id] = count + 1 < Self.settlingFrames ? count + 1 : 0
            }
        }
    }

    mutating func clear() {
        positions.removeAll()
        landings.removeAll()
        samples.removeAll()
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
