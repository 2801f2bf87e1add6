// The delegate that vetoes, filters and coordinates a recognizer, as UIKit's.

/// Lets an object veto, filter and coordinate a recognizer, as
/// `UIGestureRecognizerDelegate` does. Every method has a default, so a
/// delegate implements only what it needs.
///
/// ```swift
/// @MainActor
/// final class Controller: GestureRecognizerDelegate {
///     func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
///         touch.location.y > 100   // not the title bar
///     }
///     func gestureRecognizer(_ recognizer: GestureRecognizer,
///                            shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
///         recognizer is PinchGestureRecognizer && other is RotationGestureRecognizer
///     }
/// }
/// ```
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when the recognizer tries to leave `possible` (begin or recognize);
    /// `false` makes it fail instead. Default `true`.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool

    /// Asked when a touch lands in the recognizer's view (or a subview);
    /// `false` keeps the touch from the recognizer for its whole life. Default `true`.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool

    /// Whether `recognizer` and `other` may both recognize on the same touches.
    /// Either recognizer's delegate returning `true` allows it. Default `false`.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool

    /// Whether `recognizer` must wait for `other` to fail before it begins,
    /// decided anew for each gesture. Default `false`.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool

    /// Whether `other` must wait for `recognizer` to fail before it begins.
    /// Default `false`.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { false }
}
