// A rotation of two or more fingers: angle and velocity, after UIRotationGestureRecognizer.

/// A continuous rotation of two or more fingers, after `UIRotationGestureRecognizer`.
///
/// Begins when the fingers deform (``MultiFingerMotion``) and have turned
/// ``minimumRotation`` radians around their centroid. ``rotation`` is in
/// radians, 0 at `began`, then counting from where the fingers landed (the
/// turn before `began` eased in: see ``FingerSetGestureRecognizer``; from
/// recognition with `.fromRecognition`), positive clockwise on screen,
/// unwrapped across ±π (two full turns read 4π); ``velocity`` in radians
/// per second. A finger
/// landing or lifting re-anchors, so the rotation does not jump. Never
/// begins on semi-multitouch devices, whose two touches are a bounding box.
/// Any number of fingers from two turns, unless ``minimumNumberOfTouches``
/// and ``maximumNumberOfTouches`` say otherwise.
///
/// ```swift
/// let rotation = RotationGestureRecognizer()
/// rotation.addAction { rotation in
///     photo.angle += rotation.rotation
///     rotation.rotation = 0   // increments; the velocity stays the fingers'
/// }
/// photoView.addGestureRecognizer(rotation)
/// ```
open class RotationGestureRecognizer: FingerSetGestureRecognizer {
    /// Defaults, with their reasons in `docs/gestures.md`.
    public enum Defaults {
        /// Turn before a rotation begins, in radians (about 6.9°).
        public static let minimumRotation = 0.12
        /// Spans below this give angles too noisy to use, in mm.
        public static let minimumSpan = Length.millimetres(8.0)
    }

    /// See ``Defaults/minimumRotation``.
    public var minimumRotation: Double { get { settings.minimumRotation } set { settings.minimumRotation = newValue } }
    /// See ``Defaults/minimumSpan``.
    public var minimumSpan: Length { get { settings.minimumSpan } set { settings.minimumSpan = newValue } }
    /// The fewest fingers that turn (default 2; fewer than 2 count as 2):
    /// the rotation begins only with at least this many, and ends when fewer remain.
    public var minimumNumberOfTouches: Int { get { settings.minimumNumberOfTouches } set { settings.minimumNumberOfTouches = newValue } }
    /// The most fingers that turn (default: any number). More fingers make
    /// a rotation that has not begun fail; once it has begun it takes no more
    /// fingers than this, and a finger landing beyond them stays free.
    ///
    /// ```swift
    /// let rotation = RotationGestureRecognizer()
    /// rotation.maximumNumberOfTouches = 2   // two fingers turn; three are something else
    /// ```
    public var maximumNumberOfTouches: Int { get { settings.maximumNumberOfTouches } set { settings.maximumNumberOfTouches = newValue } }

    /// The storage of the settings above (documented there).
    private struct Settings {
        var minimumRotation = Defaults.minimumRotation, minimumSpan = Defaults.minimumSpan
        var minimumNumberOfTouches = 2, maximumNumberOfTouches = Int.max
    }

    /// What one gesture keeps; ``reset()`` starts it afresh (``GestureState``).
    private struct Gesture: GestureState {
        /// Each finger's angle around the centroid at the previous frame.
        var previousAngles = TouchMap<Double>()
        /// Unwrapped turn since the anchors were set, in radians.
        var turn = 0.0
        /// ``rotation`` = `baseRotation` + turn since `turnAtBase`.
        var baseRotation = 0.0
        var turnAtBase = 0.0
        var rotationValue = 0.0
        var tracker = ScalarVelocityTracker(parameters: .touchFrames)
        /// The turn before the rotation began, eased in after it.
        var missedRotation = 0.0
        /// What the fingers did before the rotation began.
        var evidence = DeformationEvidence()

        mutating func keepingBuffers() -> Gesture {
            previousAngles.removeAll()
            return Gesture(previousAngles: previousAngles)
        }
    }

    // Read on every frame: unchecked exclusivity, as the base class's core
    // (docs/performance.md). No access spans a call out of this type.
    @exclusivity(unchecked) private var settings = Settings()
    @exclusivity(unchecked) private var gesture = Gesture()

    /// The rotation in radians: 0 at `began`, then following the fingers (see
    /// ``FingerSetGestureRecognizer/startBehavior``). Setting it re-bases it
    /// (commonly to 0 in each action, for increments). Unlike Apple's
    /// wording ("resets the velocity"), the velocity is the fingers' and is
    /// left as it is, so a handler that re-bases still gets the fling.
    public var rotation: Double {
        get { gesture.rotationValue }
        set {
            gesture.rotationValue = newValue
            gesture.baseRotation = newValue
            gesture.turnAtBase = gesture.turn
        }
    }

    /// How fast the fingers turn, in radians per second (the rate of change
    /// of ``rotation`` while it is not re-based).
    public var velocity: Double { gesture.tracker.velocity(at: currentTime) }

    /// `rotation` (``rotation``) and `velocity` (``velocity``).
    open override var actionValues: [ActionValue] {
        [ActionValue("rotation", gesture.rotationValue), ActionValue("velocity", velocity)]
    }

    open override var minimumFingerCount: Int { max(2, settings.minimumNumberOfTouches) }

    /// Once it turns with ``maximumNumberOfTouches`` fingers, it takes no more.
    open override var acceptsTouchesDuringGesture: Bool { activeTouchCount < settings.maximumNumberOfTouches }

    /// Too few fingers, fingers that moved together, too little turn, or a
    /// turn enough of fingers too close together or whose motion was
    /// undecided (fingers 8 mm apart turning 6.9° move half a millimetre each).
    open override var unmetCriterion: FailureReason.Criterion? {
        let changedEnough = abs(gesture.turn) >= settings.minimumRotation
        return gesture.evidence.unmetCriterion(minimumFingers: minimumFingerCount, changedEnough: changedEnough, minimumSpan: millimetres(settings.minimumSpan))
            ?? .turn(degrees: abs(gesture.turn) * 180 / .pi, minimum: settings.minimumRotation * 180 / .pi)
    }

    open override func didProcessFrame(_ frame: TouchFrame) {
        let current = activeTouches
        if state == .possible {
            guard let count = countFingers(limitedTo: settings.maximumNumberOfTouches, in: frame) else { return }
            gesture.evidence.mostFingers = max(gesture.evidence.mostFingers, count)
        }
        // A bounding box's corners do not turn with the fingers.
        guard current.count >= 2, !frame.isBoundingBox else { return }
        accumulateTurn(current)
        if state == .possible {
            averageAnchors(current)
            let span = TouchGeometry.span(mm: current)
            gesture.evidence.judge(span: span)
            guard current.count >= minimumFingerCount, span >= millimetres(settings.minimumSpan),
                  abs(gesture.turn) >= settings.minimumRotation,
                  gesture.evidence.deforms(current, since: anchors) else { return }
            transition(to: .began)
        } else if state.isInProgress {
            if catchUpRemaining > 0 {
                let step = abs(gesture.baseRotation + (gesture.turn - gesture.turnAtBase) - gesture.rotationValue)
                advanceCatchUp(to: frame.time, motion: gesture.missedRotation != 0 ? step / abs(gesture.missedRotation) : 0)
            }
            gesture.rotationValue = gesture.baseRotation + (gesture.turn - gesture.turnAtBase)
            addSample(time: frame.time)
            reportChange(in: frame)
        }
    }

    /// The rotation is 0 where the gesture actually begins.
    open override func didTransition(from oldState: State, to newState: State) {
        guard newState == .began else { return }
        gesture.baseRotation = 0
        gesture.turnAtBase = gesture.turn
        gesture.rotationValue = 0
        gesture.missedRotation = gesture.turn
        startCatchUp()
        gesture.tracker.reset()
        addSample(time: currentTime)
    }

    open override func applyCatchUp(_ share: Double) {
        gesture.baseRotation += gesture.missedRotation * share
        gesture.rotationValue += gesture.missedRotation * share
    }

    /// Samples the turn the fingers made since they landed, whatever
    /// ``rotation`` shows (eased in, or re-based), so the velocity is the fingers'.
    private func addSample(time: Double) {
        gesture.tracker.addSample(time: time, value: gesture.turn)
    }

    /// Adds the mean per-finger change of angle around the centroid since the
    /// previous frame, each wrapped to (-π, π], so the sum unwraps across ±π.
    private func accumulateTurn(_ current: [Touch]) {
        let center = TouchGeometry.centroid(mm: current)
        var sum = 0.0, count = 0
        for touch in current {
            let angle = (touch.surfaceLocation - center).angle
            if let previous = gesture.previousAngles[touch.id] {
                sum += TouchGeometry.wrap(angle - previous)
                count += 1
            }
            gesture.previousAngles[touch.id] = angle
        }
        if count > 0 { gesture.turn += sum / Double(count) }
    }

    /// A finger landed or lifted: angles are measured afresh around the new
    /// centroid, keeping the rotation.
    open override func didReanchor() {
        let current = activeTouches
        gesture.previousAngles.removeAll()
        for (touch, angle) in zip(current, TouchGeometry.angles(current)) { gesture.previousAngles[touch.id] = angle }
    }

    open override func reset() {
        super.reset()
        gesture.restart()
    }
}
