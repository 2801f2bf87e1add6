// The base of pan, pinch and rotation: a set of fingers, their anchors, and values that catch up with them.

/// The base of the continuous gestures made by a set of fingers that may
/// change mid-gesture (pan, pinch, rotation).
///
/// It keeps each finger's anchor (where it was when the set last changed),
/// re-anchors when a finger lands or lifts so the gesture's values never
/// jump, ends the gesture when fewer than ``minimumFingerCount`` fingers
/// remain, and reports a change in a frame where a finger moved or the set
/// changed. Subclasses decide when to begin and what to measure, and re-base
/// their values in ``didReanchor()``.
///
/// ## Values that follow the fingers
/// A gesture begins only once the fingers have moved enough to tell what
/// they do, so by `began` they have already gone some way: 3 mm of a pan,
/// 5 mm of a pinch's span, 6.9° of a rotation. With ``startBehavior``
/// `.followingFingers` (the default) the values still start at zero (scale
/// 1) at `began` — nothing jumps — and the part the fingers made before it is
/// eased in over at most ``catchUpDuration`` (sooner when the fingers move
/// on: the values then run at up to twice the fingers' pace), so from then
/// on the values count from where the fingers landed and the content stays
/// under them. With
/// `.fromRecognition` they count from `began`, as UIKit's do. Velocities
/// always follow the fingers.
///
/// ```swift
/// let pinch = PinchGestureRecognizer()
/// pinch.startBehavior = .fromRecognition   // UIKit's scale: 1.0 where the pinch was recognized
/// ```
open class FingerSetGestureRecognizer: GestureRecognizer {
    /// The fingers down in `frame` while the gesture is possible, or `nil`
    /// when there are more than `maximum` (it then failed, saying so).
    /// Fingers a touchpad counts without tracking them count too when a
    /// maximum limits them (`Int.max`: no limit).
    final func countFingers(limitedTo maximum: Int, in frame: TouchFrame) -> Int? {
        var count = activeTouchCount
        guard maximum < Int.max else { return count }
        count += frame.untrackedFingerCount
        guard count <= maximum else {
            fail(because: .tooManyFingers(wanted: maximum, down: count))
            return nil
        }
        return count
    }

    /// Where a gesture's values count from (after Flutter's `DragStartBehavior`).
    public enum StartBehavior: Hashable, Sendable {
        /// From where the fingers landed (or the finger set last changed):
        /// the motion before recognition is eased in over ``catchUpDuration``.
        case followingFingers
        /// From where the gesture was recognized (UIKit's semantics).
        case fromRecognition
    }

    /// Defaults, with their reasons in `docs/gestures.md`.
    public enum StartDefaults {
        /// How long the motion made before recognition takes to be eased in, in seconds.
        public static let catchUpDuration = 0.1
    }

    /// Whether the gesture starts again with the fingers still down when it
    /// finished (ended, failed or was cancelled) and one of its fingers lifts:
    /// a hand that changes its grip (zoom, lift a finger and drag with the
    /// other, put it down again to zoom on) goes on, as in Flutter, Chromium
    /// and GTK. `true` by default; `false` is UIKit's model, where a
    /// recognizer starts again only once every finger is up.
    ///
    /// ```swift
    /// pan.startsAgainWhenFingersChange = false   // UIKit: nothing until every finger lifts
    /// ```
    public var startsAgainWhenFingersChange: Bool {
        get { settings.startsAgainWhenFingersChange }
        set { settings.startsAgainWhenFingersChange = newValue }
    }

    /// Where the values count from; `.followingFingers` by default.
    public var startBehavior: StartBehavior { get { settings.startBehavior } set { settings.startBehavior = newValue } }
    /// See ``StartDefaults/catchUpDuration``.
    public var catchUpDuration: Double { get { settings.catchUpDuration } set { settings.catchUpDuration = newValue } }
    /// Each finger's position when the finger set last changed.
    var anchors: TouchAnchors { gesture.anchors }

    /// The storage of the settings above (documented there).
    private struct Settings {
        var startBehavior = StartBehavior.followingFingers, catchUpDuration = StartDefaults.catchUpDuration
        var startsAgainWhenFingersChange = true
    }

    /// What one gesture keeps; ``reset()`` starts it afresh (``AnchoredGestureState``).
    private struct Gesture: AnchoredGestureState {
        /// How much of the motion before recognition has been eased in (0…1).
        var catchUpProgress = 1.0
        var catchUpStart = 0.0
        /// Each finger's position when the finger set last changed.
        var anchors = TouchAnchors()
        /// A finger landed or lifted during the gesture: report it even without motion.
        var fingerSetChanged = false
    }

    // Read on every frame: unchecked exclusivity, as the base class's core
    // (docs/performance.md). No access spans a call out of this type.
    @exclusivity(unchecked) private var settings = Settings()
    @exclusivity(unchecked) private var gesture = Gesture()

    /// The fewest fingers that keep the gesture going (2 by default).
    open var minimumFingerCount: Int { 2 }

    /// Which of its criteria the gesture has not met yet, with the numbers
    /// so far: the reason it fails when its fingers lift before it begins
    /// (``GestureRecognizer/FailureReason/criterionNotMet(_:)``). `nil` (the
    /// default): it fails without saying why.
    ///
    /// ```swift
    /// override var unmetCriterion: FailureReason.Criterion? {
    ///     .tooShort(millimetres: travelSoFar, minimum: 3)
    /// }
    /// ```
    open var unmetCriterion: FailureReason.Criterion? { nil }

    // MARK: The fingers since they were anchored (for subclasses)

    /// Where `touch` was when the finger set last changed (a finger landed or
    /// lifted), in millimetres on the surface; `nil` for a touch not anchored.
    public final func anchoredLocation(of touch: Touch) -> Point? {
        gesture.anchors.entries[touch.id]?.position
    }

    /// How far `touch` moved since it was anchored, in millimetres.
    public final func displacement(of touch: Touch) -> Vector {
        anchoredLocation(of: touch).map { touch.surfaceLocation - $0 } ?? .zero
    }

    /// What the followed fingers do together since they were anchored:
    /// translate, deform (pinch or turn), or not yet decided (``MultiFingerMotion``).
    ///
    /// ```swift
    /// override func didProcessFrame(_ frame: TouchFrame) {
    ///     if state == .possible, fingerMotion == .translation { state = .began }
    ///     else if state.isInProgress { reportChange(in: frame) }
    /// }
    /// ```
    public final var fingerMotion: MultiFingerMotion {
        gesture.anchors.motion(activeTouches)
    }

    open override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        reanchor()
    }

    open override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        fingersLeft(cancelled: false)
    }

    open override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {
        if state.isInProgress {
            transition(to: .cancelled)
        } else {
            fingersLeft(cancelled: true)
        }
    }

    private func fingersLeft(cancelled: Bool) {
        if activeTouches.count < minimumFingerCount {
            if state.isInProgress {
                advanceCatchUp(to: .infinity)
                transition(to: .ended)
            } else if core.pendingState != nil {
                // It recognized and waits for a recognizer it requires to fail: it fails saying for which.
                transition(to: cancelled ? .cancelled : .ended)
            } else if let criterion = cancelled ? .touchesCancelled : unmetCriterion {
                fail(because: criterion)
            } else {
                transition(to: .failed)
            }
        } else {
            reanchor()
        }
    }

    /// Anchors the current fingers and lets the subclass re-base its values.
    private func reanchor() {
        gesture.anchors.set(activeTouches)
        gesture.fingerSetChanged = state.isInProgress
        didReanchor()
    }

    /// Lets the anchors of resting fingers average out the sensor's noise
    /// (before the gesture begins; see `TouchAnchors.average`).
    public final func averageAnchors(_ current: [Touch]) {
        gesture.anchors.average(current)
    }

    /// The finger set changed; re-base the gesture's values on the current
    /// fingers so they continue without a jump.
    open func didReanchor() {}

    // MARK: Catching up with the fingers

    /// Starts easing in the motion made before recognition (at `began`);
    /// with `.fromRecognition` there is nothing to ease in.
    public final func startCatchUp() {
        gesture.catchUpStart = currentTime
        gesture.catchUpProgress = settings.startBehavior == .followingFingers ? 0 : 1
    }

    /// The share of the missed motion still to be eased in (1 at `began`, 0 once caught up).
    public final var catchUpRemaining: Double { 1 - gesture.catchUpProgress }

    /// Eases the missed motion in up to `time`: calls ``applyCatchUp(_:)``
    /// with the share due since the last call. The share grows linearly over
    /// ``catchUpDuration``, and at least as fast as the fingers move —
    /// `motion` is this frame's motion as a fraction of what was missed — so
    /// while catching up the values run up to twice as fast as the fingers,
    /// never faster. `.infinity` completes it (the gesture ends: its last
    /// values count from the landing).
    public final func advanceCatchUp(to time: Double, motion: Double = 0) {
        guard gesture.catchUpProgress < 1 else { return }
        let elapsed = settings.catchUpDuration > 0 ? min(1, max(0, (time - gesture.catchUpStart) / settings.catchUpDuration)) : 1
        let target = min(1, max(elapsed, gesture.catchUpProgress + max(0, motion)))
        guard target > gesture.catchUpProgress else { return }
        let share = target - gesture.catchUpProgress
        gesture.catchUpProgress = target
        applyCatchUp(share)
    }

    /// Adds `share` (a fraction) of the motion made before recognition to
    /// the gesture's values. Subclasses that ease values in override it.
    open func applyCatchUp(_ share: Double) {}

    /// Moves to `changed` when one of the followed fingers moved in `frame`
    /// or the finger set changed since the last report.
    public final func reportChange(in frame: TouchFrame) {
        let moved = touches.anyMoved(in: frame)
        if gesture.fingerSetChanged || moved { transition(to: .changed) }
        gesture.fingerSetChanged = false
    }

    open override func reset() {
        super.reset()
        gesture.restart()
    }
}
