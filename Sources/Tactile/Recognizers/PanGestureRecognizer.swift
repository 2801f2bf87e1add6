// A drag of one or more fingers: translation and velocity, after UIPanGestureRecognizer.

/// A continuous drag of one or more fingers, after `UIPanGestureRecognizer`.
///
/// Begins when the centroid of the fingers has moved ``minimumTranslation``
/// millimetres on the surface; with two or more fingers, only when they move
/// the same way (``MultiFingerMotion``), so it never takes a pinch or a
/// rotation; several fingers moving the same way begin it at once (their
/// agreement is the evidence, as in libinput's scroll). Reports
/// ``translation(in:)`` (zero at `began`, then following the fingers from
/// where they landed: see ``FingerSetGestureRecognizer``) and
/// ``velocity(in:)``. A finger landing or lifting mid-pan re-anchors the
/// centroid, so the translation does not jump. Ends when fewer than
/// ``minimumNumberOfTouches`` remain.
///
/// ```swift
/// let pan = PanGestureRecognizer()
/// pan.addTarget { recognizer in
///     guard let pan = recognizer as? PanGestureRecognizer else { return }
///     let delta = pan.translation(in: pan.view)
///     pan.setTranslation(.zero, in: pan.view)   // deltas from here on
///     print("moved by", delta.x, delta.y, "at", pan.velocity(in: pan.view), "pt/s")
/// }
/// window.addGestureRecognizer(pan)
/// ```
open class PanGestureRecognizer: FingerSetGestureRecognizer {
    /// Defaults, with their reasons in `docs/gestures.md`.
    public enum Defaults {
        /// Centroid travel before a one-finger pan begins, in mm.
        public static let minimumTranslation = Length.millimetres(3.0)
        /// Centroid travel before two or more fingers moving the same way
        /// begin a pan, in mm: their agreement (each moved 1.5 mm, the same
        /// way: ``MultiFingerMotion``) is the evidence, as for libinput's scroll.
        public static let multiFingerTranslation = Length.millimetres(1.5)
        /// How long after beginning a multi-finger pan yields to a pinch or
        /// rotation that the fingers turn out to be making, in seconds (libinput: 300 ms).
        public static let reclassificationWindow = 0.3
    }

    /// The fewest fingers that make a pan (default 1).
    public var minimumNumberOfTouches: Int { get { settings.minimumNumberOfTouches } set { settings.minimumNumberOfTouches = newValue } }
    /// The most fingers that make a pan (default unlimited).
    public var maximumNumberOfTouches: Int { get { settings.maximumNumberOfTouches } set { settings.maximumNumberOfTouches = newValue } }
    /// Centroid travel before a one-finger pan begins (``Length``).
    public var minimumTranslation: Length { get { settings.minimumTranslation } set { settings.minimumTranslation = newValue } }
    /// Centroid travel before several fingers moving together begin a pan (``Length``).
    public var multiFingerTranslation: Length { get { settings.multiFingerTranslation } set { settings.multiFingerTranslation = newValue } }
    /// See ``Defaults/reclassificationWindow``.
    public var reclassificationWindow: Double { get { settings.reclassificationWindow } set { settings.reclassificationWindow = newValue } }
    /// Whether a pan in progress lets a pinch or a rotation of its fingers
    /// begin at any time, and yields to it (it is cancelled): a one-finger
    /// drag that gains a second finger becomes a zoom, as Flutter's scale
    /// recognizer takes over from a drag. `false` (the default, UIKit's
    /// exclusive pan): only a multi-finger pan, within
    /// ``reclassificationWindow`` of beginning, yields; later a second
    /// finger joins the drag. A photo viewer wants `true`.
    ///
    /// ```swift
    /// let gestures = StandardGestures(attachingTo: photoView)
    /// gestures.pan.yieldsToPinchAndRotation = true   // drag, then zoom with a second finger
    /// ```
    public var yieldsToPinchAndRotation: Bool {
        get { settings.yieldsToPinchAndRotation }
        set { settings.yieldsToPinchAndRotation = newValue }
    }

    /// The storage of the settings above (documented there).
    private struct Settings {
        var minimumNumberOfTouches = 1, maximumNumberOfTouches = Int.max
        var minimumTranslation = Defaults.minimumTranslation, multiFingerTranslation = Defaults.multiFingerTranslation
        var reclassificationWindow = Defaults.reclassificationWindow
        var yieldsToPinchAndRotation = false
    }

    /// What one gesture keeps; ``reset()`` starts it afresh (``GestureState``).
    private struct Gesture: GestureState {
        /// Screen-point centroid at the last re-anchoring, and the translation then.
        var baseCentroid = Point.zero
        var baseTranslation = Vector.zero
        var translationValue = Vector.zero
        /// The centroid's travel since the fingers landed, summed frame by
        /// frame (a finger landing or lifting adds nothing), and its last
        /// position: what the velocity tracker samples, from the first frame.
        var fingerTravel = Vector.zero
        var lastCentroid = Point.zero
        var tracker = VelocityTracker(parameters: .touchFrames)
        /// The travel at a frame that did not report every finger, held back
        /// until the next frame tells whether it was a scan reported in parts.
        var pendingSample: (time: Double, travel: Vector)?
        var beganAt = 0.0
        /// The most fingers down at once, and the fingers down now, as the
        /// device counts them (see ``fingers``).
        var maximumTouchesSeen = 0
        var fingers = 0
        /// The screen centroid when the finger set last changed before the pan began.
        var anchorCentroid = Point.zero
        /// The centroid's travel before the pan began, in points, eased in after it.
        var missedTranslation = Vector.zero
        /// Before the pan began: the fingers' last mean travel since their
        /// anchors (mm), whether they deformed rather than moved together,
        /// and why they were undecided when they had travelled far enough
        /// (at the last frame judged).
        var travelBeforeBeginning = 0.0
        var deformedBeforeBeginning = false
        var undecidedBeforeBeginning: MultiFingerMotion.Shortfall?
    }

    // Read on every frame: unchecked exclusivity, as the base class's core
    // (docs/performance.md). No access spans a call out of this type.
    @exclusivity(unchecked) private var settings = Settings()
    @exclusivity(unchecked) private var gesture = Gesture()

    /// The translation since the pan began (or since the last
    /// ``setTranslation(_:in:)``), in points: how far the fingers moved along
    /// `x` and `y`, as a ``Point`` the way `UIPanGestureRecognizer` gives a
    /// `CGPoint`. The action log reports it as `translation.x` and
    /// `translation.y`. Views have no transforms, so it is the same in every view.
    ///
    /// ```swift
    /// let translation = pan.translation(in: view)
    /// offset.x += translation.x
    /// offset.y += translation.y
    /// pan.setTranslation(.zero, in: view)   // deltas from here on
    /// ```
    public func translation(in view: View?) -> Point {
        Point(x: gesture.translationValue.dx, y: gesture.translationValue.dy)
    }

    /// Re-bases the translation (commonly to `.zero` in each action, for deltas).
    ///
    /// Unlike Apple's wording for `UIPanGestureRecognizer` ("resets the
    /// velocity"), the velocity is the fingers' and is left as it is: a
    /// handler that takes deltas this way still gets the fling at `.ended`.
    public func setTranslation(_ translation: Point, in view: View?) {
        let value = Vector(dx: translation.x, dy: translation.y)
        gesture.translationValue = value
        gesture.baseTranslation = value
        gesture.baseCentroid = TouchGeometry.centroid(points: activeTouches)
    }

    /// Samples the centroid's travel since the fingers landed, whatever the
    /// translation shows (eased in, or re-based by ``setTranslation(_:in:)``),
    /// so the velocity is the fingers'. A frame in which some followed
    /// fingers did not report may be one scan reported in parts (a Galaxy S
    /// sends each finger 0.6 ms apart): its centroid has moved part of the
    /// way, so its sample waits for the next frame, which replaces it when
    /// it follows within the tracker's merge interval, and lets it in otherwise.
    private func sampleCentroid(_ centroid: Point, of current: [Touch], time: Double) {
        gesture.fingerTravel = gesture.fingerTravel + (centroid - gesture.lastCentroid)
        gesture.lastCentroid = centroid
        if let pending = gesture.pendingSample, time - pending.time >= gesture.tracker.parameters.mergeInterval {
            commitPendingSample()
        }
        var reported = true
        for touch in current where touch.phase == .stationary {
            reported = false
            break
        }
        if reported {
            gesture.pendingSample = nil
            gesture.tracker.addSample(time: time, position: Point(x: gesture.fingerTravel.dx, y: gesture.fingerTravel.dy))
        } else {
            gesture.pendingSample = (time, gesture.fingerTravel)
        }
    }

    /// Lets a held-back sample in (the next frame came later, or the fingers lifted).
    private func commitPendingSample() {
        guard let pending = gesture.pendingSample else { return }
        gesture.pendingSample = nil
        gesture.tracker.addSample(time: pending.time, position: Point(x: pending.travel.dx, y: pending.travel.dy))
    }

    /// The velocity of the fingers' centroid, in points per second along `x`
    /// and `y` (a ``Point``, as `UIPanGestureRecognizer` gives a `CGPoint`;
    /// `velocity.x` and `velocity.y` in the action log), tracked from the
    /// moment they landed (Flutter's drag tracks from pointer down): a short
    /// fast stroke whose pan begins on its last move ends with its speed, and
    /// a scan reported finger by finger in separate frames reads as the
    /// fingers' speed, not as half-steps.
    ///
    /// ```swift
    /// let velocity = pan.velocity(in: view)
    /// if pan.state == .ended, abs(velocity.x) > 1000 { flingSideways(velocity.x) }
    /// ```
    public func velocity(in view: View?) -> Point {
        let velocity = gesture.tracker.velocity(at: currentTime)
        return Point(x: velocity.dx, y: velocity.dy)
    }

    /// The fingers on the surface as the device counts them: the touches
    /// followed, and on a touchpad with fewer slots than fingers those it
    /// counts without tracking (`BTN_TOOL_TRIPLETAP` on a two-slot pad), as
    /// libinput counts a swipe's fingers. A three-finger drag on a two-slot
    /// pad is a three-finger pan from its start, never a two-finger scroll;
    /// ``minimumNumberOfTouches`` and ``maximumNumberOfTouches`` judge this count.
    public var fingers: Int { gesture.fingers }

    /// `translation.x`, `translation.y` (``translation(in:)``), `velocity.x`,
    /// `velocity.y` (``velocity(in:)``) and `fingers` (``fingers``).
    open override var actionValues: [ActionValue] {
        let translation = translation(in: view), velocity = velocity(in: view)
        return [
            ActionValue("translation.x", translation.x), ActionValue("translation.y", translation.y),
            ActionValue("velocity.x", velocity.x), ActionValue("velocity.y", velocity.y),
            ActionValue("fingers", Double(gesture.fingers)),
        ]
    }

    /// Within the reclassification window, a multi-finger pan does not keep
    /// a pinch or rotation from beginning; it is cancelled if one does.
    open override func canPrevent(_ other: GestureRecognizer) -> Bool {
        guard state.isInProgress, other is PinchGestureRecognizer || other is RotationGestureRecognizer else { return true }
        if settings.yieldsToPinchAndRotation { return false }
        return !(gesture.maximumTouchesSeen >= 2 && currentTime - gesture.beganAt < settings.reclassificationWindow)
    }

    open override var minimumFingerCount: Int { settings.minimumNumberOfTouches }

    open override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        super.touchesBegan(touches, in: frame)
        let count = activeTouches.count + frame.untrackedFingerCount
        if count > settings.maximumNumberOfTouches, state == .possible {
            fail(because: .tooManyFingers(wanted: settings.maximumNumberOfTouches, down: count))
        }
    }

    open override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        commitPendingSample()  // the fingers lift: what they did last counts
        super.touchesEnded(touches, in: frame)
    }

    /// Too few fingers, fingers that deformed, fingers that travelled far
    /// enough but not together (one stayed while the others went: the
    /// centroid's travel is no evidence then), or too little travel (see
    /// ``FingerSetGestureRecognizer/unmetCriterion``).
    open override var unmetCriterion: FailureReason.Criterion? {
        if gesture.maximumTouchesSeen < settings.minimumNumberOfTouches {
            return .fingerCount(wanted: settings.minimumNumberOfTouches, down: gesture.maximumTouchesSeen)
        }
        if gesture.deformedBeforeBeginning { return .fingersDeformed }
        if let shortfall = gesture.undecidedBeforeBeginning { return .motionUndecided(shortfall, wanted: .translation) }
        let threshold = gesture.maximumTouchesSeen >= 2 ? settings.multiFingerTranslation : settings.minimumTranslation
        return .tooShort(millimetres: gesture.travelBeforeBeginning, minimum: millimetres(threshold))
    }

    open override func didProcessFrame(_ frame: TouchFrame) {
        let current = activeTouches
        guard !current.isEmpty else { return }
        let fingers = current.count + frame.untrackedFingerCount
        gesture.fingers = fingers
        gesture.maximumTouchesSeen = max(gesture.maximumTouchesSeen, fingers)
        let centroid = TouchGeometry.centroid(points: current)
        sampleCentroid(centroid, of: current, time: frame.time)
        if state == .possible {
            averageAnchors(current)
            if fingers > settings.maximumNumberOfTouches {
                return fail(because: .tooManyFingers(wanted: settings.maximumNumberOfTouches, down: fingers))
            }
            guard fingers >= settings.minimumNumberOfTouches else { return }
            let displacement = anchors.meanDisplacement(current)
            let travel = displacement.length
            gesture.travelBeforeBeginning = travel
            gesture.undecidedBeforeBeginning = nil
            if current.count >= 2 {
                // Fingers that agree need no more travel than it takes to agree.
                guard travel >= millimetres(settings.multiFingerTranslation) else { return }
                let motion = anchors.motion(current)
                gesture.deformedBeforeBeginning = motion == .deformation
                if motion == .undecided { gesture.undecidedBeforeBeginning = anchors.shortfall(current) }
                guard motion == .translation else { return }
            } else {
                guard travel >= millimetres(settings.minimumTranslation) else { return }
            }
            guard mayBegin(heading: displacement) else { return }
            transition(to: .began)
        } else if state.isInProgress {
            if catchUpRemaining > 0 {
                let step = (centroid - gesture.baseCentroid) - (gesture.translationValue - gesture.baseTranslation)
                let missed = gesture.missedTranslation.length
                advanceCatchUp(to: frame.time, motion: missed > 0 ? step.length / missed : 0)
            }
            gesture.translationValue = gesture.baseTranslation + (centroid - gesture.baseCentroid)
            reportChange(in: frame)
        }
    }

    /// The last word before fingers that travelled far enough begin the
    /// pan, on `displacement`, their mean displacement since they landed
    /// (mm, in the screen's orientation): a subclass may fail instead
    /// (``ScreenEdgePanGestureRecognizer`` checks that they head inward).
    func mayBegin(heading displacement: Vector) -> Bool { true }

    /// Translation and velocity start from zero when the pan actually begins.
    open override func didTransition(from oldState: State, to newState: State) {
        guard newState == .began else { return }
        gesture.beganAt = currentTime
        gesture.baseCentroid = TouchGeometry.centroid(points: activeTouches)
        gesture.baseTranslation = .zero
        gesture.translationValue = .zero
        gesture.missedTranslation = gesture.baseCentroid - gesture.anchorCentroid
        startCatchUp()
    }

    open override func applyCatchUp(_ share: Double) {
        gesture.baseTranslation = gesture.baseTranslation + gesture.missedTranslation * share
        gesture.translationValue = gesture.translationValue + gesture.missedTranslation * share
    }

    /// A finger landed or lifted: measure from here, keeping the translation.
    open override func didReanchor() {
        let centroid = TouchGeometry.centroid(points: activeTouches)
        gesture.lastCentroid = centroid
        guard state.isInProgress else {
            gesture.anchorCentroid = centroid
            return
        }
        gesture.baseTranslation = gesture.translationValue
        gesture.baseCentroid = centroid
    }

    open override func reset() {
        super.reset()
        gesture.restart()
    }
}
