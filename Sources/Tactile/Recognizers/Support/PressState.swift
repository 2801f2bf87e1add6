// What a press keeps while its fingers rest: the long press's and the press-and-hold's one state.

/// The settings of a press: how long its fingers rest, how far they may
/// stray, how many there are. ``LongPressGestureRecognizer`` and
/// ``PressAndHoldGestureRecognizer`` keep theirs in one, each with its own
/// default duration.
///
/// ```swift
/// var settings = PressSettings(minimumPressDuration: 0.6, allowableMovement: .millimetres(3))
/// settings.numberOfTouchesRequired = 2
/// ```
struct PressSettings {
    var minimumPressDuration: Double
    var allowableMovement: Length
    var numberOfTouchesRequired = 1
}

/// What one press keeps from its first finger to its reset: where each
/// finger landed, when the press began (its last finger landed), the timer
/// that ends its rest, the fingers the device counted without tracking
/// them in the last frame, the taps that came before it (a long press's)
/// and when it was held long enough (a press-and-hold's). Started afresh
/// as a ``GestureState``, keeping the landing map's storage.
///
/// ```swift
/// var press = PressState()
/// press.landed[touch.id] = touch.surfaceLocation
/// press.pressStart = frame.time
/// if let moved = press.farthestMove(of: touches, beyond: 3) { … }   // millimetres
/// ```
struct PressState: GestureState {
    var landed = TouchMap<Point>()
    var pressStart: Double?
    var timer: TimerToken?
    var untrackedFingers = 0
    /// The taps before the press that came (``LongPressGestureRecognizer/numberOfTapsRequired``).
    var tapsCompleted = 0
    /// When the fingers had rested long enough: a lift from then on is
    /// recognized (``PressAndHoldGestureRecognizer/isHeld``).
    var heldSince: Double?

    /// `duration`: seconds since the press began, at `time` (0 before it began).
    func actionValues(at time: Double) -> [ActionValue] {
        [ActionValue("duration", pressStart.map { time - $0 } ?? 0)]
    }

    /// How far the first finger of `touches` that strayed more than
    /// `allowed` millimetres from where it landed is from there; `nil`
    /// when none did.
    func farthestMove(of touches: [Touch], beyond allowed: Double) -> Double? {
        for touch in touches {
            guard let start = landed[touch.id] else { continue }
            let moved = touch.surfaceLocation.distance(to: start)
            if moved > allowed { return moved }
        }
        return nil
    }

    mutating func keepingBuffers() -> PressState {
        landed.removeAll()
        return PressState(landed: landed)
    }
}

/// The settings every press recognizer has (``LongPressGestureRecognizer``,
/// ``PressAndHoldGestureRecognizer``), so that what is said of one press (a
/// config's parameters) is said once for both.
@MainActor
package protocol PressRecognizer: AnyObject {
    /// Fingers that press.
    var numberOfTouchesRequired: Int { get set }
    /// How long they rest before the press is recognized, in seconds.
    var minimumPressDuration: Double { get set }
    /// How far they may move meanwhile.
    var allowableMovement: Length { get set }
}

extension LongPressGestureRecognizer: PressRecognizer {}
extension PressAndHoldGestureRecognizer: PressRecognizer {}
