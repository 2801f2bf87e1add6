// A device's clock as a live loop sees it: the last event's timestamp plus the time since it was read.

/// Device time in a live loop.
///
/// Engine time is the device's: event timestamps, never a clock of the
/// machine's. Between events, though, a live loop must know what time the
/// device is at to fire a timer on time (a long press with the finger held
/// still sends no event): it is the last event's timestamp plus the
/// monotonic time elapsed since that event was read. Every live loop
/// (`LiveSession`, the gesture service) keeps one `DeviceClock` per device
/// and fires timers through ``TimerDriven/fireTimers(through:pace:)``.
///
/// ```swift
/// var clock = DeviceClock()
/// clock.read(eventAt: event.time, monotonic: nowSeconds())
/// if let now = clock.now(monotonic: nowSeconds()) { pipeline.fireTimers(through: now) }
/// let wait = clock.seconds(until: pipeline.nextDeadline, monotonic: nowSeconds())   // the poll's timeout
/// ```
public struct DeviceClock: Hashable, Sendable {
    /// The last event's timestamp, in seconds (`nil` before the first event).
    public private(set) var lastEventTime: Double?
    /// The monotonic time, in seconds, at which that event was read.
    public private(set) var lastRead = 0.0

    /// A clock that has read no event yet.
    public init() {}

    /// Notes an event of timestamp `eventTime` read at monotonic time `monotonic` (seconds).
    public mutating func read(eventAt eventTime: Double, monotonic: Double) {
        lastEventTime = eventTime
        lastRead = monotonic
    }

    /// The device's time at monotonic time `monotonic`: the last event's time
    /// plus the time since it was read (`nil` before the first event).
    public func now(monotonic: Double) -> Double? {
        lastEventTime.map { $0 + max(0, monotonic - lastRead) }
    }

    /// Seconds of monotonic time from `monotonic` until the device reaches
    /// `deadline` (0 when it has), or `nil` when there is no deadline or no
    /// event was read yet: what a live loop's poll waits at most.
    public func seconds(until deadline: Double?, monotonic: Double) -> Double? {
        guard let deadline, let now = now(monotonic: monotonic) else { return nil }
        return max(0, deadline - now)
    }
}
