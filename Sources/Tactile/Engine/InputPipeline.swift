/// The whole path from evdev events to actions: a ``TouchAssembler`` for the
/// device, a ``ThumbDetector`` marking resting thumbs and palms, and a
/// ``GestureEngine`` on a window.
///
/// Feed it events (from a live device or a recording) and, between events,
/// ``advance(to:)`` to let timers fire; engine time follows the event
/// timestamps only.
@MainActor
public final class InputPipeline {
    /// Assembles the device's events into frames.
    @exclusivity(unchecked) public private(set) var assembler: TouchAssembler
    /// Marks resting thumbs and palms, which the recognizers never see.
    @exclusivity(unchecked) public private(set) var thumbs: ThumbDetector
    /// Runs the recognizers.
    public let engine: GestureEngine
    /// Called with every frame before the engine sees it (for displays and recorders).
    @exclusivity(unchecked) public var onFrame: ((TouchFrame) -> Void)?
    /// The continuations of ``frames()`` streams still listened to.
    private var frameStreams: [AsyncStream<TouchFrame>.Continuation] = []

    /// A pipeline for `device` whose surface maps onto `window`'s screen;
    /// `axisValues` are the device's axis values when its events began (see
    /// ``TouchAssembler/init(device:screen:axisValues:)``).
    public init(device: DeviceDescription, window: Window, axisValues: AxisValues = AxisValues()) {
        assembler = TouchAssembler(device: device, screen: window.screen, axisValues: axisValues)
        thumbs = ThumbDetector(device: device, surfaceSize: assembler.mapping.surfaceSize)
        engine = GestureEngine(window: window)
    }

    /// The window touches are delivered to.
    public var window: Window { engine.window }

    /// Feeds one event; a `SYN_REPORT` completes a frame and runs an engine cycle.
    public func process(_ event: InputEvent) {
        guard var frame = assembler.process(event) else { return }
        thumbs.classify(&frame)
        onFrame?(frame)
        if !frameStreams.isEmpty { yield(frame) }
        engine.process(frame)
    }

    /// Every frame from now on (after thumb marking, before the engine), as
    /// an async sequence; see ``GestureEngine/actions(bufferingNewest:)`` for actions.
    ///
    /// ```swift
    /// Task { @MainActor in
    ///     for await frame in pipeline.frames() { draw(frame.touches) }
    /// }
    /// ```
    public func frames(bufferingNewest limit: Int = 256) -> AsyncStream<TouchFrame> {
        let (stream, continuation) = AsyncStream.makeStream(of: TouchFrame.self, bufferingPolicy: .bufferingNewest(limit))
        frameStreams.append(continuation)
        return stream
    }

    private func yield(_ frame: TouchFrame) {
        var index = 0
        while index < frameStreams.count {
            if case .terminated = frameStreams[index].yield(frame) {
                frameStreams.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Ends every ``frames()`` and ``GestureEngine/actions(bufferingNewest:)``
    /// stream: the input is over (a recording played, a device gone).
    public func finishStreams() {
        for continuation in frameStreams { continuation.finish() }
        frameStreams.removeAll()
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

    /// Ends the input: cancels the touches still down (so their gestures end
    /// as cancelled, not stuck) and lets timers run to `time`, when given.
    public func finishInput(at time: Double? = nil) {
        var frame = assembler.finishInput(at: time)
        thumbs.classify(&frame)
        if !frame.touches.isEmpty {
            onFrame?(frame)
            if !frameStreams.isEmpty { yield(frame) }
            engine.process(frame)
        }
        if let time { engine.advance(to: time) }
    }

    /// What the assembler had to work around so far.
    public var diagnostics: AssemblerDiagnostics { assembler.diagnostics }
}
