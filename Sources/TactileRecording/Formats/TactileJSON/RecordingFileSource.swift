// The chunked file under the Tactile JSON reader: one fixed buffer refilled by read(2), so any size takes the same memory.
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
        let opened = try ReadableFile.open(path)
        guard opened.isRegular else {
            close(opened.descriptor)
            throw Self.failure(path, "expected a regular file to read in chunks; a pipe or FIFO is read whole (Recording.open, or tactile replay)")
        }
        self.descriptor = opened.descriptor
        self.size = opened.size
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
            throw Self.failure(path, "cannot read the file: \(ErrnoText.reason(code))")
        }
    }

    /// Closes the file early (the buffer stays until deinit).
    func closeFile() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
    }

    /// An error about the whole file at `path`.
    static func failure(_ path: String, _ message: String) -> RecordingError {
        RecordingError(file: path, line: nil, problem: .unreadable, message: message)
    }
}
