// A pinch of two or more fingers: scale and velocity, after UIPinchGestureRecognizer.

/// A continuous pinch of two or more fingers, after `UIPinchGestureRecognizer`.
///
/// Begins when the fingers deform rather than translate
/// (``MultiFingerMotion``) and their span has changed by
/// ``minimumSpanChange`` millimetres. ``scale`` is the span relative to the
/// span at recognition (1.0 at `began`); ``velocity`` is in scale factor per
/// second, negative when pinching in. A finger landing or lifting re-anchors
/// the span so the scale does not jump. Ends when fewer than two fingers
/// remain. Never begins on semi-multitouch devices (bounding-box touches).
/// Any number of fingers from two pinches, unless ``minimumNumberOfTouches``
/// and ``maximumNumberOfTouches`` say otherwise.
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
    public var minimumSpanChange: Length { get { settings.minimumSpanChange } set { settings.minimumSpanChange = newValue } }
    /// See ``Defaults/minimumSpan``.
    public var minimumSpan: Length { get { settings.minimumSpan } set { settings.minimumSpan = newValue } }
    /// The fewest fingers that pinch (default 2; fewer than 2 count as 2):
    /// the pinch begins only with at least this many, and ends when fewer remain.
    public var minimumNumberOfTouches: Int { get { settings.minimumNumberOfTouches } set { settings.minimumNumberOfTouches = newValue } }
    /// The most fingers that pinch (default: any number). More fingers make
    /// a pinch that has not begun fail; once it has begun it takes no more
    /// fingers than this, and a finger landing beyond them stays free.
    ///
    /// ```swift
    /// let zoom = PinchGestureRecognizer()
    /// zoom.minimumNumberOfTouches = 2
    /// zoom.maximumNumberOfTouches = 2   // a two-finger pinch: three fingers are something else
    /// ```
    public var maximumNumberOfTouches: Int { get { settings.maximumNumberOfTouches } set { settings.maximumNumberOfTouches = newValue } }

    /// The storage of the settings above (documented there).
    private struct Settings {
        var minimumSpanChange = Defaults.minimumSpanChange, minimumSpan = Defaults.minimumSpan
        var minimumNumberOfTouches = 2, maximumNumberOfTouches = Int.max
    }

    /// What one gesture keeps; ``reset()`` starts it afresh (``GestureState``).
    private struct Gesture: GestureState {
        /// The span, in mm, that corresponds to ``scale`` == `baseScale`.
        var baseSpan = 0.0
        var baseScale = 1.0
        var scaleValue = 1.0
        var tracker = ScalarVelocityTracker(parameters: .touchFrames)
        /// The logarithm of the span's change before the pinch began, eased in after it.
        var missedLogScale = 0.0
        /// The fingers' span relative to where they landed, multiplied frame by
        /// frame (a finger landing or lifting changes nothing), and the last span.
        var fingerScale = 1.0
        var lastSpan = 0.0
        /// Before the pinch began: the span's last change since the anchors
        /// (mm), and what the fingers did, their span being the wider of
        /// their span and their anchored span.
        var spanChangeBeforeBeginning = 0.0
        var evidence = DeformationEvidence()
    }

    // Read on every frame: unchecked exclusivity, as the base class's core
    // (docs/performance.md). No access spans a call out of this type.
    @exclusivity(unchecked) private var settings = Settings()
    @exclusivity(unchecked) private var gesture = Gesture()

    /// The scale: 1.0 at `began`, then following the fingers (see
    /// ``FingerSetGestureRecognizer/startBehavior``). Setting it re-bases the
    /// scale at the current span (commonly to 1 in each action, for
    /// increments). Unlike Apple's wording ("resets the velocity"), the
    /// velocity is the fingers' and is left as it is, so a handler that
    /// re-bases the scale still gets the fling at `.ended`.
    public var scale: Double {
        get { gesture.scaleValue }
        set {
            gesture.scaleValue = newValue
            gesture.baseScale = newValue
            gesture.baseSpan = TouchGeometry.span(mm: activeTouches)
        }
    }

    /// How fast the fingers scale, per second: the rate of change of their
    /// span relative to the span where they landed (of ``scale`` while it is
    /// not re-based).
    public var velocity: Double { gesture.tracker.velocity(at: currentTime) }

    /// `scale` (``scale``) and `velocity` (``velocity``).
    open override var actionValues: [ActionValue] {
        [ActionValue("scale", gesture.scaleValue), ActionValue("velocity", velocity)]
    }

    open override var minimumFingerCount: Int { max(2, settings.minimumNumberOfTouches) }

    /// Once it pinches with ``maximumNumberOfTouches`` fingers, it takes no more.
    open override var acceptsTouchesDuringGesture: Bool { activeTouchCount < settings.maximumNumberOfTouches }

    /// Too few fingers, fingers that moved together, too little change of
    /// their span, or a change enough from fingers too close together or
    /// whose motion was undecided (one finger stayed while the other went
    /// less than a pivot's 8 mm).
    open override var unmetCriterion: FailureReason.Criterion? {
        let minimumChange = millimetres(settings.minimumSpanChange)
        let changedEnough = gesture.spanChangeBeforeBeginning >= minimumChange
        return gesture.evidence.unmetCriterion(minimumFingers: minimumFingerCount, changedEnough: changedEnough, minimumSpan: millimetres(settings.minimumSpan))
            ?? .spanChange(millimetres: gesture.spanChangeBeforeBeginning, minimum: minimumChange)
    }

    open override func didProcessFrame(_ frame: TouchFrame) {
        let current = activeTouches
        if state == .possible {
            guard let count = countFingers(limitedTo: settings.maximumNumberOfTouches, in: frame) else { return }
            gesture.evidence.mostFingers = max(gesture.evidence.mostFingers, count)
        }
        guard current.count >= 2 else { return }
        let span = TouchGeometry.span(mm: current)
        if state == .possible {
            averageAnchors(current)
            // Per-finger motion cannot be told from a bounding box's corners (libinput
            // does not pinch on semi-multitouch pads either).
            if frame.isBoundingBox { return }
            let anchoredSpan = anchors.span(of: current)
            gesture.spanChangeBeforeBeginning = abs(span - anchoredSpan)
            gesture.evidence.judge(span: max(anchoredSpan, span))
            guard current.count >= minimumFingerCount,
                  anchoredSpan >= millimetres(settings.minimumSpan) || span >= millimetres(settings.minimumSpan),
                  abs(span - anchoredSpan) >= millimetres(settings.minimumSpanChange),
                  gesture.evidence.deforms(current, since: anchors) else { return }
            transition(to: .began)
        } else if state.isInProgress, gesture.baseSpan > 0 {
            if catchUpRemaining > 0 {
                let step = gesture.scaleValue > 0 ? abs(Math.log(gesture.baseScale * span / gesture.baseSpan / gesture.scaleValue)) : 0
                advanceCatchUp(to: frame.time, motion: gesture.missedLogScale != 0 ? step / abs(gesture.missedLogScale) : 0)
            }
            gesture.scaleValue = gesture.baseScale * span / gesture.baseSpan
            if gesture.lastSpan > 0 { gesture.fingerScale *= span / gesture.lastSpan }
            gesture.lastSpan = span
            addSample(time: frame.time)
            reportChange(in: frame)
        }
    }

    /// The scale is 1 where the pinch actually begins.
    open override func didTransition(from oldState: State, to newState: State) {
        guard newState == .began else { return }
        let current = activeTouches
        gesture.baseSpan = TouchGeometry.span(mm: current)
        gesture.baseScale = 1
        gesture.scaleValue = 1
        let landedSpan = anchors.span(of: current)
        gesture.missedLogScale = landedSpan > 0 && gesture.baseSpan > 0 ? Math.log(gesture.baseSpan / landedSpan) : 0
        gesture.fingerScale = landedSpan > 0 && gesture.baseSpan > 0 ? gesture.baseSpan / landedSpan : 1
        gesture.lastSpan = gesture.baseSpan
        startCatchUp()
        gesture.tracker.reset()
        addSample(time: currentTime)
    }

    open override func applyCatchUp(_ share: Double) {
        let factor = Math.exp(gesture.missedLogScale * share)
        gesture.baseScale *= factor
        gesture.scaleValue *= factor
    }

    /// Samples the scale the fingers made since they landed, whatever
    /// ``scale`` shows (eased in, or re-based), so the velocity is the fingers'.
    private func addSample(time: Double) {
        gesture.tracker.addSample(time: time, value: gesture.fingerScale)
    }

    /// A finger landed or lifted: the current span now stands for the current scale.
    open override func didReanchor() {
        guard state.isInProgress else { return }
        gesture.baseScale = gesture.scaleValue
        gesture.baseSpan = TouchGeometry.span(mm: activeTouches)
        gesture.lastSpan = gesture.baseSpan
    }

    open override func reset() {
        super.reset()
        gesture.restart()
    }
}
