// Watching the input directory for nodes that come and go, and its parent for the directory itself coming back.
#if canImport(Glibc)
import Glibc
#endif

/// The input directory (`/dev/input`) watched with an ``InotifyWatch``, kept
/// watched: when the directory goes away (a testbed removes it with its last
/// node) its parent's watch sees it come back, and it is watched again. What
/// the gesture service and a ``FollowingSession`` watch to find devices
/// that appear, beside a slow rescan (``Rediscovery``).
///
/// ```swift
/// let inotify = try InotifyWatch()
/// var watch = InputDirectoryWatch(directory: "/dev/input", inotify: inotify)
/// watch.ensure()
/// // … poll(2) on inotify.fileDescriptor …
/// if inotify.read().contains(where: { watch.calls(for: $0) }) { rescan() }
/// ```
package struct InputDirectoryWatch {
    package let directory: String
    package let inotify: InotifyWatch
    private var input: Int32?
    private var parent: Int32?

    /// Watches nothing yet: ``ensure()`` starts.
    package init(directory: String, inotify: InotifyWatch) {
        self.directory = directory
        self.inotify = inotify
    }

    /// Whether the directory is watched.
    package var watchesInput: Bool { input != nil }

    /// Whether `watch` is one of this watch's (the directory's or its parent's).
    package func owns(_ watch: Int32) -> Bool { watch == input || watch == parent }

    /// Watches the directory and its parent where they are not watched yet
    /// and exist now. Returns whether the directory is watched anew (nodes
    /// may have appeared unseen: rescan).
    @discardableResult
    package mutating func ensure() -> Bool {
        var anew = false
        if input == nil {
            input = inotify.add(directory, events: InotifyWatch.nodeEvents)
            anew = input != nil
        }
        if parent == nil {
            parent = inotify.add(PathParts.directory(of: directory), events: UInt32(IN_CREATE | IN_MOVED_TO))
        }
        return anew
    }

    /// Whether `change` calls for a rescan: an `event*` node came, went or
    /// changed hands, or the directory went away or came back (watched again
    /// then). Changes of other watches of the same ``InotifyWatch`` are not.
    package mutating func calls(for change: InotifyWatch.Change) -> Bool {
        if change.mask & UInt32(IN_IGNORED) != 0 {
            // The directory went away (or was replaced): watched again when it is back.
            if change.watch == input { input = nil; return true }
            if change.watch == parent { parent = nil }
            return false
        }
        if change.watch == input, change.name.hasPrefix("event") { return true }
        if change.watch == parent, change.name == PathParts.name(of: directory) {
            ensure()
            return true
        }
        return false
    }
}
