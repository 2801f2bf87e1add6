// The event-array reader of a Tactile JSON recording: the header through the decoder, then the "events" array in batches, then the end.
import Tactile

/// Reads one recording front to back: the header (``RecordingHeaderDecoder``
/// over the ``JSONScanner``), then the events array, then the end of the
/// object. Used whole (``RecordingReader/read(contentsOf:limits:)``), for the
/// header only, or in batches by ``RecordingEventStream``.
///
/// Events take a byte-level fast path (no allocation per event, `+FastPath`)
/// while they are plainly written and wholly in the current chunk; the
/// general path here takes everything else, and words every error (`+Errors`).
/// Oddities the engine tolerates are counted as warnings (`+Checks`).
struct EventArrayReader {
    var scanner: JSONScanner
    private(set) var header: RecordingHeader?
    private(set) var state: State = .header
    /// Events parsed so far.
    var eventCount = 0
    var checks = EventChecks()
    var firstTime: Int64 = -1
    var lastTime: Int64 = -1
    // Where the event being parsed starts, for errors about its fields.
    var eventLine = 0
    var eventLineStart = 0
    var eventOffset = 0
    enum State: Equatable {
        case header
        /// Inside `events`: expecting an event (`true`) or `,`/`]` after one.
        case events(expectingEvent: Bool)
        case finished
    }

    /// The most seconds an event may have: the time in microseconds must fit an `Int64`.
    static let maximumSeconds: Int64 = Int64.max / 1_000_000 - 1
    static let fieldNames = ["seconds", "microseconds", "type", "code", "value"]

    init(cursor: JSONCursor, file: String, limits: RecordingReader.Limits) {
        scanner = JSONScanner(cursor: cursor, file: file, limits: limits)
    }

    var file: String { scanner.file }
    // MARK: Header

    /// Reads up to and including `"events":` (see ``RecordingHeaderDecoder/decode(from:)``),
    /// and leaves the cursor before the events array.
    mutating func readHeader() throws(RecordingError) -> RecordingHeader {
        let header = try RecordingHeaderDecoder.decode(from: &scanner)
        self.header = header
        checks = EventChecks(device: header.device)
        return header
    }
    // MARK: Events

    /// Consumes the opening `[` of the events array.
    mutating func beginEvents() throws(RecordingError) {
        scanner.cursor.skipWhitespace()
        guard scanner.cursor.peek() == UInt8(ascii: "["), !scanner.cursor.isAtEnd else {
            throw scanner.unexpected(
                "the events (an array of [sec, usec, type, code, value])", path: "events", otherValues: [.object, .string, .literal, .number])
        }
        scanner.cursor.position += 1
        scanner.cursor.skipWhitespace()
        if scanner.cursor.peek() == UInt8(ascii: "]") {
            scanner.cursor.position += 1
            try finish()
        } else {
            state = .events(expectingEvent: true)
        }
    }

    /// Parses events into `events` until `limit` more are there or the array
    /// ends (then checks the rest of the file and the state is `.finished`).
    mutating func readEvents(into events: inout [InputEvent], limit: Int) throws(RecordingError) {
        // Events are parsed into a small buffer and appended in one go, sparing
        // the array's uniqueness and capacity checks per event.
        let buffer = UnsafeMutablePointer<InputEvent>.allocate(capacity: Self.fastBatch)
        defer { buffer.deallocate() }
        var added = 0
        while added < limit, case .events = state {
            var count = 0
            do {
                try readEvents(into: buffer, capacity: min(Self.fastBatch, limit - added), count: &count)
            } catch {
                // The events before the broken one are kept.
                events.append(contentsOf: UnsafeBufferPointer(start: buffer, count: count))
                throw error
            }
            events.append(contentsOf: UnsafeBufferPointer(start: buffer, count: count))
            added += count
        }
    }

    /// Reads events into `destination` until `capacity` are there or the
    /// array ends (``state`` becomes `finished`); `count` says how many were
    /// written, also when an error is thrown (those before the broken one).
    mutating func readEvents(into destination: UnsafeMutablePointer<InputEvent>, capacity: Int, count: inout Int) throws(RecordingError) {
        guard case .events(var expectingEvent) = state else { return }
        while count < capacity {
            count += fastEvents(into: destination + count, capacity: capacity - count, expectingEvent: &expectingEvent)
            guard count < capacity else { break }
            // One step the fast path left: a chunk boundary, the end of the array, odd spacing or an error.
            scanner.cursor.skipWhitespace()
            let byte = scanner.cursor.peek()
            if expectingEvent {
                guard byte == UInt8(ascii: "[") else {
                    if byte == UInt8(ascii: "]") {
                        throw scanner.failure(.syntax, "expected an event after `,`, found `]` (JSON allows no trailing comma)", path: "events")
                    }
                    throw eventShapeError("an event [sec, usec, type, code, value]", path: JSONPath.index("events", eventCount))
                }
                let event = try parseEvent()
                check(event)
                (destination + count).initialize(to: event)
                eventCount += 1
                count += 1
                expectingEvent = false
            } else if byte == UInt8(ascii: ",") {
                scanner.cursor.position += 1
                expectingEvent = true
            } else if byte == UInt8(ascii: "]") {
                scanner.cursor.position += 1
                state = .finished
                try finish()
                return
            } else {
                throw scanner.unexpected("`,` or `]` after events[\(eventCount - 1)]", path: "events")
            }
        }
        state = .events(expectingEvent: expectingEvent)
    }

    /// Events the fast path parses between appends to the result.
    static let fastBatch = 256


    /// One `[sec, usec, type, code, value]` at the cursor (at its `[`).
    @inline(__always)
    mutating func parseEvent() throws(RecordingError) -> InputEvent {
        eventLine = scanner.cursor.line
        eventLineStart = scanner.cursor.lineStart
        eventOffset = scanner.cursor.offset
        scanner.cursor.position &+= 1
        scanner.cursor.skipWhitespace()
        let seconds = try integer(field: 0)
        try separator(after: 0)
        let microseconds = try integer(field: 1)
        try separator(after: 1)
        let type = try integer(field: 2)
        try separator(after: 2)
        let code = try integer(field: 3)
        try separator(after: 3)
        let value = try integer(field: 4)
        scanner.cursor.skipWhitespace()
        guard scanner.cursor.peek() == UInt8(ascii: "]") else {
            if scanner.cursor.peek() == UInt8(ascii: ",") {
                throw scanner.failure(
                    .extraField, "expected `]` after the five fields of an event [sec, usec, type, code, value], found a sixth",
                    path: JSONPath.index("events", eventCount))
            }
            throw scanner.unexpected("`]` after the value of the event", path: JSONPath.index("events", eventCount))
        }
        scanner.cursor.position &+= 1
        guard seconds >= 0, seconds <= Self.maximumSeconds, microseconds >= 0, microseconds < 1_000_000,
              type >= 0, type <= 0xFFFF, code >= 0, code <= 0xFFFF, value >= Int64(Int32.min), value <= Int64(Int32.max)
        else {
            throw rangeError(seconds, microseconds, type, code, value)
        }
        return InputEvent(
            seconds: seconds, microseconds: Int32(truncatingIfNeeded: microseconds), type: EventType(rawValue: UInt16(truncatingIfNeeded: type)),
            code: UInt16(truncatingIfNeeded: code), value: Int32(truncatingIfNeeded: value))
    }

    /// `,` between the fields of an event.
    @inline(__always)
    mutating func separator(after field: Int) throws(RecordingError) {
        scanner.cursor.skipWhitespace()
        guard scanner.cursor.peek() == UInt8(ascii: ",") else { throw separatorError(after: field) }
        scanner.cursor.position &+= 1
        scanner.cursor.skipWhitespace()
    }

    /// The warnings so far (the summary's only once the events are finished).
    var warnings: [RecordingWarning] { checks.warnings }

    // MARK: End

    /// After the events array: the closing `}`, then nothing but whitespace.
    mutating func finish() throws(RecordingError) {
        state = .finished
        scanner.cursor.skipWhitespace()
        let byte = scanner.cursor.peek()
        if byte == UInt8(ascii: ",") {
            scanner.cursor.position += 1
            scanner.cursor.skipWhitespace()
            let keyPosition = scanner.cursor.here
            if scanner.cursor.peek() == UInt8(ascii: "\"") {
                let key = try scanner.parseString(maximumLength: scanner.limits.maximumKeyLength, what: "a key")
                throw scanner.failure(
                    .misplacedField, "expected \"events\" as the last key of a recording, found the key \"\(key)\" after it", at: keyPosition, path: key)
            }
            throw scanner.unexpected("`}` after the events (\"events\" is the last key)", path: nil)
        }
        guard byte == UInt8(ascii: "}"), !scanner.cursor.isAtEnd else {
            throw scanner.unexpected("`}` after the events (\"events\" is the last key)", path: nil)
        }
        scanner.cursor.position += 1
        scanner.cursor.skipWhitespace()
        if !scanner.cursor.isAtEnd {
            let position = scanner.cursor.here
            let found = scanner.describeToken()
            throw scanner.failure(.trailingData, "expected the end of the file after the recording's closing `}`, found \(found)", at: position)
        }
        scanner.cursor.source?.closeFile()
        checkSummary()
    }

    mutating func checkSummary() {
        guard let summary = header?.summary else { return }
        var differences: [String] = []
        if summary.eventCount != eventCount {
            differences.append("\(summary.eventCount) events where the file has \(eventCount)")
        }
        let duration = firstTime < 0 ? 0 : Double(lastTime - firstTime) / 1_000_000
        if abs(duration - summary.duration) > 0.000_001 {
            differences.append("a duration of \(summary.duration) s where the events span \(duration) s")
        }
        guard !differences.isEmpty else { return }
        checks.warnings.append(RecordingWarning(
            kind: .summaryMismatch, count: 1, file: scanner.file, line: nil, path: "summary",
            message: "the summary claims " + differences.joined(separator: " and ")))
    }
}
