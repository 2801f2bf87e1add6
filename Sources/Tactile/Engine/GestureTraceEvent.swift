// One step of recognition as the engine's trace reports it: a binding, a transition, an arbitration decision.

/// One step of recognition, as ``GestureEngine/onTrace`` reports it: a touch
/// bound to recognizers, a recognizer's state change, or a decision of the
/// engine's arbitration (who waits for whom, who yields to whom). Its
/// ``description`` is the line `tactile replay --trace` prints.
///
/// ```swift
/// engine.onTrace = { event in
///     if case .transition(_, .failed, let reason?) = event.step, event.recognizer == "pan" {
///         print("pan failed:", reason)
///     }
/// }
/// ```
public struct GestureTraceEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Step: Hashable, Sendable {
        /// A touch landed on ``GestureTraceEvent/view`` and was bound to these
        /// recognizers (their names, hit view's first); empty when none took it.
        case touchBound(TouchID, recognizers: [String])
        /// The recognizer, reset in the frame this touch landed (it had
        /// finished, or waited to recognize, when the touch was bound), took
        /// the touch after all: a double tap starting over with a second tap
        /// that landed too far away.
        case tookLandingTouch(TouchID)
        /// The recognizer had finished with fingers still down, and a finger
        /// of them lifted: it starts again with those still down (a re-grip,
        /// ``FingerSetGestureRecognizer/startsAgainWhenFingersChange``).
        case startedAgain(with: [TouchID])
        /// The recognizer finished with one hand's fingers and takes those of
        /// another hand it carried over, as they landed and lifted: two hands
        /// tapping at once are two taps.
        case tookAnotherHand([TouchID])
        /// The recognizer's state changed (a `changed` that follows `changed`
        /// is no change: its action says what moved); a failure says why.
        case transition(from: GestureRecognizerState, to: GestureRecognizerState, reason: GestureRecognizer.FailureReason?)
        /// The recognizer asked to leave `possible` and waits for this
        /// recognizer (its name), which it requires to fail.
        case waiting(for: String)
        /// The recognizers a waiting recognizer required to fail did: it goes on.
        case released
        /// The recognizer, in progress, is cancelled because this rival (its
        /// name) recognized on a shared touch and it let the rival begin.
        case yielded(to: String)
    }

    /// Engine time of the step, in seconds.
    public let time: Double
    /// The recognizer's name; empty for ``Step/touchBound(_:recognizers:)``.
    public let recognizer: String
    /// The name of the recognizer's view, or of the view a touch landed on.
    public let view: String
    /// What happened.
    public let step: Step

    /// The step as a line for people: `0.530000  tap@window  possible → failed: prevented by pan`;
    /// names are escaped (`TextFormat.visible`), so the line is safe to print.
    public var description: String {
        TextFormat.visible(line)
    }

    /// ``description`` before escaping: fixed words, times, states and names.
    private var line: String {
        let time = FixedDecimal.format(time, places: 6)
        let subject = recognizer + "@" + view
        switch step {
        case .touchBound(let touch, let recognizers):
            let bound = recognizers.isEmpty ? "no recognizer takes it" : recognizers.joined(separator: ", ")
            return time + "  touch #\(touch.rawValue) lands on " + view + ": " + bound
        case .tookLandingTouch(let touch):
            return time + "  " + subject + "  takes touch #\(touch.rawValue), which landed as it finished"
        case .startedAgain(let touches):
            let list = touches.map { "#\($0.rawValue)" }.joined(separator: ", ")
            return time + "  " + subject + "  starts again with touch\(touches.count == 1 ? "" : "es") \(list), still down as a finger lifted"
        case .tookAnotherHand(let touches):
            let list = touches.map { "#\($0.rawValue)" }.joined(separator: ", ")
            return time + "  " + subject + "  takes touch\(touches.count == 1 ? "" : "es") \(list) again: another hand's"
        case .transition(let from, let to, let reason):
            return time + "  " + subject + "  \(from.rawValue) → \(to.rawValue)" + (reason.map { ": \($0)" } ?? "")
        case .waiting(let required):
            return time + "  " + subject + "  waits for " + required + " to fail"
        case .released:
            return time + "  " + subject + "  released: the recognizers it waited for failed"
        case .yielded(let winner):
            return time + "  " + subject + "  yields to " + winner
        }
    }
}
