// A path's directory and last component, as the watches of directories need them.

/// A path's directory and last component, without touching the file
/// system: what inotify watches are set on (a directory) and report (a name).
///
/// ```swift
/// PathParts.directory(of: "/dev/input")   // "/dev"
/// PathParts.name(of: "/dev/input")        // "input"
/// ```
package enum PathParts {
    /// The directory part of `path` (`"/"` for `/x`, `"."` for a bare name).
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    package static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
