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

    /// The label as a recording stores it: the gesture (its kind's
    /// ``GestureKind/labelName``, kebab-case as every label), its fingers and
    /// span, the true values, and the standard recognizer that must recognize it.
    public var recordingLabel: RecordingLabel {
        RecordingLabel(
            gesture: kind.labelName, fingers: fingers, start: start, end: end,
            recognizers: [standardRecognizer], values: values
        )
    }
}
