// Crash-safe saving: a temporary file beside the destination, 0600, fsync, then rename or link, then the directory synced.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Crash-safe saving: temporary file beside the destination, mode 0600,
/// `fsync`, rename (or a hard link when the destination must not be
/// replaced), `fsync` of the directory.
enum RecordingAtomicFile {
    /// The permissions of saved recordings: touch streams can hold signatures and PINs.
    static let mode: mode_t = 0o600

    static func write(_ bytes: [UInt8], to path: String, overwrite: Bool) throws(RecordingError) {
        let (directory, name) = try split(path)
        let temporary = directory + "/." + name + ".tmp-\(getpid())-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            throw failure(path, "cannot create a file in \(directory): \(ErrnoText.reason(errno))")
        }
        var keepTemporary = false
        defer { if !keepTemporary { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            // The mode given to open() is reduced by the umask; make it exactly 0600.
            guard fchmod(descriptor, mode) == 0 else { throw failure(path, "cannot set the file's permissions: \(ErrnoText.reason(errno))") }
            try writeAll(bytes, to: descriptor, path: path)
            guard fsync(descriptor) == 0 else { throw failure(path, "cannot sync the file to the disk: \(ErrnoText.reason(errno))") }
        }
        if overwrite {
            guard rename(temporary, path) == 0 else { throw failure(path, "cannot save the file: \(ErrnoText.reason(errno))") }
            keepTemporary = true  // it is the destination now
        } else {
            try linkWithoutReplacing(temporary, path)
        }
        syncDirectory(directory)
    }

    /// Puts `temporary` at `path` unless something is there: a hard link
    /// fails atomically when the name exists. On file systems without hard
    /// links, checks and renames (a small race, the best they allow).
    private static func linkWithoutReplacing(_ temporary: String, _ path: String) throws(RecordingError) {
        if link(temporary, path) == 0 { return }  // the temporary name is removed by the caller
        let code = errno
        if code == EEXIST { throw exists(path) }
        guard code == EPERM || code == EOPNOTSUPP || code == ENOSYS || code == EMLINK || code == EXDEV else {
            throw failure(path, "cannot save the file: \(ErrnoText.reason(code))")
        }
        var status = stat()
        if lstat(path, &status) == 0 { throw exists(path) }
        guard rename(temporary, path) == 0 else { throw failure(path, "cannot save the file: \(ErrnoText.reason(errno))") }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(RecordingError) {
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = posixWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure != 0 { throw Self.failure(path, "cannot write the file: \(ErrnoText.reason(failure))") }
    }

    /// Makes the rename durable. Best effort: some file systems cannot sync
    /// a directory, and the file itself is already complete and in place.
    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// The directory (`.` for a bare name) and the file name of `path`.
    static func split(_ path: String) throws(RecordingError) -> (directory: String, name: String) {
        guard !path.isEmpty, !path.hasSuffix("/") else {
            throw failure(path, "expected a file path, found \(path.isEmpty ? "an empty path" : "a directory path")")
        }
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    static func exists(_ path: String) -> RecordingError {
        RecordingError(file: path, line: nil, problem: .exists, message: "expected no file at this path (overwriting was not asked for), found one")
    }

    static func failure(_ path: String, _ message: String) -> RecordingError {
        RecordingError(file: path, line: nil, problem: .unreadable, message: message)
    }
}

/// `write(2)`, out of reach of the enum's own `write`.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
