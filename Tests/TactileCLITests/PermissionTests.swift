// tactile demo, record and devices on a node the user may not open: which path, and what to do, run unprivileged.
import Foundation
import TactileTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A node the user may not open: `tactile demo`, `tactile record` and
/// `tactile devices` say which path, and what to do (the `input` group or a
/// udev rule), without crashing. A file that is no input node is refused
/// as such, before it is opened. The commands run as an unprivileged user:
/// as root, under `setpriv` as `nobody` (65534) with no groups, on a
/// root-owned mode-0600 character node (`mknod`, when allowed) and a mode-0
/// file; otherwise as the user, on a mode-0 file.
@Suite(.enabled(if: Unprivileged.runner != nil, Comment(rawValue: Unprivileged.runnerMissing)))
struct PermissionTests {
    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    /// Runs `tactile arguments` as the unprivileged user.
    func runUnprivileged(_ arguments: [String]) throws -> TestSupport.Output {
        let prefix = try #require(Unprivileged.runner)
        let command = prefix + [try tactile()] + arguments
        return try TestSupport.run(command[0], Array(command.dropFirst()))
    }

    /// A directory (mode 0755) holding nodes that cannot be opened: `event0`, a
    /// file of mode 0, and as root `event1`, a 0600 character node of the input
    /// major (13:64) owned by root, when `mknod` is allowed here.
    static func makeForbiddenNodes() throws -> (directory: URL, nodes: [String]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-forbidden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        let file = directory.appendingPathComponent("event0").path
        #expect(FileManager.default.createFile(atPath: file, contents: nil, attributes: [.posixPermissions: 0]))
        var nodes = [file]
        let character = directory.appendingPathComponent("event1").path
        // glibc's makedev for small numbers: major << 8 | minor.
        if getuid() == 0, mknod(character, S_IFCHR | 0o600, dev_t(13 << 8 | 64)) == 0 {
            nodes.append(character)
        }
        return (directory, nodes)
    }

    /// Whether `path` is the character node (not the mode-0 file, `event0`).
    static func isCharacterNode(_ path: String) -> Bool { !path.hasSuffix("/event0") }

    /// The reason `tactile devices` gives for `path`.
    static func reason(for path: String) -> String { isCharacterNode(path) ? "permissionDenied" : "notAnEvdevNode" }

    /// What the error line for `path` must say: permission denied and what to
    /// do for the node; for the file, that it is no input node (never opened).
    func expectPermissionMessage(_ text: String, path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if Self.isCharacterNode(path) {
            #expect(text.contains("\(path): permission denied"), "\(text)", sourceLocation: sourceLocation)
            #expect(text.contains("'input' group"), "\(text)", sourceLocation: sourceLocation)
            #expect(text.contains("udev rule"), "\(text)", sourceLocation: sourceLocation)
        } else {
            #expect(text.contains("\(path): not an evdev input device"), "\(text)", sourceLocation: sourceLocation)
        }
        #expect(!text.contains("Fatal error"), "\(text)", sourceLocation: sourceLocation)
    }

    @Test func demoSaysWhatToDo() throws {
        let (directory, nodes) = try Self.makeForbiddenNodes()
        defer { try? FileManager.default.removeItem(at: directory) }
        for node in nodes {
            for extra in [[], ["--json"]] {
                let output = try runUnprivileged(["demo", "--device", node, "--max-seconds", "1"] + extra)
                #expect(output.status == 1, "stderr: \(output.standardError)")
                #expect(output.standardOutput.isEmpty, "stdout: \(output.standardOutput)")
                #expect(output.standardError.hasPrefix("tactile: error: "), "stderr: \(output.standardError)")
                expectPermissionMessage(output.standardError, path: node)
            }
        }
    }

    @Test func recordSaysWhatToDoAndWritesNothing() throws {
        let (directory, nodes) = try Self.makeForbiddenNodes()
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = RecordCommandTests.names(in: directory)
        for node in nodes {
            let output = try runUnprivileged(["record", "--device", node, "--output", directory.appendingPathComponent("out.json").path])
            #expect(output.status == 1, "stderr: \(output.standardError)")
            expectPermissionMessage(output.standardError, path: node)
        }
        #expect(RecordCommandTests.names(in: directory) == before, "no recording or journal is left")
    }

    @Test func devicesListsTheNodesAsNotOpenable() throws {
        let (directory, nodes) = try Self.makeForbiddenNodes()
        defer { try? FileManager.default.removeItem(at: directory) }
        let table = try runUnprivileged(["devices", "--directory", directory.path])
        #expect(table.status == 0, "stderr: \(table.standardError)")
        for node in nodes {
            #expect(table.lines.contains { $0.hasPrefix(node) && $0.contains("(\(Self.reason(for: node)))") }, "\(table.standardOutput)")
            expectPermissionMessage(table.standardOutput, path: node)
        }
        #expect(table.standardError.contains("no touch device found"), "stderr: \(table.standardError)")

        let json = try runUnprivileged(["devices", "--json", "--directory", directory.path])
        #expect(json.status == 0, "stderr: \(json.standardError)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(entries.compactMap { $0["path"] as? String } == nodes)
        for entry in entries {
            #expect(entry["openable"] as? Bool == false)
            #expect(entry["error"] as? String == Self.reason(for: entry["path"] as? String ?? "?"))
            expectPermissionMessage(entry["message"] as? String ?? "", path: entry["path"] as? String ?? "?")
        }
    }
}

/// How the tests run `tactile` without the right to open their nodes.
enum Unprivileged {
    /// The command prefix: empty when not root, `setpriv` to user 65534 with
    /// no groups as root; `nil` when that cannot run the built `tactile`.
    static let runner: [String]? = {
        guard getuid() == 0 else { return [] }
        guard let setpriv = TestSupport.findOnPath("setpriv"), let tactile = TestSupport.product("tactile") else { return nil }
        let prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
        // nobody must be able to run the built executable (not so under a 0700 home).
        guard let check = try? TestSupport.run(prefix[0], Array(prefix.dropFirst()) + [tactile, "--help"]),
              check.status == 0 else { return nil }
        return prefix
    }()

    /// Why the permission tests are skipped.
    static let runnerMissing = "as root, these tests need setpriv (util-linux) and a tactile executable that user 65534 may run"
}
