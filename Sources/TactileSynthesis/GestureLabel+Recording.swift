// A synthesized gesture's label as a recording stores it, with the standard recognizer that must recognize it.
import Tactile
import TactileRecording

extension GestureLabel {
    /// The recognizer of `StandardGestures` that must recognize this gesture.
    public var standardRecognizer: String {
        let fingerWords = ["", "twoFinger", "threeFinger"]
        let prefix = fingerWords[min(max(fingers, 1), 3) - 1]
        switch kind {
        case .tap: return prefix.isEmpty ? "tap" : prefix + "Tap"
        case .doubleTap: return prefix.isEmpty ? "doubleTap" : prefix + "DoubleTap"
        case .pinchIn, .pinchOut: return "pinch"
        case .rotation: return "rotation"
        case .pan: return "pan"
        case .swipe: return fingers <= 1 ? "swipe" : "swipe\(fingers)"
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
