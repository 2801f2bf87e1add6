/// Fingers resting still on the surface, as libinput's hold gesture: the
/// signal a scroll view uses to stop kinetic scrolling, distinct from a long
/// press (much shorter, and it never blocks other gestures).
///
/// Begins when the fingers have rested within ``allowableMovement`` mm for
/// ``holdDuration(forFingers:)`` (40 ms for one or two fingers, 180 ms for
/// three or more, after libinput); ends when they lift; cancelled when they
/// move. It neither prevents other recognizers nor is prevented by them.
open class HoldGestureRecognizer: GestureRecognizer {
    /// Defaults, with their reasons in `docs/gestures.md`.
    public enum Defaults {
        public static let shortHoldDuration = 0.04
        public static let longHoldDuration = 0.18
        public static let allowableMovement = Length.millimetres(1.5)
    }

    /// Rest needed with one or two fingers, in seconds.
    @exclusivity(unchecked) public var shortHoldDuration = Defaults.shortHoldDuration
    /// Rest needed with three or more fingers, in seconds.
    @exclusivity(unchecked) public var longHoldDuration = Defaults.longHoldDuration
    /// Movement that breaks (or cancels) a hold (``Length``).
    @exclusivity(unchecked) public var allowableMovement = Defaults.allowableMovement

    @exclusivity(unchecked) private var anchors = TouchAnchors()
    @exclusivity(unchecked) private var timer: TimerToken?
    @exclusivity(unchecked) private var fingers = 0

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    /// The rest needed before `fingers` fingers hold.
    public func holdDuration(forFingers fingers: Int) -> Double {
        fingers >= 3 ? longHoldDuration : shortHoldDuration
    }

    open override var actionValues: [ActionValue] { [ActionValue("fingers", Double(fingers))] }

    open override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
    open override func canBePrevented(by other: GestureRecognizer) -> Bool { false }

    open override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        guard state == .possible else { return }
        restart(frame)
    }

    open override func didProcessFrame(_ frame: TouchFrame) {
        let count = activeTouches.count + frame.untrackedFingerCount
        if state == .possible, count != fingers, count > 0 { restart(frame) }
    }

    private func restart(_ frame: TouchFrame) {
        let current = activeTouches
        anchors.set(current)
        fingers = current.count + frame.untrackedFingerCount
        cancelTimer(timer)
        timer = schedule(after: holdDuration(forFingers: fingers)) { recognizer in
            guard let hold = recognizer as? HoldGestureRecognizer, hold.state == .possible,
                  !hold.activeTouches.isEmpty else { return }
            hold.transition(to: .began)
        }
    }

    open override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
        guard anchors.maximumTravel(activeTouches) > millimetres(allowableMovement) else { return }
        transition(to: state.isInProgress ? .cancelled : .failed)
    }

    open override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        if state.isInProgress {
            if activeTouches.isEmpty { transition(to: .ended) }
        } else if activeTouches.isEmpty {
            transition(to: .failed)
        } else {
            restart(frame)
        }
    }

    open override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {
        transition(to: state.isInProgress ? .cancelled : .failed)
    }

    open override func reset() {
        super.reset()
        anchors.clear()
        timer = nil
        fingers = 0
    }
}
