// How many steps a continuous gesture's measure has gone up or down since the last action.
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// Counts the steps of a ``StepAction``: each time the gesture's measure
/// moves `every` past the last step, one step up or down.
struct StepCounter {
    let step: StepAction
    /// The measure at the last step.
    private var base = 0.0

    init(step: StepAction) { self.step = step }

    /// The measure of `firing` in the step's unit.
    func measure(of firing: BindingFiring) -> Double {
        switch step.measure {
        case .horizontal: firing.translation.dx
        case .vertical: firing.translation.dy
        case .scale: firing.scale > 0 ? log2(firing.scale) : 0
        case .rotation: firing.rotation
        }
    }

    /// Steps since the last call (positive: increase), for `firing`.
    mutating func steps(for firing: BindingFiring) -> Int {
        if firing.phase == .began { base = 0 }
        guard step.every > 0 else { return 0 }
        let moved = (measure(of: firing) - base) / step.every
        guard moved.isFinite else { return 0 }
        let steps = Int(max(-1000, min(1000, moved.rounded(.towardZero))))
        base += Double(steps) * step.every
        return steps
    }
}
