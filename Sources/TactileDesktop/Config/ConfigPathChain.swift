// A config path and the symbolic links it goes through: what is judged before it is read, and what is watched for changes.
import TactileService
import TactileEvdev
#if canImport(Glibc)
import Glibc
#endif

/// The paths a config path leads through: the path itself, then the target
/// of each symbolic link in turn, up to the file the last one names (which
/// may not exist). Dotfile managers link `~/.config/tactile/gestures.toml`
/// to a file elsewhere: that file's owner and directories are what count
/// (`ConfigOwnership`), and its directory is where an edit shows
/// (the service watches the directory of every path here).
///
/// ```swift
/// let chain = ConfigPathChain("/home/ada/.config/tactile/gestures.toml")
/// chain.paths   // ["/home/ada/.config/tactile/gestures.toml", "/home/ada/dotfiles/gestures.toml"]
/// chain.links   // ["/home/ada/.config/tactile/gestures.toml"]
/// ```
package struct ConfigPathChain: Hashable, Sendable {
    /// How many links are followed at most (as the kernel's `ELOOP` limit).
    public static let maximumLinks = 40

    /// The path given, then each link's target (made absolute against the link's directory).
    public let paths: [String]

    /// Follows `path` through its symbolic links.
    public init(_ path: String) {
        var paths = [path]
        var current = path
        while paths.count <= Self.maximumLinks, let target = Self.linkTarget(current) {
            current = target.hasPrefix("/") ? target : Self.directory(of: current) + "/" + target
            paths.append(current)
        }
        self.paths = paths
    }

    /// The paths that are symbolic links (all but the last).
    public var links: [String] { Array(paths.dropLast()) }

    /// The last path: the file the config is.
    public var target: String { paths.last ?? "" }

    /// The directories whose entries make up the config: each path's.
    public var directories: [String] {
        var seen: Set<String> = []
        return paths.map(Self.directory(of:)).filter { seen.insert($0).inserted }
    }

    /// The directory part of `path` (`"/"` for `/x`, `"."` for a bare name).
    public static func directory(of path: String) -> String { PathParts.directory(of: path) }

    /// The last component of `path`.
    public static func name(of path: String) -> String { PathParts.name(of: path) }

    /// What the symbolic link at `path` names, or `nil` when `path` is no link.
    static func linkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
