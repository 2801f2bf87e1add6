// Fingers resting still on the surface (libinput's hold): a recognizer that observes.

/// Fingers resting still on the surface, as libinput's hold gesture: the
/// signal a scroll view uses to stop kinetic scrolling, distinct from a long
/// press (much shorter, and it never blocks other gestures).
///
/// Begins when the fingers have rested within ``allowableMovement`` mm for
/// ``holdDuration(forFingers:)`` (40 ms for one or two fingers, 180 ms for
/// three or more, after libinput); ends when they lift; cancelled when they
/// move. It neither prevents other recognizers nor is prevented by them.
/// Any number of fingers holds, unless ``numberOfTouchesRequired`` is set.
///
/// ```swift
/// let hold = HoldGestureRecognizer()
/// hold.addAction { hold in
///     if hold.state == .began { scroller.stopKineticScrolling() }
/// }
/// view.addGestureRecognizer(hold)
/// ```
open class HoldGestureRecognizer: GestureRecognizer {
    /// Defaults, with their reasons in `docs/gestures.md`.
    public enum Defaults {
        public static let shortHoldDuration = 0.04
        public static let longHoldDuration = 0.18
        public static let allowableMovement = Length.millimetres(1.5)
    }

    /// Rest needed with one or two fingers, in seconds.
    public var shortHoldDuration: Double { get { settings.shortHoldDuration } set { settings.shortHoldDuration = newValue } }
    /// Rest needed with three or more fingers, in seconds.
    public var longHoldDuration: Double { get { settings.longHoldDuration } set { settings.longHoldDuration = newValue } }
    /// Movement that breaks (or cancels) a hold (``Length``).
    public var allowableMovement: Length { get { settings.allowableMovement } set { settings.allowableMovement = newValue } }
    /// The fingers that hold; `nil` (the default): any number. With a
    /// number, fewer fingers wait for the others (no hold begins), and more
    /// make the hold fail.
    ///
    /// ```swift
    /// let twoFingerHold = HoldGestureRecognizer()
    /// twoFingerHold.numberOfTouchesRequired = 2
    /// ```
    public var numberOfTouchesRequired: Int? { get { settings.numberOfTouchesRequired } set { settings.numberOfTouchesRequired = newValue } }
    /// Whether a hold of several fingers is cancelled when one of them lifts
    /// while others rest (libinput's hold ends, cancelled, when its finger
    /// count changes). `false` (the default): the fingers still resting
    /// still hold, until the last lifts or one moves.
    ///
    /// ```swift
    /// hold.cancelsWhenAFingerLifts = true   // libinput's hold
    /// ```
    public var cancelsWhenAFingerLifts: Bool { get { settings.cancelsWhenAFingerLifts } set { settings.cancelsWhenAFingerLifts = newValue } }

    /// The storage of the settings above (documented there).
    private struct Settings {
        var shortHoldDuration = Defaults.shortHoldDuration, longHoldDuration = Defaults.longHoldDuration
        var allowableMovement = Defaults.allowableMovement
        var numberOfTouchesRequired: Int?
        var cancelsWhenAFingerLifts = false
    }

    /// What one gesture keeps; ``reset()`` starts it afresh (``AnchoredGestureState``).
    private struct Gesture: AnchoredGestureState {
        var anchors = TouchAnchors()
        var timer: TimerToken?
        var fingers = 0
        /// When the fingers were last anchored (the rest counts from there).
        var restStart = 0.0
    }

    // Read on every frame: unchecked exclusivity, as the base class's core
    // (docs/performance.md). No access spans a call out of this type.
    @exclusivity(unchecked) private var settings = Settings()
    @exclusivity(unchecked) private var gesture = Gesture()

    /// The rest needed before `fingers` fingers hold.
    public func holdDuration(forFingers fingers: Int) -> Double {
        fingers >= 3 ? settings.longHoldDuration : settings.shortHoldDuration
    }

    /// The fingers holding, as the device counts them; the action log's `fingers`.
    public var fingers: Int { gesture.fingers }

    /// `fingers` (``fingers``).
    open override var actionValues: [ActionValue] { [ActionValue("fingers", Double(gesture.fingers))] }

    open override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
    open override func canBePrevented(by other: GestureRecognizer) -> Bool { false }

    open override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        guard state == .possible else { return }
        restart(frame)
    }

    open override func didProcessFrame(_ frame: TouchFrame) {
        let count = activeTouches.count + frame.untrackedFingerCount
        if state == .possible, count != gesture.fingers, count > 0 { restart(frame) }
    }

    private func restart(_ frame: TouchFrame) {
        let current = activeTouches
        gesture.anchors.set(current)
        gesture.fingers = current.count + frame.untrackedFingerCount
        gesture.restStart = frame.time
        cancelTimer(gesture.timer)
        if let required = settings.numberOfTouchesRequired, gesture.fingers != required {
            gesture.timer = nil
            if gesture.fingers > required { fail(because: .tooManyFingers(wanted: required, down: gesture.fingers)) }
            return
        }
        gesture.timer = schedule(after: holdDuration(forFingers: gesture.fingers)) { recognizer in
            guard let hold = recognizer as? HoldGestureRecognizer, hold.state == .possible,
                  !hold.activeTouches.isEmpty else { return }
            hold.transition(to: .began)
        }
    }

    open override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
        let travel = gesture.anchors.maximumTravel(activeTouches), allowed = millimetres(settings.allowableMovement)
        guard travel > allowed else { return }
        if state.isInProgress {
            transition(to: .cancelled)
        } else {
            fail(because: .moved(millimetres: travel, allowed: allowed))
        }
    }

    open override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        if state.isInProgress {
            if activeTouches.isEmpty {
                transition(to: .ended)
            } else if settings.cancelsWhenAFingerLifts {
                transition(to: .cancelled)
            }
        } else if activeTouches.isEmpty {
            if let required = settings.numberOfTouchesRequired, gesture.fingers != required {
                fail(because: .fingerCount(wanted: required, down: gesture.fingers))
            } else {
                fail(because: .liftedTooSoon(seconds: frame.time - gesture.restStart, minimum: holdDuration(forFingers: gesture.fingers)))
            }
        } else {
            restart(frame)
        }
    }

    open override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {
        if state.isInProgress {
            transition(to: .cancelled)
        } else {
            fail(because: .touchesCancelled)
        }
    }

    open override func reset() {
        super.reset()
        gesture.restart()
    }
}
