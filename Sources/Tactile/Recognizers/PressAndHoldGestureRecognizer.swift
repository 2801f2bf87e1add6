// Press, hold still, lift in place: Windows' press-and-hold (the touchscreen's right click), recognized at the lift.

/// Fingers pressed and held still, then lifted where they rested: Windows'
/// press-and-hold, the touchscreen's right click (discrete: `possible →
/// ended` or `failed`).
///
/// Unlike ``LongPressGestureRecognizer``, which begins as soon as the
/// fingers have rested ``minimumPressDuration`` and then follows them, this
/// recognizer waits for the lift: it is recognized when a finger lifts after
/// ``numberOfTouchesRequired`` fingers rested ``minimumPressDuration``
/// seconds, none having moved more than ``allowableMovement`` from where it
/// landed. A press that is held and then dragged fails, so the drag stays
/// whoever else's it is (selecting text, moving a file): a long press that
/// acts as soon as it is held takes that drag away.
///
/// ```swift
/// let contextMenu = PressAndHoldGestureRecognizer(minimumPressDuration: 0.6)
/// contextMenu.addAction { press in showMenu(at: press.location(in: press.view)) }
/// view.addGestureRecognizer(contextMenu)
/// ```
open class PressAndHoldGestureRecognizer: GestureRecognizer {
    /// Defaults, with their reasons in `docs/gestures.md`.
    public enum Defaults {
        public static let minimumPressDuration = 0.6
        public static let allowableMovement = Length.millimetres(3.0)
    }

    /// Time the fingers must rest before a lift counts, in seconds.
    public var minimumPressDuration: Double { get { settings.minimumPressDuration } set { settings.minimumPressDuration = newValue } }
    /// Movement allowed from landing to lifting (``Length``).
    public var allowableMovement: Length { get { settings.allowableMovement } set { settings.allowableMovement = newValue } }
    /// Fingers of the press (default 1).
    public var numberOfTouchesRequired: Int { get { settings.numberOfTouchesRequired } set { settings.numberOfTouchesRequired = newValue } }

    /// Whether the fingers have rested long enough: a lift now is recognized.
    public var isHeld: Bool { gesture.heldSince != nil }

    // Read on every frame: unchecked exclusivity, as the base class's core
    // (docs/performance.md). No access spans a call out of this type.
    @exclusivity(unchecked) private var settings = PressSettings(minimumPressDuration: Defaults.minimumPressDuration, allowableMovement: Defaults.allowableMovement)
    @exclusivity(unchecked) private var gesture = PressState()

    /// A press of `touches` fingers held `minimumPressDuration` seconds.
    public init(minimumPressDuration: Double = Defaults.minimumPressDuration, touches: Int = 1, name: String? = nil) {
        settings.minimumPressDuration = minimumPressDuration
        settings.numberOfTouchesRequired = touches
        super.init(name: name)
    }

    open override var isDiscrete: Bool { true }

    /// `duration`: seconds the fingers were pressed, at the time of the action.
    open override var actionValues: [ActionValue] {
        gesture.actionValues(at: currentTime)
    }

    open override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        guard state == .possible else { return }
        let count = activeTouches.count + frame.untrackedFingerCount
        // A finger landing once the press is held is a new gesture's, not this one's.
        if gesture.heldSince != nil || count > settings.numberOfTouchesRequired {
            return fail(because: .tooManyFingers(wanted: settings.numberOfTouchesRequired, down: count))
        }
        for touch in touches { gesture.landed[touch.id] = touch.surfaceLocation }
        guard count == settings.numberOfTouchesRequired else { return }
        // The press starts when its last finger lands.
        cancelTimer(gesture.timer)
        gesture.pressStart = frame.time
        gesture.timer = schedule(after: settings.minimumPressDuration) { recognizer in
            (recognizer as? PressAndHoldGestureRecognizer)?.pressHeld()
        }
    }

    private func pressHeld() {
        guard state == .possible else { return }
        let count = activeTouches.count + gesture.untrackedFingers
        if count == settings.numberOfTouchesRequired {
            gesture.heldSince = currentTime
        } else {
            fail(because: .fingerCount(wanted: settings.numberOfTouchesRequired, down: count))
        }
    }

    open override func didProcessFrame(_ frame: TouchFrame) {
        gesture.untrackedFingers = frame.untrackedFingerCount
    }

    open override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
        guard state == .possible else { return }
        failIfMoved(touches)
    }

    open override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        guard state == .possible else { return }
        // The lift must be in place too: its last position counts.
        failIfMoved(touches)
        guard state == .possible else { return }
        if gesture.heldSince != nil {
            transition(to: .ended)
        } else {
            // Lifted before the press was held: a tap, someone else's.
            fail(because: .liftedTooSoon(seconds: frame.time - (gesture.pressStart ?? frame.time), minimum: settings.minimumPressDuration))
        }
    }

    open override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {
        fail(because: .touchesCancelled)
    }

    /// Fails when a finger of `touches` is farther than it may be from where it landed.
    private func failIfMoved(_ touches: [Touch]) {
        let allowed = millimetres(settings.allowableMovement)
        if let moved = gesture.farthestMove(of: touches, beyond: allowed) { fail(because: .moved(millimetres: moved, allowed: allowed)) }
    }

    open override func reset() {
        super.reset()
        gesture.restart()
    }
}
