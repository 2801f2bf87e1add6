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
/// However many recognizers are in play, an operation costs the logarithm
/// of the number of timers, or the owner's own timers: the timers are a
/// binary heap ordered by deadline and token (tokens grow with scheduling
/// order, so ties fire in that order); each owner keeps the tokens of its
/// live timers on its core (a handful, searched without hashing, and what
/// `hasTimers(ownedBy:)` reads); a cancelled timer leaves its owner's list at
/// once and the heap when it reaches the top (the heap is compacted when
/// most of it is cancelled). Only a timer without an owner is kept in a set.
@MainActor
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

    /// A binary min-heap by `Entry.precedes(_:)`; its top is never cancelled.
    private var heap: [Entry] = []
    /// The live timers that have no owner (owners keep theirs: `RecognizerCore.timerTokens`).
    private var ownerless: Set<UInt64> = []
    /// Entries in the heap that were cancelled.
    private var cancelledCount = 0
    private var nextToken: UInt64 = 1

    /// An empty queue (made wherever the engine's bookkeeping is).
    nonisolated init() {}

    var nextDeadline: Double? { heap.first?.deadline }

    mutating func schedule(at deadline: Double, owner: GestureRecognizer?, body: @escaping () -> Void) -> TimerToken {
        let token = TimerToken(rawValue: nextToken)
        nextToken += 1
        if let owner { owner.core.timerTokens.append(token.rawValue) } else { ownerless.insert(token.rawValue) }
        heap.append(Entry(token: token, deadline: deadline, owner: owner, body: body))
        siftUp(heap.count - 1)
        return token
    }

    /// Removes and returns the earliest timer due at or before `time`.
    mutating func popDue(atOrBefore time: Double) -> Entry? {
        guard let first = heap.first, first.deadline <= time else { return nil }
        removeTop()
        forget(first.token.rawValue, ownedBy: first.owner)
        dropCancelledTop()
        return first
    }

    /// Cancels the timer `token` of `owner` (what a recognizer cancels: its own).
    mutating func cancel(_ token: TimerToken, ownedBy owner: GestureRecognizer) {
        guard forget(token.rawValue, ownedBy: owner) else { return }
        markCancelled(1)
    }

    /// Cancels the timer `token`, whoever owns it (searched for when it has an owner).
    mutating func cancel(_ token: TimerToken) {
        if ownerless.contains(token.rawValue) {
            forget(token.rawValue, ownedBy: nil)
            markCancelled(1)
            return
        }
        for entry in heap where entry.token == token {
            if let owner = entry.owner { cancel(token, ownedBy: owner) }
            return
        }
    }

    mutating func cancelAll(ownedBy owner: GestureRecognizer) {
        let count = owner.core.timerTokens.count
        guard count > 0 else { return }
        owner.core.timerTokens.removeAll(keepingCapacity: true)
        markCancelled(count)
    }

    func hasTimers(ownedBy owner: GestureRecognizer) -> Bool {
        !owner.core.timerTokens.isEmpty
    }

    /// Drops every timer, and with them their owners' lists (the engine is going away).
    mutating func removeAll() {
        for entry in heap { entry.owner?.core.timerTokens.removeAll() }
        heap.removeAll()
        ownerless.removeAll()
        cancelledCount = 0
    }

    // MARK: Bookkeeping

    /// Whether the timer `token` (of `owner`) is live: scheduled, neither fired nor cancelled.
    private func isLive(_ token: UInt64, ownedBy owner: GestureRecognizer?) -> Bool {
        guard let owner else { return ownerless.contains(token) }
        for live in owner.core.timerTokens where live == token { return true }
        return false
    }

    private func isLive(_ entry: Entry) -> Bool { isLive(entry.token.rawValue, ownedBy: entry.owner) }

    /// Takes `token` out of the live timers; `false` if it was not live.
    @discardableResult
    private mutating func forget(_ token: UInt64, ownedBy owner: GestureRecognizer?) -> Bool {
        guard let owner else { return ownerless.remove(token) != nil }
        guard let index = owner.core.timerTokens.firstIndex(of: token) else { return false }
        owner.core.timerTokens.remove(at: index)
        return true
    }

    /// Notes `count` more cancelled entries in the heap, drops those on top,
    /// and compacts the heap when most of it is cancelled.
    private mutating func markCancelled(_ count: Int) {
        cancelledCount += count
        dropCancelledTop()
        guard cancelledCount > 32, cancelledCount * 2 > heap.count else { return }
        var kept = 0
        for index in heap.indices where isLive(heap[index]) {
            if kept != index { heap[kept] = heap[index] }
            kept += 1
        }
        heap.removeLast(heap.count - kept)
        cancelledCount = 0
        var parent = heap.count / 2 - 1
        while parent >= 0 {
            siftDown(parent)
            parent -= 1
        }
    }

    private mutating func dropCancelledTop() {
        while let first = heap.first, !isLive(first) {
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
