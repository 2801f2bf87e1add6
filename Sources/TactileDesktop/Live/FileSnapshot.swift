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
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var modifiedNanoseconds: Int
    var changed: Int64
    var changedNanoseconds: Int

    /// `path`'s snapshot, or `nil` when it cannot be stat'ed.
    init?(of path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec)
        changedNanoseconds = Int(info.st_ctim.tv_nsec)
    }
}
