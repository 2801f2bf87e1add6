// Opening a recording for reading: regular files, pipes and FIFOs (never waiting on one that has no writer), `-` for standard input.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How recordings are opened for reading, whatever the path names:
///
/// - a regular file is read as usual;
/// - `-` is standard input, and a pipe or FIFO is read whole to its end (it
///   cannot be read twice, so its format is told from what was read); a FIFO
///   that no program writes to is refused at once instead of waiting forever;
/// - a directory, a character or block device (`/dev/zero`, a terminal, a
///   disk) or a socket is refused with what it is, without reading from it.
package enum ReadableFile {
    /// The name standard input (`-`) has in messages.
    package static let standardInputName = "<stdin>"

    /// The name `path` has in messages: ``standardInputName`` for `-`.
    package static func displayName(_ path: String) -> String {
        path == "-" ? standardInputName : path
    }

    /// Whether `path` is read as a stream (whole, once): `-`, a pipe or a FIFO.
    package static func isStream(_ path: String) -> Bool {
        if path == "-" { return true }
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFIFO
    }

    /// An open file: its descriptor (blocking from here on) and, for a
    /// regular file, its size.
    struct Opened {
        var descriptor: Int32
        var isRegular: Bool
        var size: Int
    }

    /// Opens `path` for reading, without blocking on a FIFO, and refuses what
    /// is no recording. The caller closes the descriptor.
    static func open(_ path: String) throws(RecordingError) -> Opened {
        // Looked at before it is opened: opening some devices (a watchdog, a
        // tape drive) does something, and a FIFO would wait for a writer.
        var before = stat()
        if stat(path, &before) == 0 {
            let type = before.st_mode & S_IFMT
            guard type == S_IFREG || type == S_IFIFO else {
                throw failure(path, "expected a recording file, found \(kind(type)); nothing was read from it")
            }
        }
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            throw failure(path, "expected a recording file, found \(ErrnoText.reason(errno, notFound: "no such file"))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw failure(path, "cannot read the file: \(ErrnoText.reason(code))")
        }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFIFO else {
            close(descriptor)
            throw failure(path, "expected a recording file, found \(kind(type)); nothing was read from it")
        }
        if type == S_IFREG {
            setBlocking(descriptor)
            return Opened(descriptor: descriptor, isRegular: true, size: Int(status.st_size))
        }
        return Opened(descriptor: descriptor, isRegular: false, size: 0)
    }

    /// Everything `path` holds, at most `limit` bytes: a regular file, a pipe
    /// or FIFO read to its end, standard input for `-`.
    static func readAll(_ path: String, limit: Int) throws(RecordingError) -> [UInt8] {
        let name = displayName(path)
        if path == "-" { return try readToEnd(STDIN_FILENO, name: name, limit: limit, sizeHint: 0) }
        let opened = try open(path)
        defer { close(opened.descriptor) }
        if opened.isRegular {
            guard opened.size <= limit else { throw tooLarge(name, limit) }
            return try readToEnd(opened.descriptor, name: name, limit: limit, sizeHint: opened.size)
        }
        // A FIFO opened without waiting: nothing to read at once and no
        // writer means nobody will ever write; a writer with nothing yet
        // means wait for it, as any reader of a pipe does.
        var first = [UInt8](repeating: 0, count: 65_536)
        let count = first.withUnsafeMutableBytes { read(opened.descriptor, $0.baseAddress, $0.count) }
        let code = errno
        if count == 0 {
            throw failure(name, "expected a recording, found a FIFO with nothing to read (no program writes to it): start the writer first")
        }
        if count < 0, code != EAGAIN, code != EWOULDBLOCK {
            throw failure(name, "cannot read the file: \(ErrnoText.reason(code))")
        }
        setBlocking(opened.descriptor)
        let head = count > 0 ? Array(first.prefix(count)) : []
        return try readToEnd(opened.descriptor, name: name, limit: limit, sizeHint: 0, startingWith: head)
    }

    /// The first `count` bytes of a regular file (fewer when it is shorter).
    static func prefix(_ path: String, count: Int) throws(RecordingError) -> [UInt8] {
        try regularBytes(path) { _ in (0, count) }
    }

    /// The last `count` bytes of a regular file (all of a shorter one).
    static func suffix(_ path: String, count: Int) throws(RecordingError) -> [UInt8] {
        try regularBytes(path) { size in (max(0, size - count), min(size, count)) }
    }

    /// `count` bytes from `offset` of a regular file, both chosen from its size.
    private static func regularBytes(_ path: String, range: (Int) -> (offset: Int, count: Int)) throws(RecordingError) -> [UInt8] {
        let opened = try open(path)
        defer { close(opened.descriptor) }
        guard opened.isRegular else {
            throw failure(path, "expected a regular file here; a pipe or FIFO is read whole through Recording.open")
        }
        let (offset, count) = range(opened.size)
        var bytes = [UInt8](repeating: 0, count: max(0, count))
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes {
                pread(opened.descriptor, $0.baseAddress.map { $0 + filled }, $0.count - filled, off_t(offset + filled))
            }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw failure(path, "cannot read the file: \(ErrnoText.reason(errno))")
            }
            filled += got
        }
        return Array(bytes.prefix(filled))
    }

    private static func readToEnd(_ descriptor: Int32, name: String, limit: Int, sizeHint: Int,
                                  startingWith head: [UInt8] = []) throws(RecordingError) -> [UInt8] {
        var bytes = head
        bytes.reserveCapacity(min(limit, max(sizeHint, head.count)) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got == 0 { return bytes }
            if got < 0 {
                if errno == EINTR { continue }
                throw failure(name, "cannot read the file: \(ErrnoText.reason(errno))")
            }
            guard bytes.count + got <= limit else { throw tooLarge(name, limit) }
            bytes.append(contentsOf: chunk.prefix(got))
        }
    }

    private static func setBlocking(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// What a file type is, in words.
    private static func kind(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    private static func tooLarge(_ name: String, _ limit: Int) -> RecordingError {
        RecordingError(file: name, line: nil, problem: .tooLarge, message: "expected at most \(limit) bytes, found more")
    }

    private static func failure(_ name: String, _ message: String) -> RecordingError {
        RecordingError(file: name, line: nil, problem: .unreadable, message: message)
    }
}
