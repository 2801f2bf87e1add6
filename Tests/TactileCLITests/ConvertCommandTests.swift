// `tactile convert` keeps what it read through evemu and libinput record, says what an output cannot hold, and names the formats it writes.
import Foundation
import TactileTestSupport
import Testing

@Suite struct ConvertCommandTests {
    /// The user study's file: a drag on a 480 × 800 screen, with a label and a golden log.
    let drag = Repository.path("Recordings/touchscreen-galaxys-drag.json")

    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    func run(_ arguments: [String]) throws -> TestSupport.Output {
        try TestSupport.run(try tactile(), arguments)
    }

    @Test(arguments: ["evemu", "yml"])
    func jsonThroughAnotherFormatAndBackIsTheSameFileAndReplaysAsExpected(extension: String) throws {
        try TemporaryDirectory.with(prefix: "tactile-convert") { directory in
            let converted = directory + "/drag." + `extension`, back = directory + "/back.json"
            let there = try run(["convert", drag, converted])
            #expect(there.status == 0 && !there.standardError.contains("warning"), "\(there.standardError)")
            let info = try run(["info", converted])
            #expect(info.standardOutput.contains("480") && info.standardOutput.contains("800"), "the screen: \(info.standardOutput)")
            let replay = try run(["replay", "--expect", converted])
            #expect(replay.status == 0, "\(replay.standardError)")
            #expect(replay.standardError.contains("as expected: the golden log (24 actions) and 1 label (1 recognizer checked)"), "\(replay.standardError)")
            let home = try run(["convert", converted, back])
            #expect(home.status == 0, "\(home.standardError)")
            #expect(FileManager.default.contents(atPath: back) == FileManager.default.contents(atPath: drag), "JSON → \(`extension`) → JSON changed the file")
        }
    }

    /// The real replay tools read what convert writes: libevemu (evemu-play's
    /// library) and libinput replay's own code, through tools/replayers-read.py.
    @Test(.enabled(if: ReplayTools.available, "libevemu or libinput replay is not installed (make installs evemu-tools and libinput-tools)"),
          arguments: ["touchscreen-galaxys-drag.json", "touchpad-synaptics-two-finger-scroll.json", "synthetic/touchpad-showcase.json"])
    func theRealReplayToolsTakeTheConvertedFiles(file: String) throws {
        try TemporaryDirectory.with(prefix: "tactile-convert") { directory in
            let original = Repository.path("Recordings/" + file)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: original))) as? [String: Any])
            let events = try #require(object["events"] as? [[Int]])
            let name = try #require((object["device"] as? [String: Any])?["name"] as? String)
            for (format, ext) in [("evemu", "evemu"), ("libinput-record", "yml")] {
                let converted = directory + "/converted." + ext
                #expect(try run(["convert", "--force", original, converted]).status == 0)
                let read = try TestSupport.run(Repository.path("tools/replayers-read.py"), [format, converted])
                #expect(read.status == 0, "\(format) refused \(file): \(read.standardError)")
                let result = try #require(try JSONSerialization.jsonObject(with: Data(read.standardOutput.utf8)) as? [String: Any])
                #expect(result["name"] as? String == name, "\(format)")
                #expect(result["events"] as? Int == events.count, "\(format): \(result)")
                #expect(result["last"] as? [Int] == events.last, "\(format): \(result)")
            }
        }
    }

    @Test func aGoldenLogCanBePinnedInEvemuAndReplayChecksIt() throws {
        try TemporaryDirectory.with(prefix: "tactile-convert") { directory in
            let pinned = directory + "/double-tap.evemu"
            let convert = try run(["convert", Repository.path("Recordings/evemu/touchpad-double-tap.evemu"), pinned, "--golden"])
            #expect(convert.status == 0, "\(convert.standardError)")
            let replay = try run(["replay", "--expect", pinned])
            #expect(replay.status == 0, "\(replay.standardError)")
            #expect(replay.standardError.contains("\(pinned): as expected: the golden log ("), "\(replay.standardError)")
            #expect(!replay.standardError.contains("label"), "no label to check: \(replay.standardError)")
        }
    }

    @Test func whatAnOutputCannotHoldExactlyIsNamed() throws {
        try TemporaryDirectory.with(prefix: "tactile-convert") { directory in
            // evemu writes a line break in a device name as a space.
            let text = try String(contentsOfFile: drag, encoding: .utf8)
                .replacingOccurrences(of: #""name": "Samsung Galaxy S (getevent)""#, with: #""name": "Samsung\nGalaxy S""#)
            let source = directory + "/two-line-name.json", converted = directory + "/two-line-name.evemu"
            try text.write(toFile: source, atomically: true, encoding: .utf8)
            let convert = try run(["convert", source, converted])
            #expect(convert.status == 0, "\(convert.standardError)")
            #expect(convert.standardError.contains("warning: \(converted): evemu does not keep the device exactly"), "\(convert.standardError)")
            #expect(!convert.standardError.contains("the golden log exactly"), "only what differs is named: \(convert.standardError)")
        }
    }

    @Test func anOutputOfAFormatItDoesNotWriteListsTheFormatsItWrites() throws {
        let output = try run(["convert", drag, "/tmp/tactile-convert-never-written.txt"])
        #expect(output.status == 64, "a bad argument: \(output.standardError)")
        for words in ["Tactile JSON (.json)", "evemu (.evemu, .events, .desc, .ev)", "libinput record YAML (.yml, .yaml)",
                      "--to (tactile, evemu, libinput-record)", ".txt, which is Android getevent text: tactile reads it but does not write it",
                      "Usage: tactile convert"] {
            #expect(output.standardError.contains(words), "\(words): \(output.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/tactile-convert-never-written.txt"))
        let none = try run(["convert", drag, "/tmp/tactile-convert-never-written"])
        #expect(none.status == 64 && none.standardError.contains("found no extension"), "\(none.standardError)")
    }
}

/// Whether tools/replayers-read.py can run both tools here (it exits 2 when one is missing).
enum ReplayTools {
    static let available: Bool = {
        let script = Repository.path("tools/replayers-read.py")
        let evemu = Repository.path("Recordings/evemu/touchpad-double-tap.evemu")
        guard let result = try? TestSupport.run(script, ["evemu", evemu]), result.status != 2 else { return false }
        return FileManager.default.isReadableFile(atPath: "/usr/libexec/libinput/libinput-replay")
    }()
}
