// How to run this tactile again, for the lines that suggest a command: by name when PATH finds it, else by its path.
import Foundation

/// How a person runs this very `tactile` again from where they started it,
/// for the lines that suggest a next command: `tactile` when the one `PATH`
/// finds is this executable, else its path (`.build/release/tactile` after
/// `make demo`, which installs nothing).
///
/// ```swift
/// print("Next: \(CommandName.current) replay FILE")   // Next: .build/release/tactile replay FILE
/// ```
enum CommandName {
    /// The command for this process (see ``resolve(executable:path:workingDirectory:)``).
    static var current: String {
        resolve(executable: "/proc/self/exe", path: ProcessInfo.processInfo.environment["PATH"] ?? "",
                workingDirectory: FileManager.default.currentDirectoryPath)
    }

    /// Whether ``current`` is the bare name (`tactile` on `PATH` is this one).
    static var isOnPath: Bool { current == "tactile" }

    /// `tactile` when a `tactile` in `path` (colon-separated) is the file
    /// `executable` is (symbolic links followed); else `executable`'s real
    /// path, relative to `workingDirectory` when it lies below it, preferring
    /// the `.build/release` or `.build/debug` link SwiftPM makes to it.
    static func resolve(executable: String, path: String, workingDirectory: String) -> String {
        guard let real = realPath(executable) else { return "tactile" }
        for directory in path.split(separator: ":") where realPath(String(directory) + "/tactile") == real {
            return "tactile"
        }
        let directory = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        for link in [".build/release/tactile", ".build/debug/tactile"] where realPath(directory + link) == real {
            return link
        }
        return real.hasPrefix(directory) ? String(real.dropFirst(directory.count)) : real
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
