// Per-frame latencies in microseconds, kept as a histogram for percentiles.
import Tactile

/// Latencies in microseconds, kept in 1 µs buckets up to 100 ms (later ones
/// in the last), so percentiles cost no sorting and recording allocates
/// nothing after the first latency (the buckets, 400 KB, are made then: a
/// recorder that records nothing, as a service without `--stats` keeps,
/// costs no memory).
///
/// ```swift
/// var latency = LatencyRecorder()
/// let start = LatencyRecorder.now()
/// work()
/// latency.record(since: start)
/// print(latency.percentile(0.99) ?? 0, "µs p99")
/// ```
public struct LatencyRecorder: Hashable, Sendable {
    /// The largest latency kept apart, in microseconds: larger ones count as this.
    public static let limit = 100_000
    /// Empty until the first latency, then `limit + 1` counts.
    private var buckets: [UInt32] = []
    /// How many latencies were recorded.
    public private(set) var count = 0
    /// The largest, in microseconds.
    public private(set) var maximum = 0.0
    private var total = 0.0

    /// An empty recorder.
    public init() {}

    /// `CLOCK_MONOTONIC` in nanoseconds.
    public static func now() -> UInt64 {
        MonotonicClock.nanoseconds()
    }

    /// Records the time from `start` (``now()``) until now.
    public mutating func record(since start: UInt64) {
        let end = Self.now()
        record(microseconds: Double(end &- start) / 1000)
    }

    /// Records one latency of `microseconds` (negative ones as 0).
    public mutating func record(microseconds: Double) {
        let value = max(0, microseconds)
        makeBuckets()
        buckets[min(Self.limit, Int(value))] &+= 1
        count += 1
        total += value
        maximum = max(maximum, value)
    }

    /// Makes the buckets if there are none yet.
    private mutating func makeBuckets() {
        if buckets.isEmpty { buckets = [UInt32](repeating: 0, count: Self.limit + 1) }
    }

    /// Adds `other`'s latencies.
    public mutating func merge(_ other: LatencyRecorder) {
        guard other.count > 0 else { return }
        makeBuckets()
        for index in buckets.indices { buckets[index] &+= other.buckets[index] }
        count += other.count
        total += other.total
        maximum = max(maximum, other.maximum)
    }

    /// The mean, in microseconds.
    public var mean: Double { count == 0 ? 0 : total / Double(count) }

    /// The `fraction` percentile (0.99 for p99), in whole microseconds (the bucket's upper edge).
    public func percentile(_ fraction: Double) -> Double? {
        guard count > 0 else { return nil }
        let rank = max(1, Int((fraction * Double(count)).rounded(.up)))
        var seen = 0
        for (index, n) in buckets.enumerated() {
            seen += Int(n)
            if seen >= rank { return Double(index + 1) }
        }
        return Double(Self.limit)
    }

    /// `n frames: p50 … µs, p99 … µs, max … µs`.
    public var summary: String {
        guard count > 0 else { return "no frames" }
        func text(_ value: Double?) -> String { value.map { String(Int($0)) } ?? "-" }
        return "\(count) frames: p50 \(text(percentile(0.5))) µs, p99 \(text(percentile(0.99))) µs, max \(Int(maximum.rounded(.up))) µs"
    }
}
