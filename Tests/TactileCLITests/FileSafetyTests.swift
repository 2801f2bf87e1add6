// Files the commands write: 0600 under umask 000, 250-byte names, symbolic links, --force, directories as output, option values that a recording cannot hold.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing
@testable import tactile

/// What every command that writes touch data guarantees: `convert`, `synth`,
/// `golden`, `mock` and `recover` (`record` is in ``RecordCommandTests``).
@Suite struct FileSafetyTests {
    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    static let source = Repository.recordings + "/touchpad-synaptics-two-finger-scroll.json"

    /// Runs `tactile arguments` under `umask 000`, so a mode not set by the writer shows as 0666.
    func runWithoutUmask(_ arguments: [String]) throws -> TestSupport.Output {
        try TestSupport.run("/bin/sh", ["-c", "umask 000; exec \"$0\" \"$@\"", try tactile()] + arguments)
    }

    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }

    static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    @Test("every file holding touch data is 0600 under umask 000, and nothing else is left in the directory")
    func modesUnderUmaskZero() throws {
        try TemporaryDirectory.with(prefix: "tactile-cli") { directory in
            var expected: [String] = []
            for name in ["c.json", "c.evemu", "c.yml"] {
                let result = try runWithoutUmask(["convert", Self.source, directory + "/" + name])
                #expect(result.status == 0, "\(result.standardError)")
                expected.append(name)
            }
            for name in ["s.json", "s.evemu", "s.yml"] {
                let result = try runWithoutUmask(["synth", "tap", "-o", directory + "/" + name])
                #expect(result.status == 0, "\(result.standardError)")
                expected.append(name)
            }
            let mock = try runWithoutUmask(["mock", Self.source, directory + "/bed", "--name", "pad"])
            #expect(mock.status == 0, "\(mock.standardError)")
            let golden = try runWithoutUmask(["golden", directory + "/c.json"])
            #expect(golden.status == 0, "\(golden.standardError)")
            let journal = directory + "/r.json.journal"
            let writer = try RecordingJournal.Writer(path: journal, header: .init(device: TestDevices.touchpad))
            try writer.append(InputEvent(seconds: 0, microseconds: 0, type: .syn, code: SynCode.report, value: 0))
            try writer.close()
            let recover = try runWithoutUmask(["recover", journal, directory + "/recovered.json"])
            #expect(recover.status == 0, "\(recover.standardError)")
            expected += ["r.json.journal", "recovered.json"]
            for name in expected { #expect(Self.mode(directory + "/" + name) == 0o600, "\(name)") }
            for name in ["pad.umockdev", "pad.ioctl", "pad.events"] { #expect(Self.mode(directory + "/bed/" + name) == 0o600, "\(name)") }
            #expect(Self.mode(directory + "/bed") == 0o700)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == (expected + ["bed"]).sorted())
        }
    }

    @Test("a 250-byte output name works in every format")
    func longOutputNames() throws {
        try TemporaryDirectory.with(prefix: "tactile-cli") { directory in
            for suffix in [".json", ".evemu", ".yml"] {
                let path = directory + "/" + String(repeating: "n", count: 250 - suffix.utf8.count) + suffix
                let result = try TestSupport.run(try tactile(), ["convert", Self.source, path])
                #expect(result.status == 0, "\(suffix): \(result.standardError)")
                #expect(try Recording(contentsOf: path).events == (try Recording(contentsOf: Self.source)).events)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 3)
        }
    }

    @Test("record's journal beside a 250-byte --output fits Linux's 255 bytes")
    func recordJournalNames() {
        let long = "/d/" + String(repeating: "é", count: 122) + "abcdef.json"  // 250 bytes
        let journal = RecordCommand.journalPath(forOutput: long)
        #expect(journal.hasPrefix("/d/é") && journal.hasSuffix(".journal"))
        #expect((journal as NSString).lastPathComponent.utf8.count <= 255)
        #expect(RecordCommand.journalPath(forOutput: "out.json") == "out.json.journal")
        #expect(RecordCommand.journalPath(forOutput: "/a/b.json") == "/a/b.json.journal")
    }

    @Test("a symbolic link at convert's output, dangling or not, is refused without --force and replaced (not followed) with it")
    func convertOntoSymbolicLinks() throws {
        try TemporaryDirectory.with(prefix: "tactile-cli") { directory in
            let target = directory + "/target.json"
            try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
            for (link, destination) in [("live.json", target), ("dangling.evemu", directory + "/nowhere.evemu")] {
                let path = directory + "/" + link
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
                let refused = try TestSupport.run(try tactile(), ["convert", Self.source, path])
                #expect(refused.status == 1)
                #expect(refused.standardError.contains("\(link): a symbolic link is already there; pass --force"), "\(refused.standardError)")
                #expect(Self.isLink(path))
                let forced = try TestSupport.run(try tactile(), ["convert", Self.source, path, "--force"])
                #expect(forced.status == 0, "\(forced.standardError)")
                #expect(!Self.isLink(path) && Self.mode(path) == 0o600)
            }
            #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
            #expect(!FileManager.default.fileExists(atPath: directory + "/nowhere.evemu"))
        }
    }

    @Test("mock refuses to write over its files (or a link planted at one) without --force, and writes nothing then")
    func mockNeedsForce() throws {
        try TemporaryDirectory.with(prefix: "tactile-cli") { directory in
            let victim = directory + "/victim"
            try Data("keep".utf8).write(to: URL(fileURLWithPath: victim))
            try FileManager.default.createDirectory(atPath: directory + "/bed", withIntermediateDirectories: false)
            try FileManager.default.createSymbolicLink(atPath: directory + "/bed/pad.ioctl", withDestinationPath: victim)
            let planted = try TestSupport.run(try tactile(), ["mock", Self.source, directory + "/bed", "--name", "pad"])
            #expect(planted.status == 1)
            #expect(planted.standardError.contains("pad.ioctl: a symbolic link is already there; pass --force"), "\(planted.standardError)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/bed") == ["pad.ioctl"])
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")

            let first = try TestSupport.run(try tactile(), ["mock", Self.source, directory + "/bed", "--name", "pad", "--force"])
            #expect(first.status == 0, "\(first.standardError)")
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")
            #expect(!Self.isLink(directory + "/bed/pad.ioctl"))
            let again = try TestSupport.run(try tactile(), ["mock", Self.source, directory + "/bed", "--name", "pad"])
            #expect(again.status == 1)
            #expect(again.standardError.contains("pad.umockdev: a file is already there; pass --force to overwrite it"), "\(again.standardError)")
        }
    }

    @Test("golden on a symbolic link writes through to the file it read and keeps the link")
    func goldenThroughSymbolicLink() throws {
        try TemporaryDirectory.with(prefix: "tactile-cli") { directory in
            let real = directory + "/real.json"
            var recording = try Recording(contentsOf: Self.source)
            recording.expected = nil
            try RecordingWriter.write(recording, to: real)
            let link = directory + "/link.json"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.json")
            let result = try TestSupport.run(try tactile(), ["golden", link])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(Self.isLink(link))
            let updated = try RecordingReader.read(contentsOf: real)
            #expect(updated.expected?.isEmpty == false, "the target holds the new log")
            #expect(Self.mode(real) == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["link.json", "real.json"])
        }
    }

    @Test("a directory as output says so, never a Foundation error domain and code")
    func directoryAsOutput() throws {
        try TemporaryDirectory.with(prefix: "tactile-cli") { directory in
            let target = directory + "/out.json"
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
            for arguments in [["convert", Self.source, target], ["convert", Self.source, target, "--force"],
                              ["synth", "tap", "-o", target, "--force"], ["convert", Self.source, directory + "/", "--to", "evemu"]] {
                let result = try TestSupport.run(try tactile(), arguments)
                #expect(result.status == 1, "\(arguments)")
                #expect(result.standardError.contains("directory"), "\(arguments): \(result.standardError)")
                #expect(!result.standardError.contains("Domain") && !result.standardError.contains("error 512"), "\(result.standardError)")
            }
        }
    }

    @Test("option values a recording cannot hold are refused before anything is read or written", arguments: [
        (["--gesture", String(repeating: "g", count: 1025)], "--gesture must be 1 to 1024 bytes"),
        (["--gesture", ""], "--gesture must be 1 to 1024 bytes"),
        (["--gesture", "tap", "--fingers", "1001"], "--fingers must be 1 to 1000"),
        (["--gesture", "tap", "--fingers", "0"], "--fingers must be 1 to 1000"),
        (["--fingers", "2"], "--fingers describes a label: give the gesture too"),
        (["--note", "x"], "--note describes a label"),
        (["--gesture", "tap", "--recognizer", "bogus"], "--recognizer must name a standard recognizer"),
        (["--gesture", "tap", "--absent", String(repeating: "r", count: 2000)], "--absent must name a standard recognizer"),
        (["--gesture", "tap", "--note", String(repeating: "n", count: 65_537)], "--note must be at most 65536 bytes"),
        (["--device-name", String(repeating: "d", count: 1025)], "--device-name must be 1 to 1024 bytes"),
    ])
    func convertOptionValues(extra: [String], message: String) throws {
        try TemporaryDirectory.with(prefix: "tactile-cli") { directory in
            let result = try TestSupport.run(try tactile(), ["convert", Self.source, directory + "/out.json"] + extra)
            #expect(result.status != 0)
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        }
    }

    @Test("mock's --node and --name are checked before anything is read or written", arguments: [
        (["--node", "/dev/input/mouse0"], "--node: expected a node /dev/input/eventN"),
        (["--name", "a/b"], "--name must be 1 to 246 bytes without '/'"),
        (["--name", String(repeating: "n", count: 247)], "--name must be 1 to 246 bytes"),
    ])
    func mockOptionValues(extra: [String], message: String) throws {
        try TemporaryDirectory.with(prefix: "tactile-cli") { directory in
            let result = try TestSupport.run(try tactile(), ["mock", "/nonexistent.json", directory + "/bed"] + extra)
            #expect(result.status != 0)
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        }
    }

    @Test("a convert killed at any moment leaves nothing behind but, at most, the whole output", arguments: [SIGTERM, SIGKILL])
    func killedConvertLeavesNothing(signal: Int32) throws {
        let source = Repository.recordings + "/touchscreen-dell-canvas-session.json"
        let events = try Recording(contentsOf: source).events
        try TemporaryDirectory.with(prefix: "tactile-cli") { directory in
            for step in 0..<12 {
                let out = directory + "/out\(step).json"
                let process = Process()
                process.executableURL = URL(fileURLWithPath: try tactile())
                process.arguments = ["convert", source, out]
                process.standardError = FileHandle.nullDevice
                try process.run()
                usleep(useconds_t(step * 15_000))
                kill(process.processIdentifier, signal)
                process.waitUntilExit()
                let left = try FileManager.default.contentsOfDirectory(atPath: directory)
                #expect(left.allSatisfy { $0.hasPrefix("out") }, "step \(step): \(left)")
                if left.contains("out\(step).json") {
                    #expect(try RecordingReader.read(contentsOf: out).events == events, "step \(step): a whole file or none")
                }
            }
        }
    }

    @Test("a label at the limits converts and reads back")
    func labelAtTheLimits() throws {
        try TemporaryDirectory.with(prefix: "tactile-cli") { directory in
            let out = directory + "/out.json"
            let gesture = String(repeating: "g", count: 1024)
            let result = try TestSupport.run(try tactile(), ["convert", Self.source, out, "--gesture", gesture, "--fingers", "1000",
                                                             "--recognizer", "pan", "--absent", "pinch"])
            #expect(result.status == 0, "\(result.standardError)")
            let label = try #require(try RecordingReader.read(contentsOf: out).labels.last)
            #expect(label.gesture == gesture && label.fingers == 1000 && label.recognizers == ["pan"] && label.absent == ["pinch"])
        }
    }
}
