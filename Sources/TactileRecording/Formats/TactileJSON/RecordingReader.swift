// The Tactile JSON reader's entry points: a whole recording, its header only, or its events streamed.
import Glibc
import Tactile

/// Reads recordings in format v1 (`docs/recording-format.md`), strictly.
///
/// A file that is not a complete, well-formed v1 recording gives a
/// ``RecordingError`` naming the file, line, column and JSON path
/// (`events[1234][2]`) and saying what was expected and what was found.
/// Oddities the engine tolerates (time going backwards, codes the device
/// does not announce, slots beyond the device's) are counted as
/// ``RecordingWarning``s. No input crashes the reader: sizes, nesting and
/// numbers are all bounded (``Limits``).
///
/// Events are parsed byte by byte without allocating per event, at several
/// hundred MB/s; ``header(contentsOf:limits:)`` stops before the events and
/// ``events(contentsOf:limits:readingAhead:)`` streams them in constant memory.
///
/// ```swift
/// let recording = try RecordingReader.read(contentsOf: "session.json")
/// let header = try RecordingReader.header(contentsOf: "big.json")   // the header only
/// for event in try RecordingReader.events(contentsOf: "big.json") { pipeline.process(event) }   // streaming
/// ```
public enum RecordingReader {
    /// A recording and what the reader noticed about it.
    public struct Result: Hashable, Sendable {
        /// The recording read.
        public var recording: Recording
        /// Counted oddities, at most one per ``RecordingWarning/Kind``.
        public var warnings: [RecordingWarning]
        /// The summary the file stored (``Recording/summary`` recomputes it from the events).
        public var storedSummary: RecordingSummary
        /// The format version the file declared.
        public var version: Int

        /// A result with the given parts.
        public init(recording: Recording, warnings: [RecordingWarning], storedSummary: RecordingSummary, version: Int) {
            self.recording = recording
            self.warnings = warnings
            self.storedSummary = storedSummary
            self.version = version
        }
    }

    /// Bytes read at a time from a file.
    static let chunkSize = 1 << 20
    /// Bytes read at a time when only the header is wanted.
    static let headerChunkSize = 64 << 10

    /// Reads a whole recording, discarding warnings (see ``readWithWarnings(contentsOf:limits:)``).
    public static func read(contentsOf path: String, limits: Limits = .default) throws(RecordingError) -> Recording {
        try readWithWarnings(contentsOf: path, limits: limits).recording
    }

    /// Reads a whole recording from bytes, discarding warnings; `file` names them in errors.
    public static func read(bytes: [UInt8], file: String = "<bytes>", limits: Limits = .default) throws(RecordingError) -> Recording {
        try readWithWarnings(bytes: bytes, file: file, limits: limits).recording
    }

    /// Reads a whole recording and its warnings. The file is read in chunks,
    /// so memory holds the events but never the whole text.
    public static func readWithWarnings(contentsOf path: String, limits: Limits = .default) throws(RecordingError) -> Result {
        try readWithWarnings(contentsOf: path, limits: limits, chunkSize: chunkSize)
    }

    /// ``readWithWarnings(contentsOf:limits:)`` with another chunk size (tests use tiny ones).
    static func readWithWarnings(contentsOf path: String, limits: Limits, chunkSize: Int) throws(RecordingError) -> Result {
        let source = try RecordingFileSource(path: path, chunkSize: chunkSize)
        guard source.size <= limits.maximumFileSize else {
            throw RecordingError(
                file: path, line: nil, problem: .tooLarge,
                message: "expected a recording of at most \(limits.maximumFileSize) bytes, found \(source.size) bytes (raise the limit or stream the events)")
        }
        var parser = EventArrayReader(cursor: JSONCursor(source: source), file: path, limits: limits)
        return try readAll(&parser, sizeHint: source.size)
    }

    /// Reads a whole recording and its warnings from bytes; `file` names them in errors.
    public static func readWithWarnings(bytes: [UInt8], file: String = "<bytes>", limits: Limits = .default) throws(RecordingError) -> Result {
        guard bytes.count <= limits.maximumFileSize else {
            throw RecordingError(
                file: file, line: nil, problem: .tooLarge,
                message: "expected a recording of at most \(limits.maximumFileSize) bytes, found \(bytes.count) bytes")
        }
        return try withReader(over: bytes, file: file, limits: limits) { parser throws(RecordingError) in
            try readAll(&parser, sizeHint: bytes.count)
        }
    }

    /// Runs `body` with a reader over `bytes` (which stay alive meanwhile);
    /// no bytes at all are an empty file.
    private static func withReader<T>(
        over bytes: [UInt8], file: String, limits: Limits, _ body: (inout EventArrayReader) throws(RecordingError) -> T
    ) throws(RecordingError) -> T {
        let result: Swift.Result<T, RecordingError> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else {
                return .failure(RecordingError(
                    file: file, line: 1, column: 1, path: nil, problem: .empty,
                    message: "expected a Tactile recording (a JSON object starting with `{`), found an empty file"))
            }
            var parser = EventArrayReader(cursor: JSONCursor(bytes: base, count: buffer.count), file: file, limits: limits)
            do throws(RecordingError) {
                return .success(try body(&parser))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The header, then every event straight into one array's storage, then the end of the file.
    private static func readAll(_ parser: inout EventArrayReader, sizeHint: Int) throws(RecordingError) -> Result {
        let header = try parser.readHeader()
        try parser.beginEvents()
        // The stored count is a good guess; the remaining bytes bound it (an event takes at least 12).
        let remaining = max(0, sizeHint - parser.scanner.cursor.offset)
        let expected = max(0, min(header.summary.eventCount, remaining / 12 + 1))
        // Parsed straight into the array's storage; a file holding more events
        // than its header says goes on into a second array.
        var failure: RecordingError?
        var events = [InputEvent](unsafeUninitializedCapacity: expected) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            prepareLargeBuffer(base, bytes: buffer.count * MemoryLayout<InputEvent>.stride)
            do throws(RecordingError) {
                try parser.readEvents(into: base, capacity: buffer.count, count: &initialized)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        if case .events = parser.state {
            var more: [InputEvent] = []
            try parser.readEvents(into: &more, limit: .max)
            events += more
        }
        let recording = Recording(
            created: header.created, device: header.device, screen: header.screen, transform: header.transform,
            axisValues: header.axisValues, labels: header.labels,
            expected: header.expected, events: events)
        return Result(recording: recording, warnings: parser.warnings, storedSummary: header.summary, version: header.version)
    }

    /// Prepares a large array's fresh storage: asks the kernel to back it
    /// with huge pages and to fault it in at once, so filling it costs no
    /// page fault per 4 KiB (most of a 100 MB read's time otherwise). Only
    /// advice: nothing changes where the kernel does not follow it.
    private static func prepareLargeBuffer(_ base: UnsafeMutableRawPointer, bytes: Int) {
        let hugePage = 2 << 20
        guard bytes >= 4 * hugePage else { return }
        let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
        let end = (Int(bitPattern: base) + bytes) & ~(hugePage - 1)
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, end - start, MADV_HUGEPAGE)
        // Fault the pages in with one call rather than one trap per page
        // (MADV_POPULATE_WRITE, Linux 5.14; older kernels refuse it, harmlessly).
        let madvPopulateWrite: Int32 = 23
        _ = madvise(pointer, end - start, madvPopulateWrite)
    }

    /// Reads the header only: the file is read in small chunks up to the
    /// `"events"` key, and nothing after it is looked at, so it answers at
    /// once for a recording of any size (and for one whose events are broken).
    public static func header(contentsOf path: String, limits: Limits = .default) throws(RecordingError) -> RecordingHeader {
        let source = try RecordingFileSource(path: path, chunkSize: headerChunkSize)
        var parser = EventArrayReader(cursor: JSONCursor(source: source), file: path, limits: limits)
        let header = try parser.readHeader()
        source.closeFile()
        return header
    }

    /// The header of a recording in memory (see ``header(contentsOf:limits:)``).
    public static func header(bytes: [UInt8], file: String = "<bytes>", limits: Limits = .default) throws(RecordingError) -> RecordingHeader {
        try withReader(over: bytes, file: file, limits: limits) { parser throws(RecordingError) in try parser.readHeader() }
    }

    /// Opens a recording for streaming: the header is read now, the events
    /// as they are iterated, a chunk of the file at a time, so memory does
    /// not grow with the file. Errors in the header throw here; errors in
    /// the events end the iteration and are in ``RecordingEventStream/error``
    /// (or thrown by ``RecordingEventStream/nextEvent()``).
    ///
    /// With `readingAhead`, the events are parsed on a thread of their own,
    /// a few batches (of 16,384 events) ahead of the iteration, so reading
    /// the file overlaps with what the loop does on another core: what
    /// `tactile replay` does. The stream is then iterated from one thread at a
    /// time as usual; its ``RecordingEventStream/warnings`` are complete once
    /// it was read to the end.
    ///
    /// ```swift
    /// let stream = try RecordingReader.events(contentsOf: path, readingAhead: true)
    /// for event in stream { pipeline.process(event) }
    /// if let error = stream.error { throw error }
    /// ```
    public static func events(contentsOf path: String, limits: Limits = .default, readingAhead: Bool = false) throws(RecordingError) -> RecordingEventStream {
        try events(contentsOf: path, limits: limits, chunkSize: chunkSize, readingAhead: readingAhead)
    }

    /// ``events(contentsOf:limits:readingAhead:)`` with another chunk size (tests use tiny ones).
    static func events(contentsOf path: String, limits: Limits, chunkSize: Int, readingAhead: Bool = false) throws(RecordingError) -> RecordingEventStream {
        let source = try RecordingFileSource(path: path, chunkSize: chunkSize)
        var parser = EventArrayReader(cursor: JSONCursor(source: source), file: path, limits: limits)
        let header = try parser.readHeader()
        try parser.beginEvents()
        return RecordingEventStream(parser: parser, header: header, source: source, readingAhead: readingAhead)
    }
}
