import Tactile

/// Reads one recording front to back: the header as JSON trees, then the
/// events with a byte-level fast path (no allocation per event), then the
/// end of the object. Used whole (``RecordingReader/read(contentsOf:limits:)``),
/// for the header only, or in batches by ``RecordingEventStream``.
struct RecordingParser {
    var json: RecordingJSONParser
    private(set) var header: RecordingHeader?
    private(set) var state: State = .header
    /// Events parsed so far.
    private(set) var eventCount = 0
    private var checks = EventChecks()
    private var firstTime: Int64 = -1
    private var lastTime: Int64 = -1
    // Where the event being parsed starts, for errors about its fields.
    private var eventLine = 0
    private var eventLineStart = 0
    private var eventOffset = 0

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
        json = RecordingJSONParser(cursor: cursor, file: file, limits: limits)
    }

    var file: String { json.file }

    // MARK: Header

    static let headerKeys = ["format", "version", "created", "device", "screen", "axisValues", "summary", "labels", "expected", "events"]

    /// Parses up to and including `"events":`, and leaves the cursor before the events array.
    mutating func parseHeader() throws(RecordingError) -> RecordingHeader {
        let decoder = RecordingHeaderDecoder(file: json.file, limits: json.limits)
        if json.cursor.peek() == 0xEF, !json.cursor.isAtEnd {
            let start = json.cursor.here
            var bytes: [UInt8] = []
            for _ in 0..<3 where !json.cursor.isAtEnd {
                bytes.append(json.cursor.peek())
                json.cursor.position += 1
            }
            if bytes == [0xEF, 0xBB, 0xBF] {
                throw json.failure(.notText, "expected `{` at the start of a recording, found a UTF-8 byte order mark (EF BB BF); save the file without one", at: start)
            }
            throw json.failure(.notText, "expected `{` at the start of a recording, found byte 0xef, which is not JSON text", at: start)
        }
        json.skipSpace()
        if json.cursor.isAtEnd {
            let found = json.cursor.offset == 0 ? "an empty file" : "only whitespace"
            throw json.failure(.empty, "expected a Tactile recording (a JSON object starting with `{`), found \(found)")
        }
        guard json.cursor.peek() == UInt8(ascii: "{") else {
            let start = json.cursor.here
            if json.cursor.peek() == UInt8(ascii: "#") {
                throw json.failure(
                    .unknownFormat, "expected a Tactile recording (a JSON object starting with `{`), found `#` (an evemu recording starts so; read it with EvemuReader)",
                    at: start)
            }
            let error = json.unexpected("a Tactile recording (a JSON object starting with `{`)", path: nil)
            if error.problem == .syntax || error.problem == .invalidNumber {
                throw RecordingError(file: error.file, line: error.line, column: error.column, path: nil, problem: .unknownFormat, message: error.message)
            }
            throw error
        }
        json.cursor.position += 1

        var values = HeaderValues()
        var seen: [String: JSONPosition] = [:]
        var previousKey = ""
        while true {
            json.skipSpace()
            try json.checkHeaderSize(path: nil)
            let byte = json.cursor.peek()
            if !seen.isEmpty {
                if byte == UInt8(ascii: "}") {
                    throw json.failure(.missingField, "expected the key \"events\" (the last of a recording), found the end of the object")
                }
                guard byte == UInt8(ascii: ",") else { throw json.unexpected("`,` after the value of \"\(previousKey)\"", path: nil) }
                json.cursor.position += 1
                json.skipSpace()
                try json.checkHeaderSize(path: nil)
            } else if byte == UInt8(ascii: "}") {
                throw json.failure(.unknownFormat, "expected \"format\": \"\(Recording.formatName)\" in the object, found an empty object")
            }
            let keyPosition = json.cursor.here
            guard json.cursor.peek() == UInt8(ascii: "\"") else { throw json.unexpected("a key (a string)", path: nil) }
            let key = try json.parseString(maximumLength: json.limits.maximumKeyLength, what: "a key")
            try json.expect(UInt8(ascii: ":"), "`:` after the key \"\(key)\"", path: nil)
            if seen.isEmpty, key != "format" {
                throw json.failure(
                    .unknownFormat, "expected a Tactile recording (\"format\": \"\(Recording.formatName)\" as the first key), found the key \"\(key)\" first",
                    at: keyPosition)
            }
            if seen.count == 1, key != "version" {
                throw json.failure(.missingField, "expected \"version\" as the second key, found \"\(key)\"", at: keyPosition, path: key)
            }
            if let first = seen[key] {
                throw json.failure(
                    .duplicateKey, "expected each key once in a recording, found \"\(key)\" again (first on line \(first.line), column \(first.column))",
                    at: keyPosition, path: key)
            }
            guard Self.headerKeys.contains(key) else {
                let known = Self.headerKeys.map { "\"\($0)\"" }.joined(separator: ", ")
                throw json.failure(.unknownField, "expected one of the keys \(known), found \"\(key)\"", at: keyPosition, path: key)
            }
            seen[key] = keyPosition
            previousKey = key
            if key == "events" {
                for required in ["created", "device", "screen", "summary"] where seen[required] == nil {
                    throw json.failure(.missingField, "expected the key \"\(required)\" before \"events\", found none", at: keyPosition)
                }
                break
            }
            let node = try json.withKey(key) { parser throws(RecordingError) in try parser.parseValue(depth: 1, what: "a value for \"\(key)\"") }
            switch key {
            case "format":
                guard case .string(let name) = node.value, name == Recording.formatName else {
                    throw decoder.failure(.unknownFormat, "expected a Tactile recording (\"format\": \"\(Recording.formatName)\"), found \(node.found)", node, "format")
                }
            case "version":
                values.version = try version(node, decoder)
            case "created": values.created = try decoder.created(node)
            case "device": values.device = try decoder.device(node)
            case "screen": values.screen = try decoder.screen(node)
            case "axisValues":
                guard values.version >= 2 else {
                    throw json.failure(
                        .unknownField, "expected the keys of a version \(values.version) recording, found \"axisValues\", which version 2 added (write \"version\": 2)",
                        at: keyPosition, path: key)
                }
                values.axisValues = try decoder.axisValues(node)
            case "summary": values.summary = try decoder.summary(node)
            case "labels": values.labels = try decoder.labels(node)
            case "expected": values.expected = try decoder.expected(node)
            default: break
            }
        }
        guard let device = values.device, let screen = values.screen, let summary = values.summary else {
            throw json.failure(.missingField, "expected the device, the screen and the summary before \"events\", found none")
        }
        let header = RecordingHeader(
            version: values.version, created: values.created, device: device, screen: screen, axisValues: values.axisValues, summary: summary,
            labels: values.labels, expected: values.expected)
        self.header = header
        checks = EventChecks(device: device)
        return header
    }

    private struct HeaderValues {
        var version = 0
        var created = ""
        var device: DeviceDescription?
        var screen: Screen?
        var axisValues = AxisValues()
        var summary: RecordingSummary?
        var labels: [RecordingLabel] = []
        var expected: [ActionRecord]?
    }

    private func version(_ node: JSONNode, _ decoder: RecordingHeaderDecoder) throws(RecordingError) -> Int {
        guard case .number(let text, let isInteger) = node.value else {
            throw decoder.wrongType("the format version (an integer)", node, "version")
        }
        guard isInteger, let version = Int(text), version >= 1 else {
            throw decoder.failure(
                .unsupportedVersion, "expected format version 1 to \(Recording.currentVersion), found \(node.found), which no Tactile writes", node, "version")
        }
        guard version <= Recording.currentVersion else {
            throw decoder.failure(
                .unsupportedVersion,
                "expected format version \(Recording.currentVersion) or older, found version \(version): the file was written by a newer Tactile; update Tactile to read it",
                node, "version")
        }
        return version
    }

    // MARK: Events

    /// Consumes the opening `[` of the events array.
    mutating func beginEvents() throws(RecordingError) {
        json.cursor.skipWhitespace()
        guard json.cursor.peek() == UInt8(ascii: "["), !json.cursor.isAtEnd else {
            let byte = json.cursor.peek()
            let isValue = byte == UInt8(ascii: "{") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f")
                || byte == UInt8(ascii: "n") || (0x30...0x39).contains(byte)
            let error = json.unexpected("the events (an array of [sec, usec, type, code, value])", path: "events")
            if isValue, error.problem == .syntax {
                throw RecordingError(file: error.file, line: error.line, column: error.column, path: error.path, problem: .wrongType, message: error.message)
            }
            throw error
        }
        json.cursor.position += 1
        json.cursor.skipWhitespace()
        if json.cursor.peek() == UInt8(ascii: "]") {
            json.cursor.position += 1
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
            json.cursor.skipWhitespace()
            let byte = json.cursor.peek()
            if expectingEvent {
                guard byte == UInt8(ascii: "[") else {
                    if byte == UInt8(ascii: "]") {
                        throw json.failure(.syntax, "expected an event after `,`, found `]` (JSON allows no trailing comma)", path: "events")
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
                json.cursor.position += 1
                expectingEvent = true
            } else if byte == UInt8(ascii: "]") {
                json.cursor.position += 1
                state = .finished
                try finish()
                return
            } else {
                throw json.unexpected("`,` or `]` after events[\(eventCount - 1)]", path: "events")
            }
        }
        state = .events(expectingEvent: expectingEvent)
    }

    /// Events while they are plainly written and wholly inside the current
    /// chunk: straight over the buffer with the state in locals, a digit
    /// costing one well-predicted branch. Stops, leaving the cursor at the
    /// start of the event or separator it could not take, at anything else
    /// (a chunk boundary, a line break inside an event, a leading zero, a
    /// number of more than 18 digits, a value out of range, the end of the
    /// array, an error), which the general path then handles exactly: the
    /// fast path only ever accepts what the general one accepts.
    /// Events the fast path parses between appends to the result.
    static let fastBatch = 256

    /// Returns how many events it put in `buffer` (at most `capacity`).
    @inline(__always)
    private mutating func fastEvents(into buffer: UnsafeMutablePointer<InputEvent>, capacity: Int, expectingEvent: inout Bool) -> Int {
        let base = json.cursor.base
        let end = json.cursor.end
        let baseOffset = json.cursor.baseOffset
        var p = json.cursor.position
        var line = json.cursor.line
        var lineStart = json.cursor.lineStart
        var count = 0
        // The first event goes through `check`, which sets `firstTime`.
        var started = firstTime >= 0
        var lastTime = self.lastTime
        let absCodes = checks.absCodes
        let slotMinimum = Int64(checks.slotMinimum), slotMaximum = Int64(checks.slotMaximum)
        defer {
            json.cursor.position = p
            json.cursor.line = line
            json.cursor.lineStart = lineStart
            self.lastTime = lastTime
        }
        while count < capacity {
            // The writer's own separator, `,\n    [`, in one comparison.
            if !expectingEvent, end &- p >= 8,
               UInt64(littleEndian: UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self)) & 0x00FF_FFFF_FFFF_FFFF == 0x005B_2020_2020_0A2C {
                line &+= 1
                lineStart = baseOffset &+ p &+ 2
                p &+= 6
                expectingEvent = true
            }
            // Between events: whitespace, and the comma when one is due.
            // (Tests against a bit mask rather than a chain of comparisons, which
            // the compiler would turn into a slow jump table.)
            while p < end {
                let byte = base[p]
                if byte == 0x20 {
                    p &+= 1
                } else if byte == 0x0A {
                    p &+= 1
                    line &+= 1
                    lineStart = baseOffset &+ p
                } else if byte == UInt8(ascii: ","), !expectingEvent {
                    p &+= 1
                    expectingEvent = true
                } else if byte < 0x0E, (0x2200 as UInt16) >> UInt16(byte) & 1 == 1 {  // tab, carriage return
                    p &+= 1
                } else {
                    break
                }
            }
            guard p < end, expectingEvent, base[p] == UInt8(ascii: "[") else { return count }
            var q = p &+ 1
            // Each field has its own code (and so its own branch history): the
            // type is always one digit, the microseconds mostly six, and so on.
            guard let seconds = Self.fastField(base, &q, end, UInt8(ascii: ",")),
                  let microseconds = Self.fastField(base, &q, end, UInt8(ascii: ",")),
                  let type = Self.fastField(base, &q, end, UInt8(ascii: ",")),
                  let code = Self.fastField(base, &q, end, UInt8(ascii: ",")),
                  let value = Self.fastField(base, &q, end, UInt8(ascii: "]"))
            else { return count }
            guard seconds >= 0, seconds <= Self.maximumSeconds, microseconds >= 0, microseconds < 1_000_000,
                  type >= 0, type <= 0xFFFF, code >= 0, code <= 0xFFFF, value >= Int64(Int32.min), value <= Int64(Int32.max)
            else { return count }
            let event = InputEvent(
                seconds: seconds, microseconds: Int32(truncatingIfNeeded: microseconds), type: EventType(rawValue: UInt16(truncatingIfNeeded: type)),
                code: UInt16(truncatingIfNeeded: code), value: Int32(truncatingIfNeeded: value))
            // The usual event (in time, an announced ABS or SYN code, a slot in range)
            // is checked here on locals; anything else goes through `check`, which words warnings.
            let time = seconds &* 1_000_000 &+ microseconds
            let usual = started && time >= lastTime && (type == 3
                ? code < 64 && absCodes >> UInt64(code) & 1 == 1 && (code != Int64(AbsCode.mtSlot) || (value >= slotMinimum && value <= slotMaximum))
                : type == 0 && code <= 3)
            if usual {
                lastTime = time
            } else {
                eventLine = line
                eventLineStart = lineStart
                eventOffset = baseOffset &+ p
                self.lastTime = lastTime
                check(event)
                lastTime = self.lastTime
                started = true
            }
            p = q
            (buffer + count).initialize(to: event)
            eventCount &+= 1
            count &+= 1
            expectingEvent = false
        }
        return count
    }

    /// One field of an event and the `,` or `]` after it: spaces, an
    /// optional minus, one to 18 digits without a leading zero, spaces and
    /// `terminator`; `nil` for anything else.
    @inline(__always)
    private static func fastField(_ base: UnsafePointer<UInt8>, _ q: inout Int, _ end: Int, _ terminator: UInt8) -> Int64? {
        while q < end, base[q] == 0x20 { q &+= 1 }
        guard q < end else { return nil }
        let negative = base[q] == UInt8(ascii: "-")
        if negative { q &+= 1 }
        guard q < end else { return nil }
        let digit = base[q] &- 0x30
        guard digit < 10 else { return nil }
        let first = q
        var number = Int64(digit)
        q &+= 1
        while q < end {
            let next = base[q] &- 0x30
            guard next < 10 else { break }
            number = number &* 10 &+ Int64(next)
            q &+= 1
        }
        guard q &- first <= 18, q &- first == 1 || digit != 0 else { return nil }
        while q < end, base[q] == 0x20 { q &+= 1 }
        guard q < end, base[q] == terminator else { return nil }
        q &+= 1
        return negative ? 0 &- number : number
    }

    /// One `[sec, usec, type, code, value]` at the cursor (at its `[`).
    @inline(__always)
    private mutating func parseEvent() throws(RecordingError) -> InputEvent {
        eventLine = json.cursor.line
        eventLineStart = json.cursor.lineStart
        eventOffset = json.cursor.offset
        json.cursor.position &+= 1
        json.cursor.skipWhitespace()
        let seconds = try integer(field: 0)
        try separator(after: 0)
        let microseconds = try integer(field: 1)
        try separator(after: 1)
        let type = try integer(field: 2)
        try separator(after: 2)
        let code = try integer(field: 3)
        try separator(after: 3)
        let value = try integer(field: 4)
        json.cursor.skipWhitespace()
        guard json.cursor.peek() == UInt8(ascii: "]") else {
            if json.cursor.peek() == UInt8(ascii: ",") {
                throw json.failure(
                    .extraField, "expected `]` after the five fields of an event [sec, usec, type, code, value], found a sixth",
                    path: JSONPath.index("events", eventCount))
            }
            throw json.unexpected("`]` after the value of the event", path: JSONPath.index("events", eventCount))
        }
        json.cursor.position &+= 1
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
    private mutating func separator(after field: Int) throws(RecordingError) {
        json.cursor.skipWhitespace()
        guard json.cursor.peek() == UInt8(ascii: ",") else { throw separatorError(after: field) }
        json.cursor.position &+= 1
        json.cursor.skipWhitespace()
    }

    @inline(never)
    private mutating func separatorError(after field: Int) -> RecordingError {
        let path = JSONPath.index("events", eventCount)
        if json.cursor.peek() == UInt8(ascii: "]") {
            return json.failure(
                .missingField, "expected five fields in an event [sec, usec, type, code, value], found \(field + 1): the \(Self.fieldNames[field + 1]) is missing",
                path: path)
        }
        return json.unexpected("`,` after the event's \(Self.fieldNames[field])", path: path)
    }

    /// A decimal integer that fits an `Int64`, without a fraction or exponent.
    @inline(__always)
    private mutating func integer(field: Int) throws(RecordingError) -> Int64 {
        var byte = json.cursor.peek()
        let negative = byte == UInt8(ascii: "-")
        if negative {
            json.cursor.position &+= 1
            byte = json.cursor.peek()
        }
        var digit = byte &- 0x30
        guard digit < 10 else { throw integerError(field: field, negative: negative, digits: "") }
        var magnitude = UInt64(digit)
        json.cursor.position &+= 1
        if digit == 0 {
            byte = json.cursor.peek()
            if byte &- 0x30 < 10 {
                throw json.failure(.invalidNumber, "expected the event's \(Self.fieldNames[field]) as a decimal integer, found a number with a leading zero (JSON does not allow it)", path: fieldPath(field))
            }
        } else {
            var count = 1
            while true {
                byte = json.cursor.peek()
                digit = byte &- 0x30
                if digit >= 10 { break }
                count &+= 1
                if count > 18 { return try longInteger(field: field, negative: negative, magnitude: magnitude) }
                magnitude = magnitude &* 10 &+ UInt64(digit)
                json.cursor.position &+= 1
            }
        }
        if byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e") {
            throw integerError(field: field, negative: negative, digits: String(magnitude))
        }
        let signed = Int64(bitPattern: magnitude)
        return negative ? 0 &- signed : signed
    }

    /// Digits beyond the 18th: checked for overflow.
    @inline(never)
    private mutating func longInteger(field: Int, negative: Bool, magnitude start: UInt64) throws(RecordingError) -> Int64 {
        var magnitude = start
        var text = String(start)
        var overflow = false
        while true {
            let digit = json.cursor.peek() &- 0x30
            if digit >= 10 { break }
            json.cursor.position &+= 1
            if text.count < 40 { text.append(Character(UnicodeScalar(digit + 0x30))) }
            let (product, multiplyOverflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, addOverflow) = product.addingReportingOverflow(UInt64(digit))
            overflow = overflow || multiplyOverflow || addOverflow
            magnitude = sum
        }
        let byte = json.cursor.peek()
        if byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e") {
            throw integerError(field: field, negative: negative, digits: text)
        }
        let limit = negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
        guard !overflow, magnitude <= limit else {
            throw json.failure(
                .outOfRange, "expected the event's \(Self.fieldNames[field]) as an integer that fits 64 bits, found \(negative ? "-" : "")\(text)\(text.count >= 40 ? "…" : "")",
                at: eventStart, path: fieldPath(field))
        }
        return negative ? Int64(truncatingIfNeeded: 0 &- magnitude) : Int64(magnitude)
    }

    /// Whatever stands where an integer should: a fraction, a string, NaN, the end of the file…
    @inline(never)
    private mutating func integerError(field: Int, negative: Bool, digits: String) -> RecordingError {
        let expected = "the event's \(Self.fieldNames[field]) (an integer)"
        if !digits.isEmpty {
            var text = (negative ? "-" : "") + digits
            while text.count < 40 {
                let byte = json.cursor.peek()
                guard (0x30...0x39).contains(byte) || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                else { break }
                text.append(Character(UnicodeScalar(byte)))
                json.cursor.position += 1
            }
            return json.failure(.invalidNumber, "expected \(expected), found \(text), which has a fraction or exponent", at: eventStart, path: fieldPath(field))
        }
        if negative {
            let error = json.unexpected("a digit after `-` in \(expected)", path: fieldPath(field))
            return error
        }
        let byte = json.cursor.peek()
        let error = json.unexpected(expected, path: fieldPath(field))
        let isOtherValue = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
            || byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n")
        if isOtherValue, error.problem == .syntax {
            return RecordingError(file: error.file, line: error.line, column: error.column, path: error.path, problem: .wrongType, message: error.message)
        }
        return error
    }

    /// The error for an event with a field outside its range.
    @inline(never)
    private func rangeError(_ seconds: Int64, _ microseconds: Int64, _ type: Int64, _ code: Int64, _ value: Int64) -> RecordingError {
        let (field, found, range): (Int, Int64, String)
        if seconds < 0 {
            (field, found, range) = (0, seconds, "from 0 to \(Self.maximumSeconds) (times cannot be negative)")
        } else if seconds > Self.maximumSeconds {
            (field, found, range) = (0, seconds, "from 0 to \(Self.maximumSeconds)")
        } else if microseconds < 0 || microseconds >= 1_000_000 {
            (field, found, range) = (1, microseconds, "from 0 to 999999")
        } else if type < 0 || type > 0xFFFF {
            (field, found, range) = (2, type, "from 0 to 65535")
        } else if code < 0 || code > 0xFFFF {
            (field, found, range) = (3, code, "from 0 to 65535")
        } else {
            (field, found, range) = (4, value, "from \(Int32.min) to \(Int32.max)")
        }
        return json.failure(.outOfRange, "expected the event's \(Self.fieldNames[field]) \(range), found \(found)", at: eventStart, path: fieldPath(field))
    }

    @inline(never)
    private mutating func eventShapeError(_ expected: String, path: String) -> RecordingError {
        let byte = json.cursor.peek()
        let error = json.unexpected(expected, path: path)
        let isOtherValue = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") || byte == UInt8(ascii: "n")
        if isOtherValue, error.problem == .syntax {
            return RecordingError(file: error.file, line: error.line, column: error.column, path: error.path, problem: .wrongType, message: error.message)
        }
        return error
    }

    private var eventStart: JSONPosition {
        JSONPosition(line: eventLine, column: eventOffset - eventLineStart + 1, offset: eventOffset)
    }

    private func fieldPath(_ field: Int) -> String {
        "events[\(eventCount)][\(field)]"
    }

    // MARK: Checks

    /// Counts what the engine tolerates but a person may want to know.
    @inline(__always)
    private mutating func check(_ event: InputEvent) {
        let time = event.seconds &* 1_000_000 &+ Int64(event.microseconds)
        if time < lastTime { note(.timeWentBackwards, event: event) }
        if firstTime < 0 { firstTime = time }
        lastTime = time
        let type = Int(event.type.rawValue), code = Int(event.code)
        if type < 32, code < EventChecks.codeLimit {
            if checks.knownCodes[type &* EventChecks.wordsPerType &+ code >> 6] & (1 << UInt64(code & 63)) == 0 {
                note(checks.knownTypes & (1 << UInt32(type)) == 0 ? .unknownEventType : .unknownEventCode, event: event)
            } else if type == 3, code == Int(AbsCode.mtSlot), event.value < checks.slotMinimum || event.value > checks.slotMaximum {
                note(.slotOutOfRange, event: event)
            }
        } else {
            note(type < 32 && checks.knownTypes & (1 << UInt32(type)) != 0 ? .unknownEventCode : .unknownEventType, event: event)
        }
    }

    @inline(never)
    private mutating func note(_ kind: RecordingWarning.Kind, event: InputEvent) {
        let index = checks.warnings.firstIndex { $0.kind == kind }
        if let index {
            checks.warnings[index].count += 1
            return
        }
        let name = EventCodeNames.qualifiedName(type: event.type, code: event.code)
        let message: String
        switch kind {
        case .timeWentBackwards:
            message = "an event earlier than the one before it (\(Self.seconds(event.timeInMicroseconds)) s after \(Self.seconds(lastTime)) s); the engine counts it as simultaneous"
        case .unknownEventType:
            message = "an event of type \(event.type.rawValue), which Linux does not define"
        case .unknownEventCode:
            message = "an event \(name) that the device \"\(header?.device.name ?? "")\" does not announce"
        case .slotOutOfRange:
            message = "ABS_MT_SLOT \(event.value), beyond the device's slots \(checks.slotMinimum)…\(checks.slotMaximum)"
        case .summaryMismatch:
            message = ""
        }
        checks.warnings.append(RecordingWarning(
            kind: kind, count: 1, file: json.file, line: eventLine, path: JSONPath.index("events", eventCount), message: message))
    }

    static func seconds(_ microseconds: Int64) -> String {
        let fraction = String(microseconds % 1_000_000)
        return "\(microseconds / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// The warnings so far (the summary's only once the events are finished).
    var warnings: [RecordingWarning] { checks.warnings }

    // MARK: End

    /// After the events array: the closing `}`, then nothing but whitespace.
    private mutating func finish() throws(RecordingError) {
        state = .finished
        json.cursor.skipWhitespace()
        let byte = json.cursor.peek()
        if byte == UInt8(ascii: ",") {
            json.cursor.position += 1
            json.cursor.skipWhitespace()
            let keyPosition = json.cursor.here
            if json.cursor.peek() == UInt8(ascii: "\"") {
                let key = try json.parseString(maximumLength: json.limits.maximumKeyLength, what: "a key")
                throw json.failure(
                    .misplacedField, "expected \"events\" as the last key of a recording, found the key \"\(key)\" after it", at: keyPosition, path: key)
            }
            throw json.unexpected("`}` after the events (\"events\" is the last key)", path: nil)
        }
        guard byte == UInt8(ascii: "}"), !json.cursor.isAtEnd else {
            throw json.unexpected("`}` after the events (\"events\" is the last key)", path: nil)
        }
        json.cursor.position += 1
        json.cursor.skipWhitespace()
        if !json.cursor.isAtEnd {
            let position = json.cursor.here
            let found = json.describeToken()
            throw json.failure(.trailingData, "expected the end of the file after the recording's closing `}`, found \(found)", at: position)
        }
        json.cursor.source?.closeFile()
        checkSummary()
    }

    private mutating func checkSummary() {
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
            kind: .summaryMismatch, count: 1, file: json.file, line: nil, path: "summary",
            message: "the summary claims " + differences.joined(separator: " and ")))
    }
}

/// What the event checks know about the device, and the warnings so far.
struct EventChecks {
    /// Codes per type that the bitmap covers (`KEY_MAX` + 1); higher ones are unknown.
    static let codeLimit = Int(KeyCode.max) + 1
    static let wordsPerType = codeLimit / 64
    /// One bit per (type < 32, code < ``codeLimit``) the device announces.
    var knownCodes: [UInt64]
    /// One bit per event type Linux defines.
    var knownTypes: UInt32
    /// One bit per `ABS_*` code the device announces (all are below 64).
    var absCodes: UInt64 = 0
    var slotMinimum: Int32
    var slotMaximum: Int32
    var warnings: [RecordingWarning] = []

    init() {
        knownCodes = Array(repeating: 0, count: 32 * Self.wordsPerType)
        knownTypes = 0
        slotMinimum = 0
        slotMaximum = -1
    }

    init(device: DeviceDescription) {
        self.init()
        let defined: [EventType] = [.syn, .key, .rel, .abs, .msc, .sw, .led, .snd, .rep, .ff, .pwr, .ffStatus]
        for type in defined { knownTypes |= 1 << UInt32(type.rawValue) }
        func add(_ type: EventType, _ code: UInt16) {
            guard type.rawValue < 32, Int(code) < Self.codeLimit else { return }
            let bit = Int(type.rawValue) * Self.wordsPerType * 64 + Int(code)
            knownCodes[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        for code in [SynCode.report, SynCode.config, SynCode.mtReport, SynCode.dropped] { add(.syn, code) }
        for code in device.keys { add(.key, code) }
        for axis in device.axes {
            add(.abs, axis.code)
            if axis.code < 64 { absCodes |= 1 << UInt64(axis.code) }
        }
        for set in device.otherCodes {
            for code in set.codes { add(set.type, code) }
        }
        if let slot = device.axis(AbsCode.mtSlot) {
            slotMinimum = slot.minimum
            slotMaximum = slot.maximum
        }
    }
}

