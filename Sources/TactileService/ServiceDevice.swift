// The service's work on one touch device: recognition, the touch gate, and the actions of its bindings.
import Tactile

/// The virtual devices one touch device's output goes to.
public struct DeviceOutputs: Hashable, Sendable {
    /// The copy unclaimed touches pass through (`nil`: the device is not grabbed, nothing is passed on).
    public var touchCopy: VirtualDeviceID?
    /// The keyboard for chords (shared by every device).
    public var keyboard: VirtualDeviceID?
    /// The absolute pointer for clicks and scrolling, in this device's units.
    public var pointer: VirtualDeviceID?

    /// Outputs: any of the copy, the keyboard and the pointer (`nil`: none).
    public init(touchCopy: VirtualDeviceID? = nil, keyboard: VirtualDeviceID? = nil, pointer: VirtualDeviceID? = nil) {
        self.touchCopy = touchCopy
        self.keyboard = keyboard
        self.pointer = pointer
    }
}

/// One touch device under the service: its events are recognized against
/// a config's bindings (a ``GestureMap``), its touches go on through a
/// ``TouchGate`` to its copy, and what the bindings do goes to the sink.
///
/// Fed event by event, from a device or a recording; time is the events'.
/// Each frame: the engine sees it first (so a gesture that takes touches in
/// this frame keeps the frame's motion from the app), then touches are
/// claimed, the frame goes through the gate, the actions run, and held
/// touches whose zone decided are released or stay dropped. Between events,
/// ``advance(to:)`` lets timers fire (a long press) with the same steps.
///
/// ```swift
/// let sink = RecordingSink()
/// let config = ConfigLoader.defaultConfig
/// let outputs = try ServiceDevice.makeOutputs(for: panel, config: config, sink: sink, keyboard: nil, passThrough: true)
/// let device = ServiceDevice(description: panel, config: config, sink: sink, outputs: outputs, commands: RecordingCommandRunner())
/// device.onReport = { print($0) }
/// for event in recording.events { device.process(event) }
/// device.finish(at: lastTime + 1)
/// ```
@MainActor
public final class ServiceDevice {
    /// The longest a touch is held back in a zone, in seconds, before it goes on undecided.
    public static let maximumHold = 1.5

    /// The touch device.
    public let description: DeviceDescription
    /// The virtual devices its output goes to.
    public private(set) var outputs: DeviceOutputs
    /// The config in use, built on the device's surface.
    public private(set) var map: GestureMap
    /// The engine's pipeline its events go through (rebuilt when a new config is applied).
    public private(set) var pipeline: InputPipeline
    /// Called with every thing done.
    public var onReport: ((ServiceReport) -> Void)?
    /// Called when the emergency gesture is made: the service should let go of everything.
    public var onEmergency: (() -> Void)?
    /// The engine's trace (for `tactile check`): set before feeding events.
    public var onTrace: ((GestureTraceEvent) -> Void)? {
        didSet { pipeline.engine.onTrace = onTrace }
    }

    /// Whether ``engineLatency`` is recorded.
    public var measuresLatency = false
    /// How long the engine took over each frame (recognition alone, without the gate and the writes).
    public private(set) var engineLatency = LatencyRecorder()
    private var writingNanoseconds: UInt64 = 0

    private let sink: OutputSink
    private let commands: CommandRunner
    private var gate: TouchGate
    private var synthesizer: ActionSynthesizer
    private var frameEvents: [InputEvent] = []
    private var firings: [BindingFiring] = []
    private var lastFrame: TouchFrame?
    /// Held touches: their zone's view and name, and since when.
    private var held: [Int: (view: View, zone: String, touch: TouchID, since: Double)] = [:]
    private var steps: [Int: StepCounter] = [:]
    /// Bindings that took their touches in the gesture in progress.
    private var claiming: Set<Int> = []
    private var lastTranslation: [Int: Vector] = [:]
    private var pendingConfig: GestureConfig?
    private let axisValues: AxisValues

    /// A device under `config`. `outputs` are the sink's devices (see
    /// ``makeOutputs(for:config:sink:keyboard:passThrough:)``).
    public init(description: DeviceDescription, config: GestureConfig, sink: OutputSink, outputs: DeviceOutputs,
                commands: CommandRunner, axisValues: AxisValues = AxisValues(), display: Screen = .standard) {
        self.description = description
        self.sink = sink
        self.outputs = outputs
        self.commands = commands
        self.axisValues = axisValues
        let layout = ZoneLayout(device: description, display: display)
        let position = description.positionAxes ?? (AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 0), AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 0))
        synthesizer = ActionSynthesizer(xAxis: position.x, yAxis: position.y, screen: layout.screen)
        gate = TouchGate(device: description, currentSlot: Int(axisValues[AbsCode.mtSlot]))
        map = GestureMap(config: config, layout: layout)
        pipeline = InputPipeline(device: description, window: map.window, axisValues: axisValues)
        attach()
    }

    /// Creates the virtual devices `description` needs under `config`: its
    /// copy when `passThrough`, and a pointer when a binding clicks or scrolls.
    public static func makeOutputs(for description: DeviceDescription, config: GestureConfig, sink: OutputSink,
                                   keyboard: VirtualDeviceID?, passThrough: Bool) throws(OutputError) -> DeviceOutputs {
        var outputs = DeviceOutputs(keyboard: keyboard)
        if passThrough {
            outputs.touchCopy = try sink.create(.touchCopy(of: description), name: description.name)
        }
        if needsPointer(config) { outputs.pointer = try makePointer(for: description, sink: sink) }
        return outputs
    }

    /// The absolute pointer for `description`'s clicks and scrolling, in its
    /// position units (`nil` for a device without position axes).
    public static func makePointer(for description: DeviceDescription, sink: OutputSink) throws(OutputError) -> VirtualDeviceID? {
        guard let axes = description.positionAxes else { return nil }
        return try sink.create(.pointer(x: axes.x, y: axes.y), name: description.name + " pointer (Tactile)")
    }

    /// Whether a binding of `config` clicks or scrolls.
    public static func needsPointer(_ config: GestureConfig) -> Bool {
        config.bindings.contains { binding in
            let actions = Array(binding.actions.values.joined()) + (binding.step.map { $0.increase + $0.decrease } ?? [])
            return actions.contains { action in
                switch action {
                case .click, .scroll: true
                case .key, .command: false
                }
            }
        }
    }

    private func attach() {
        pipeline.onFrame = { [weak self] frame in self?.lastFrame = frame }
        map.onFiring = { [weak self] firing in self?.firings.append(firing) }
        pipeline.engine.onTrace = onTrace
    }

    /// Uses `config` from the next moment no finger is down (at once if none is).
    /// `outputs` replaces the outputs (a new config may need a pointer).
    public func reconfigure(_ config: GestureConfig, outputs: DeviceOutputs? = nil) {
        if let outputs { self.outputs = outputs }
        pendingConfig = config
        applyPendingConfigIfIdle()
    }

    private func applyPendingConfigIfIdle() {
        guard let config = pendingConfig, frameEvents.isEmpty,
              !(0..<max(1, description.slotCount)).contains(where: gate.isDown(slot:)), held.isEmpty else { return }
        pendingConfig = nil
        let time = pipeline.engine.now
        map = GestureMap(config: config, layout: map.layout)
        // The new pipeline starts where the device is: in the slot its next events apply to.
        var values = axisValues
        values[AbsCode.mtSlot] = Int32(gate.deviceSlot)
        pipeline = InputPipeline(device: description, window: map.window, axisValues: values)
        pipeline.advance(to: time)
        steps = [:]
        lastTranslation = [:]
        claiming = []
        attach()
    }

    /// Engine time of the next timer, if any (a long press due).
    public var nextDeadline: Double? { pipeline.engine.nextDeadline }

    // MARK: Input

    /// Takes one event of the device; a frame is handled at its `SYN_REPORT`.
    public func process(_ event: InputEvent) {
        frameEvents.append(event)
        guard event.isReport else {
            pipeline.process(event)
            return
        }
        if measuresLatency {
            let start = LatencyRecorder.now()
            pipeline.process(event)
            engineLatency.record(since: start)
        } else {
            pipeline.process(event)
        }
        let time = event.time
        // Touches a gesture takes in this frame are taken before it goes on: the app never sees its motion.
        let planned = plan()
        if let copy = outputs.touchCopy {
            let touches = lastFrame?.touches ?? []
            let out = gate.process(frame: frameEvents, at: time) { [map, pipeline] slot in
                guard let touch = touches.first(where: { $0.slot == slot && $0.phase == .began }),
                      let view = pipeline.engine.view(boundTo: touch.id), let zone = map.holdingZone(of: view) else { return .pass }
                self.held[slot] = (view, zone, touch.id, time)
                return .hold
            }
            write(out, to: copy, at: time)
        }
        frameEvents.removeAll(keepingCapacity: true)   // the next frame reuses the storage
        settle(planned, at: time)
        applyPendingConfigIfIdle()
    }

    /// Feeds recorded events as the live service meets them: before each
    /// event, the timers due before it fire at their deadlines (a long press
    /// is decided, its touch claimed and its click sent before the next frame).
    ///
    /// ```swift
    /// device.replay(recording.events)
    /// device.finish(at: lastTime + 1)
    /// ```
    public func replay<S: Sequence>(_ events: S) where S.Element == InputEvent {
        for event in events {
            while let deadline = nextDeadline, deadline < event.time { advance(to: deadline) }
            process(event)
        }
    }

    /// Lets timers due by `time` fire, and acts on them.
    public func advance(to time: Double) {
        pipeline.advance(to: time)
        settle(plan(), at: time)
        applyPendingConfigIfIdle()
    }

    /// The end: pending timers fire until `time`, then every touch the copy
    /// holds is released (so no app is left with a finger down).
    public func finish(at time: Double) {
        pipeline.finishInput(at: time)
        settle(plan(), at: time)
        releaseAll(at: time)
    }

    /// Releases every touch the copy holds now (the service lets go of the device).
    public func releaseAll(at time: Double) {
        held = [:]
        if let copy = outputs.touchCopy { write(gate.releaseAll(at: time), to: copy, at: time) }
    }

    // MARK: Steps of a cycle

    /// Takes `firing`'s touches from the app, for a binding that claims: the
    /// first time it acts in a gesture (so a pinch that never reaches its
    /// first step leaves the app its two fingers), and from then on every
    /// finger that joins it.
    private func claim(_ firing: BindingFiring, binding: Binding, acting: Bool) {
        guard binding.claimsTouches, acting || claiming.contains(firing.binding), firing.phase != .cancelled else { return }
        claiming.insert(firing.binding)
        let newly = Set(firing.slots).sorted().filter { gate.mode(ofSlot: $0) != .drop && (gate.isDown(slot: $0) || held[$0] != nil) }
        guard !newly.isEmpty else { return }
        for slot in newly { held[slot] = nil }
        if let copy = outputs.touchCopy { write(gate.claim(slots: newly, at: firing.time), to: copy, at: firing.time) }
        report(.claimed(binding: binding.name, slots: newly, time: firing.time))
    }

    /// A firing and the actions it runs.
    private typealias Planned = (firing: BindingFiring, actions: [ServiceAction])

    /// The cycle's firings with their actions (steps counted), their touches claimed.
    private func plan() -> [Planned] {
        let due = firings
        firings = []
        return due.map { firing in
            guard firing.binding >= 0 else { return (firing, []) }
            let binding = map.bindings[firing.binding]
            if firing.phase == .began { claiming.remove(firing.binding) }
            var actions = binding.actions[firing.phase] ?? []
            if let step = binding.step, firing.phase != .cancelled {
                var counter = steps[firing.binding] ?? StepCounter(step: step)
                let count = counter.steps(for: firing)
                steps[firing.binding] = counter
                for _ in 0..<abs(count) { actions += count > 0 ? step.increase : step.decrease }
            }
            claim(firing, binding: binding, acting: !actions.isEmpty)
            if firing.phase == .ended || firing.phase == .cancelled { claiming.remove(firing.binding) }
            return (firing, actions)
        }
    }

    /// Runs the planned actions, then decides held touches.
    private func settle(_ planned: [Planned], at time: Double) {
        for (firing, actions) in planned { perform(firing, actions: actions) }
        decideHeldTouches(at: time)
    }

    private func perform(_ firing: BindingFiring, actions: [ServiceAction]) {
        guard firing.binding >= 0 else {
            if firing.phase == .began {
                report(.emergency(time: firing.time))
                onEmergency?()
            }
            return
        }
        let binding = map.bindings[firing.binding]
        if firing.phase == .began {
            lastTranslation[firing.binding] = .zero
            synthesizer.resetScroll()
        }
        if firing.phase != .changed {
            report(.fired(binding: binding.name, phase: firing.phase, time: firing.time, location: firing.location))
        }
        for action in actions { run(action, for: firing, binding: binding) }
        lastTranslation[firing.binding] = firing.translation
    }

    private func run(_ action: ServiceAction, for firing: BindingFiring, binding: Binding) {
        let time = firing.time
        switch action {
        case .key(let chord):
            guard let keyboard = outputs.keyboard else { return }
            write(synthesizer.chord(chord, at: time), to: keyboard, at: time)
        case .click(let button):
            guard let pointer = outputs.pointer else { return }
            write(synthesizer.click(button, at: firing.location, time: time), to: pointer, at: time)
        case .scroll(let scroll):
            guard let pointer = outputs.pointer else { return }
            let previous = lastTranslation[firing.binding] ?? .zero
            let delta = Vector(dx: firing.translation.dx - previous.dx, dy: firing.translation.dy - previous.dy)
            write(synthesizer.scroll(scroll, delta: delta, time: time), to: pointer, at: time)
            return   // scrolling is reported by its binding's began and ended, not each step
        case .command(let arguments):
            if let problem = commands.run(arguments) {
                report(.failed(problem, time: time))
                return
            }
        }
        report(.performed(binding: binding.name, action: action.description, time: time))
    }

    /// Releases held touches whose zone's gestures all gave up (or that were held too long).
    private func decideHeldTouches(at time: Double) {
        guard let copy = outputs.touchCopy else { held = [:]; return }
        for slot in held.keys.sorted() {
            guard let entry = held[slot] else { continue }
            guard gate.mode(ofSlot: slot) == .hold else { held[slot] = nil; continue }
            let pending = entry.view.gestureRecognizers.contains { recognizer in
                recognizer.state == .possible && recognizer.touches.contains { $0.id == entry.touch }
            }
            if pending && time - entry.since < Self.maximumHold { continue }
            held[slot] = nil
            write(gate.release(slot: slot, at: time), to: copy, at: time)
            report(.released(slot: slot, zone: entry.zone, time: time, heldFor: time - entry.since))
        }
    }

    private func write(_ events: [InputEvent], to device: VirtualDeviceID, at time: Double) {
        guard !events.isEmpty else { return }
        let start = measuresLatency ? LatencyRecorder.now() : 0
        do {
            try sink.write(events, to: device)
        } catch {
            report(.failed(error.description, time: time))
        }
        if measuresLatency { writingNanoseconds &+= LatencyRecorder.now() &- start }
    }

    /// Nanoseconds spent in the sink's writes since the last call (with ``measuresLatency``):
    /// what the output device costs, apart from the service's own work.
    public func takeWritingTime() -> UInt64 {
        defer { writingNanoseconds = 0 }
        return writingNanoseconds
    }

    private func report(_ item: ServiceReport) { onReport?(item) }
}
