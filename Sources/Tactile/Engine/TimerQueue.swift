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
///
/// Every operation costs at most the logarithm of the number of timers (or,
/// for an owner's timers, their number), however many recognizers are in
/// play: the timers are a binary heap ordered by deadline and token (tokens
/// grow with scheduling order, so ties fire in that order), a cancelled
/// timer is only marked and dropped when it reaches the top (the heap is
/// compacted when more than half of it is cancelled), and each owner's live
/// timers are kept by owner.
struct TimerQueue {
    struct Entry {
        let token: TimerToken
        let deadline: Double
        let owner: GestureRecognizer?
        let body: () -> Void

        /// Whether it fires before `other`: an earlier deadline, or the same one scheduled first.
        func precedes(_ other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && token.rawValue < other.token.rawValue)
        }
    }

    /// A binary min-heap by ``Entry/precedes(_:)``; its top is never cancelled.
    private var heap: [Entry] = []
    /// The owner of each live timer (scheduled, neither fired nor cancelled); `nil` for a timer without one.
    private var live: [UInt64: ObjectIdentifier?] = [:]
    /// The live timers of each owner.
    private var owned: [ObjectIdentifier: [UInt64]] = [:]
    /// Entries in the heap that were cancelled.
    private var cancelledCount = 0
    private var nextToken: UInt64 = 1

    var nextDeadline: Double? { heap.first?.deadline }

    mutating func schedule(at deadline: Double, owner: GestureRecognizer?, body: @escaping () -> Void) -> TimerToken {
        let token = TimerToken(rawValue: nextToken)
        nextToken += 1
        let id = owner.map(ObjectIdentifier.init)
        live[token.rawValue] = .some(id)
        if let id { owned[id, default: []].append(token.rawValue) }
        heap.append(Entry(token: token, deadline: deadline, owner: owner, body: body))
        siftUp(heap.count - 1)
        return token
    }

    /// Removes and returns the earliest timer due at or before `time`.
    mutating func popDue(atOrBefore time: Double) -> Entry? {
        guard let first = heap.first, first.deadline <= time else { return nil }
        removeTop()
        forget(first.token.rawValue)
        dropCancelledTop()
        return first
    }

    mutating func cancel(_ token: TimerToken) {
        guard forget(token.rawValue) else { return }
        markCancelled(1)
    }

    mutating func cancelAll(ownedBy owner: GestureRecognizer) {
        guard let tokens = owned.removeValue(forKey: ObjectIdentifier(owner)) else { return }
        for token in tokens { live[token] = nil }
        markCancelled(tokens.count)
    }

    func hasTimers(ownedBy owner: GestureRecognizer) -> Bool {
        owned[ObjectIdentifier(owner)] != nil
    }

    // MARK: Bookkeeping

    /// Takes `token` out of the live timers (and its owner's); `false` if it was not live.
    @discardableResult
    private mutating func forget(_ token: UInt64) -> Bool {
        guard let owner = live.removeValue(forKey: token) else { return false }
        if let owner, var tokens = owned[owner] {
            if let index = tokens.firstIndex(of: token) { tokens.remove(at: index) }
            owned[owner] = tokens.isEmpty ? nil : tokens
        }
        return true
    }

    /// Notes `count` more cancelled entries in the heap, drops those on top,
    /// and compacts the heap when most of it is cancelled.
    private mutating func markCancelled(_ count: Int) {
        cancelledCount += count
        dropCancelledTop()
        guard cancelledCount > 32, cancelledCount * 2 > heap.count else { return }
        heap.removeAll { live[$0.token.rawValue] == nil }
        cancelledCount = 0
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    private mutating func dropCancelledTop() {
        while let first = heap.first, live[first.token.rawValue] == nil {
            removeTop()
            cancelledCount -= 1
        }
    }

    // MARK: The heap

    private mutating func removeTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < heap.count, heap[left].precedes(heap[first]) { first = left }
            if right < heap.count, heap[right].precedes(heap[first]) { first = right }
            guard first != parent else { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
