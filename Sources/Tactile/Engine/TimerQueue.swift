// Timers in engine time, ordered by deadline then by scheduling order.

/// Identifies a timer scheduled on a ``GestureEngine``.
public struct TimerToken: Hashable, Sendable {
    let rawValue: UInt64
}

/// Timers in engine time, ordered by deadline and, for equal deadlines, by
/// the order they were scheduled in, so firing order never depends on
/// anything but the input.
///
/// An entry holds its owner strongly: owners are recognizers in play, which
/// the engine holds anyway, and their timers are cancelled when they reset.
/// (A weak reference would give every recognizer a side table and make each
/// retain on the hot path take the slow route.)
struct TimerQueue {
    struct Entry {
        let token: TimerToken
        let deadline: Double
        let owner: GestureRecognizer?
        let body: () -> Void
    }

    /// Sorted by deadline, then by scheduling order.
    private(set) var entries: [Entry] = []
    private var nextToken: UInt64 = 1

    var nextDeadline: Double? { entries.first?.deadline }

    mutating func schedule(at deadline: Double, owner: GestureRecognizer?, body: @escaping () -> Void) -> TimerToken {
        let token = TimerToken(rawValue: nextToken)
        nextToken += 1
        // Insert after every entry with a deadline at or before this one.
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].deadline <= deadline { low = mid + 1 } else { high = mid }
        }
        entries.insert(Entry(token: token, deadline: deadline, owner: owner, body: body), at: low)
        return token
    }

    /// Removes and returns the earliest timer due at or before `time`.
    mutating func popDue(atOrBefore time: Double) -> Entry? {
        guard let first = entries.first, first.deadline <= time else { return nil }
        return entries.removeFirst()
    }

    mutating func cancel(_ token: TimerToken) {
        entries.removeAll { $0.token == token }
    }

    mutating func cancelAll(ownedBy owner: GestureRecognizer) {
        entries.removeAll { $0.owner === owner }
    }

    func hasTimers(ownedBy owner: GestureRecognizer) -> Bool {
        entries.contains { $0.owner === owner }
    }
}
