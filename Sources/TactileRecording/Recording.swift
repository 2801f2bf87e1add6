// A recording in Tactile's model: the device, the screen, the labels, the golden log and the raw events.
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
