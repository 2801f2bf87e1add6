// The whole path from evdev events to actions: touch assembly, thumb marking, the engine.

/// The whole path from evdev events to actions: a ``TouchAssembler`` for the
/// device, a ``ThumbDetector`` marking resting thumbs and palms, and a
/// ``GestureEngine`` on a window.
///
/// Feed it events (from a live device or a recording) and, between events,
/// ``advance(to:)`` to let timers fire; engine time follows the event
/// timestamps only.
///
/// ```swift
/// let window = Window(screen: recording.screen)
/// let gestures = StandardGestures(attachingTo: window)
/// let pipeline = InputPipeline(device: recording.device, window: window, axisValues: recording.axisValues)
/// pipeline.engine.onAction = { print($0.readableLine) }
/// pipeline.process(recording.events)
/// pipeline.finishInput(at: (recording.events.last?.time ?? 0) + 1)
/// ```
@MainActor
public final class InputPipeline {
    /// Runs the recognizers.
    public let engine: GestureEngine

    /// The stages before the engine, advanced for every event: one store with
    /// unchecked exclusivity (docs/performance.md). No access spans a call out.
    private struct Stages {
        var assembler: TouchAssembler
        var thumbs: ThumbDetector
        var onFrame: ((TouchFrame) -> Void)?
        var frameStreams = StreamFanOut<TouchFrame>()
    }

    @exclusivity(unchecked) private var stages: Stages

    /// Assembles the device's events into frames.
    public var assembler: TouchAssembler { stages.assembler }
    /// Marks resting thumbs and palms, which the recognizers never see
    /// (its ``ThumbDetector/palmEdges`` are the palm bands in use).
    public var thumbs: ThumbDetector { stages.thumbs }
    /// Called with every frame before the engine sees it (for displays and recorders).
    public var onFrame: ((TouchFrame) -> Void)? {
        get { stages.onFrame }
        set { stages.onFrame = newValue }
    }

    /// A pipeline for `device` whose surface maps onto `window`'s screen;
    /// `axisValues` are the device's axis values when its events began (see
    /// ``TouchAssembler/init(device:screen:axisValues:transform:)``). `palmEdges` are
    /// the bands along a touchpad's edges where a touch landing is a palm;
    /// `nil`, the default, gives libinput's on touchpads and none on
    /// touchscreens (``PalmEdgeZones/automatic(for:surfaceSize:)``).
    /// `transform` says how the device's surface lies on the screen (a panel
    /// mounted upside down or in portrait, a calibration; see
    /// ``SurfaceTransform``): locations, directions and edges then follow the
    /// screen as the person sees it, thresholds stay millimetres under the finger.
    ///
    /// ```swift
    /// // Every touch reaches the recognizers, wherever it lands.
    /// let pipeline = InputPipeline(device: pad, window: window, palmEdges: PalmEdgeZones.none)
    /// // An 800 × 480 panel mounted in portrait, on its 480 × 800 screen.
    /// let portrait = Window(screen: Screen(width: 480, height: 800))
    /// let kiosk = InputPipeline(device: panel, window: portrait, transform: .rotated(.clockwise90))
    /// ```
    public init(device: DeviceDescription, window: Window, axisValues: AxisValues = AxisValues(),
                palmEdges: PalmEdgeZones? = nil, transform: SurfaceTransform = .identity) {
        let assembler = TouchAssembler(device: device, screen: window.screen, axisValues: axisValues, transform: transform)
        let thumbs = ThumbDetector(device: device, surfaceSize: assembler.mapping.surfaceSize, palmEdges: palmEdges)
        stages = Stages(assembler: assembler, thumbs: thumbs)
        engine = GestureEngine(window: window)
        engine.deviceKind = device.kind
        engine.surfaceSize = assembler.mapping.surfaceSize
    }

    /// How the device's surface lies on the screen.
    public var transform: SurfaceTransform { stages.assembler.mapping.transform }

    /// The window touches are delivered to.
    public var window: Window { engine.window }

    /// Feeds one event; a `SYN_REPORT` completes a frame and runs an engine cycle.
    public func process(_ event: InputEvent) {
        guard var frame = stages.assembler.process(event) else { return }
        stages.thumbs.classify(&frame)
        hand(frame)
        stages.assembler.recycle(&frame.touches)
    }

    /// Gives a finished frame to the listeners, then to the engine.
    private func hand(_ frame: TouchFrame) {
        if let onFrame = stages.onFrame { onFrame(frame) }
        if !stages.frameStreams.isEmpty { stages.frameStreams.yield(frame) }
        engine.process(frame)
    }

    /// Every frame from now on (after thumb marking, before the engine), as
    /// an async sequence; ``GestureEngine/actions()`` gives the actions. The
    /// same rules hold: the stream keeps every frame its consumer has not
    /// read (``frames(bufferingNewest:)`` keeps the newest only), it ends
    /// with ``finishInput(at:)``, and it holds the frames from its creation
    /// on, so make it before the first event.
    ///
    /// ```swift
    /// let frames = pipeline.frames()
    /// let drawing = Task { @MainActor in
    ///     for await frame in frames { draw(frame.touches) }
    /// }
    /// pipeline.process(recording.events)
    /// pipeline.finishInput(at: (recording.events.last?.time ?? 0) + 1)   // the loop ends
    /// await drawing.value
    /// ```
    public func frames() -> AsyncStream<TouchFrame> {
        stages.frameStreams.makeStream(bufferingNewest: nil)
    }

    /// Every frame from now on, keeping at most the newest `limit` its
    /// consumer has not read: a live display that only wants the latest
    /// touches. The oldest unread frame makes room and
    /// ``framesDroppedByStreams`` counts it.
    ///
    /// ```swift
    /// for await frame in pipeline.frames(bufferingNewest: 1) { draw(frame.touches) }
    /// ```
    public func frames(bufferingNewest limit: Int) -> AsyncStream<TouchFrame> {
        stages.frameStreams.makeStream(bufferingNewest: limit)
    }

    /// How many frames streams made with ``frames(bufferingNewest:)`` dropped
    /// because their consumer fell behind; always 0 with ``frames()``.
    public var framesDroppedByStreams: Int { stages.frameStreams.dropped }

    /// The frame streams not finished yet: 0 after ``finishInput(at:)``.
    var openFrameStreams: Int { stages.frameStreams.count }

    /// Ends every ``frames()`` and ``GestureEngine/actions()`` stream now,
    /// without ending the input (``finishInput(at:)`` ends them at the end
    /// of the input): their loops read what is buffered, then end.
    public func finishStreams() {
        stages.frameStreams.finish()
        engine.finishStreams()
    }

    /// Feeds events in order. Inlinable, so callers in other modules get a
    /// loop specialized for their sequence rather than a generic one.
    @inlinable
    public func process<S: Sequence>(_ events: S) where S.Element == InputEvent {
        for event in events { process(event) }
    }

    /// Moves engine time forward without input, firing due timers.
    public func advance(to time: Double) {
        engine.advance(to: time)
    }

    /// Ends the input (a recording played, a device gone): cancels the
    /// touches still down (so their gestures end as cancelled, not stuck),
    /// lets timers run to `time`, when given, then ends every ``frames()``
    /// and ``GestureEngine/actions()`` stream, so `for await` loops end after
    /// the last frame and action (``GestureEngine/finishInput(at:)``).
    ///
    /// The pipeline can be fed again afterwards: streams made from then on
    /// get the new frames and actions.
    ///
    /// ```swift
    /// pipeline.process(recording.events)
    /// pipeline.finishInput(at: (recording.events.last?.time ?? 0) + 1)
    /// ```
    public func finishInput(at time: Double? = nil) {
        var frame = stages.assembler.finishInput(at: time)
        stages.thumbs.classify(&frame)
        if !frame.touches.isEmpty { hand(frame) }
        stages.frameStreams.finish()
        engine.finishInput(at: time)
    }

    /// What the assembler had to work around so far.
    public var diagnostics: AssemblerDiagnostics { stages.assembler.diagnostics }
}
