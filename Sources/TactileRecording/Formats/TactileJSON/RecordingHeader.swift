// Everything in a Tactile JSON recording before its events: what RecordingReader.header gives.
import Tactile

/// Everything in a recording before its events: what
/// ``RecordingReader/header(contentsOf:limits:)`` gives without reading the events.
public struct RecordingHeader: Hashable, Sendable {
    /// The format version the file declares (1 … ``Recording/currentVersion``).
    public var version: Int
    /// When the recording was made (ISO 8601 in UTC), or empty.
    public var created: String
    /// The device the events came from.
    public var device: DeviceDescription
    /// The screen its surface maps onto.
    public var screen: Screen
    /// How the surface lay on the screen (version 3; the identity before).
    public var transform: SurfaceTransform
    /// The device's axis values when the recording began (version 2; empty in version 1).
    public var axisValues: AxisValues
    /// The counts the writer stored (not recomputed; the full read warns when they are off).
    public var summary: RecordingSummary
    /// What the person did.
    public var labels: [RecordingLabel]
    /// The golden action log, if one was pinned.
    public var expected: [ActionRecord]?

    /// A header with the given parts.
    public init(
        version: Int, created: String, device: DeviceDescription, screen: Screen, transform: SurfaceTransform = .identity,
        axisValues: AxisValues = AxisValues(), summary: RecordingSummary, labels: [RecordingLabel], expected: [ActionRecord]?
    ) {
        self.version = version
        self.created = created
        self.device = device
        self.screen = screen
        self.transform = transform
        self.axisValues = axisValues
        self.summary = summary
        self.labels = labels
        self.expected = expected
    }
}
