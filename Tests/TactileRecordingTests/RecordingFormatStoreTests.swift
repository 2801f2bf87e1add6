// Recording format v1: saving and the recording store.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

@Suite("Recording format v1: saving and the store")
struct RecordingFormatStoreTests {
    /// The permission bits of `path`.
    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
    }

    @Test("a save is private (0600), complete, and leaves no temporary file")
    func atomicSave() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/tap.json"
            try RecordingWriter.write(RecordingFormatFixtures.tap, to: path)
            #expect(try mode(path) == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["tap.json"])
            #expect(try String(contentsOfFile: path, encoding: .utf8) == RecordingFormatFixtures.tapText)
            #expect(try RecordingReader.read(contentsOf: path) == RecordingReader.read(bytes: Array(RecordingFormatFixtures.tapText.utf8)))
        }
    }

    @Test("an existing file is not replaced unless asked")
    func overwrite() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/x.json"
            try "precious".write(toFile: path, atomically: false, encoding: .utf8)
            do throws(RecordingError) {
                try RecordingWriter.write(RecordingFormatFixtures.tap, to: path)
                Issue.record("replaced an existing file")
            } catch {
                #expect(error.problem == .exists)
                #expect(error.file == path)
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["x.json"], "no temporary file left")
            try RecordingWriter.write(RecordingFormatFixtures.tap, to: path, overwrite: true)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == RecordingFormatFixtures.tapText)
            #expect(try mode(path) == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["x.json"])
        }
    }

    @Test("saving into a directory that does not exist is a clean error")
    func missingDirectory() throws {
        try TemporaryDirectory.with { directory in
            #expect(throws: RecordingError.self) { try RecordingWriter.write(RecordingFormatFixtures.tap, to: directory + "/no/such/x.json") }
            #expect(throws: RecordingError.self) { try RecordingWriter.write(RecordingFormatFixtures.tap, to: directory + "/") }
        }
    }

    @Test("the store numbers names: x.json, x 2.json, x 3.json; its directory is private")
    func uniqueNames() throws {
        try TemporaryDirectory.with { directory in
            let store = RecordingStore(directory: directory + "/recordings")
            #expect(store.recordings().isEmpty)
            #expect(store.availablePath(for: "pinch-out") == directory + "/recordings/pinch-out.json")
            let first = try store.save(RecordingFormatFixtures.tap, as: "pinch-out")
            let second = try store.save(RecordingFormatFixtures.tap, as: "pinch-out")
            let third = try store.save(RecordingFormatFixtures.tap, as: "pinch-out.json")
            #expect(first.hasSuffix("/recordings/pinch-out.json"))
            #expect(second.hasSuffix("/recordings/pinch-out 2.json"))
            #expect(third.hasSuffix("/recordings/pinch-out 3.json"))
            #expect(store.availablePath(for: "pinch-out") == directory + "/recordings/pinch-out 4.json")
            #expect(store.recordings() == [first, second, third])
            #expect(try mode(store.directory) == 0o700)
            for path in [first, second, third] {
                #expect(try mode(path) == 0o600)
                #expect(try RecordingReader.read(contentsOf: path).events == RecordingFormatFixtures.tap.events)
            }
            // A gap is filled; names taken by other files are skipped.
            try FileManager.default.removeItem(atPath: second)
            try "x".write(toFile: directory + "/recordings/other.json", atomically: false, encoding: .utf8)
            #expect(try store.save(RecordingFormatFixtures.tap, as: "pinch-out") == second)
            #expect(try store.save(RecordingFormatFixtures.tap, as: "other").hasSuffix("/other 2.json"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory).allSatisfy { !$0.hasPrefix(".") }, "no temporary files")
        }
    }

    @Test("names are sanitized", arguments: [
        ("pinch-out", "pinch-out"),
        ("Pinch Out!", "Pinch Out!"),
        ("", "recording"),
        ("   ", "recording"),
        ("...", "recording"),
        ("\u{0}", "recording"),
        (".hidden", "hidden"),
        ("../../etc/passwd", "etc-passwd"),
        ("a/b\\c", "a-b-c"),
        ("a..b", "a.b"),
        ("x.json", "x"),
        ("X.JSON", "X"),
        ("two  words\tand\nlines", "two words and lines"),
        ("ends with dot.", "ends with dot"),
        ("-rf", "rf"),
        ("bell\u{7}tab", "belltab"),
        ("right\u{202E}to-left", "rightto-left"),
        ("zero\u{200B}width", "zerowidth"),
        ("Zwei Finger – Wischen ✋", "Zwei Finger – Wischen ✋"),
    ])
    func sanitized(_ example: (String, String)) {
        #expect(RecordingStore.sanitizedName(example.0) == example.1)
    }

    @Test("long names are cut at a character boundary")
    func longNames() {
        let name = RecordingStore.sanitizedName(String(repeating: "é", count: 500))
        #expect(name.utf8.count <= RecordingStore.maximumNameLength)
        #expect(name == String(repeating: "é", count: RecordingStore.maximumNameLength / 2))
        let mixed = RecordingStore.sanitizedName(String(repeating: "a", count: 99) + "✋✋")
        #expect(mixed == String(repeating: "a", count: 99))
        for text in ["/", "\\", "..", ".", "\u{1}"] {
            let sanitized = RecordingStore.sanitizedName(String(repeating: text, count: 300) + "x")
            #expect(!sanitized.contains("/") && !sanitized.contains("..") && !sanitized.hasPrefix("."))
        }
    }

    @Test("the default directory follows XDG_DATA_HOME, else ~/.local/share")
    func defaultDirectory() {
        #expect(RecordingStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]) == "/data/tactile/recordings")
        #expect(RecordingStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/data/", "HOME": "/home/u"]) == "/data/tactile/recordings")
        #expect(RecordingStore.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.local/share/tactile/recordings")
        #expect(RecordingStore.defaultDirectory(environment: ["XDG_DATA_HOME": "", "HOME": "/home/u"]) == "/home/u/.local/share/tactile/recordings")
        #expect(RecordingStore.defaultDirectory(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/tactile/recordings")
        #expect(RecordingStore(environment: ["XDG_DATA_HOME": "/d"]).directory == "/d/tactile/recordings")
    }
}
