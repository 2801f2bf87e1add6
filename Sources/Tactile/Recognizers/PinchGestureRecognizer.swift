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
        public static let minimumSpanChange = Length.millimetres(5.0)
        /// Spans below this are too noisy to scale by, in mm.
        public static let minimumSpan = Length.millimetres(8.0)
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
    /// The fingers' span relative to where they landed, multiplied frame by
    /// frame (a finger landing or lifting changes nothing), and the last span.
    @exclusivity(unchecked) private var fingerScale = 1.0
    @exclusivity(unchecked) private var lastSpan = 0.0

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    /// The scale: 1.0 at `began`, then following the fingers (see
    /// ``FingerSetGestureRecognizer/startBehavior``). Setting it re-bases the
    /// scale at the current span (commonly to 1 in each action, for
    /// increments). Unlike Apple's wording ("resets the velocity"), the
    /// velocity is the fingers' and is left as it is, so a handler that
    /// re-bases the scale still gets the fling at `.ended`.
    public var scale: Double {
        get { scaleValue }
        set {
            scaleValue = newValue
            baseScale = newValue
            baseSpan = TouchGeometry.span(mm: activeTouches)
        }
    }

    /// How fast the fingers scale, per second: the rate of change of their
    /// span relative to the span where they landed (of ``scale`` while it is
    /// not re-based).
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
            guard anchoredSpan >= millimetres(minimumSpan) || span >= millimetres(minimumSpan),
                  abs(span - anchoredSpan) >= millimetres(minimumSpanChange),
                  anchors.motion(current) == .deformation else { return }
            transition(to: .began)
        } else if state.isInProgress, baseSpan > 0 {
            if catchUpRemaining > 0 {
                let step = scaleValue > 0 ? abs(Math.log(baseScale * span / baseSpan / scaleValue)) : 0
                advanceCatchUp(to: frame.time, motion: missedLogScale != 0 ? step / abs(missedLogScale) : 0)
            }
            scaleValue = baseScale * span / baseSpan
            if lastSpan > 0 { fingerScale *= span / lastSpan }
            lastSpan = span
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
        fingerScale = landedSpan > 0 && baseSpan > 0 ? baseSpan / landedSpan : 1
        lastSpan = baseSpan
        startCatchUp()
        tracker.reset()
        addSample(time: currentTime)
    }

    open override func applyCatchUp(_ share: Double) {
        let factor = Math.exp(missedLogScale * share)
        baseScale *= factor
        scaleValue *= factor
    }

    /// Samples the scale the fingers made since they landed, whatever
    /// ``scale`` shows (eased in, or re-based), so the velocity is the fingers'.
    private func addSample(time: Double) {
        tracker.addSample(time: time, value: fingerScale)
    }

    /// A finger landed or lifted: the current span now stands for the current scale.
    open override func didReanchor() {
        guard state.isInProgress else { return }
        baseScale = scaleValue
        baseSpan = TouchGeometry.span(mm: activeTouches)
        lastSpan = baseSpan
    }

    open override func reset() {
        super.reset()
        baseSpan = 0
        baseScale = 1
        scaleValue = 1
        missedLogScale = 0
        fingerScale = 1
        lastSpan = 0
        tracker.reset()
    }
}
