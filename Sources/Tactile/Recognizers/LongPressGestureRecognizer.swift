// Fingers held still for a while, after UILongPressGestureRecognizer.

/// Fingers held still for a while, after `UILongPressGestureRecognizer`
/// (continuous: it begins by timer, with no new input, then reports every
/// move until the fingers lift).
///
/// Begins when ``numberOfTouchesRequired`` fingers have stayed within
/// ``allowableMovement`` millimetres for ``minimumPressDuration`` seconds;
/// after that they may move freely (each move is a `changed`). With
/// ``numberOfTapsRequired`` above 0, that many quick taps must come first
/// (tap-then-hold).
///
/// ```swift
/// let press = LongPressGestureRecognizer(minimumPressDuration: 0.5)
/// press.allowableMovement = .points(10)   // UIKit's
/// press.addAction { press in
///     if press.state == .began { showMenu(at: press.location(in: press.view)) }
/// }
/// view.addGestureRecognizer(press)
/// ```
open class LongPressGestureRecognizer: GestureRecognizer {
    /// Defaults, with their reasons in `docs/gestures.md`.
    public enum Defaults {
        public static let minimumPressDuration = 0.5
        public static let allowableMovement = Length.millimetres(3.0)
        public static let maximumTapDuration = 0.3
        public static let maximumTapInterval = 0.3
    }

    /// Time the fingers must rest, in seconds.
    public var minimumPressDuration: Double { get { settings.minimumPressDuration } set { settings.minimumPressDuration = newValue } }
    /// Movement allowed before recognition (``Length``; UIKit's is `.points(10)`).
    public var allowableMovement: Length { get { settings.allowableMovement } set { settings.allowableMovement = newValue } }
    /// Fingers of the press (default 1).
    public var numberOfTouchesRequired: Int { get { settings.numberOfTouchesRequired } set { settings.numberOfTouchesRequired = newValue } }
    /// Taps before the press (default 0).
    public var numberOfTapsRequired: Int { get { tapsRequired } set { tapsRequired = newValue } }

    // Read on every frame: unchecked exclusivity, as the base class's core
    // (docs/performance.md). No access spans a call out of this type.
    @exclusivity(unchecked) private var settings = PressSettings(minimumPressDuration: Defaults.minimumPressDuration, allowableMovement: Defaults.allowableMovement)
    /// The taps before the press it takes (``numberOfTapsRequired``).
    @exclusivity(unchecked) private var tapsRequired = 0
    @exclusivity(unchecked) private var gesture = PressState()

    public init(minimumPressDuration: Double = Defaults.minimumPressDuration, touches: Int = 1, name: String? = nil) {
        settings.minimumPressDuration = minimumPressDuration
        settings.numberOfTouchesRequired = touches
        super.init(name: name)
    }

    /// `duration`: seconds since the press began (the last required finger
    /// landed), at the time of the action.
    open override var actionValues: [ActionValue] {
        gesture.actionValues(at: currentTime)
    }

    /// Once pressing, it takes no more fingers: another hand stays free.
    open override var acceptsTouchesDuringGesture: Bool { false }

    open override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        guard state == .possible else { return }
        for touch in touches { gesture.landed[touch.id] = touch.surfaceLocation }
        let count = activeTouches.count + frame.untrackedFingerCount
        if count > settings.numberOfTouchesRequired {
            return fail(because: .tooManyFingers(wanted: settings.numberOfTouchesRequired, down: count))
        }
        cancelTimer(gesture.timer)
        gesture.pressStart = frame.time
        let isTheHold = gesture.tapsCompleted >= tapsRequired
        let delay = isTheHold ? settings.minimumPressDuration : Defaults.maximumTapDuration
        gesture.timer = schedule(after: delay) { recognizer in
            guard let press = recognizer as? LongPressGestureRecognizer else { return }
            press.timerFired(isTheHold: isTheHold)
        }
    }

    private func timerFired(isTheHold: Bool) {
        guard state == .possible else { return }
        let count = activeTouches.count + gesture.untrackedFingers
        if isTheHold, count == settings.numberOfTouchesRequired {
            transition(to: .began)
        } else if isTheHold {
            fail(because: .fingerCount(wanted: settings.numberOfTouchesRequired, down: count))
        } else {
            // One of the taps before the press, held too long.
            fail(because: .pressTooLong(seconds: Defaults.maximumTapDuration, maximum: Defaults.maximumTapDuration))
        }
    }

    open override func didProcessFrame(_ frame: TouchFrame) {
        gesture.untrackedFingers = frame.untrackedFingerCount
    }

    open override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
        if state == .possible {
            let allowed = millimetres(settings.allowableMovement)
            if let moved = gesture.farthestMove(of: touches, beyond: allowed) { fail(because: .moved(millimetres: moved, allowed: allowed)) }
        } else if state.isInProgress {
            transition(to: .changed)
        }
    }

    open override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        if state.isInProgress {
            transition(to: .ended)
            return
        }
        guard activeTouches.isEmpty else { return }
        // A lift before the hold: fine only as one of the required taps.
        guard gesture.tapsCompleted < tapsRequired else {
            let pressed = gesture.pressStart.map { frame.time - $0 } ?? 0
            return fail(because: .liftedTooSoon(seconds: pressed, minimum: settings.minimumPressDuration))
        }
        gesture.tapsCompleted += 1
        gesture.landed.removeAll()
        cancelTimer(gesture.timer)
        gesture.timer = schedule(after: Defaults.maximumTapInterval) { $0.fail(because: .nextTapTooLate(maximum: Defaults.maximumTapInterval)) }
    }

    open override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {
        if state.isInProgress { transition(to: .cancelled) } else { fail(because: .touchesCancelled) }
    }

    open override func reset() {
        super.reset()
        gesture.restart()
    }
}
