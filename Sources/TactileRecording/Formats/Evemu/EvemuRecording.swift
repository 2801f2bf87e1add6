// An evemu recording as the format holds it: a device, its axis values at the start and the events as recorded.
import Tactile

/// A device and the events it sent, as an evemu recording holds them.
///
/// Timestamps are kept exactly as recorded: seconds since the epoch in old
/// recordings, seconds since the start of the recording in newer ones.
/// ``rebased(toStartAtMicroseconds:)`` moves them to a common origin.
public struct EvemuRecording: Hashable, Sendable {
    /// The recorded device.
    public var device: DeviceDescription
    /// The values of the device's axes when recording began, from the
    /// header's comment block (`#     Event code 47 (ABS_MT_SLOT)` then
    /// `#       Value        1`); empty when the file has none or all were 0.
    public var axisValues: AxisValues
    /// The events, in file order.
    public var events: [InputEvent]

    public init(device: DeviceDescription, axisValues: AxisValues = AxisValues(), events: [InputEvent] = []) {
        self.device = device
        self.axisValues = axisValues
        self.events = events
    }

    /// Seconds from the first event to the last; 0 with fewer than two events.
    public var duration: Double {
        guard let first = events.first, let last = events.last else { return 0 }
        // In Doubles: times from a file are bounded by the reader, but a caller's need not be.
        return (Double(last.timeInMicroseconds) - Double(first.timeInMicroseconds)) / 1_000_000
    }

    /// The recording with every timestamp shifted by the same whole number of
    /// microseconds so that the first event is at `start` microseconds
    /// (0.000000 by default). Intervals between events stay exact.
    public func rebased(toStartAtMicroseconds start: Int64 = 0) -> EvemuRecording {
        guard let first = events.first else { return self }
        let (difference, overflow) = start.subtractingReportingOverflow(first.timeInMicroseconds)
        let offset = overflow ? (start < 0 ? Int64.min : .max) : difference
        var copy = self
        copy.events = events.map { $0.shifted(byMicroseconds: offset) }
        return copy
    }
}
