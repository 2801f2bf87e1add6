// What one firing of a binding does: its phase's actions, then its steps, coalesced.
import Tactile

/// The actions one firing runs, in order: the binding's actions for the
/// phase, then those of the steps its measure crossed.
///
/// Steps are **coalesced**: a firing that crosses many steps at once (a
/// quick stroke, a jump in a finger's position) presses a step's keys or
/// clicks at most ``maximumRepeats`` times, and runs a step's command
/// once, telling it how many steps it stands for (`TACTILE_STEPS`, signed:
/// negative for decrease). A command can therefore never be started once
/// per step of a jump.
///
/// ```swift
/// let plan = ActionPlan(firing: firing, binding: binding, steps: 3)
/// for item in plan.items { print(item.action, item.steps ?? 0) }
/// ```
struct ActionPlan {
    /// The most times one firing repeats a step's key or click.
    static let maximumRepeats = 16

    /// One action, and for a step's command the steps it stands for (signed).
    struct Item: Hashable {
        var action: ServiceAction
        var steps: Int?
    }

    let firing: BindingFiring
    let items: [Item]

    /// The plan of `firing` for `binding`, `steps` steps having been crossed (signed).
    init(firing: BindingFiring, binding: Binding, steps: Int) {
        self.firing = firing
        var items = (binding.actions[firing.phase] ?? []).map { Item(action: $0, steps: nil) }
        if steps != 0, let step = binding.step {
            let actions = steps > 0 ? step.increase : step.decrease
            // Keys and clicks once per step (at most maximumRepeats), in the order written…
            for _ in 0..<min(abs(steps), Self.maximumRepeats) {
                for action in actions where !action.isCommand { items.append(Item(action: action, steps: nil)) }
            }
            // …a command once for all of them.
            for action in actions where action.isCommand { items.append(Item(action: action, steps: steps)) }
        }
        self.items = items
    }

    /// Whether the firing does anything (a binding takes its touches the first time it does).
    var acts: Bool { !items.isEmpty }
}

extension ServiceAction {
    /// Whether it runs a program.
    var isCommand: Bool {
        if case .command = self { true } else { false }
    }
}
