// A synthesized gesture's label as a recording stores it, with the standard recognizer that must recognize it.
import Tactile
import TactileRecording

extension GestureLabel {
    /// The recognizer of `StandardGestures` that must recognize this gesture,
    /// named by `StandardGestures`' own rule (`twoFingerDoubleTap`, `swipe3`).
    public var standardRecognizer: String {
        switch kind {
        case .tap: return StandardGestures.tapName(taps: 1, fingers: fingers)
        case .doubleTap: return StandardGestures.tapName(taps: 2, fingers: fingers)
        case .pinchIn, .pinchOut: return "pinch"
        case .rotation: return "rotation"
        case .pan: return "pan"
        case .swipe: return StandardGestures.swipeName(fingers: max(fingers, 1))
        case .longPress: return "longPress"
        case .hold: return "hold"
        }
    }

    /// Whether the gesture has fingers the standard set is checked against
    /// (``GestureRanges/fingers(_:)``): then its recording label names
    /// ``standardRecognizer`` as the one that must recognize it. A gesture
    /// asked for with other fingers (a two-finger long press, input for a
    /// recognizer of one's own) names none.
    public var isForStandardRecognizer: Bool { GestureRanges.fingers(kind).contains(fingers) }

    /// The label as a recording stores it: the gesture (its kind's
    /// ``GestureKind/labelName``, kebab-case as every label), its fingers and
    /// span, the true values, and the standard recognizer that must recognize
    /// it — or, for fingers outside the standard set's
    /// (``isForStandardRecognizer``), none and a note saying so.
    public var recordingLabel: RecordingLabel {
        guard isForStandardRecognizer else {
            let range = GestureRanges.fingers(kind)
            return RecordingLabel(
                gesture: kind.labelName, fingers: fingers, start: start, end: end, values: values,
                note: "\(fingers) finger\(fingers == 1 ? "" : "s"): outside the standard set's \(kind.labelName) "
                    + "(\(GestureRanges.describe(range))), so no standard recognizer must recognize it"
            )
        }
        return RecordingLabel(
            gesture: kind.labelName, fingers: fingers, start: start, end: end,
            recognizers: [standardRecognizer], values: values
        )
    }
}
