// The repository's paths the tests read: its root, the recordings corpus and the corpus files with a golden log.
import Foundation

/// Paths in the repository, found from this source file's path
/// (`Tests/TactileTestSupport/Repository.swift`).
public enum Repository {
    /// The package root.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TactileTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    /// `relative` below the package root.
    public static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// `Recordings/`.
    public static let recordings: String = path("Recordings")

    /// Every `.json` recording below `Recordings/`, relative to it and sorted,
    /// except the velocity reference data (the evemu originals in
    /// `Recordings/evemu/` are read by the evemu tests; their JSON conversions
    /// are in the corpus): the recordings with a golden log.
    public static let goldenRecordings: [String] = {
        guard let walker = FileManager.default.enumerator(atPath: recordings) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasPrefix("velocity") || relative.hasPrefix("evemu") { continue }
            if relative.hasSuffix(".json") { found.append(relative) }
        }
        return found.sorted()
    }()
}
