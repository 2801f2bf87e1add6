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
///
/// ## Several devices on one window
/// Give each device a pipeline of its own on the same window (two panels,
/// or a panel and a touchpad: a live session each). Every device's touches
/// are hit-tested in the one window and reach the recognizers of the views
/// they hit, but **a gesture never combines fingers of two devices**: a
/// recognizer follows one device's fingers at a time, as libinput keeps
/// each device's gestures apart. A finger resting on one device never
/// swallows a gesture on another: a recognizer whose gesture has not
/// started, its fingers resting, goes to another device's finger that
/// lands, and a finger that found its recognizer busy takes it once it
/// moves, if the gesture there has not started by then. A recognizer that
/// recognized keeps its device's fingers until it is reset. Each pipeline
/// keeps its own time, timers and arbitration (a failure requirement on a
/// recognizer another device holds is not waited for); ``GestureEngine``,
/// step 9, has the details.
///
/// ```swift
/// let window = Window(screen: Screen(width: 800, height: 480))
/// let map = View(frame: window.bounds)
/// window.addSubview(map)
/// map.addGestureRecognizer(PanGestureRecognizer(name: "pan"))
/// let panel = InputPipeline(device: panelDescription, window: window)
/// let pad = InputPipeline(device: padDescription, window: window)
/// // A finger resting on the pad, then a drag on the panel: a one-finger pan of the panel's finger.
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
        /// The palm bands asked for (`nil`: each device's own), for a device read later.
        var palmEdges: PalmEdgeZones?
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
        stages = Stages(assembler: assembler, thumbs: thumbs, palmEdges: palmEdges)
        engine = GestureEngine(window: window)
        tellEngine(about: assembler)
    }

    /// What the engine knows of the device read: its kind, and its surface
    /// as turned (screen-edge bands are millimetres of it).
    private func tellEngine(about assembler: TouchAssembler) {
        engine.deviceKind = assembler.device.kind
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
        cancelTouches(at: time)
        stages.frameStreams.finish()
        engine.finishInput(at: time)
    }

    /// The device's input broke off (it was unplugged) but the pipeline
    /// goes on: the touches still down are cancelled in a frame at `time`
    /// (the last frame's time when `nil` or earlier), so their gestures end
    /// cancelled — never a tap or a swipe of a finger that did not lift —
    /// and the streams stay open. Then feed the device again, or another
    /// one (``replaceDevice(_:axisValues:transform:)``).
    ///
    /// ```swift
    /// pipeline.cancelTouches(at: lastEventTime)   // the panel was unplugged mid-drag: the pan ends cancelled
    /// ```
    public func cancelTouches(at time: Double? = nil) {
        var frame = stages.assembler.finishInput(at: time)
        stages.thumbs.classify(&frame)
        if !frame.touches.isEmpty { hand(frame) }
    }

    /// Reads `device` from now on (the same device plugged in again, at
    /// another node, or another one), on the same window, engine,
    /// recognizers and streams: a new ``TouchAssembler`` and
    /// ``ThumbDetector`` for it (its surface lying on the screen as
    /// `transform` says; its axes starting at `axisValues`), the palm bands
    /// chosen at ``init(device:window:axisValues:palmEdges:transform:)``.
    /// Touches still down on the old device are cancelled first, and touch
    /// ids go on from the old device's, so none is reused. Engine time goes
    /// on: feed the new device's events at times after the old ones (a
    /// ``GestureEngine`` processes an older frame at its own time).
    ///
    /// ```swift
    /// pipeline.cancelTouches(at: lastEventTime)
    /// // … the panel comes back as /dev/input/event7 …
    /// pipeline.replaceDevice(panel.description, axisValues: panel.axisValues, transform: panel.udevCalibration ?? .identity)
    /// ```
    public func replaceDevice(_ device: DeviceDescription, axisValues: AxisValues = AxisValues(), transform: SurfaceTransform = .identity) {
        cancelTouches()
        var assembler = TouchAssembler(device: device, screen: window.screen, axisValues: axisValues, transform: transform)
        assembler.nextTouchID = stages.assembler.nextTouchID
        stages.thumbs = ThumbDetector(device: device, surfaceSize: assembler.mapping.surfaceSize, palmEdges: stages.palmEdges)
        stages.assembler = assembler
        tellEngine(about: assembler)
    }

    /// The device read (the one given last to ``replaceDevice(_:axisValues:transform:)``, or at the start).
    public var device: DeviceDescription { stages.assembler.device }

    /// What the assembler had to work around so far (for the device read now: see ``replaceDevice(_:axisValues:transform:)``).
    public var diagnostics: AssemblerDiagnostics { stages.assembler.diagnostics }
}
