// The event-array reader's fast path: plainly written events parsed straight over the chunk, the state in locals.
import Tactile

extension EventArrayReader {
    /// Events while they are plainly written and wholly inside the current
    /// chunk: straight over the buffer with the state in locals, a digit
    /// costing one well-predicted branch. Stops, leaving the cursor at the
    /// start of the event or separator it could not take, at anything else
    /// (a chunk boundary, a line break inside an event, a leading zero, a
    /// number of more than 18 digits, a value out of range, the end of the
    /// array, an error), which the general path then handles exactly: the
    /// fast path only ever accepts what the general one accepts.
    /// Returns how many events it put in `buffer` (at most `capacity`).
    @inline(__always)
    mutating func fastEvents(into buffer: UnsafeMutablePointer<InputEvent>, capacity: Int, expectingEvent: inout Bool) -> Int {
        let base = scanner.cursor.base, end = scanner.cursor.end, baseOffset = scanner.cursor.baseOffset
        var p = scanner.cursor.position, line = scanner.cursor.line, lineStart = scanner.cursor.lineStart
        var count = 0
        // The first event goes through `check`, which sets `firstTime`.
        var started = firstTime >= 0
        var lastTime = self.lastTime
        let absCodes = checks.absCodes
        let slotMinimum = Int64(checks.slotMinimum), slotMaximum = Int64(checks.slotMaximum)
        defer {
            scanner.cursor.position = p
            scanner.cursor.line = line
            scanner.cursor.lineStart = lineStart
            self.lastTime = lastTime
        }
        while count < capacity {
            // The writer's own separator, `,\n    [`, in one comparison.
            if !expectingEvent, end &- p >= 8,
               UInt64(littleEndian: UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self)) & Self.writerSeparatorMask == Self.writerSeparator {
                line &+= 1
                lineStart = baseOffset &+ p &+ 2  // after `,\n`
                p &+= Self.writerSeparatorLength
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
                } else if byte < 0x0E, Self.otherWhitespace >> UInt16(byte) & 1 == 1 {
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
            let event = InputEvent(seconds: seconds, microseconds: Int32(truncatingIfNeeded: microseconds),
                                   type: EventType(rawValue: UInt16(truncatingIfNeeded: type)), code: UInt16(truncatingIfNeeded: code), value: Int32(truncatingIfNeeded: value))
            // The usual event (in time, an announced ABS or SYN code, a slot in range)
            // is checked here on locals; anything else goes through `check`, which words warnings.
            let time = seconds &* 1_000_000 &+ microseconds
            let usual = started && time >= lastTime && (type == 3
                ? code < 64 && absCodes >> UInt64(code) & 1 == 1 && (code != Int64(AbsCode.mtSlot) || (value >= slotMinimum && value <= slotMaximum))
                : type == 0 && code <= 3)
            if usual {
                lastTime = time
            } else {
                lastTime = checkUnusual(event, line: line, lineStart: lineStart, offset: baseOffset &+ p, lastTime: lastTime)
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

    /// An event the fast path's own test did not pass (out of time order, an
    /// unannounced code, a slot out of range, the first event): through
    /// `check`, which words its warnings at the event's place. Returns the
    /// last time as `check` leaves it. Out of the loop: it is rare.
    @inline(never)
    private mutating func checkUnusual(_ event: InputEvent, line: Int, lineStart: Int, offset: Int, lastTime: Int64) -> Int64 {
        eventLine = line
        eventLineStart = lineStart
        eventOffset = offset
        self.lastTime = lastTime
        check(event)
        return self.lastTime
    }

    /// The separator ``RecordingWriter`` puts between two events, `,\n    [`
    /// (a comma, a line feed, four spaces and the next event's `[`), as the
    /// seven low bytes of a little-endian 64-bit load: `2C 0A 20 20 20 20 5B`.
    static let writerSeparator: UInt64 = 0x005B_2020_2020_0A2C
    /// The bytes of ``writerSeparator`` a load compares: the low seven.
    static let writerSeparatorMask: UInt64 = 0x00FF_FFFF_FFFF_FFFF
    /// The bytes ``writerSeparator`` spans before the event's `[`.
    static let writerSeparatorLength = 6
    /// JSON's other whitespace below 0x0E as a bit per byte value: bit 9 (tab)
    /// and bit 13 (carriage return); one shift and test instead of a chain of
    /// comparisons, which the compiler would turn into a slow jump table.
    static let otherWhitespace: UInt16 = 1 << 0x09 | 1 << 0x0D

    /// One field of an event and the `,` or `]` after it: spaces, an
    /// optional minus, one to ``uncheckedDigits`` digits without a leading
    /// zero, spaces and `terminator`; `nil` for anything else (which
    /// ``integer(field:)`` then reads, or rejects, exactly).
    @inline(__always)
    static func fastField(_ base: UnsafePointer<UInt8>, _ q: inout Int, _ end: Int, _ terminator: UInt8) -> Int64? {
        while q < end, base[q] == 0x20 { q &+= 1 }
        guard q < end else { return nil }
        let negative = base[q] == UInt8(ascii: "-")
        if negative { q &+= 1 }
        let first = q
        var magnitude: UInt64 = 0
        let digits = scanDigits(base, &q, end, into: &magnitude)
        guard digits >= 1, digits <= uncheckedDigits, digits == 1 || base[first] != UInt8(ascii: "0") else { return nil }
        while q < end, base[q] == 0x20 { q &+= 1 }
        guard q < end, base[q] == terminator else { return nil }
        q &+= 1
        let number = Int64(bitPattern: magnitude)
        return negative ? 0 &- number : number
    }
}
