// How many steps a continuous gesture's measure has gone up or down since the last action.
import Tactile

/// Counts the steps of a ``StepAction``: each time the gesture's measure
/// moves `every` past the last step, one step up or down.
///
/// ```swift
/// var counter = StepCounter(step: zoomStep)
/// let count = counter.steps(for: firing)   // +2: two "increase" steps since the last firing
/// ```
struct StepCounter {
    let step: StepAction
    /// The measure at the last step.
    private var base = 0.0

    init(step: StepAction) { self.step = step }

    /// The travel a step takes now: `every`, shrunk by speed when the step has `fast`.
    func stepSize(for firing: BindingFiring) -> Double {
        guard let fast = step.fast, fast > 0 else { return step.every }
        return step.every / (1 + firing.measure.speed(of: step.measure) / fast)
    }

    /// Steps since the last call (positive: increase), for `firing`.
    mutating func steps(for firing: BindingFiring) -> Int {
        if firing.phase == .began { base = 0 }
        let size = stepSize(for: firing)
        guard size > 0 else { return 0 }
        let moved = (firing.measure.value(of: step.measure) - base) / size
        guard moved.isFinite else { return 0 }
        let steps = Int(max(-1000, min(1000, moved.rounded(.towardZero))))
        base += Double(steps) * size
        return steps
    }
}
