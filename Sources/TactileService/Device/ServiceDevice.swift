// The service's work on one touch device, as a cycle: engine → firings → claims → actions → sink.
import Tactile

/// One touch device under the service: its events are recognized against
/// a config's bindings (a ``GestureMap``), its touches go on through
/// `TouchClaims` to its copy, and what the bindings do goes to the sink.
///
/// Fed event by event, from a device or a recording; time is the events'.
/// Each frame is one cycle, in this order:
/// 1. **Engine.** The frame is assembled and the engine sees it; its bound
///    recognizers' actions become firings, with typed measures.
/// 2. **Emergency.** Its raw contacts are watched (`EmergencyWatch`) outside every
///    recognizer and claim, before anything of the frame leaves the device.
/// 3. **Claims.** Firings that act take their touches before the frame
///    goes on, so the app never sees the motion of a gesture taken in it.
/// 4. **Gate.** The frame goes on through the claims to the copy.
/// 5. **Actions.** The firings' plans go to the `ActionRunner`, which runs
///    them (keys, clicks, scrolling; commands off the input loop, within their limits).
/// 6. **Held touches.** Held touches whose zone decided are released or stay dropped.
///
/// Between events, ``advance(to:)`` runs the same steps for what is due by
/// then (a long press, a hold's limit, a touchpad's cancel, the emergency);
/// it is `TimerDriven`, so every driver fires it the same way.
///
/// ```swift
/// let sink = RecordingSink()
/// let config = ConfigLoader.defaultConfig
/// let outputs = try ServiceDevice.makeOutputs(for: panel, config: config, sink: sink, keyboard: nil, passThrough: true)
/// let device = ServiceDevice(description: panel, config: config, sink: sink, outputs: outputs, commands: RecordingCommandRunner())
/// device.onReport = { print($0) }
/// device.replay(recording.events)
/// device.finish(at: lastTime + 1)
/// ```
@MainActor
public final class ServiceDevice: TimerDriven {
    /// The longest a touch is held back in a zone, in seconds, before it goes on undecided.
    public static let maximumHold = TouchClaims.maximumHold

    /// The touch device.
    public let description: DeviceDescription
    /// The virtual devices its output goes to.
    public internal(set) var outputs: DeviceOutputs {
        didSet { actions.outputs = outputs }
    }
    /// The config in use, built on the device's surface.
    public internal(set) var map: GestureMap
    /// The engine's pipeline its events go through (rebuilt when a new config is applied).
    public internal(set) var pipeline: InputPipeline
    /// Called with every thing done.
    public var onReport: ((ServiceReport) -> Void)?
    /// Called once when the emergency gesture is made: the service should let go of everything.
    public var onEmergency: (() -> Void)?
    /// The engine's trace (for `tactile check`): set before feeding events.
    public var onTrace: ((GestureTraceEvent) -> Void)? {
        didSet { pipeline.engine.onTrace = onTrace }
    }
    /// Called with each frame of touches, as the engine gets it (for `tactile check --plot`).
    public var onFrame: ((TouchFrame) -> Void)?
    /// Called when a finger that just landed is held back from the app in a
    /// holding zone (for `tactile check --plot`; its end is a report).
    public var onHold: ((TouchHold) -> Void)?
    /// Whether the emergency gesture was made: the device then does nothing more.
    public private(set) var emergencyMade = false

    /// Whether ``engineLatency`` is recorded.
    public var measuresLatency = false
    /// How long the engine took over each frame (recognition alone, without the gate and the writes).
    public private(set) var engineLatency = LatencyRecorder()
    var writingNanoseconds: UInt64 = 0

    let sink: OutputSink
    /// What happens to the contacts (`nil` without a copy: nothing is passed on, nothing taken).
    var claims: TouchClaims?
    var emergency: EmergencyWatch
    /// What the firings' plans do: keys, clicks, scrolling, drags, commands.
    var actions: ActionRunner
    var frameEvents: [InputEvent] = []
    var firings: [BindingFiring] = []
    var lastFrame: TouchFrame?
    var steps: [Int: StepCounter] = [:]
    var pendingConfig: GestureConfig?
    /// The app with the keyboard focus now, for bindings with `app` or
    /// `not-app` (nil, or returning nil: not known). Read when a gesture
    /// starts, as the first finger lands on an idle device: a binding whose
    /// apps exclude it is disabled until every finger has lifted, so it
    /// neither acts nor competes with the bindings that apply. It must not
    /// block (`FocusTracker.current` reads a value its own thread keeps).
    public var focusedApp: (() -> FocusedApp?)?
    /// Where the touchscreen's output lies on the pointer's range, read at
    /// each click and as a drag begins (nil, the default: the compositor maps the pointer to that
    /// output, the ``OutputMapping/identity``). It must not block
    /// (`PointerMapper.mapping` reads a value its own thread keeps).
    public var pointerMapping: (() -> OutputMapping)? {
        get { actions.pointerMapping }
        set { actions.pointerMapping = newValue }
    }
    let axisValues: AxisValues
    /// The display a touchscreen without resolution is taken to cover, as the panel was made.
    let display: Screen
    /// How the device's surface lies on the screen as the person sees it
    /// (libinput's matrix: the panel's calibration followed by its output's
    /// turn): its window, zones and edges are the screen's as seen, and so
    /// are the clicks' places. ``turn(to:)`` changes it.
    public internal(set) var transform: SurfaceTransform
    /// A transform waiting for the device to be idle (``turn(to:)``).
    var pendingTransform: SurfaceTransform?

    /// A device under `config`. `outputs` are the sink's devices (see
    /// ``makeOutputs(for:config:sink:keyboard:passThrough:)``); `transform`
    /// says how its surface lies on the screen (upright by default; see
    /// ``turn(to:)``).
    public init(description: DeviceDescription, config: GestureConfig, sink: OutputSink, outputs: DeviceOutputs,
                commands: CommandRunner, axisValues: AxisValues = AxisValues(), display: Screen = .standard,
                transform: SurfaceTransform = .identity) {
        self.description = description
        self.sink = sink
        self.outputs = outputs
        self.axisValues = axisValues
        self.display = display
        self.transform = transform
        let layout = ZoneLayout(device: description, display: display, transform: transform)
        let position = description.positionAxes ?? (AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 0), AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 0))
        actions = ActionRunner(synthesizer: ActionSynthesizer(xAxis: position.x, yAxis: position.y, screen: layout.screen),
                               outputs: outputs, commands: commands)
        claims = outputs.touchCopy.map { _ in TouchClaims(device: description, currentSlot: Int(axisValues[AbsCode.mtSlot]),
                                                                  claimedTouchEnd: config.claimedTouchEnd.end, display: display) }
        emergency = EmergencyWatch(config.emergency)
        map = GestureMap(config: config, layout: layout)
        pipeline = Self.pipeline(for: description, map: map, config: config, axisValues: axisValues, transform: transform)
        // The runner writes and reports through the device (its latency, its report of a failed write).
        actions.write = { [weak self] events, output, time in self?.write(events, to: output, at: time) }
        actions.report = { [weak self] item in self?.report(item) }
        attach()
    }

    func attach() {
        pipeline.onFrame = { [weak self] frame in
            self?.lastFrame = frame
            self?.onFrame?(frame)
        }
        map.onFiring = { [weak self] firing in self?.firings.append(firing) }
        pipeline.engine.onTrace = onTrace
    }

    /// Engine time of the next thing due with no event: a timer of the
    /// engine's, a held touch's limit, a touchpad's cancel, the emergency.
    public var nextDeadline: Double? {
        guard !emergencyMade else { return nil }
        return Double.earliest(Double.earliest(pipeline.nextDeadline, claims?.nextDeadline), emergency.deadline)
    }

    // MARK: Input

    /// Takes one event of the device; a frame is handled at its `SYN_REPORT`.
    public func process(_ event: InputEvent) {
        guard !emergencyMade else { return }
        frameEvents.append(event)
        guard event.isReport else {
            pipeline.process(event)
            return
        }
        if map.dependsOnFocus, pipeline.engine.boundTouchCount == 0 { gateByFocus() }
        if measuresLatency {
            let start = LatencyRecorder.now()
            pipeline.process(event)
            engineLatency.record(since: start)
        } else {
            pipeline.process(event)
        }
        let time = event.time
        let frame = lastFrame
        lastFrame = nil
        // 2. The way out, on the raw contacts, before anything of the frame leaves the device.
        if let frame, emergency.observe(frame) {
            frameEvents.removeAll(keepingCapacity: true)
            return makeEmergency(at: time)
        }
        // 3. Touches a gesture takes in this frame are taken before it goes on.
        let plans = plan()
        // 4. The frame goes on.
        let engine = pipeline.engine, map = self.map
        if let copy = outputs.touchCopy, let out = claims?.pass(frame: frameEvents, at: time, touches: frame?.touches ?? [], zone: { touch in
            map.holdingZone(of: engine.view(boundTo: touch))
        }) {
            write(out, to: copy, at: time)
        }
        if let onHold, let frame, let claims {
            for touch in frame.touches where touch.phase == .began {
                guard let held = claims.heldTouch(inSlot: touch.slot), held.touch == touch.id, held.since == time else { continue }
                onHold(TouchHold(slot: touch.slot, touch: touch.id, zone: held.zone, time: time))
            }
        }
        frameEvents.removeAll(keepingCapacity: true)   // the next frame reuses the storage
        // 5–6.
        carryOut(plans, at: time)
        applyPendingIfIdle()
    }

    /// Feeds recorded events as the live service meets them: before each
    /// event, what is due before it happens at its own time (a long press
    /// is decided, its touch claimed and its click sent before the next frame).
    ///
    /// ```swift
    /// device.replay(recording.events)
    /// device.finish(at: lastTime + 1)
    /// ```
    public func replay<S: Sequence>(_ events: S) where S.Element == InputEvent {
        for event in events {
            fireTimers(before: event.time)
            process(event)
        }
    }

    /// Lets what is due by `time` happen (timers, held touches' limits,
    /// touchpad cancels, the emergency), and acts on it.
    public func advance(to time: Double) {
        guard !emergencyMade else { return }
        pipeline.advance(to: time)
        if emergency.isDue(at: time) { return makeEmergency(at: time) }
        carryOut(plan(), at: time)
        applyPendingIfIdle()
    }

    /// The end: what is due until `time` happens, the touches still down are
    /// cancelled for the engine, then every touch the copy holds is
    /// cancelled (so no app is left with a finger down, nor takes it for a tap).
    public func finish(at time: Double) {
        fireTimers(through: time)
        guard !emergencyMade else { return }
        pipeline.finishInput(at: time)
        carryOut(plan(), at: time)
        cancelAll(at: time)
    }

    /// Cancels every touch the copy holds now (the service lets go of the device).
    public func cancelAll(at time: Double) {
        guard let copy = outputs.touchCopy, let out = claims?.cancelAll(at: time) else { return }
        write(out, to: copy, at: time)
    }

    /// The emergency gesture was made: every touch the copy holds is
    /// cancelled, and it is reported and handed to ``onEmergency``.
    private func makeEmergency(at time: Double) {
        emergencyMade = true
        cancelAll(at: time)
        report(.emergency(time: time))
        onEmergency?()
    }

    /// Nanoseconds spent in the sink's writes since the last call (with ``measuresLatency``):
    /// what the output device costs, apart from the service's own work.
    public func takeWritingTime() -> UInt64 {
        defer { writingNanoseconds = 0 }
        return writingNanoseconds
    }

    func report(_ item: ServiceReport) { onReport?(item) }
}
