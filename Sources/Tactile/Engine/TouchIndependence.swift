// When a finger that lands belongs to a gesture of its own: the rule and its thresholds.

/// When a finger that lands belongs to a gesture of its own rather than to
/// the fingers already down — a second hand on a touchscreen while the first
/// rests or long-presses. Recognizers that opt in
/// (``GestureRecognizer/startsAnewForIndependentTouches``) then forget the
/// fingers they followed and start afresh with the new one.
///
/// A new finger is independent of a finger already down when that finger
/// 1. is held by a gesture in progress that takes no more fingers (a long
///    press, ``GestureRecognizer/acceptsTouchesDuringGesture``), or
/// 2. rests (within ``restingMovement`` of where it landed), landed at least
///    ``minimumDelay`` earlier, and is at least ``minimumDistance`` away:
///    farther than one hand pinches, later than fingers of one gesture land.
///
/// ```swift
/// // A kiosk: a resting hand never swallows what the other hand does.
/// for recognizer in gestures.all { recognizer.startsAnewForIndependentTouches = true }
/// ```
public enum TouchIndependence {
    /// Fingers of one gesture land within this of each other, in seconds
    /// (the tap's landing window; libinput's tap timeout is 180 ms).
    public static let minimumDelay = 0.15
    /// A finger that moved less than this since it landed rests, in mm (the tap's movement allowance).
    public static let restingMovement = 3.0
    /// Farther apart than this, two fingers are not one hand's pinch, in mm:
    /// a thumb-to-index pinch starts well inside it, and no phone is this wide.
    public static let minimumDistance = 100.0
}
