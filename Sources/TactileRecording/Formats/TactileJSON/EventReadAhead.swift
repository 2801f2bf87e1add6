// A recording's events parsed on a thread of their own, a few batches ahead of the one who plays them.
import Foundation
import Tactile

/// Parses a Tactile JSON file's events on a background thread, at most
/// ``depth`` batches ahead of the consumer, so that reading and parsing
/// overlap with what the consumer does with the events (a replay's
/// recognition and output) on another core. Memory stays bounded: the
/// thread waits while ``depth`` batches are unread.
///
/// The parser and the file belong to the thread from ``start()`` on; the
/// consumer only takes finished batches, and reads the parser's warnings
/// once the thread has finished (``finalState``). Unchecked `Sendable`:
/// every shared field is read and written under `condition`'s lock.
final class EventReadAhead: @unchecked Sendable {
    /// How many parsed batches may wait for the consumer.
    static let depth = 3

    /// What the thread hands over when it stops.
    struct Ending {
        /// Why it stopped early, if it did.
        var error: RecordingError?
        /// The parser's warnings (complete when there was no error).
        var warnings: [RecordingWarning]
    }

    private let condition = NSCondition()
    private var parser: EventArrayReader
    private let source: RecordingFileSource
    private let batchSize: Int
    private var ready: [[InputEvent]] = []
    private var spare: [[InputEvent]] = []
    private var ending: Ending?
    private var cancelled = false

    init(parser: EventArrayReader, source: RecordingFileSource, batchSize: Int) {
        self.parser = parser
        self.source = source
        self.batchSize = batchSize
    }

    /// Starts the thread.
    func start() {
        let thread = Thread { [self] in
            HelperThreadPriority.lowerCurrentThread()
            produce()
        }
        thread.name = "tactile-read-ahead"
        thread.start()
    }

    /// The next batch (handing `used` back for reuse), or `nil` once the
    /// thread has stopped and every batch was taken; then ``finalState`` is set.
    func nextBatch(returning used: consuming [InputEvent]) -> [InputEvent]? {
        condition.lock()
        defer { condition.unlock() }
        if used.capacity > 0 {
            used.removeAll(keepingCapacity: true)
            spare.append(used)
            condition.broadcast()
        }
        while ready.isEmpty && ending == nil { condition.wait() }
        if !ready.isEmpty {
            condition.broadcast()
            return ready.removeFirst()
        }
        return nil
    }

    /// How the thread ended: set once ``nextBatch(returning:)`` returned `nil`.
    var finalState: Ending? {
        condition.lock()
        defer { condition.unlock() }
        return ready.isEmpty ? ending : nil
    }

    /// Asks the thread to stop at its next batch (the consumer is gone).
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// The thread: parses batches until the end, an error or a cancel.
    private func produce() {
        while true {
            condition.lock()
            while ready.count >= Self.depth && !cancelled { condition.wait() }
            var batch = spare.popLast() ?? []
            let stop = cancelled
            condition.unlock()
            if stop { return finish(Ending(error: nil, warnings: [])) }
            if batch.capacity < batchSize { batch.reserveCapacity(batchSize) }
            var failure: RecordingError?
            do {
                try parser.readEvents(into: &batch, limit: batchSize)
            } catch {
                // The events before the broken one are delivered first.
                failure = error
                source.closeFile()
            }
            let done = failure != nil || parser.state == .finished
            condition.lock()
            if !batch.isEmpty { ready.append(batch) }
            if done { ending = Ending(error: failure, warnings: parser.warnings) }
            condition.broadcast()
            condition.unlock()
            if done { return }
        }
    }

    private func finish(_ end: Ending) {
        condition.lock()
        ending = end
        condition.broadcast()
        condition.unlock()
    }
}
