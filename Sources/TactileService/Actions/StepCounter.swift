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

    /// The speed of `firing` along the step's measure (its unit per second).
    func speed(of firing: BindingFiring) -> Double {
        switch step.measure {
        case .horizontal: abs(firing.velocity.dx)
        case .vertical: abs(firing.velocity.dy)
        case .scale, .rotation: abs(firing.velocity.dx)
        }
    }

    /// The travel a step takes now: `every`, shrunk by speed when the step has `fast`.
    func stepSize(for firing: BindingFiring) -> Double {
        guard let fast = step.fast, fast > 0 else { return step.every }
        let speed = speed(of: firing)
        return step.every / (1 + (speed.isFinite ? speed : 0) / fast)
    }

    /// Steps since the last call (positive: increase), for `firing`.
    mutating func steps(for firing: BindingFiring) -> Int {
        if firing.phase == .began { base = 0 }
        let size = stepSize(for: firing)
        guard size > 0 else { return 0 }
        let moved = (measure(of: firing) - base) / size
        guard moved.isFinite else { return 0 }
        let steps = Int(max(-1000, min(1000, moved.rounded(.towardZero))))
        base += Double(steps) * size
        return steps
    }
}
