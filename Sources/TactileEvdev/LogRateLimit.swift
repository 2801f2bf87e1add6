// At most one line a second of each kind of message, and a count of what was held back.

/// Keeps a flood of one kind of message from filling a log: at most one
/// message of a kind each ``interval`` seconds is written; the others are
/// counted, and the count goes with the next one written, or comes out of
/// ``drain()``. ``EvdevLog`` keys libevdev's messages by their format, so a
/// device releasing a slot a thousand times a second gives one line a second.
///
/// ```swift
/// var limit = LogRateLimit()
/// limit.admit(kind: "double release", now: 0.0)    // (writes: true, heldBack: 0)
/// limit.admit(kind: "double release", now: 0.5)    // (writes: false, heldBack: 0)
/// limit.admit(kind: "double release", now: 1.2)    // (writes: true, heldBack: 1)
/// ```
struct LogRateLimit: Sendable {
    /// Seconds between two messages of a kind that are written.
    static let interval = 1.0
    /// Kinds remembered at the most (libevdev has a few dozen formats); past it, the oldest go.
    static let kindLimit = 256

    private struct Kind {
        var written: Double
        var held: Int
    }

    private var kinds: [String: Kind] = [:]

    /// Whether a message of `kind` at `now` (seconds) is written, and how many
    /// of its kind were held back since the last one written (to say with it).
    mutating func admit(kind: String, now: Double) -> (writes: Bool, heldBack: Int) {
        if var known = kinds[kind], now - known.written < Self.interval {
            known.held += 1
            kinds[kind] = known
            return (false, 0)
        }
        let held = kinds[kind]?.held ?? 0
        if kinds[kind] == nil, kinds.count >= Self.kindLimit,
           let oldest = kinds.min(by: { $0.value.written < $1.value.written })?.key {
            kinds[oldest] = nil
        }
        kinds[kind] = Kind(written: now, held: 0)
        return (true, held)
    }

    /// The counts held back since each kind's last written message, kinds in
    /// order; the counts start again from 0.
    mutating func drain() -> [(kind: String, count: Int)] {
        let held = kinds.filter { $0.value.held > 0 }.map { (kind: $0.key, count: $0.value.held) }.sorted { $0.kind < $1.kind }
        for (kind, _) in held { kinds[kind]?.held = 0 }
        return held
    }
}
