// A touch: its identity, phase, positions and timing, and the frame that holds a device's touches at once.

/// Identifies one touch for its whole life, from landing to lifting.
///
/// Unlike the kernel's tracking id, which devices reuse, a `TouchID` is never
/// reused within one assembler.
public struct TouchID: RawRepresentable, Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    public static func < (lhs: TouchID, rhs: TouchID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// Where a touch is in its life, as seen in one frame.
public enum TouchPhase: String, Hashable, Sendable, Codable, CaseIterable {
    /// The finger landed in this frame.
    case began
    /// The finger is down and moved in this frame.
    case moved
    /// The finger is down and did not move in this frame.
    case stationary
    /// The finger lifted in this frame.
    case ended
    /// The touch was lost (events dropped, device gone); it did not lift normally.
    case cancelled

    /// `true` for `ended` and `cancelled`: the touch's last frame.
    @inlinable
    public var isFinal: Bool { self == .ended || self == .cancelled }
}

/// One finger on the surface, as of one frame.
///
/// ```swift
/// override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
///     for touch in touches {
///         let step = touch.location(in: view) - touch.previousLocation(in: view)
///         print(touch.id, "moved", step, "mm:", touch.surfaceLocation)
///     }
/// }
/// ```
public struct Touch: Hashable, Sendable {
    /// The touch's identity for its whole life.
    public var id: TouchID
    /// The multitouch slot it occupies (0 on single-touch devices).
    public var slot: Int
    /// The kernel's tracking id (`ABS_MT_TRACKING_ID`); 0 on single-touch devices.
    public var trackingID: Int32
    public var phase: TouchPhase
    /// Set while the touch is a resting thumb or a palm (``ThumbDetector``):
    /// the engine keeps it from the recognizers. A thumb that starts to move
    /// like a finger loses the mark and reaches them as landing then.
    /// (Declared beside ``phase``, it takes no room of its own.)
    public var rejection: TouchRejection?
    /// The position in screen points.
    public var location: Point
    /// The position in millimetres from the surface's minimum corner.
    public var surfaceLocation: Point
    /// Raw pressure (`ABS_MT_PRESSURE` or `ABS_PRESSURE`), 0 when the device has none.
    public var pressure: Int32
    /// `ABS_MT_TOOL_TYPE` (0 finger, 1 pen, 2 palm), 0 when the device has none.
    public var toolType: Int32
    /// The time of the frame this snapshot belongs to, in seconds.
    public var timestamp: Double
    /// When the finger landed, in seconds: the frame the touch began in, or
    /// earlier for a finger the device counted (`BTN_TOOL_*`) before it had a
    /// slot free to track it.
    public var beganAt: Double
    /// The position in screen points in the previous frame (where the touch
    /// landed, in the frame it landed in).
    public var previousLocation: Point
    /// When the touch last moved (or landed), in seconds.
    public var movedAt: Double

    /// A touch as a device reported it; `previousLocation` defaults to
    /// `location` and `movedAt` to `timestamp`.
    public init(
        id: TouchID, slot: Int, trackingID: Int32, phase: TouchPhase,
        location: Point, surfaceLocation: Point, pressure: Int32 = 0, toolType: Int32 = 0,
        timestamp: Double, beganAt: Double, previousLocation: Point? = nil, movedAt: Double? = nil
    ) {
        self.id = id
        self.slot = slot
        self.trackingID = trackingID
        self.phase = phase
        self.location = location
        self.surfaceLocation = surfaceLocation
        self.pressure = pressure
        self.toolType = toolType
        self.timestamp = timestamp
        self.beganAt = beganAt
        self.previousLocation = previousLocation ?? location
        self.movedAt = movedAt ?? timestamp
    }
}

/// Everything the device reported between two `SYN_REPORT`s.
///
/// ```swift
/// var assembler = TouchAssembler(device: device, screen: .standard)
/// for event in events {
///     guard let frame = assembler.process(event) else { continue }
///     print(frame.time, frame.fingerCount, frame.touches.map(\.phase))
/// }
/// ```
public struct TouchFrame: Hashable, Sendable {
    /// The time of the `SYN_REPORT`, in seconds.
    public var time: Double
    /// Touches that are down, landed or lifted in this frame, ordered by slot;
    /// a touch that ended and another that began in the same slot appear
    /// in that order. A touch that began and ended within the frame appears
    /// once, with phase `ended` and `beganAt == timestamp`.
    public var touches: [Touch]
    /// How many fingers are on the surface. It can exceed the number of
    /// tracked touches when a device counts more fingers than it has slots
    /// (`BTN_TOOL_TRIPLETAP` on a two-slot touchpad).
    public var fingerCount: Int
    /// `true` on semi-multitouch devices (`INPUT_PROP_SEMI_MT`): with two
    /// fingers down, the two touches are the corners of their bounding box,
    /// not the fingers, so distances hold but angles do not.
    public var isBoundingBox: Bool

    public init(time: Double, touches: [Touch], fingerCount: Int, isBoundingBox: Bool = false) {
        self.time = time
        self.touches = touches
        self.fingerCount = fingerCount
        self.isBoundingBox = isBoundingBox
    }

    /// Touches still down after this frame (not ended or cancelled).
    public var activeTouches: [Touch] { touches.filter { !$0.phase.isFinal } }

    /// Fingers the device counts but cannot locate (more fingers than slots).
    public var untrackedFingerCount: Int {
        max(0, fingerCount - touches.reduce(0) { $0 + ($1.phase.isFinal ? 0 : 1) })
    }
}
