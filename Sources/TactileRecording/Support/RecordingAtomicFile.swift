// Crash-safe saving for every writer: an unnamed (or short-named) 0600 file beside the destination, synced, then put in place without following links.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How every Tactile writer saves a file (recordings in any format, testbed
/// files), so that each guarantees the same things:
///
/// - **Mode 0600** whatever the umask: touch streams can hold signatures and PINs.
/// - **Atomic**: the bytes go to a file in the destination's directory, are
///   synced, and only then get the destination's name; a crash leaves the old
///   state or the whole new file. The file is created unnamed (`O_TMPFILE`)
///   where the file system allows it, so nothing is left behind even by
///   `SIGKILL`; elsewhere it has a short name (`.tactile-XXXXXXXXXXXX.tmp`, which
///   fits any valid destination name) and is removed on every failure.
/// - **No symbolic link followed** at the destination: the destination is
///   never opened, only renamed or linked onto, so a link planted there is
///   replaced (with `overwrite`) or refused (without), never written through.
/// - **Nothing replaced** unless `overwrite`: a file, a link (dangling or not)
///   or anything else at the path is refused with
///   ``RecordingError/Problem/exists``. Even with `overwrite`, only a regular
///   file or a link is replaced: a directory, a device node, a FIFO or a
///   socket is refused with what it is.
///
/// The package's other modules save through it too (`tactile plot`'s
/// pictures, which draw the fingers' paths).
package enum RecordingAtomicFile {
    /// The permissions of saved files: touch streams can hold signatures and PINs.
    static let mode: mode_t = 0o600

    /// `O_TMPFILE`, which Glibc's module does not import (a compound macro):
    /// `__O_TMPFILE` (0o20000000 on x86-64 and arm64) with `O_DIRECTORY`.
    static let unnamedFile: Int32 = 0o20000000 | O_DIRECTORY

    /// Linux's limit on one name in a path (`NAME_MAX`).
    static let maximumNameLength = 255

    /// Saves `bytes` at `path` (see the type's guarantees).
    package static func write(_ bytes: [UInt8], to path: String, overwrite: Bool) throws(RecordingError) {
        let directory = try checkPath(path, overwrite: overwrite)
        let file = try TemporaryFile(directory: directory, path: path)
        defer { file.discard() }
        // The mode given to open() is reduced by the umask; make it exactly 0600.
        guard fchmod(file.descriptor, mode) == 0 else { throw failure(path, "cannot set the file's permissions: \(ErrnoText.reason(errno))") }
        try writeAll(bytes, to: file.descriptor, path: path)
        guard fsync(file.descriptor) == 0 else { throw failure(path, "cannot sync the file to the disk: \(ErrnoText.reason(errno))") }
        try file.publish(at: path, overwrite: overwrite)
        syncDirectory(directory)
    }

    /// Checks what ``write(_:to:overwrite:)`` checks before it writes (the
    /// path names a file, its name fits Linux, nothing is there that must not
    /// be replaced) and returns the directory the file goes in.
    @discardableResult
    static func checkPath(_ path: String, overwrite: Bool) throws(RecordingError) -> String {
        let (directory, name) = try split(path)
        guard name.utf8.count <= maximumNameLength else {
            throw failure(path, "expected a file name of at most \(maximumNameLength) bytes, which Linux allows, found \(name.utf8.count)")
        }
        try checkDestination(path, overwrite: overwrite)
        return directory
    }

    /// Refuses what must not be replaced at `path`: anything without
    /// `overwrite`; a directory, device node, FIFO or socket even with it.
    static func checkDestination(_ path: String, overwrite: Bool) throws(RecordingError) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT { return }
            if code == ENOTDIR { throw failure(path, "cannot save the file: a part of the path is not a directory") }
            throw failure(path, "cannot save the file: \(ErrnoText.reason(code))")
        }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR { throw failure(path, "expected a file path, found a directory") }
        guard overwrite else { throw exists(path, symbolicLink: kind == S_IFLNK) }
        guard kind == S_IFREG || kind == S_IFLNK else {
            throw failure(path, "expected a regular file to replace, found \(describe(kind))")
        }
    }

    /// What a file of type `kind` (`st_mode & S_IFMT`) is, in words.
    static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a directory"
        default: return "a special file"
        }
    }

    /// The file being written, until it gets its name.
    private struct TemporaryFile {
        let descriptor: Int32
        let directory: String
        /// The short name of a named temporary file, or `nil` for an unnamed one (`O_TMPFILE`).
        let temporaryPath: String?

        init(directory: String, path: String) throws(RecordingError) {
            self.directory = directory
            // O_TMPFILE: no name until linked, so no crash or kill leaves anything.
            // Publishing it needs /proc/self/fd (linkat with AT_SYMLINK_FOLLOW).
            if access("/proc/self/fd", F_OK) == 0 {
                let unnamed = open(directory, RecordingAtomicFile.unnamedFile | O_WRONLY | O_CLOEXEC, RecordingAtomicFile.mode)
                if unnamed >= 0 {
                    descriptor = unnamed
                    temporaryPath = nil
                    return
                }
                let code = errno
                // Anything but "this file system has no O_TMPFILE" is a real failure.
                guard code == EOPNOTSUPP || code == EISDIR || code == EINVAL || code == ENOSYS else {
                    throw RecordingAtomicFile.failure(path, "cannot create a file in \(directory): \(ErrnoText.reason(code))")
                }
            }
            for _ in 0..<100 {
                let candidate = RecordingAtomicFile.temporaryName(in: directory)
                let named = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, RecordingAtomicFile.mode)
                if named >= 0 {
                    descriptor = named
                    temporaryPath = candidate
                    return
                }
                guard errno == EEXIST else { break }
            }
            throw RecordingAtomicFile.failure(path, "cannot create a file in \(directory): \(ErrnoText.reason(errno))")
        }

        /// Gives the written file the name `path`: replacing what is there
        /// (a rename, which never follows a link) or only if nothing is (a hard
        /// link, which fails atomically when the name exists).
        func publish(at path: String, overwrite: Bool) throws(RecordingError) {
            if let temporaryPath {
                if overwrite {
                    guard rename(temporaryPath, path) == 0 else { throw RecordingAtomicFile.saveFailure(path, errno) }
                } else {
                    try RecordingAtomicFile.linkWithoutReplacing(temporaryPath, path)
                }
                return
            }
            let source = "/proc/self/fd/\(descriptor)"
            if !overwrite {
                guard linkat(AT_FDCWD, source, AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 else { throw RecordingAtomicFile.saveFailure(path, errno) }
                return
            }
            // A name of its own first (for the instant before the rename), then renamed over the destination.
            for _ in 0..<100 {
                let temporary = RecordingAtomicFile.temporaryName(in: directory)
                if linkat(AT_FDCWD, source, AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 {
                    guard rename(temporary, path) == 0 else {
                        let code = errno
                        unlink(temporary)
                        throw RecordingAtomicFile.saveFailure(path, code)
                    }
                    return
                }
                guard errno == EEXIST else { break }
            }
            throw RecordingAtomicFile.saveFailure(path, errno)
        }

        /// Closes the file; a named temporary file that did not become the
        /// destination (a failure, or one linked under the destination's name) is removed.
        func discard() {
            close(descriptor)
            if let temporaryPath { unlink(temporaryPath) }
        }
    }

    /// `DIRECTORY/.tactile-XXXXXXXXXXXX.tmp`: 25 bytes, whatever the destination's name.
    static func temporaryName(in directory: String) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var name = ".tactile-"
        for _ in 0..<12 { name.append(letters[Int.random(in: 0..<letters.count)]) }
        return (directory == "/" ? "/" : directory + "/") + name + ".tmp"
    }

    /// Puts `temporary` at `path` unless something is there: a hard link
    /// fails atomically when the name exists. On file systems without hard
    /// links, checks and renames (a small race, the best they allow).
    private static func linkWithoutReplacing(_ temporary: String, _ path: String) throws(RecordingError) {
        if link(temporary, path) == 0 { return }  // the temporary name is removed by the caller
        let code = errno
        guard code == EPERM || code == EOPNOTSUPP || code == ENOSYS || code == EMLINK || code == EXDEV else {
            throw saveFailure(path, code)
        }
        var status = stat()
        if lstat(path, &status) == 0 { throw exists(path, symbolicLink: status.st_mode & S_IFMT == S_IFLNK) }
        guard rename(temporary, path) == 0 else { throw saveFailure(path, errno) }
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
        let name = String(path[path.index(after: slash)...])
        guard name != ".", name != ".." else { throw failure(path, "expected a file path, found a directory path") }
        return (directory.isEmpty ? "/" : directory, name)
    }

    /// The refusal to replace what is at `path`.
    static func exists(_ path: String, symbolicLink: Bool = false) -> RecordingError {
        RecordingError(file: path, line: nil, problem: .exists,
                       message: "expected no file at this path (overwriting was not asked for), found \(symbolicLink ? "a symbolic link" : "one")")
    }

    static func failure(_ path: String, _ message: String) -> RecordingError {
        RecordingError(file: path, line: nil, problem: .unreadable, message: message)
    }

    /// A failure to give the file its name, `EEXIST` as the refusal to replace.
    static func saveFailure(_ path: String, _ code: Int32) -> RecordingError {
        if code == EEXIST { return exists(path) }
        if code == EISDIR { return failure(path, "expected a file path, found a directory") }
        return failure(path, "cannot save the file: \(ErrnoText.reason(code))")
    }
}

/// `write(2)`, out of reach of the enum's own `write`.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
