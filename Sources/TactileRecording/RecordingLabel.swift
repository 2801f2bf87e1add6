// A label: what a person did during part of a recording, and what the standard recognizers must make of it.

/// What a person did during part of a recording, and what the standard
/// recognizers must (and must not) make of it.
public struct RecordingLabel: Hashable, Sendable, Codable {
    /// The gesture in words: `two-finger-scroll`, `pinch-in`, `double-tap`…
    public var gesture: String
    /// Fingers used, if known.
    public var fingers: Int?
    /// Start and end of the gesture in recording time (seconds), if known.
    public var start: Double?
    public var end: Double?
    /// Recognizers of `StandardGestures` (by name) that must recognize in this span.
    public var recognizers: [String]
    /// Recognizers that must not recognize in this span (a negative example).
    public var absent: [String]
    /// True values (`scale`, `translation.x` in mm, `direction`…), for synthesized recordings.
    public var values: [String: Double]
    /// Anything else worth knowing.
    public var note: String?

    public init(
        gesture: String, fingers: Int? = nil, start: Double? = nil, end: Double? = nil,
        recognizers: [String] = [], absent: [String] = [], values: [String: Double] = [:], note: String? = nil
    ) {
        self.gesture = gesture
        self.fingers = fingers
        self.start = start
        self.end = end
        self.recognizers = recognizers
        self.absent = absent
        self.values = values
        self.note = note
    }
}
