// Watching directories with inotify: new input nodes, and a config saved in place or by renaming.
#if canImport(Glibc)
import Glibc
#endif

/// An inotify descriptor with the directories it watches: the project's
/// one (the gesture service's input and config directories, a
/// ``FollowingSession``'s input directory).
///
/// ```swift
/// let watch = try InotifyWatch()
/// let input = try watch.add("/dev/input", events: InotifyWatch.nodeEvents)
/// for change in watch.read() where change.watch == input { rescan() }
/// ```
package final class InotifyWatch {
    /// One change in a watched directory.
    package struct Change: Hashable {
        package var watch: Int32
        package var mask: UInt32
        /// The file's name in the directory ("" for the directory itself).
        package var name: String
    }

    /// Nodes appearing, changing permissions (udev's ACLs) or going away.
    package static let nodeEvents = UInt32(IN_CREATE | IN_ATTRIB | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)
    /// A file closed after writing, replaced by renaming (editors, `ln -sf`),
    /// removed, or its owner or modes changed (the fix a refusal names). Not
    /// its creation nor each write: a file being written is read once it is closed.
    /// Added to what the directory is watched for already (`IN_MASK_ADD`).
    package static let fileEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB | IN_MASK_ADD)

    package let fileDescriptor: Int32

    /// A new inotify descriptor.
    ///
    /// - Throws: ``EvdevError/system(path:operation:errno:)`` when `inotify_init1` fails (too many instances).
    package init() throws(EvdevError) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw EvdevError.system(path: "inotify", operation: "inotify_init1", errno: errno) }
        fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// Watches `directory`; `nil` when it cannot be watched (it does not exist).
    package func add(_ directory: String, events: UInt32) -> Int32? {
        let watch = inotify_add_watch(fileDescriptor, directory, events)
        return watch >= 0 ? watch : nil
    }

    /// Stops watching `watch`.
    package func remove(_ watch: Int32) {
        _ = inotify_rm_watch(fileDescriptor, watch)
    }

    /// The changes waiting, without blocking.
    package func read() -> [Change] {
        var changes: [Change] = []
        let size = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fileDescriptor, $0.baseAddress, size) }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameStart = offset + header
                let nameEnd = min(nameStart + length, count)
                let bytes = buffer[nameStart..<nameEnd].prefix { $0 != 0 }
                changes.append(Change(watch: watch, mask: mask, name: String(decoding: bytes, as: UTF8.self)))
                offset = nameEnd
            }
        }
        return changes
    }
}
