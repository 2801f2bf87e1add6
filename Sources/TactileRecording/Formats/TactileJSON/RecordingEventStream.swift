// The events of a Tactile JSON recording file, streamed in batches as they are needed, in constant memory.
import Tactile

/// The events of a recording file, read as they are needed (see
/// ``RecordingReader/events(contentsOf:limits:readingAhead:)``).
///
/// A class, so that a `for` loop and the code after it see the same state:
///
/// ```swift
/// let stream = try RecordingReader.events(contentsOf: path)
/// pipeline.process(stream)
/// if let error = stream.error { throw error }
/// ```
public final class RecordingEventStream: Sequence, IteratorProtocol {
    /// Everything before the events.
    public let header: RecordingHeader
    /// Why the iteration stopped early, if it did.
    public private(set) var error: RecordingError?
    private var parser: EventArrayReader
    /// Keeps the file and its buffer alive while the parser points into it.
    private let source: RecordingFileSource
    /// The batch being delivered and the next event's place in it, read for
    /// every event: unchecked exclusivity (a class's stored properties carry
    /// a dynamic check on every access: 6 % of a fast replay's main
    /// thread). No access to them spans a call that could reach the stream.
    @exclusivity(unchecked) private var batch: [InputEvent] = []
    @exclusivity(unchecked) private var batchIndex = 0
    /// Events delivered from the batches before this one.
    private var deliveredBefore = 0
    /// The background parser, when the stream reads ahead.
    private let readAhead: EventReadAhead?
    /// How the background parser ended, once it did.
    private var ending: EventReadAhead.Ending?
    static let batchSize = 4096
    /// Batches are larger when parsed on another thread: fewer hand-overs.
    static let readAheadBatchSize = 16384

    init(parser: EventArrayReader, header: RecordingHeader, source: RecordingFileSource, readingAhead: Bool = false) {
        self.parser = parser
        self.header = header
        self.source = source
        if readingAhead {
            let worker = EventReadAhead(parser: parser, source: source, batchSize: Self.readAheadBatchSize)
            readAhead = worker
            worker.start()
        } else {
            readAhead = nil
            batch.reserveCapacity(Self.batchSize)
        }
    }

    deinit {
        readAhead?.cancel()
    }

    /// The next event, or `nil` at the end or after an error (see ``error``).
    public func next() -> InputEvent? {
        do {
            return try nextEvent()
        } catch {
            return nil
        }
    }

    /// The next event, `nil` at the end; throws the first error (and again on later calls).
    public func nextEvent() throws(RecordingError) -> InputEvent? {
        if batchIndex < batch.count {
            defer { batchIndex += 1 }
            return batch[batchIndex]
        }
        if let error { throw error }
        if let readAhead {
            guard ending == nil else { return nil }
            deliveredBefore += batch.count
            batchIndex = 0
            // Handed back unshared, so the thread refills it in place.
            var used: [InputEvent] = []
            swap(&used, &batch)
            if let next = readAhead.nextBatch(returning: used) {
                batch = next
            } else {
                ending = readAhead.finalState
                error = ending?.error
            }
        } else {
            guard parser.state != .finished else { return nil }
            deliveredBefore += batch.count
            batchIndex = 0
            batch.removeAll(keepingCapacity: true)
            do {
                try parser.readEvents(into: &batch, limit: Self.batchSize)
            } catch {
                // The events before the broken one are delivered first.
                self.error = error
                source.closeFile()
            }
        }
        if batchIndex < batch.count {
            defer { batchIndex += 1 }
            return batch[batchIndex]
        }
        if let error { throw error }
        return nil
    }

    /// Events delivered so far.
    public var eventCount: Int { deliveredBefore + batchIndex }

    /// Whether the whole file was read without error.
    public var isFinished: Bool {
        let parsed = readAhead == nil ? parser.state == .finished : ending != nil
        return parsed && batchIndex >= batch.count && error == nil
    }

    /// The warnings so far; complete (with the summary check) once ``isFinished``.
    /// A stream that reads ahead has its warnings once it was read to the end.
    public var warnings: [RecordingWarning] { readAhead == nil ? parser.warnings : ending?.warnings ?? [] }

    /// Reads the remaining events, discarding them, and throws the first error;
    /// returns the warnings. For checking a file without holding it.
    @discardableResult
    public func validate() throws(RecordingError) -> [RecordingWarning] {
        while try nextEvent() != nil {}
        return warnings
    }
}
