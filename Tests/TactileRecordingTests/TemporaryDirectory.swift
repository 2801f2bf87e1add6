import Foundation

/// Fresh directories under the system's temporary directory.
enum TemporaryDirectory {
    static func make() throws -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("tactile-recording-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
