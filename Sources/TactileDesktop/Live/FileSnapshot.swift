// What stat says of a file that changes when it is written or replaced: to tell a file read whole from one read mid-write.
import TactileService
#if canImport(Glibc)
import Glibc
#endif

/// A file's identity, size and change times (`stat`, following links): two
/// snapshots that differ mean the file was written, truncated or replaced
/// in between. Taken before and after reading a config, so that a file read
/// while someone wrote it is never applied.
///
/// ```swift
/// let before = FileSnapshot(of: path)
/// let text = read(path)
/// guard before != nil, FileSnapshot(of: path) == before else { return }   // changed meanwhile: read it again later
/// ```
struct FileSnapshot: Hashable {
    /// A time `stat` gives (`st_mtim`, `st_ctim`), to the nanosecond.
    struct Time: Hashable {
        var seconds: Int64
        var nanoseconds: Int

        init(_ time: timespec) {
            seconds = Int64(time.tv_sec)
            nanoseconds = Int(time.tv_nsec)
        }
    }

    var device: UInt64
    var inode: UInt64
    var size: Int64
    /// When the content was last written, and when the file (content or inode) last changed.
    var modified: Time
    var changed: Time

    /// `path`'s snapshot, or `nil` when it cannot be stat'ed.
    init?(of path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Time(info.st_mtim)
        changed = Time(info.st_ctim)
    }
}
