import Tactile

/// A recording in Tactile's own format (JSON, version 1): the device, the
/// screen it was mapped to, what happened, what a person says they did, what
/// the engine is expected to do, and the raw events.
///
/// See `docs/recording-format.md`. Every other format converts to and from
/// this one.
///
/// ```swift
/// let recording = try Recording(contentsOf: "session.evemu")
/// print(recording.device.name, recording.events.count, recording.labels)
/// try RecordingWriter.write(recording, to: "session.json")
/// ```
public struct Recording: Hashable, Sendable {
    /// The value of the `format` field.
    public static let formatName = "tactile-recording"
    /// The newest version this library writes and reads. A recording is
    /// written as version 1 unless it needs what version 2 added
    /// (``axisValues``), so readers of version 1 keep reading what they can.
    public static let currentVersion = 2

    /// The version `recording` is written in: 2 when it has ``axisValues``, else 1.
    public static func version(for recording: Recording) -> Int {
        recording.axisValues.isEmpty ? 1 : 2
    }

    /// When the recording was made, ISO 8601 in UTC (`2026-11-21T12:00:00Z`); empty when unknown.
    public var created: String
    /// The device the events came from.
    public var device: DeviceDescription
    /// The screen its surface was mapped onto.
    public var screen: Screen
    /// The values the device's axes held when the recording began (above all
    /// the slot its first events apply to); empty when every axis was at 0 or
    /// nothing is known (see `AxisValues`).
    public var axisValues: AxisValues
    /// What the person did, if known.
    public var labels: [RecordingLabel]
    /// The golden action log, if one was pinned.
    public var expected: [ActionRecord]?
    /// The events, in order.
    public var events: [InputEvent]

    public init(
        created: String = "", device: DeviceDescription, screen: Screen = .standard, axisValues: AxisValues = AxisValues(),
        labels: [RecordingLabel] = [], expected: [ActionRecord]? = nil, events: [InputEvent] = []
    ) {
        self.created = created
        self.device = device
        self.screen = screen
        self.axisValues = axisValues
        self.labels = labels
        self.expected = expected
        self.events = events
    }

    /// Counts and extent of the events, computed by assembling them.
    public var summary: RecordingSummary { RecordingSummary(events: events, device: device, axisValues: axisValues) }
}

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

/// Counts and extent of a recording's events.
public struct RecordingSummary: Hashable, Sendable, Codable {
    /// Seconds from the first event to the last.
    public var duration: Double
    public var eventCount: Int
    /// `SYN_REPORT`s.
    public var frameCount: Int
    /// The most fingers down at once (including fingers counted beyond the slots).
    public var maxTouches: Int

    public init(duration: Double, eventCount: Int, frameCount: Int, maxTouches: Int) {
        self.duration = duration
        self.eventCount = eventCount
        self.frameCount = frameCount
        self.maxTouches = maxTouches
    }

    /// Assembles `events` for `device` (its axes starting at `axisValues`) to count frames and fingers.
    public init(events: [InputEvent], device: DeviceDescription, axisValues: AxisValues = AxisValues()) {
        var assembler = TouchAssembler(device: device, axisValues: axisValues)
        var frames = 0, fingers = 0
        for event in events {
            guard let frame = assembler.process(event) else { continue }
            frames += 1
            fingers = max(fingers, frame.fingerCount, frame.activeTouches.count)
        }
        let duration = events.first.flatMap { first in
            events.last.map { Double($0.timeInMicroseconds - first.timeInMicroseconds) / 1_000_000 }
        } ?? 0
        self.init(duration: duration, eventCount: events.count, frameCount: frames, maxTouches: fingers)
    }
}
