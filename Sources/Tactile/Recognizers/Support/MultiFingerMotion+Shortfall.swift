// Why two or more fingers are still undecided: the figures of MultiFingerMotion's rules they have not met.

extension MultiFingerMotion {
    /// Why fingers are still ``MultiFingerMotion/undecided``, with the
    /// figures of the numbered rules they have not met (see
    /// ``MultiFingerMotion``): how many of them moved
    /// ``MultiFingerMotion/movementThreshold``, how far the finger that
    /// moved least and the one that moved most went, and how far their
    /// centroid went. It is what a pan, pinch or rotation whose fingers
    /// lifted undecided says
    /// (``GestureRecognizer/FailureReason/Criterion/motionUndecided(_:wanted:)``):
    /// the centroid may well have gone past a pan's threshold while one
    /// finger stayed where it was.
    ///
    /// ```swift
    /// let lagging = MultiFingerMotion.shortfall(displacements: [Vector(dx: 3.2, dy: 0), Vector(dx: 0.2, dy: 0)])
    /// lagging?.moved   // 1 of 2 fingers: the other went 0.2 mm of the 1.5 mm each must move
    /// lagging?.centroid   // 1.7 mm
    /// ```
    public struct Shortfall: Hashable, Sendable {
        /// How many fingers were judged.
        public var fingers: Int
        /// How many of them moved ``MultiFingerMotion/movementThreshold`` (rule 1).
        public var moved: Int
        /// The travel of the finger that moved least, in mm.
        public var least: Double
        /// The travel of the finger that moved most, in mm.
        public var most: Double
        /// The travel of the fingers' centroid (their mean displacement), in mm.
        public var centroid: Double
    }

    /// Why `displacements` (each finger's since its anchor, in mm) leave the
    /// fingers ``undecided``, or `nil` when ``classify(displacements:spanChange:)``
    /// decides them (or there are fewer than two). Whether they are undecided
    /// is ``classify(displacements:spanChange:)``'s answer, which never
    /// depends on the span: this only gives the figures.
    public static func shortfall(displacements: [Vector]) -> Shortfall? {
        guard displacements.count >= 2, classify(displacements: displacements, spanChange: 0) == .undecided else { return nil }
        var least = Double.infinity, most = 0.0, moved = 0, sum = Vector.zero
        for displacement in displacements {
            let length = displacement.length
            least = min(least, length)
            most = max(most, length)
            if length >= movementThreshold { moved += 1 }
            sum = sum + displacement
        }
        return Shortfall(fingers: displacements.count, moved: moved, least: least, most: most,
                         centroid: (sum / Double(displacements.count)).length)
    }
}
