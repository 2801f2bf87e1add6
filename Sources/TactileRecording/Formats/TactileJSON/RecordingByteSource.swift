#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file read in chunks into one fixed buffer, so reading a recording of
/// any size takes the same memory. Closed and freed on deinit.
final class RecordingFileSource {
    let path: String
    /// The buffer each ``fill()`` overwrites.
    let buffer: UnsafeMutablePointer<UInt8>
    let capacity: Int
    /// The file's size when it was opened.
    let size: Int
    private var descriptor: Int32

    init(path: String, chunkSize: Int) throws(RecordingError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Self.failure(path, "expected a recording file, found \(Self.reason(errno, notFound: "no such file"))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw Self.failure(path, "cannot read the file: \(Self.reason(code))")
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw Self.failure(path, "expected a recording file, found a directory")
        }
        self.descriptor = descriptor
        self.size = Int(status.st_size)
        self.capacity = max(16, chunkSize)
        self.buffer = .allocate(capacity: capacity)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        buffer.deallocate()
    }

    /// Reads the next chunk into ``buffer``; 0 at the end of the file.
    func fill() throws(RecordingError) -> Int {
        guard descriptor >= 0 else { return 0 }
        while true {
            let count = read(descriptor, buffer, capacity)
            if count >= 0 { return count }
            let code = errno
            if code == EINTR { continue }
            throw Self.failure(path, "cannot read the file: \(Self.reason(code))")
        }
    }

    /// Closes the file early (the buffer stays until deinit).
    func closeFile() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
    }

    static func failure(_ path: String, _ message: String) -> RecordingError {
        RecordingError(file: path, line: nil, problem: .unreadable, message: message)
    }

    /// `errno` in words.
    static func reason(_ code: Int32, notFound: String = "no such file or directory") -> String {
        switch code {
        case ENOENT: return notFound
        case EACCES, EPERM: return "permission denied"
        case ENOSPC: return "no space left on the device"
        case EISDIR: return "a directory"
        default:
            guard let text = strerror(code) else { return "error \(code)" }
            return String(cString: text).lowercased()
        }
    }
}

/// A position in a file: 1-based line and column (columns count bytes), and
/// the byte offset.
struct JSONPosition: Hashable, Sendable {
    var line: Int
    var column: Int
    var offset: Int
}

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
        while true {
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

    /// Skips JSON whitespace, but stops once past byte offset `limit`.
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
