// The events of a Tactile JSON recording file, streamed in batches as they are needed, in constant memory.
import Tactile

/// The events of a recording file, read as they are needed (see
/// ``RecordingReader/events(contentsOf:limits:)``).
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
    private var batch: [InputEvent] = []
    private var batchIndex = 0
    static let batchSize = 4096

    init(parser: EventArrayReader, header: RecordingHeader, source: RecordingFileSource) {
        self.parser = parser
        self.header = header
        self.source = source
        batch.reserveCapacity(Self.batchSize)
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
        guard parser.state != .finished else { return nil }
        batch.removeAll(keepingCapacity: true)
        batchIndex = 0
        do {
            try parser.readEvents(into: &batch, limit: Self.batchSize)
        } catch {
            // The events before the broken one are delivered first.
            self.error = error
            source.closeFile()
        }
        if batchIndex < batch.count {
            defer { batchIndex += 1 }
            return batch[batchIndex]
        }
        if let error { throw error }
        return nil
    }

    /// Events delivered so far.
    public var eventCount: Int { parser.eventCount - (batch.count - batchIndex) }

    /// Whether the whole file was read without error.
    public var isFinished: Bool { parser.state == .finished && batchIndex >= batch.count && error == nil }

    /// The warnings so far; complete (with the summary check) once ``isFinished``.
    public var warnings: [RecordingWarning] { parser.warnings }

    /// Reads the remaining events, discarding them, and throws the first error;
    /// returns the warnings. For checking a file without holding it.
    @discardableResult
    public func validate() throws(RecordingError) -> [RecordingWarning] {
        while try nextEvent() != nil {}
        return warnings
    }
}
