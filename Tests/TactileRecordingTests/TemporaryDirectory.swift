import Foundation

/// Fresh directories under the system's temporary directory.
enum TemporaryDirectory {
    /// Runs `body` with a new empty directory, removed afterwards.
    static func with<T>(_ body: (String) throws -> T) throws -> T {
        let path = try make()
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    static func make() throws -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("tactile-recording-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
