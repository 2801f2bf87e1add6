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
    /// written in the oldest version that holds it: version 1 unless it needs
    /// what version 2 added (``axisValues``) or version 3 (``transform``), so
    /// readers of older versions keep reading what they can.
    public static let currentVersion = 3

    /// The version `recording` is written in: 3 when its surface was turned
    /// (a ``transform`` other than the identity), else 2 when it has
    /// ``axisValues``, else 1.
    public static func version(for recording: Recording) -> Int {
        if !recording.transform.isIdentity { return 3 }
        return recording.axisValues.isEmpty ? 1 : 2
    }

    /// When the recording was made, ISO 8601 in UTC (`2026-11-21T12:00:00Z`); empty when unknown.
    public var created: String
    /// The device the events came from.
    public var device: DeviceDescription
    /// The screen its surface was mapped onto, as the person saw it (a
    /// panel mounted in portrait gives a portrait screen).
    public var screen: Screen
    /// How the device's surface lay on ``screen`` when it was recorded (a
    /// panel mounted upside down or in portrait, a calibration): the events
    /// stay raw, and a replay through this transform gives what the app saw.
    /// The identity for an upright surface.
    public var transform: SurfaceTransform
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
        created: String = "", device: DeviceDescription, screen: Screen = .standard, transform: SurfaceTransform = .identity,
        axisValues: AxisValues = AxisValues(), labels: [RecordingLabel] = [], expected: [ActionRecord]? = nil, events: [InputEvent] = []
    ) {
        self.created = created
        self.device = device
        self.screen = screen
        self.transform = transform
        self.axisValues = axisValues
        self.labels = labels
        self.expected = expected
        self.events = events
    }

    /// Counts and extent of the events, computed by assembling them.
    public var summary: RecordingSummary { RecordingSummary(events: events, device: device, axisValues: axisValues) }
}
