// Fresh directories under the system's temporary directory, for tests that write files.
import Foundation

/// Fresh directories under the system's temporary directory.
public enum TemporaryDirectory {
    /// Runs `body` with a new empty directory, removed afterwards.
    public static func with<T>(prefix: String = "tactile-recording-tests", _ body: (String) throws -> T) throws -> T {
        let path = try make(prefix: prefix)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// A new empty directory's path, removed by the caller.
    public static func make(prefix: String = "tactile-recording-tests") throws -> String {
        try create(prefix: prefix).path
    }

    /// A new empty directory `<prefix>-<UUID>`, removed by the caller.
    public static func create(prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
