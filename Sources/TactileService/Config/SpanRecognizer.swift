// What a pan, a pinch and a rotation share for a config's parameters: a range of fingers, a span.
import Tactile

/// The finger range a pan, a pinch and a rotation each have, so that a
/// config's `fingers` (exactly that many) is said once for the three.
///
/// ```swift
/// let zoom: any FingerRangeRecognizer = PinchGestureRecognizer()
/// zoom.minimumNumberOfTouches = 3
/// ```
@MainActor
protocol FingerRangeRecognizer: AnyObject {
    /// The fewest fingers the gesture takes.
    var minimumNumberOfTouches: Int { get set }
    /// The most fingers the gesture takes.
    var maximumNumberOfTouches: Int { get set }
}

/// A pinch or a rotation: two fingers or more, not measured below a span,
/// so that what a config says of one is said once for both.
///
/// ```swift
/// let turn: any SpanRecognizer = RotationGestureRecognizer()
/// turn.minimumSpan = .millimetres(12)
/// ```
@MainActor
protocol SpanRecognizer: FingerRangeRecognizer {
    /// Spans below this are too noisy to measure by.
    var minimumSpan: Length { get set }
}

extension PanGestureRecognizer: FingerRangeRecognizer {}
extension PinchGestureRecognizer: SpanRecognizer {}
extension RotationGestureRecognizer: SpanRecognizer {}
