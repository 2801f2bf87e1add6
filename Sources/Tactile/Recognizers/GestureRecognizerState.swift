// The states of a recognizer and the transitions allowed between them.

/// The states of a gesture recognizer, as UIKit defines them.
///
/// Every recognizer starts `possible`. A discrete one (tap, swipe) goes
/// `possible → ended` (recognized) or `possible → failed`. A continuous one
/// (pinch, pan, rotation, long press, hold) goes `possible → began →
/// changed* → ended | cancelled`, or `possible → failed`. `ended`,
/// `cancelled` and `failed` return to `possible` only through the engine's
/// reset, once the recognizer's touches are gone.
public enum GestureRecognizerState: String, Hashable, Sendable, CaseIterable, Codable {
    case possible
    case began
    case changed
    case ended
    case cancelled
    case failed

    /// A discrete recognizer's success: the same state as `ended`.
    public static let recognized = GestureRecognizerState.ended

    /// `ended`, `cancelled` and `failed`: the recognizer is done until reset.
    @inlinable
    public var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }

    /// `began`, `changed` and `ended`: the gesture was (or is being) recognized.
    @inlinable
    public var isRecognized: Bool { self == .began || self == .changed || self == .ended }

    /// `began` and `changed`: a continuous gesture in progress.
    @inlinable
    public var isInProgress: Bool { self == .began || self == .changed }

    /// Whether a recognizer may go from `from` to `to` on its own. Returning
    /// to `possible` is not among them: only the engine's reset does that.
    public static func canTransition(from: GestureRecognizerState, to: GestureRecognizerState, isDiscrete: Bool) -> Bool {
        switch (from, to) {
        case (.possible, .failed):
            return true
        case (.possible, .ended):
            return isDiscrete
        case (.possible, .began), (.began, .changed), (.changed, .changed),
             (.began, .ended), (.changed, .ended), (.began, .cancelled), (.changed, .cancelled):
            return !isDiscrete
        default:
            return false
        }
    }
}
