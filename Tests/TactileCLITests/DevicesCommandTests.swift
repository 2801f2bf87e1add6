// tactile devices without umockdev: an input directory that is missing or empty, a node that cannot be opened.
import Foundation
import TactileTestSupport
import Testing

/// `tactile devices` where no umockdev is needed: an input directory that is
/// missing or empty.
@Suite struct DevicesCommandTests {
    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    @Test func missingDirectoryIsSaidPlainly() throws {
        let output = try TestSupport.run(try tactile(), ["devices", "--directory", "/nonexistent/tactile-input"])
        #expect(output.status != 0)
        #expect(output.standardError.contains("no such directory"))
    }

    @Test func noTouchDeviceIsSaidPlainly() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-empty")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try TestSupport.run(try tactile(), ["devices", "--json", "--directory", directory.path])
        #expect(output.status == 0)
        #expect(output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        #expect(output.standardError.contains("no event nodes"))
    }

    /// Where there is no /dev/input at all (a container), `--json` prints an
    /// empty array and exits 0, with a note on standard error.
    @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/dev/input"), "this machine has /dev/input"))
    func noInputDirectoryIsNoDevices() throws {
        let output = try TestSupport.run(try tactile(), ["devices", "--json"])
        #expect(output.status == 0, "stderr: \(output.standardError)")
        #expect(output.standardOutput == "[]\n")
        #expect(output.standardError.contains("no input devices: /dev/input: no such directory"))
        let table = try TestSupport.run(try tactile(), ["devices"])
        #expect(table.status == 0)
    }

    @Test func aNodeThatCannotBeOpenedIsListedWithTheReason() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-bad")
        defer { try? FileManager.default.removeItem(at: directory) }
        let node = directory.appendingPathComponent("event0").path
        _ = FileManager.default.createFile(atPath: node, contents: Data("x".utf8))

        let table = try TestSupport.run(try tactile(), ["devices", "--directory", directory.path])
        #expect(table.status == 0)
        #expect(table.lines.contains { $0.hasPrefix(node) && $0.contains("(notAnEvdevNode)") })
        #expect(table.standardOutput.contains("not an evdev input device"))
        #expect(table.standardError.contains("no touch device found"))

        let json = try TestSupport.run(try tactile(), ["devices", "--json", "--directory", directory.path])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["path"] as? String == node)
        #expect(entries.first?["openable"] as? Bool == false)
        #expect(entries.first?["error"] as? String == "notAnEvdevNode")
    }
}
