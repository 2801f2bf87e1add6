// Doing what one device's firings planned: keys, clicks, scrolling, drags and commands, each reported as done.
import Tactile

/// Runs the ``ActionPlan``s of one device's firings: a key chord on the
/// virtual keyboard, a click, scrolling or a drag on the virtual pointer
/// (placed on the touchscreen's output by ``pointerMapping``), a program
/// through the ``CommandRunner``; and reports each (fired, performed,
/// skipped, failed). ``ServiceDevice`` decides *what* a frame does (the
/// engine, the claims, the gate) and hands the plans here: the runner is
/// the one place that turns them into events and processes.
///
/// ```swift
/// let runner = ActionRunner(synthesizer: synthesizer, outputs: outputs, commands: RecordingCommandRunner())
/// runner.write = { events, device, time in try? sink.write(events, to: device) }
/// runner.report = { print($0) }
/// runner.perform(plan, binding: binding)
/// ```
@MainActor
final class ActionRunner {
    /// The virtual keyboard and pointer the actions go to.
    var outputs: DeviceOutputs
    /// Where the touchscreen's output lies on the pointer's range, read at
    /// each click and as a drag begins (nil: the identity). It must not block.
    var pointerMapping: (() -> OutputMapping)?
    private var synthesizer: ActionSynthesizer
    private let commands: CommandRunner
    /// Where events go: the events, the virtual device, the time (nothing until set).
    var write: ([InputEvent], VirtualDeviceID, Double) -> Void = { _, _, _ in }
    /// Where what was done is told (nothing until set).
    var report: (ServiceReport) -> Void = { _ in }
    /// Each binding's translation at its last firing (scrolling sends the difference).
    private var lastTranslation: [Int: Vector] = [:]
    /// Drags under way (`move-window`), by binding: released when their gesture ends.
    private var drags: [Int: DragAction] = [:]

    /// A runner making events with `synthesizer` for `outputs`, and programs through `commands`.
    init(synthesizer: ActionSynthesizer, outputs: DeviceOutputs, commands: CommandRunner) {
        self.synthesizer = synthesizer
        self.outputs = outputs
        self.commands = commands
    }

    /// The screen the firings' locations are on: the device's window, turned
    /// as the person sees the surface (a click's place is its fractions).
    var screen: Screen {
        get { synthesizer.screen }
        set { synthesizer.screen = newValue }
    }

    /// Forgets what the bindings of the config in use had done (a new config takes over).
    func forgetBindings() { lastTranslation = [:] }

    /// Runs `plan`, a firing of `binding`.
    func perform(_ plan: ActionPlan, binding: Binding) {
        let firing = plan.firing
        if firing.phase == .began {
            lastTranslation[firing.bindingIndex] = .zero
            synthesizer.resetScroll()
        }
        if firing.phase != .changed {
            report(.fired(binding: binding.name, phase: firing.phase, time: firing.time, location: firing.location))
        }
        for item in plan.items { run(item, for: firing, binding: binding) }
        if let drag = drags[firing.bindingIndex], firing.phase != .began { follow(drag, firing) }
        lastTranslation[firing.bindingIndex] = firing.measure.translation
    }

    private func run(_ item: ActionPlan.Item, for firing: BindingFiring, binding: Binding) {
        let time = firing.time
        switch item.action {
        case .key(let chord):
            guard let keyboard = outputs.keyboard else { return }
            write(synthesizer.chord(chord, at: time), keyboard, time)
        case .click(let button):
            guard let pointer = outputs.pointer else { return }
            synthesizer.mapping = pointerMapping?() ?? .identity
            write(synthesizer.click(button, at: firing.location, time: time), pointer, time)
        case .scroll(let scroll):
            guard let pointer = outputs.pointer else { return }
            let previous = lastTranslation[firing.bindingIndex] ?? .zero
            let translation = firing.measure.translation
            let delta = Vector(dx: translation.dx - previous.dx, dy: translation.dy - previous.dy)
            write(synthesizer.scroll(scroll, delta: delta, time: time), pointer, time)
            return   // scrolling is reported by its binding's began and ended, not each step
        case .drag(let drag):
            guard let pointer = outputs.pointer, firing.phase == .began else { return }
            synthesizer.mapping = pointerMapping?() ?? .identity   // kept for the whole drag
            if let keyboard = outputs.keyboard { write(synthesizer.hold(drag.modifiers, down: true, at: time), keyboard, time) }
            write(synthesizer.press(drag.button, down: true, at: firing.location, time: time), pointer, time)
            drags[firing.bindingIndex] = drag
        case .command(let arguments):
            guard start(arguments, item: item, firing: firing, binding: binding) else { return }
        }
        report(.performed(binding: binding.name, action: item.action.description, time: time))
    }

    /// Hands a command to the runner; whether it started (a skip or a failure is reported here).
    private func start(_ arguments: [String], item: ActionPlan.Item, firing: BindingFiring, binding: Binding) -> Bool {
        var environment = ["TACTILE_GESTURE": binding.name, "TACTILE_PHASE": item.steps == nil ? firing.phase.rawValue : "step"]
        if let steps = item.steps { environment["TACTILE_STEPS"] = String(steps) }
        let request = CommandRequest(arguments: arguments, binding: binding.name, maximumInstances: binding.maximumInstances,
                                     time: firing.time, environment: environment)
        switch commands.run(request) {
        case .started:
            return true
        case .skipped(let reason):
            if let reason { report(.skipped(binding: binding.name, action: item.action.description, reason: reason, time: firing.time)) }
            return false
        case .failed(let problem):
            report(.failed(problem, time: firing.time))
            return false
        }
    }

    /// A drag under way: the pointer follows the gesture, and lets go (button, then modifiers) when it ends.
    private func follow(_ drag: DragAction, _ firing: BindingFiring) {
        guard let pointer = outputs.pointer else { return }
        let time = firing.time
        switch firing.phase {
        case .changed:
            write(synthesizer.move(to: firing.location, time: time), pointer, time)
        case .ended, .cancelled:
            write(synthesizer.press(drag.button, down: false, at: firing.location, time: time), pointer, time)
            if let keyboard = outputs.keyboard { write(synthesizer.hold(drag.modifiers, down: false, at: time), keyboard, time) }
            drags[firing.bindingIndex] = nil
        case .began:
            break
        }
    }
}
