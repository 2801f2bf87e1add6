import Glibc
import Tactile

/// Everything in a recording before its events: what
/// ``RecordingReader/header(contentsOf:limits:)`` gives without reading the events.
public struct RecordingHeader: Hashable, Sendable {
    /// The format version the file declares (1 … ``Recording/currentVersion``).
    public var version: Int
    /// When the recording was made (ISO 8601 in UTC), or empty.
    public var created: String
    /// The device the events came from.
    public var device: DeviceDescription
    /// The screen its surface maps onto.
    public var screen: Screen
    /// The device's axis values when the recording began (version 2; empty in version 1).
    public var axisValues: AxisValues
    /// The counts the writer stored (not recomputed; the full read warns when they are off).
    public var summary: RecordingSummary
    /// What the person did.
    public var labels: [RecordingLabel]
    /// The golden action log, if one was pinned.
    public var expected: [ActionRecord]?

    /// A header with the given parts.
    public init(
        version: Int, created: String, device: DeviceDescription, screen: Screen, axisValues: AxisValues = AxisValues(),
        summary: RecordingSummary, labels: [RecordingLabel], expected: [ActionRecord]?
    ) {
        self.version = version
        self.created = created
        self.device = device
        self.screen = screen
        self.axisValues = axisValues
        self.summary = summary
        self.labels = labels
        self.expected = expected
    }
}

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
/// ``events(contentsOf:limits:)`` streams them in constant memory.
///
/// ```swift
/// let recording = try RecordingReader.read(contentsOf: "session.json")
/// let header = try RecordingReader.header(contentsOf: "big.json")   // the header only
/// for event in try RecordingReader.events(contentsOf: "big.json") { pipeline.process(event) }   // streaming
/// ```
public enum RecordingReader {
    /// Bounds on what the reader accepts.
    public struct Limits: Hashable, Sendable {
        /// The largest file ``RecordingReader/read(contentsOf:limits:)`` and
        /// ``RecordingReader/read(bytes:file:limits:)`` read whole, in bytes.
        /// Streaming with ``RecordingReader/events(contentsOf:limits:)`` has no size limit.
        public var maximumFileSize: Int
        /// The most bytes before the events array (header, labels and expected actions).
        public var maximumHeaderSize: Int
        /// The most JSON values (numbers, strings, arrays, objects) in the header.
        public var maximumHeaderValues: Int
        /// The longest string in the header, in UTF-8 bytes.
        public var maximumStringLength: Int
        /// The longest key of an object, in UTF-8 bytes.
        public var maximumKeyLength: Int
        /// The longest device, gesture, recognizer or view name, in UTF-8 bytes.
        public var maximumNameLength: Int
        /// The most absolute axes of a device.
        public var maximumAxes: Int
        /// The most labels.
        public var maximumLabels: Int
        /// The most expected actions.
        public var maximumExpectedActions: Int
        /// The deepest nesting of arrays and objects in the header (at most ``deepestNesting``).
        public var maximumDepth: Int

        /// The most ``maximumDepth`` can be: the header is parsed by recursion.
        public static let deepestNesting = 256

        /// Limits with the given bounds; the defaults are those of ``default``.
        public init(
            maximumFileSize: Int = 1 << 30, maximumHeaderSize: Int = 32 << 20, maximumHeaderValues: Int = 2_000_000,
            maximumStringLength: Int = 65_536, maximumKeyLength: Int = 1_024, maximumNameLength: Int = 1_024,
            maximumAxes: Int = 64, maximumLabels: Int = 100_000, maximumExpectedActions: Int = 100_000, maximumDepth: Int = 32
        ) {
            self.maximumFileSize = maximumFileSize
            self.maximumHeaderSize = maximumHeaderSize
            self.maximumHeaderValues = maximumHeaderValues
            self.maximumStringLength = maximumStringLength
            self.maximumKeyLength = maximumKeyLength
            self.maximumNameLength = maximumNameLength
            self.maximumAxes = maximumAxes
            self.maximumLabels = maximumLabels
            self.maximumExpectedActions = maximumExpectedActions
            self.maximumDepth = maximumDepth
        }

        /// 1 GiB files, 32 MiB headers, 64 KiB strings, 1 KiB names, 64 axes,
        /// 100 000 labels and expected actions, nesting 32 deep.
        public static let `default` = Limits()
    }

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
        var parser = RecordingParser(cursor: JSONCursor(source: source), file: path, limits: limits)
        return try readAll(&parser, sizeHint: source.size)
    }

    /// Reads a whole recording and its warnings from bytes; `file` names them in errors.
    public static func readWithWarnings(bytes: [UInt8], file: String = "<bytes>", limits: Limits = .default) throws(RecordingError) -> Result {
        guard bytes.count <= limits.maximumFileSize else {
            throw RecordingError(
                file: file, line: nil, problem: .tooLarge,
                message: "expected a recording of at most \(limits.maximumFileSize) bytes, found \(bytes.count) bytes")
        }
        let result: Swift.Result<Result, RecordingError> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else {
                return .failure(RecordingError(
                    file: file, line: 1, column: 1, path: nil, problem: .empty,
                    message: "expected a Tactile recording (a JSON object starting with `{`), found an empty file"))
            }
            var parser = RecordingParser(cursor: JSONCursor(bytes: base, count: buffer.count), file: file, limits: limits)
            do throws(RecordingError) {
                return .success(try readAll(&parser, sizeHint: buffer.count))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func readAll(_ parser: inout RecordingParser, sizeHint: Int) throws(RecordingError) -> Result {
        let header = try parser.parseHeader()
        try parser.beginEvents()
        // The stored count is a good guess; the remaining bytes bound it (an event takes at least 12).
        let remaining = max(0, sizeHint - parser.json.cursor.offset)
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
            created: header.created, device: header.device, screen: header.screen, axisValues: header.axisValues, labels: header.labels,
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
        var parser = RecordingParser(cursor: JSONCursor(source: source), file: path, limits: limits)
        let header = try parser.parseHeader()
        source.closeFile()
        return header
    }

    /// The header of a recording in memory (see ``header(contentsOf:limits:)``).
    public static func header(bytes: [UInt8], file: String = "<bytes>", limits: Limits = .default) throws(RecordingError) -> RecordingHeader {
        let result: Swift.Result<RecordingHeader, RecordingError> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else {
                return .failure(RecordingError(
                    file: file, line: 1, column: 1, path: nil, problem: .empty,
                    message: "expected a Tactile recording (a JSON object starting with `{`), found an empty file"))
            }
            var parser = RecordingParser(cursor: JSONCursor(bytes: base, count: buffer.count), file: file, limits: limits)
            do throws(RecordingError) {
                return .success(try parser.parseHeader())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Opens a recording for streaming: the header is read now, the events
    /// as they are iterated, a chunk of the file at a time, so memory does
    /// not grow with the file. Errors in the header throw here; errors in
    /// the events end the iteration and are in ``RecordingEventStream/error``
    /// (or thrown by ``RecordingEventStream/nextEvent()``).
    public static func events(contentsOf path: String, limits: Limits = .default) throws(RecordingError) -> RecordingEventStream {
        try events(contentsOf: path, limits: limits, chunkSize: chunkSize)
    }

    /// ``events(contentsOf:limits:)`` with another chunk size (tests use tiny ones).
    static func events(contentsOf path: String, limits: Limits, chunkSize: Int) throws(RecordingError) -> RecordingEventStream {
        let source = try RecordingFileSource(path: path, chunkSize: chunkSize)
        var parser = RecordingParser(cursor: JSONCursor(source: source), file: path, limits: limits)
        let header = try parser.parseHeader()
        try parser.beginEvents()
        return RecordingEventStream(parser: parser, header: header, source: source)
    }
}

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
    private var parser: RecordingParser
    /// Keeps the file and its buffer alive while the parser points into it.
    private let source: RecordingFileSource
    private var batch: [InputEvent] = []
    private var batchIndex = 0
    static let batchSize = 4096

    init(parser: RecordingParser, header: RecordingHeader, source: RecordingFileSource) {
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
