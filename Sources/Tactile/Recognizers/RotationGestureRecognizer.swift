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
open class RotationGestureRecognizer: FingerSetGestureRecognizer {
    /// Defaults, with their reasons in `docs/gestures.md`.
    public enum Defaults {
        /// Turn before a rotation begins, in radians (about 6.9°).
        public static let minimumRotation = 0.12
        /// Spans below this give angles too noisy to use, in mm.
        public static let minimumSpan = Length.millimetres(8.0)
    }

    /// See ``Defaults/minimumRotation``.
    @exclusivity(unchecked) public var minimumRotation = Defaults.minimumRotation
    /// See ``Defaults/minimumSpan``.
    @exclusivity(unchecked) public var minimumSpan = Defaults.minimumSpan

    /// Each finger's angle around the centroid at the previous frame.
    @exclusivity(unchecked) private var previousAngles = TouchMap<Double>()
    /// Unwrapped turn since the anchors were set, in radians.
    @exclusivity(unchecked) private var turn = 0.0
    /// ``rotation`` = `baseRotation` + turn since `turnAtBase`.
    @exclusivity(unchecked) private var baseRotation = 0.0
    @exclusivity(unchecked) private var turnAtBase = 0.0
    @exclusivity(unchecked) private var rotationValue = 0.0
    @exclusivity(unchecked) private var tracker = ScalarVelocityTracker()
    /// The turn before the rotation began, eased in after it.
    @exclusivity(unchecked) private var missedRotation = 0.0

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    /// The rotation in radians: 0 at `began`, then following the fingers (see
    /// ``FingerSetGestureRecognizer/startBehavior``). Setting it re-bases it
    /// (commonly to 0 in each action, for increments). Unlike Apple's
    /// wording ("resets the velocity"), the velocity is the fingers' and is
    /// left as it is, so a handler that re-bases still gets the fling.
    public var rotation: Double {
        get { rotationValue }
        set {
            rotationValue = newValue
            baseRotation = newValue
            turnAtBase = turn
        }
    }

    /// How fast the fingers turn, in radians per second (the rate of change
    /// of ``rotation`` while it is not re-based).
    public var velocity: Double { tracker.velocity(at: currentTime) }

    open override var actionValues: [ActionValue] {
        [ActionValue("rotation", rotationValue), ActionValue("velocity", velocity)]
    }

    open override func didProcessFrame(_ frame: TouchFrame) {
        let current = activeTouches
        // A bounding box's corners do not turn with the fingers.
        guard current.count >= 2, !frame.isBoundingBox else { return }
        accumulateTurn(current)
        if state == .possible {
            settleAnchors(current)
            guard TouchGeometry.span(mm: current) >= millimetres(minimumSpan), abs(turn) >= minimumRotation,
                  anchors.motion(current) == .deformation else { return }
            transition(to: .began)
        } else if state.isInProgress {
            if catchUpRemaining > 0 {
                let step = abs(baseRotation + (turn - turnAtBase) - rotationValue)
                advanceCatchUp(to: frame.time, motion: missedRotation != 0 ? step / abs(missedRotation) : 0)
            }
            rotationValue = baseRotation + (turn - turnAtBase)
            addSample(time: frame.time)
            reportChange(in: frame)
        }
    }

    /// The rotation is 0 where the gesture actually begins.
    open override func didTransition(from oldState: State, to newState: State) {
        guard newState == .began else { return }
        baseRotation = 0
        turnAtBase = turn
        rotationValue = 0
        missedRotation = turn
        startCatchUp()
        tracker.reset()
        addSample(time: currentTime)
    }

    open override func applyCatchUp(_ share: Double) {
        baseRotation += missedRotation * share
        rotationValue += missedRotation * share
    }

    /// Samples the turn the fingers made since they landed, whatever
    /// ``rotation`` shows (eased in, or re-based), so the velocity is the fingers'.
    private func addSample(time: Double) {
        tracker.addSample(time: time, value: turn)
    }

    /// Adds the mean per-finger change of angle around the centroid since the
    /// previous frame, each wrapped to (-π, π], so the sum unwraps across ±π.
    private func accumulateTurn(_ current: [Touch]) {
        let center = TouchGeometry.centroid(mm: current)
        var sum = 0.0, count = 0
        for touch in current {
            let angle = (touch.surfaceLocation - center).angle
            if let previous = previousAngles[touch.id] {
                sum += TouchGeometry.wrap(angle - previous)
                count += 1
            }
            previousAngles[touch.id] = angle
        }
        if count > 0 { turn += sum / Double(count) }
    }

    /// A finger landed or lifted: angles are measured afresh around the new
    /// centroid, keeping the rotation.
    open override func didReanchor() {
        let current = activeTouches
        previousAngles.removeAll()
        for (touch, angle) in zip(current, TouchGeometry.angles(current)) { previousAngles[touch.id] = angle }
    }

    open override func reset() {
        super.reset()
        previousAngles.removeAll()
        turn = 0
        baseRotation = 0
        turnAtBase = 0
        rotationValue = 0
        missedRotation = 0
        tracker.reset()
    }
}
