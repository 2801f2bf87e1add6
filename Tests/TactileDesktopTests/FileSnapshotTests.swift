// A config read while it was written is told apart: its snapshot changes with a write, a truncation or a replacement.
import Foundation
@testable import TactileDesktop
@testable import TactileService
import TactileTestSupport
import Testing

@Suite struct FileSnapshotTests {
    @Test func aWriteATruncationOrAReplacementChangesTheSnapshotAndNothingElseDoes() throws {
        try TemporaryDirectory.with(prefix: "tactile-snapshot") { directory in
            let path = directory + "/gestures.toml"
            try "[devices]\n".write(toFile: path, atomically: false, encoding: .utf8)
            let first = try #require(FileSnapshot(of: path))
            #expect(FileSnapshot(of: path) == first, "read twice, unchanged")
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("grab = true\n".utf8))
            try handle.close()
            let appended = try #require(FileSnapshot(of: path))
            #expect(appended != first)
            // Rewritten in place (truncated, then written).
            try "[devices]\ngrab = false\n".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(FileSnapshot(of: path) != appended)
            let rewritten = try #require(FileSnapshot(of: path))
            // Replaced by renaming (the same bytes): another inode.
            try "[devices]\ngrab = false\n".write(toFile: path + ".new", atomically: false, encoding: .utf8)
            try #require(rename(path + ".new", path) == 0)
            #expect(FileSnapshot(of: path) != rewritten)
            #expect(FileSnapshot(of: directory + "/none") == nil)
        }
    }
}
