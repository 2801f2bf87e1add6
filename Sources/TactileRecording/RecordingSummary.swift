// The counts and extent of a recording's events (duration, events, frames, most touches), computed by assembling them.
import Tactile

/// Counts and extent of a recording's events.
public struct RecordingSummary: Hashable, Sendable, Codable {
    /// Seconds from the earliest event to the latest: the span of the
    /// timestamps, never negative, also when a trace's clock goes backwards
    /// (the first to the last event when time only moves forward).
    public var duration: Double
    public var eventCount: Int
    /// `SYN_REPORT`s.
    public var frameCount: Int
    /// The most fingers down at once (including fingers counted beyond the slots).
    public var maxTouches: Int
}

extension RecordingSummary {
    /// Assembles `events` for `device` (its axes starting at `axisValues`) to count frames and fingers.
    public init(events: [InputEvent], device: DeviceDescription, axisValues: AxisValues = AxisValues()) {
        var assembler = TouchAssembler(device: device, axisValues: axisValues)
        var frames = 0, fingers = 0
        var earliest = Int64.max, latest = Int64.min
        for event in events {
            let time = event.timeInMicroseconds
            earliest = min(earliest, time)
            latest = max(latest, time)
            guard let frame = assembler.process(event) else { continue }
            frames += 1
            fingers = max(fingers, frame.fingerCount, frame.activeTouches.count)
        }
        // Subtracted with overflow reported: times from a file are bounded by the readers, but a caller's need not be.
        var duration = 0.0
        if !events.isEmpty {
            let span = latest.subtractingReportingOverflow(earliest)
            duration = (span.overflow ? Double(latest) - Double(earliest) : Double(span.partialValue)) / 1_000_000
        }
        self.init(duration: duration, eventCount: events.count, frameCount: frames, maxTouches: fingers)
    }
}
