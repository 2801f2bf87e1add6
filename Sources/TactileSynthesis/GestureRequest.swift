// One gesture of a synthesized session as asked for: its kind, and its own fingers and place when given.
import Tactile

/// One gesture of a session as asked for: its kind, and, when given, its
/// fingers and the middle of the area it covers. What is not given is drawn
/// at random (see ``GestureSynthesizer/draw(_:fingers:)``).
///
/// Any finger count the device can count is allowed, also outside the
/// standard recognizers' (a two-finger long press for a recognizer of one's
/// own); such a gesture's recording label names no recognizer that must
/// recognize it (``GestureLabel/isForStandardRecognizer``).
///
/// ```swift
/// var synthesizer = GestureSynthesizer(device: SynthesizedDevices.touchscreen, seed: 1)
/// let session = synthesizer.session([
///     GestureRequest(.tap),
///     GestureRequest(.longPress, fingers: 2, centredAt: Point(x: 100, y: 60)),
/// ], gap: 0.8...1.2)
/// ```
public struct GestureRequest: Hashable, Sendable {
    /// The kind of gesture.
    public var kind: GestureKind
    /// Its fingers; `nil`: a realistic random number (``GestureRanges/fingers(_:)``).
    public var fingers: Int?
    /// Where the middle of the area its fingers cover lies, in millimetres
    /// from the surface's minimum corner; `nil`: a random place.
    public var centre: Point?

    public init(_ kind: GestureKind, fingers: Int? = nil, centredAt centre: Point? = nil) {
        self.kind = kind
        self.fingers = fingers
        self.centre = centre
    }
}

extension GestureKind {
    /// The fewest fingers that make the kind: two for pinches and
    /// rotations (a span to change or turn), one for the others.
    public var minimumFingers: Int {
        switch self {
        case .pinchIn, .pinchOut, .rotation: return 2
        case .tap, .doubleTap, .pan, .swipe, .longPress, .hold: return 1
        }
    }
}
