// The counts and extent of a recording's events (duration, events, frames, most touches), computed by assembling them.
import Tactile

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
