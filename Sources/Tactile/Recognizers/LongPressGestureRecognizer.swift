/// Fingers held still for a while, after `UILongPressGestureRecognizer`
/// (continuous: it begins by timer, with no new input, then reports every
/// move until the fingers lift).
///
/// Begins when ``numberOfTouchesRequired`` fingers have stayed within
/// ``allowableMovement`` millimetres for ``minimumPressDuration`` seconds;
/// after that they may move freely (each move is a `changed`). With
/// ``numberOfTapsRequired`` above 0, that many quick taps must come first
/// (tap-then-hold).
open class LongPressGestureRecognizer: GestureRecognizer {
    /// Defaults, with their reasons in `docs/gestures.md`.
    public enum Defaults {
        public static let minimumPressDuration = 0.5
        public static let allowableMovement = Length.millimetres(3.0)
        public static let maximumTapDuration = 0.3
        public static let maximumTapInterval = 0.3
    }

    /// Time the fingers must rest, in seconds.
    @exclusivity(unchecked) public var minimumPressDuration = Defaults.minimumPressDuration
    /// Movement allowed before recognition (``Length``; UIKit's is `.points(10)`).
    @exclusivity(unchecked) public var allowableMovement = Defaults.allowableMovement
    /// Fingers of the press (default 1).
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1
    /// Taps before the press (default 0).
    @exclusivity(unchecked) public var numberOfTapsRequired = 0

    @exclusivity(unchecked) private var landed = TouchMap<Point>()
    @exclusivity(unchecked) private var tapsCompleted = 0
    @exclusivity(unchecked) private var pressStart: Double?
    @exclusivity(unchecked) private var timer: TimerToken?

    public init(minimumPressDuration: Double = Defaults.minimumPressDuration, touches: Int = 1, name: String? = nil) {
        self.minimumPressDuration = minimumPressDuration
        self.numberOfTouchesRequired = touches
        super.init(name: name)
    }

    open override var actionValues: [ActionValue] {
        guard let pressStart else { return [ActionValue("duration", 0)] }
        return [ActionValue("duration", currentTime - pressStart)]
    }

    /// Once pressing, it takes no more fingers: another hand stays free.
    open override var acceptsTouchesDuringGesture: Bool { false }

    open override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        guard state == .possible else { return }
        for touch in touches { landed[touch.id] = touch.surfaceLocation }
        let count = activeTouches.count + frame.untrackedFingerCount
        if count > numberOfTouchesRequired { return fail() }
        cancelTimer(timer)
        pressStart = frame.time
        let isTheHold = tapsCompleted >= numberOfTapsRequired
        let delay = isTheHold ? minimumPressDuration : Defaults.maximumTapDuration
        timer = schedule(after: delay) { recognizer in
            guard let press = recognizer as? LongPressGestureRecognizer else { return }
            press.timerFired(isTheHold: isTheHold)
        }
    }

    private func timerFired(isTheHold: Bool) {
        guard state == .possible else { return }
        if isTheHold, activeTouches.count + untrackedFingers == numberOfTouchesRequired {
            transition(to: .began)
        } else {
            fail()  // a tap held too long, or the wrong number of fingers
        }
    }

    @exclusivity(unchecked) private var untrackedFingers = 0

    open override func didProcessFrame(_ frame: TouchFrame) {
        untrackedFingers = frame.untrackedFingerCount
    }

    open override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
        if state == .possible {
            for touch in touches {
                if let start = landed[touch.id], touch.surfaceLocation.distance(to: start) > millimetres(allowableMovement) { return fail() }
            }
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
        guard tapsCompleted < numberOfTapsRequired else { return fail() }
        tapsCompleted += 1
        landed.removeAll()
        cancelTimer(timer)
        timer = schedule(after: Defaults.maximumTapInterval) { ($0 as? LongPressGestureRecognizer)?.fail() }
    }

    open override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {
        if state.isInProgress { transition(to: .cancelled) } else { fail() }
    }

    private func fail() {
        if state == .possible { transition(to: .failed) }
    }

    open override func reset() {
        super.reset()
        landed.removeAll()
        tapsCompleted = 0
        pressStart = nil
        timer = nil
        untrackedFingers = 0
    }
}
