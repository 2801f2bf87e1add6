// Which actions go on with a gesture the hand is already making: a re-grip shown as one gesture.
import Tactile

/// Tells the demo which `began` actions go on with a gesture the hand is
/// already making: a pan, pinch or rotation that the engine started again
/// as a finger lifted (a re-grip, the trace's "starts again"), after a
/// gesture (other than the hold every rest begins) began or was recognized
/// since the fingers were last all up, begins as the same gesture. The demo shows such an
/// action as `continues` and counts the gesture once; the action itself,
/// and the JSON, stay `began`, as the app receives it.
///
/// ```swift
/// var continuity = GestureContinuity()
/// engine.onTrace = { continuity.note($0) }
/// engine.onAction = { print(continuity.continues($0) ? "continues" : $0.state.rawValue) }
/// ```
struct GestureContinuity: Hashable, Sendable {
    /// `recognizer@view` of each recognizer started again and not yet begun.
    private var restarted: Set<String> = []
    /// Whether a gesture began or was recognized since the fingers were last all up.
    private var underWay = false

    /// The word a continuing `began` is shown as.
    static let word = "continues"

    /// Notes a step of recognition: a recognizer started again by a re-grip.
    mutating func note(_ event: GestureTraceEvent) {
        guard case .startedAgain = event.step else { return }
        restarted.insert(event.recognizer + "@" + event.view)
    }

    /// Notes a frame: once every finger is up, nothing continues.
    mutating func note(_ frame: TouchFrame) {
        guard frame.activeTouches.isEmpty else { return }
        restarted.removeAll()
        underWay = false
    }

    /// Whether `record` begins a gesture that goes on with the one before
    /// (asked once per action: the answer is used up).
    mutating func continues(_ record: ActionRecord) -> Bool {
        let wasUnderWay = underWay
        if record.recognizer != TerminalView.State.holdName, record.state == .began || record.state == .ended { underWay = true }
        guard record.state == .began, !restarted.isEmpty else { return false }
        return restarted.remove(record.recognizer + "@" + record.view) != nil && wasUnderWay
    }
}

/// A ``GestureContinuity`` that closures share (the line output's).
@MainActor
final class SharedContinuity {
    var value = GestureContinuity()
}
