// What two or more fingers are doing together: translating, deforming, or neither — the numbered rules.

/// What two or more fingers are doing together, judged on each finger's
/// motion since an anchor: moving the same way (a pan, a scroll, a swipe) or
/// deforming their shape (a pinch or a rotation).
///
/// The rules, in millimetres on the surface. Two fingers follow libinput's
/// touchpad gesture logic (applied to touchscreens too):
/// 1. A finger *moved* when it travelled at least ``movementThreshold``
///    (1.5 mm); it is *still* under ``stillThreshold`` (1 mm).
/// 2. Nothing is decided until some finger moved.
/// 3. Both moved: if their displacements point within
///    ``sameDirectionTolerance`` (60°) of each other, they translate, unless
///    their span changed by more than half of their mean travel (they spread
///    while drifting), which is a deformation. Otherwise (opposite or
///    crossing directions) they deform.
/// 4. One still and the other moved at least ``anchoredThreshold`` (8 mm):
///    the still finger is a pivot, and the other deforms around it (a pinch
///    or a rotation with the thumb planted) — the case touchscreen tools
///    such as touchegg misread as a swipe.
///
/// Three or more fingers never start together, nor move at one speed, so
/// pairs are not compared; the group is:
/// 5. Undecided until at least half of the fingers moved.
/// 6. Deforming when a finger that moved heads more than 90° away from the
///    fingers' mean displacement (it works against the group: a rotation,
///    fingers closing from both sides), or when the span changed by more
///    than the fingers' mean travel (a pinch, also one closing on a planted
///    thumb: its span changes about 1.3 times the mean travel; laggards of
///    a drag change it by about half). Translating otherwise.
///
/// Anything undecided is judged again on the next frame, with more motion.
public enum MultiFingerMotion: Equatable, Sendable {
    case undecided
    case translation
    case deformation

    /// Travel that counts as motion, in mm (libinput: 1.5 mm per finger).
    public static let movementThreshold = 1.5
    /// Travel under which a finger counts as still, in mm.
    public static let stillThreshold = 1.0
    /// Travel of the moving finger when another stays still, in mm. libinput
    /// uses 4 mm on touchpads; on real two-finger drags one finger often
    /// starts 20–50 ms late and has moved 4–6 mm by then, so 8 mm.
    public static let anchoredThreshold = 8.0
    /// Largest angle between displacements of fingers moving "the same way",
    /// in radians (libinput treats neighbouring octants as the same: up to about 67°).
    public static let sameDirectionTolerance = Double.pi / 3

    /// Classifies the motion from each finger's displacement since the anchor
    /// (`displacements[i]`, in mm) and the change of their span (in mm).
    public static func classify(displacements: [Vector], spanChange: Double) -> MultiFingerMotion {
        guard displacements.count >= 2 else { return .undecided }
        let lengths = displacements.map(\.length)
        guard let longest = lengths.max(), longest >= movementThreshold else { return .undecided }
        if displacements.count == 2 {
            if lengths.allSatisfy({ $0 >= movementThreshold }) {
                if angleBetween(displacements[0], displacements[1]) > sameDirectionTolerance { return .deformation }
                let meanTravel = (lengths[0] + lengths[1]) / 2
                return abs(spanChange) > 0.5 * meanTravel ? .deformation : .translation
            }
            return lengths.contains(where: { $0 < stillThreshold }) && longest >= anchoredThreshold ? .deformation : .undecided
        }
        let movedCount = lengths.reduce(0) { $0 + ($1 >= movementThreshold ? 1 : 0) }
        guard 2 * movedCount >= displacements.count else { return .undecided }
        var sum = Vector.zero
        for displacement in displacements { sum = sum + displacement }
        let mean = sum / Double(displacements.count)
        for (displacement, length) in zip(displacements, lengths) where length >= movementThreshold {
            if displacement.dx * mean.dx + displacement.dy * mean.dy <= 0 { return .deformation }
        }
        let meanTravel = lengths.reduce(0, +) / Double(lengths.count)
        return abs(spanChange) > meanTravel ? .deformation : .translation
    }

    private static func angleBetween(_ a: Vector, _ b: Vector) -> Double {
        abs(TouchGeometry.wrap(a.angle - b.angle))
    }
}
