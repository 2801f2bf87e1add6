// What the synthesizer gives back: the sensor model, true and reported contacts per frame, events and label.
import Tactile

/// How a device senses fingers: how often it reports and how noisy its positions are.
public struct SensorModel: Hashable, Sendable, Codable {
    /// Seconds between reports, on average.
    public var reportInterval: Double
    /// Largest deviation of one interval from ``reportInterval``, in seconds
    /// (normally distributed with a standard deviation of half of it).
    public var reportJitter: Double
    /// Standard deviation of the position noise on each axis, in millimetres
    /// (limited to four standard deviations).
    public var positionNoise: Double

    /// A model with the given interval and jitter (seconds) and noise (millimetres).
    public init(reportInterval: Double, reportJitter: Double, positionNoise: Double) {
        self.reportInterval = reportInterval
        self.reportJitter = reportJitter
        self.positionNoise = positionNoise
    }

    /// A touchpad: 80 Hz (12.5 ms ± 1.5 ms), σ = 0.1 mm.
    public static let touchpad = SensorModel(reportInterval: 0.0125, reportJitter: 0.0015, positionNoise: 0.1)
    /// A touchscreen: 120 Hz (8.3 ms ± 1 ms), σ = 0.2 mm.
    public static let touchscreen = SensorModel(reportInterval: 1.0 / 120, reportJitter: 0.001, positionNoise: 0.2)

    /// ``touchscreen`` for a touchscreen, ``touchpad`` for anything else.
    public static func typical(for device: DeviceDescription) -> SensorModel {
        device.kind == .touchscreen ? .touchscreen : .touchpad
    }
}

/// One finger in one synthesized frame: where it truly was and what the device reported.
public struct SynthesizedContact: Hashable, Sendable {
    /// The finger's number in the gesture, in landing order; a double tap's second tap continues the numbering.
    public var finger: Int
    /// The stroke (tap) the finger belongs to; 0 except for a double tap's second tap.
    public var stroke: Int
    /// The true, noise-free position in millimetres from the surface's minimum corner.
    public var position: Point
    /// The position the device sensed (noise added, rounded, limited to the axis), in device units.
    public var sensedX: Int32
    /// See ``sensedX``.
    public var sensedY: Int32
    /// The slot the finger occupies, or `nil` when the device counts it without tracking it.
    public var slot: Int?
    /// The finger's tracking id, or `nil` when it is not tracked.
    public var trackingID: Int32?
}

/// One scan of the device: the fingers down after it, with their true positions.
public struct SynthesizedFrame: Hashable, Sendable {
    /// The frame's timestamp, in seconds.
    public var time: Double
    /// Fingers down after the frame, by finger number (lifted ones are gone).
    public var contacts: [SynthesizedContact]
    /// Whether the kernel delivered the frame: a frame in which nothing
    /// changed, on a device without `MSC_TIMESTAMP`, is dropped.
    public var isDelivered: Bool
}

/// A rendered gesture: what it is, the events a device would send, and the
/// true geometry behind them.
public struct SynthesizedGesture: Sendable {
    /// The parameters actually rendered (fitted to the surface, limited to the fingers the device can count).
    public var spec: GestureSpec
    /// The gesture's kind and true values.
    public var label: GestureLabel
    /// The evdev events, frame by frame, each frame ending with `SYN_REPORT`.
    public var events: [InputEvent]
    /// Every scan from the first landing to the last lift, including scans the kernel did not deliver.
    public var frames: [SynthesizedFrame]
}
