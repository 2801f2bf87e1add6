/// A continuous pinch of two or more fingers, after `UIPinchGestureRecognizer`.
///
/// Begins when the fingers deform rather than translate
/// (``MultiFingerMotion``) and their span has changed by
/// ``minimumSpanChange`` millimetres. ``scale`` is the span relative to the
/// span at recognition (1.0 at `began`); ``velocity`` is in scale factor per
/// second, negative when pinching in. A finger landing or lifting re-anchors
/// the span so the scale does not jump. Ends when fewer than two fingers
/// remain. Never begins on semi-multitouch devices (bounding-box touches).
open class PinchGestureRecognizer: FingerSetGestureRecognizer {
    /// Defaults, with their reasons in `docs/gestures.md`.
    public enum Defaults {
        /// Change of the span before a pinch begins, in mm.
        public static let minimumSpanChange = 5.0
        /// Spans below this are too noisy to scale by, in mm.
        public static let minimumSpan = 8.0
    }

    /// See ``Defaults/minimumSpanChange``.
    @exclusivity(unchecked) public var minimumSpanChange = Defaults.minimumSpanChange
    /// See ``Defaults/minimumSpan``.
    @exclusivity(unchecked) public var minimumSpan = Defaults.minimumSpan

    /// The span, in mm, that corresponds to ``scale`` == `baseScale`.
    @exclusivity(unchecked) private var baseSpan = 0.0
    @exclusivity(unchecked) private var baseScale = 1.0
    @exclusivity(unchecked) private var scaleValue = 1.0
    @exclusivity(unchecked) private var tracker = ScalarVelocityTracker()

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    /// The scale since recognition (1.0 at `began`). Setting it re-bases the
    /// scale at the current span and resets ``velocity``.
    public var scale: Double {
        get { scaleValue }
        set {
            scaleValue = newValue
            baseScale = newValue
            baseSpan = TouchGeometry.span(mm: activeTouches)
            tracker.reset()
            tracker.addSample(time: currentTime, value: newValue)
        }
    }

    /// The rate of change of ``scale``, per second.
    public var velocity: Double { tracker.velocity(at: currentTime) }

    open override var actionValues: [ActionValue] {
        [ActionValue("scale", scaleValue), ActionValue("velocity", velocity)]
    }

    open override func didProcessFrame(_ frame: TouchFrame) {
        let current = activeTouches
        guard current.count >= 2 else { return }
        let span = TouchGeometry.span(mm: current)
        if state == .possible {
            // Per-finger motion cannot be told from a bounding box's corners (libinput
            // does not pinch on semi-multitouch pads either).
            if frame.isBoundingBox { return }
            let anchoredSpan = anchors.span(of: current)
            guard anchoredSpan >= minimumSpan || span >= minimumSpan,
                  abs(span - anchoredSpan) >= minimumSpanChange,
                  anchors.motion(current) == .deformation else { return }
            transition(to: .began)
        } else if state.isInProgress, baseSpan > 0 {
            scaleValue = baseScale * span / baseSpan
            tracker.addSample(time: frame.time, value: scaleValue)
            reportChange(in: frame)
        }
    }

    /// The scale is 1 where the pinch actually begins.
    open override func didTransition(from oldState: State, to newState: State) {
        guard newState == .began else { return }
        baseSpan = TouchGeometry.span(mm: activeTouches)
        baseScale = 1
        scaleValue = 1
        tracker.reset()
        tracker.addSample(time: currentTime, value: 1)
    }

    /// A finger landed or lifted: the current span now stands for the current scale.
    open override func didReanchor() {
        guard state.isInProgress else { return }
        baseScale = scaleValue
        baseSpan = TouchGeometry.span(mm: activeTouches)
    }

    open override func reset() {
        super.reset()
        baseSpan = 0
        baseScale = 1
        scaleValue = 1
        tracker.reset()
    }
}
