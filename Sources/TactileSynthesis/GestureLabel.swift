// What a synthesized gesture is: its kind, swipe direction and the label of true values it carries.
import Tactile

/// The gestures the synthesizer makes, as labels name them.
public enum GestureKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// One to three fingers touch briefly once.
    case tap
    /// The same, twice in quick succession.
    case doubleTap
    /// Fingers come closer together.
    case pinchIn
    /// Fingers spread apart.
    case pinchOut
    /// Two fingers turn about a point between them.
    case rotation
    /// Fingers slide together, slowly to moderately fast.
    case pan
    /// Fingers flick fast in one of four directions and lift while moving.
    case swipe
    /// One finger rests still, then lifts.
    case longPress
    /// Several fingers rest still, then lift.
    case hold
}

/// The four swipe directions, with UIKit's `UISwipeGestureRecognizer.Direction`
/// raw values. Up is towards the surface's minimum y (screen coordinates).
public enum SwipeDirection: Int, Hashable, Sendable, Codable, CaseIterable {
    /// Towards the maximum x.
    case right = 1
    /// Towards the minimum x.
    case left = 2
    /// Towards the minimum y.
    case up = 4
    /// Towards the maximum y.
    case down = 8

    /// The unit vector of the direction on the surface (y grows downwards).
    public var unitVector: Vector {
        switch self {
        case .right: return Vector(dx: 1, dy: 0)
        case .left: return Vector(dx: -1, dy: 0)
        case .up: return Vector(dx: 0, dy: -1)
        case .down: return Vector(dx: 0, dy: 1)
        }
    }
}

/// What a synthesized gesture is, and its true values.
///
/// Values are measured on the noise-free finger paths at the frames the
/// device delivered, in millimetres on the surface, seconds and radians.
/// "Full contact" means every finger of the gesture (of one tap, for taps)
/// is down; most values run from the first full-contact frame to the last
/// one before a finger lifts. See ``Key`` for the names.
public struct GestureLabel: Hashable, Sendable, Codable {
    /// The gesture.
    public var kind: GestureKind
    /// Fingers involved (per tap for taps), including any the device could count but not track.
    public var fingers: Int
    /// Time of the gesture's first frame, in seconds (the time of its first event).
    public var start: Double
    /// Time of its last frame (the last finger lifted), in seconds.
    public var end: Double
    /// The gesture's true values, by ``Key``.
    public var values: [String: Double]

    /// A label with the given values.
    public init(kind: GestureKind, fingers: Int, start: Double, end: Double, values: [String: Double] = [:]) {
        self.kind = kind
        self.fingers = fingers
        self.start = start
        self.end = end
        self.values = values
    }

    /// The value named `key`, if the label has it.
    public subscript(key: String) -> Double? {
        values[key]
    }

    /// Names of the values a label can carry.
    public enum Key {
        /// Taps made: 1 or 2 (taps).
        public static let taps = "taps"
        /// The longest time one finger stayed down, from the frame it landed in
        /// to the frame it lifted in, in seconds (every kind).
        public static let contact = "contact"
        /// From the first full-contact frame to the last, in seconds (every kind).
        public static let duration = "duration"
        /// From the last lift of the first tap to the first landing of the second, in seconds (double taps).
        public static let interval = "interval"
        /// Distance between the centroids of the two taps, in millimetres (double taps).
        public static let offset = "offset"
        /// The largest distance a finger moved from where it landed, in millimetres (taps, long press, hold).
        public static let drift = "drift"
        /// End span over start span, where the span is twice the mean distance of
        /// the fingers from their centroid (the finger distance for two fingers) (pinches and rotations).
        public static let scale = "scale"
        /// The span at the first full-contact frame, in millimetres (pinches and rotations).
        public static let startSpan = "span.start"
        /// The span at the last full-contact frame, in millimetres (pinches and rotations).
        public static let endSpan = "span.end"
        /// The mean turn of the fingers about their centroid, unwrapped, in radians;
        /// positive is clockwise on screen (y grows downwards) (rotations and pinches).
        public static let rotation = "rotation"
        /// Centroid displacement along x from the first to the last full-contact frame, in millimetres (every kind but taps).
        public static let translationX = "translation.x"
        /// Centroid displacement along y, in millimetres (every kind but taps).
        public static let translationY = "translation.y"
        /// Length of the centroid displacement, in millimetres (pans and swipes).
        public static let distance = "distance"
        /// Distance over duration, in millimetres per second (pans and swipes).
        public static let speed = "speed"
        /// The swipe direction's raw value: 1 right, 2 left, 4 up, 8 down (swipes).
        public static let direction = "direction"
        /// The centroid at the first full-contact frame, in millimetres from the surface's minimum corner (every kind).
        public static let x = "location.x"
        /// See ``x``.
        public static let y = "location.y"
    }
}
