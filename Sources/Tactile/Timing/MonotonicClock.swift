// The machine's monotonic clock, read in one place: by live loops, tools and measurements, never by the engine.
#if canImport(Glibc)
import Glibc
#endif

/// `CLOCK_MONOTONIC`, the one reading of the machine's clock that the
/// package's live loops, journals, process runners and measurements share.
/// The engine never reads it: its time is the devices' (event timestamps),
/// and a live loop turns this clock into device time through ``DeviceClock``.
///
/// ```swift
/// let start = MonotonicClock.nanoseconds()
/// work()
/// let microseconds = (MonotonicClock.nanoseconds() - start) / 1_000
/// clock.read(eventAt: event.time, monotonic: MonotonicClock.seconds())
/// ```
package enum MonotonicClock {
    /// Nanoseconds since an unspecified start (boot, on Linux).
    @inline(__always)
    package static func nanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// Microseconds, as evdev timestamps count them.
    @inline(__always)
    package static func microseconds() -> Int64 {
        Int64(nanoseconds() / 1_000)
    }

    /// Seconds.
    @inline(__always)
    package static func seconds() -> Double {
        // A double keeps every nanosecond for the first 104 days of uptime (2⁵³ ns).
        Double(nanoseconds()) / 1_000_000_000
    }
}
