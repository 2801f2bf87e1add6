// Finds the Recordings/ directory that ships with the sources.
import Foundation

/// Finds the `Recordings/` directory that ships with the sources: from
/// `$TACTILE_RECORDINGS`, the current directory or one above it, or the
/// directories above the executable (`.build/release/tactile`).
enum BundledRecordings {
    /// The path of the bundled recording `name`, or `nil` when no candidate directory has it.
    static func path(of name: String) -> String? {
        candidates().lazy.map { $0 + "/" + name }.first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// `path` relative to the current directory when it lies below it, for shorter messages.
    static func displayPath(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Where to look, most specific first.
    static func candidates() -> [String] {
        var directories: [String] = []
        if let override = ProcessInfo.processInfo.environment["TACTILE_RECORDINGS"], !override.isEmpty {
            directories.append(override)
        }
        directories += ancestors(of: FileManager.default.currentDirectoryPath).map { $0 + "/Recordings" }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let argument = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
        for path in [executable, argument].compactMap({ $0 }) {
            directories += ancestors(of: URL(fileURLWithPath: path).deletingLastPathComponent().path).map { $0 + "/Recordings" }
        }
        var seen = Set<String>()
        return directories.filter { seen.insert($0).inserted }
    }

    /// `path` and each directory above it, up to the root.
    private static func ancestors(of path: String) -> [String] {
        var result: [String] = []
        var url = URL(fileURLWithPath: path).standardizedFileURL
        while true {
            result.append(url.path)
            let parent = url.deletingLastPathComponent().standardizedFileURL
            if parent.path == url.path || result.count > 32 { break }
            url = parent
        }
        return result
    }
}
