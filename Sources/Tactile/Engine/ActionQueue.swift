// The engine's outbox: actions queued by state changes, sent after arbitration in order.

/// Actions waiting to be sent, in the order their state changes happened,
/// and where they go: ``GestureEngine/onAction``, the
/// ``GestureEngine/actions()`` and ``GestureEngine/actions(bufferingNewest:)``
/// streams, then the recognizer's targets.
///
/// A target may change states while actions are sent (cancel another
/// recognizer, disable one): those actions join the queue and go out in a
/// later batch of the same flush, never interleaved with the batch being sent.
@MainActor
final class ActionQueue {
    private struct QueuedAction {
        let recognizer: GestureRecognizer
        let state: GestureRecognizerState
        /// Built only when someone listens (``wantsRecords``).
        let record: ActionRecord?
    }

    /// Everything the queue keeps, in one place the engine reads on every
    /// state change. Unchecked exclusivity: see docs/performance.md, "Dynamic
    /// exclusivity checks". No access to it spans a call out of this type.
    private struct Storage {
        var onAction: ((ActionRecord) -> Void)?
        var onRecognizerAction: ((GestureRecognizer, ActionRecord) -> Void)?
        var streams = StreamFanOut<ActionRecord>()
        var queued: [QueuedAction] = []
        /// The batch being sent; swapped with `queued`, so neither buffer is reallocated.
        var sending: [QueuedAction] = []
        var isFlushing = false

        mutating func takeBatch() { swap(&queued, &sending) }
    }

    @exclusivity(unchecked) private var storage = Storage()

    /// Called with every action, before the recognizer's targets.
    var onAction: ((ActionRecord) -> Void)? {
        get { storage.onAction }
        set { storage.onAction = newValue }
    }

    /// Called with every action and the recognizer that made it, before ``onAction``.
    var onRecognizerAction: ((GestureRecognizer, ActionRecord) -> Void)? {
        get { storage.onRecognizerAction }
        set { storage.onRecognizerAction = newValue }
    }

    /// Whether an ``ActionRecord`` is wanted for each action (someone listens).
    var wantsRecords: Bool { storage.onAction != nil || storage.onRecognizerAction != nil || !storage.streams.isEmpty }

    /// A new stream of every action from now on: unbounded, or keeping the newest `limit`.
    func makeStream(bufferingNewest limit: Int?) -> AsyncStream<ActionRecord> {
        storage.streams.makeStream(bufferingNewest: limit)
    }

    /// Actions streams made with a limit discarded (their consumer fell behind).
    var droppedByStreams: Int { storage.streams.dropped }

    /// The action streams not finished yet.
    var openStreamCount: Int { storage.streams.count }

    /// Ends every stream.
    func finishStreams() {
        storage.streams.finish()
    }

    /// Queues the action of `recognizer` entering `state`.
    func enqueue(_ recognizer: GestureRecognizer, _ state: GestureRecognizerState, record: ActionRecord?) {
        storage.queued.append(QueuedAction(recognizer: recognizer, state: state, record: record))
    }

    /// Sends every queued action, batch by batch, calling `afterEachBatch`
    /// (the engine's arbitration) after each. Does nothing when called from a
    /// target during a flush: the running flush sends what that target queued.
    func flush(afterEachBatch: () -> Void) {
        guard !storage.isFlushing else { return }
        storage.isFlushing = true
        defer { storage.isFlushing = false }
        while !storage.queued.isEmpty {
            storage.takeBatch()
            var index = 0
            while index < storage.sending.count {
                let action = storage.sending[index]
                index += 1
                if let record = action.record {
                    if let onRecognizerAction = storage.onRecognizerAction { onRecognizerAction(action.recognizer, record) }
                    if let onAction = storage.onAction { onAction(record) }
                    if !storage.streams.isEmpty { storage.streams.yield(record) }
                }
                action.recognizer.sendActions(as: action.state)
            }
            storage.sending.removeAll(keepingCapacity: true)
            afterEachBatch()
        }
    }
}
