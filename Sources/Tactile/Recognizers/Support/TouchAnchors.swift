// Where each followed touch was when a gesture was last anchored, and the motion since.

/// Where each followed touch was when a gesture was last anchored, so
/// per-finger motion can be measured since then. Anchors reset when the set
/// of touches changes (a finger lands or lifts), so nothing jumps.
struct TouchAnchors {
    /// One finger's anchor.
    struct Entry {
        /// Where its motion is measured from.
        var position: Point
        /// Where it was when anchored.
        var landing: Point
        /// How many frames the anchor averages while the finger rests; 0
        /// once averaged or moving (see ``average(_:)``).
        var samples: Int
    }

    /// One map, so copying the anchors retains two arrays, not six.
    private(set) var entries = TouchMap<Entry>()
    /// Whether some anchor still averages (so ``average(_:)`` has work to do).
    private var isAveraging = false

    /// A resting finger's anchor averages its first frames, at most this many.
    static let averagingFrames = 8
    /// A finger within this of where it was anchored rests, in mm (well under a pan's 3 mm).
    static let averagingRadius = 0.5

    /// Anchors every touch at its current surface position.
    mutating func set(_ touches: [Touch]) {
        entries.removeAll()
        for touch in touches {
            entries[touch.id] = Entry(position: touch.surfaceLocation, landing: touch.surfaceLocation, samples: 1)
        }
        isAveraging = !touches.isEmpty
    }

    /// Averages the first ``averagingFrames`` positions of fingers that rest
    /// where they were anchored, so the sensor's noise in one frame does not
    /// become the gesture's origin. A finger that leaves ``averagingRadius``
    /// within those frames was moving, not resting: its anchor goes back to
    /// where it was (an average over a start of motion would lag behind it).
    mutating func average(_ touches: [Touch]) {
        guard isAveraging else { return }
        var stillAveraging = false
        defer { isAveraging = stillAveraging }
        for touch in touches {
            guard var entry = entries[touch.id], entry.samples > 0 else { continue }
            if touch.surfaceLocation.distance(to: entry.landing) > Self.averagingRadius {
                entry.position = entry.landing
                entry.samples = 0
            } else {
                let weight = Double(entry.samples)
                entry.position = Point(
                    x: (entry.position.x * weight + touch.surfaceLocation.x) / (weight + 1),
                    y: (entry.position.y * weight + touch.surfaceLocation.y) / (weight + 1))
                entry.samples = entry.samples + 1 < Self.averagingFrames ? entry.samples + 1 : 0
                stillAveraging = stillAveraging || entry.samples > 0
            }
            entries[touch.id] = entry
        }
    }

    mutating func clear() {
        entries.removeAll()
        isAveraging = false
    }

    /// The anchor of `id`, if it is anchored.
    private func position(_ id: TouchID) -> Point? { entries[id]?.position }

    /// Each touch's displacement since its anchor, in mm.
    func displacements(_ touches: [Touch]) -> [Vector] {
        touches.map { touch in
            position(touch.id).map { touch.surfaceLocation - $0 } ?? .zero
        }
    }

    /// The largest displacement of any touch since its anchor, in mm.
    /// The mean of ``displacements(_:)``, summed in the same order, without the array.
    func meanDisplacement(_ touches: [Touch]) -> Vector {
        var sum = Vector.zero
        for touch in touches {
            sum = sum + (position(touch.id).map { touch.surfaceLocation - $0 } ?? .zero)
        }
        return sum / Double(touches.count)
    }

    func maximumTravel(_ touches: [Touch]) -> Double {
        var longest = 0.0
        for touch in touches {
            let travel = position(touch.id).map { touch.surfaceLocation - $0 } ?? .zero
            longest = max(longest, travel.length)
        }
        return longest
    }

    /// The span of the anchored positions of `touches`, in mm.
    func span(of touches: [Touch]) -> Double {
        // Loops, not a lazy sequence walked three times: each walk looked every touch up again.
        var sumX = 0.0, sumY = 0.0, count = 0
        for touch in touches {
            guard let point = position(touch.id) else { continue }
            sumX += point.x
            sumY += point.y
            count += 1
        }
        guard count > 1 else { return 0 }
        let center = Point(x: sumX / Double(count), y: sumY / Double(count))
        var distances = 0.0
        for touch in touches {
            guard let point = position(touch.id) else { continue }
            distances += point.distance(to: center)
        }
        return 2 * distances / Double(count)
    }

    /// Why the touches' motion since the anchors is undecided, if it is
    /// (``MultiFingerMotion/shortfall(displacements:)``).
    func shortfall(_ touches: [Touch]) -> MultiFingerMotion.Shortfall? {
        MultiFingerMotion.shortfall(displacements: displacements(touches))
    }

    /// The classification of the touches' motion since the anchors.
    func motion(_ touches: [Touch]) -> MultiFingerMotion {
        MultiFingerMotion.classify(
            displacements: displacements(touches),
            spanChange: TouchGeometry.span(mm: touches) - span(of: touches)
        )
    }
}
