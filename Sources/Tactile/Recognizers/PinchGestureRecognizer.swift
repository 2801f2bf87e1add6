/// A continuous pinch of two or more fingers, after `UIPinchGestureRecognizer`.
///
/// Begins when the fingers deform rather than translate
/// (``MultiFingerMotion``) and their span has changed by
/// ``minimumSpanChange`` millimetres. ``scale`` is the span relative to the
/// span at recognition (1.0 at `began`); ``velocity`` is in scale factor per
/// second, negative when pinching in. A finger landing or lifting re-anchors
/// the span so the scale does not jump. Ends when fewer than two fingers
/// remain. Never begins on semi-multitouch devices (bounding-box touches).
///
/// ```swift
/// let pinch = PinchGestureRecognizer()
/// pinch.addTarget { recognizer in
///     guard let pinch = recognizer as? PinchGestureRecognizer else { return }
///     photo.zoom = startZoom * pinch.scale
///     if pinch.state == .ended { print("flung at", pinch.velocity, "per second") }
/// }
/// photoView.addGestureRecognizer(pinch)
/// ```
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
    /// The logarithm of the span's change before the pinch began, eased in after it.
    @exclusivity(unchecked) private var missedLogScale = 0.0

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    /// The scale: 1.0 at `began`, then following the fingers (see
    /// ``FingerSetGestureRecognizer/startBehavior``). Setting it re-bases the
    /// scale at the current span and resets ``velocity``.
    public var scale: Double {
        get { scaleValue }
        set {
            scaleValue = newValue
            baseScale = newValue
            baseSpan = TouchGeometry.span(mm: activeTouches)
            tracker.reset()
            addSample(time: currentTime)
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
            settleAnchors(current)
            // Per-finger motion cannot be told from a bounding box's corners (libinput
            // does not pinch on semi-multitouch pads either).
            if frame.isBoundingBox { return }
            let anchoredSpan = anchors.span(of: current)
            guard anchoredSpan >= minimumSpan || span >= minimumSpan,
                  abs(span - anchoredSpan) >= minimumSpanChange,
                  anchors.motion(current) == .deformation else { return }
            transition(to: .began)
        } else if state.isInProgress, baseSpan > 0 {
            if catchUpRemaining > 0 {
                let step = scaleValue > 0 ? abs(Math.log(baseScale * span / baseSpan / scaleValue)) : 0
                advanceCatchUp(to: frame.time, motion: missedLogScale != 0 ? step / abs(missedLogScale) : 0)
            }
            scaleValue = baseScale * span / baseSpan
            addSample(time: frame.time)
            reportChange(in: frame)
        }
    }

    /// The scale is 1 where the pinch actually begins.
    open override func didTransition(from oldState: State, to newState: State) {
        guard newState == .began else { return }
        let current = activeTouches
        baseSpan = TouchGeometry.span(mm: current)
        baseScale = 1
        scaleValue = 1
        let landedSpan = anchors.span(of: current)
        missedLogScale = landedSpan > 0 && baseSpan > 0 ? Math.log(baseSpan / landedSpan) : 0
        startCatchUp()
        tracker.reset()
        addSample(time: currentTime)
    }

    open override func applyCatchUp(_ share: Double) {
        let factor = Math.exp(missedLogScale * share)
        baseScale *= factor
        scaleValue *= factor
    }

    /// Samples the scale the fingers made, whatever is still to be eased in,
    /// so the velocity is the fingers'.
    private func addSample(time: Double) {
        let remaining = catchUpRemaining
        tracker.addSample(time: time, value: remaining > 0 ? scaleValue * Math.exp(missedLogScale * remaining) : scaleValue)
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
        missedLogScale = 0
        tracker.reset()
    }
}
