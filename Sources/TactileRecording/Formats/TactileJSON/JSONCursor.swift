// The byte cursor under the JSON scanner: one byte at a time over memory or a chunked file, counting lines.

/// A read position over bytes in memory or a ``RecordingFileSource``, one
/// byte at a time, counting lines.
///
/// ``peek()`` gives the byte at the position, or 0 at the end of the input
/// (``isAtEnd`` tells a real 0 byte, which JSON never allows outside
/// strings, from the end). The caller owns the memory behind `base`: the
/// source, or the bytes of an in-memory read, for as long as the cursor lives.
struct JSONCursor {
    private(set) var base: UnsafePointer<UInt8>
    var position: Int
    private(set) var end: Int
    /// The file offset of `base[0]`.
    private(set) var baseOffset = 0
    /// The current line, 1-based.
    var line = 1
    /// The file offset where the current line starts.
    var lineStart = 0
    let source: RecordingFileSource?
    /// A read error met while refilling; reported instead of whatever the parser thinks went wrong.
    private(set) var readFailure: RecordingError?

    /// A cursor over `count` bytes at `base`.
    init(bytes base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.position = 0
        self.end = count
        self.source = nil
    }

    /// A cursor over a file, read chunk by chunk.
    init(source: RecordingFileSource) {
        self.base = UnsafePointer(source.buffer)
        self.position = 0
        self.end = 0
        self.source = source
    }

    /// The byte at the position, or 0 at the end.
    @inline(__always)
    mutating func peek() -> UInt8 {
        if position < end { return base[position] }
        return refill()
    }

    /// Whether the input is used up (refilling first).
    var isAtEnd: Bool {
        mutating get {
            _ = peek()
            return position >= end
        }
    }

    /// The byte offset of the position in the file.
    @inline(__always)
    var offset: Int { baseOffset + position }

    /// The current line, column and offset.
    var here: JSONPosition { JSONPosition(line: line, column: offset - lineStart + 1, offset: offset) }

    /// Skips JSON whitespace, counting line feeds.
    @inline(__always)
    mutating func skipWhitespace() {
        skipWhitespace(stoppingAfter: .max)
    }

    /// Skips JSON whitespace, counting line feeds, but stops once past byte offset `limit`.
    @inline(__always)
    mutating func skipWhitespace(stoppingAfter limit: Int) {
        while offset <= limit {
            let byte = peek()
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                position &+= 1
            } else if byte == 0x0A {
                position &+= 1
                line &+= 1
                lineStart = baseOffset &+ position
            } else {
                return
            }
        }
    }

    @inline(never)
    private mutating func refill() -> UInt8 {
        guard let source, readFailure == nil else { return 0 }
        baseOffset += end
        position = 0
        end = 0
        do {
            end = try source.fill()
        } catch {
            readFailure = error
            return 0
        }
        return end > 0 ? base[0] : 0
    }
}
