// What every recognizer keeps for the engine: state, touches, links, targets — stored in one place.

/// The stored state of a ``GestureRecognizer``, kept in one struct so the
/// one performance annotation it needs is declared once, on
/// `GestureRecognizer.core`, and never on public API.
///
/// The engine reads and writes these fields several times per frame for
/// every recognizer in play. A class's stored properties carry a dynamic
/// exclusivity check on every access; the engine is single-threaded and
/// never holds two accesses to the core at once (no access spans a call to
/// a subclass, a delegate or a target), so the core opts out of the check
/// (`@exclusivity(unchecked)`; measured in docs/performance.md).
struct RecognizerCore {
    var name: String
    /// Set by the engine when it applies a transition.
    var state: GestureRecognizerState = .possible
    /// While actions are sent, the state each one was sent for.
    var reportedState: GestureRecognizerState?
    var isEnabled = true
    var startsAnewForIndependentTouches = false

    /// The view the recognizer is attached to, and the engine it is in play
    /// with. Neither is retained (the view owns its recognizers; the engine
    /// holds those in play) nor `weak` (a weak reference gives its object a
    /// side table and sends each retain of it down the slow path): the view
    /// clears its link on removal and in its `deinit`, the engine when the
    /// recognizer leaves play and in its own `deinit`, so neither dangles.
    unowned(unsafe) var view: View? {
        didSet { isAttached = view != nil }
    }
    unowned(unsafe) var engine: GestureEngine?
    /// The arena the recognizer is in play in, if any, and its place there
    /// (see `GestureArena`): what membership is judged by, in constant time
    /// however many recognizers are in play. Cleared when it leaves play.
    unowned(unsafe) var arena: GestureArena?
    var arenaMembership = ArenaMembership()
    /// Whether a delegate was set (and not cleared since): read where a weak
    /// load of the delegate would be slower. It may have gone away since.
    var hasDelegate = false
    /// Whether pans sharing a touch with it wait for it to decide (a
    /// screen-edge pan: `GestureArena`'s rule 1).
    var precedesPans = false
    /// The tokens of the recognizer's live timers in its engine's queue (see `TimerQueue`).
    var timerTokens: [UInt64] = []
    /// Whether ``view`` is set: what the engine checks every frame, without
    /// loading (and retaining) the view.
    private(set) var isAttached = false
    /// Engine time when the recognizer last left an engine.
    var timeAtLeaving = 0.0
    /// The engine's screen density, set when the recognizer joins its play.
    var screenDensity = Screen.standard.pointsPerMillimetre
    /// The kind of device the engine's touches come from, set when the recognizer joins its play.
    var deviceKind: DeviceKind?

    /// The followed touches, in landing order, and how many of them ended
    /// or were cancelled in this frame (they leave after it).
    var touches: [Touch] = []
    var finishedTouchCount = 0
    /// Touches seen since the last reset, also after they ended: rivals
    /// sharing one compete. A handful at most, so a plain array beats hashing.
    var seenTouches: [TouchID] = []
    /// The engine's per-frame delivery (reused, never reallocated in steady state).
    var delivery = Delivery()
    /// The centroid of the last touches, in screen points, kept for locations after they leave.
    var lastScreenLocation: Point?
    /// Fingers of another hand the recognizer hands to its next attempt
    /// (``GestureRecognizer/carryOver(_:)``), as the router saw them; empty
    /// but while two hands tap at once. Kept through the reset, taken by the engine.
    var carried: [CarriedTouch] = []

    var rejectedTransitions = 0
    var failureReason: GestureRecognizer.FailureReason?
    /// While ``GestureRecognizer/fail(because:)`` runs, the criterion its failure names.
    var unmetCriterion: GestureRecognizer.FailureReason.Criterion?
    /// A transition out of `possible` waiting for failure requirements.
    var pendingState: GestureRecognizerState?
    var requirements: [GestureRecognizer] = []

    var actions: [ActionEntry] = []
    var nextActionToken: UInt64 = 1

    init(name: String) {
        self.name = name
    }
}

/// A finger carried over to a recognizer's next attempt: the touch as it
/// landed, where it strayed farthest from there, and how it ended.
struct CarriedTouch {
    var landing: Touch
    var farthest: Touch?
    var end: Touch?

    /// Notes the finger's latest report.
    mutating func follow(_ touch: Touch) {
        if touch.phase.isFinal { return end = touch }
        let strayed = touch.surfaceLocation.distance(to: landing.surfaceLocation)
        if strayed > (farthest?.surfaceLocation.distance(to: landing.surfaceLocation) ?? 0) { farthest = touch }
    }
}

extension RecognizerCore {
    /// Takes the delivery's updates as the followed touches when they are
    /// the same touches in the same order, as they usually are (no touch
    /// landed, none left): a copy in place, with no search for each.
    /// Returns `false`, having changed nothing, otherwise.
    mutating func takeUpdatesInOrder() -> Bool {
        let count = touches.count
        guard delivery.began.isEmpty, delivery.updates.count == count else { return false }
        let updates = delivery.updates
        var finished = 0
        // Through buffer pointers: one uniqueness check, not one per touch.
        let same = touches.withUnsafeMutableBufferPointer { followed in
            updates.withUnsafeBufferPointer { fresh in
                for index in 0..<count where fresh[index].id != followed[index].id { return false }
                for index in 0..<count {
                    followed[index] = fresh[index]
                    if fresh[index].phase.isFinal { finished += 1 }
                }
                return true
            }
        }
        if same { finishedTouchCount = finished }
        return same
    }
}
