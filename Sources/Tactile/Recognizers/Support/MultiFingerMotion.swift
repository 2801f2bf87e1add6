/// What two or more fingers are doing together, judged on each finger's
/// motion since an anchor: moving the same way (a pan, a scroll, a swipe) or
/// deforming their shape (a pinch or a rotation).
///
/// The rules, in millimetres on the surface (after libinput's touchpad
/// gesture logic, applied to touchscreens too):
/// 1. A finger *moved* when it travelled at least ``movementThreshold``
///    (1.5 mm); it is *still* under ``stillThreshold`` (1 mm).
/// 2. Nothing is decided until some finger moved.
/// 3. All fingers moved: if every pair of displacements points within
///    ``sameDirectionTolerance`` (60°) of each other, the fingers translate,
///    unless their span changed by more than half of their mean travel
///    (they spread while drifting), which is a deformation. Otherwise
///    (opposite or crossing directions) they deform.
/// 4. One finger still and another moved at least ``anchoredThreshold``
///    (8 mm): the still finger is a pivot, and the others deform around it
///    (a pinch or a rotation with the thumb planted) — the case
///    touchscreen tools such as touchegg misread as a swipe.
/// 5. Anything else stays undecided and is judged again on the next frame,
///    with more motion to go on.
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
        if lengths.allSatisfy({ $0 >= movementThreshold }) {
            let meanTravel = lengths.reduce(0, +) / Double(lengths.count)
            for i in displacements.indices {
                for j in displacements.indices where j > i {
                    if angleBetween(displacements[i], displacements[j]) > sameDirectionTolerance { return .deformation }
                }
            }
            return abs(spanChange) > 0.5 * meanTravel ? .deformation : .translation
        }
        if lengths.contains(where: { $0 < stillThreshold }), longest >= anchoredThreshold {
            return .deformation
        }
        return .undecided
    }

    private static func angleBetween(_ a: Vector, _ b: Vector) -> Double {
        abs(TouchGeometry.wrap(a.angle - b.angle))
    }
}
