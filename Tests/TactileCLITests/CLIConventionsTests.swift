// The conventions every tactile command follows: --version, kinds in kebab-case, --force, completions, exit statuses.
import Foundation
import Tactile
import TactileRecording
import TactileSynthesis
import TactileTestSupport
@testable import TactileDesktop
import Testing
@testable import tactile

/// The conventions every `tactile` command follows: `--version`, kinds in
/// kebab-case, `--force`, completions, exit statuses.
@Suite struct CLIConventionsTests {
    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    @Test func versionComesFromOnePlace() throws {
        let output = try TestSupport.run(try tactile(), ["--version"])
        #expect(output.status == 0)
        #expect(output.standardOutput == TactileVersion.current + "\n")
        #expect(TactileVersion.current.split(separator: ".").count == 3)
    }

    /// Labels as `tactile synth` wrote them: gesture, fingers, location.
    func labels(_ path: String) throws -> [(gesture: String, fingers: Int, x: Double, y: Double)] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let labels = try #require(object["labels"] as? [[String: Any]])
        return labels.map { label in
            let values = label["values"] as? [String: Double] ?? [:]
            return (label["gesture"] as? String ?? "", label["fingers"] as? Int ?? 0, values["location.x"] ?? .nan, values["location.y"] ?? .nan)
        }
    }

    @Test func synthTakesKindsInKebabCaseAndCamelCase() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-cli")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("kinds.json").path
        let output = try TestSupport.run(try tactile(), ["synth", "pinch-out", "long-press", "doubleTap", "-o", file, "--golden"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(try labels(file).map(\.gesture) == ["pinch-out", "long-press", "double-tap"])
        let replay = try TestSupport.run(try tactile(), ["replay", "--expect", file])
        #expect(replay.status == 0, "\(replay.standardError)")
    }

    @Test func anUnknownKindGetsTheSubcommandsUsage() throws {
        let output = try TestSupport.run(try tactile(), ["synth", "pinchy", "-o", "/tmp/never-written.json"])
        #expect(output.status == 64)
        #expect(output.standardError.contains("pinch-out"))
        #expect(output.standardError.contains("Usage: tactile synth "), "\(output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.json"))
    }

    @Test func synthPlacesGesturesWithTheFingersAsked() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-cli")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("placed.json").path
        let output = try TestSupport.run(try tactile(), ["synth", "tap", "hold", "tap", "--fingers", "2", "--at", "30,20", "-o", file, "--golden"])
        #expect(output.status == 0, "\(output.standardError)")
        let written = try labels(file)
        #expect(written.count == 3)
        for label in written {
            #expect(label.fingers == 2)
            #expect(abs(label.x - 30) < 3 && abs(label.y - 20) < 3, "\(label.gesture) at \(label.x), \(label.y)")
        }
        let replay = try TestSupport.run(try tactile(), ["replay", "--expect", file])
        #expect(replay.status == 0, "\(replay.standardError)")
    }

    @Test(arguments: [
        (["rotation", "--fingers", "1"], "--fingers 1 does not suit rotation, which needs at least 2 fingers"),
        (["pan", "--fingers", "0"], "--fingers must be 1 to"),
        (["pan", "--fingers", "6"], "--fingers must be 1 to 5: the synthetic touchpad counts at most 5 fingers"),
        (["tap", "--at", "500,10"], "lies outside the synthetic touchpad"),
        (["tap", "--at", "ten,10"], "expected X,Y in millimetres"),
        (["tap", "--preset", "tablet"], "--preset must be touchpad, touchscreen, two-slot-touchpad"),
    ])
    func badSynthOptionsAreNamed(arguments: [String], message: String) throws {
        let output = try TestSupport.run(try tactile(), ["synth"] + arguments + ["-o", "/tmp/never-written.json"])
        #expect(output.status == 64)
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(output.standardError.contains("Usage: tactile synth "))
    }

    /// Every command that will not overwrite says how to: `--force`; with it, it does.
    @Test func refusalsToOverwriteNameForce() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-cli")
        defer { try? FileManager.default.removeItem(at: directory) }
        let tactile = try tactile()
        let json = directory.appendingPathComponent("a.json").path
        let evemu = directory.appendingPathComponent("a.evemu").path
        #expect(try TestSupport.run(tactile, ["synth", "tap", "-o", json]).status == 0)
        let commands: [[String]] = [
            ["synth", "tap", "-o", json],
            ["synth", "tap", "-o", evemu],
            ["convert", json, json.replacingOccurrences(of: "a.json", with: "b.json")],
            ["convert", json, evemu],
            ["demo", "--device", "/nonexistent/event0", "--record", json],
            ["record", "--device", "/nonexistent/event0", "--output", json],
            ["plot", json, "-o", evemu],
            ["check", Repository.path("dist/gestures.toml"), "--against", json, "--plot", evemu],
        ]
        _ = try TestSupport.run(tactile, ["synth", "tap", "-o", evemu])
        _ = try TestSupport.run(tactile, ["synth", "tap", "-o", json.replacingOccurrences(of: "a.json", with: "b.json")])
        for command in commands {
            let before = try Data(contentsOf: URL(fileURLWithPath: command.contains(evemu) ? evemu : json))
            let refused = try TestSupport.run(tactile, command)
            #expect(refused.status == 1, "\(command)")
            #expect(refused.standardError.contains("a file is already there; pass --force to overwrite it"), "\(command): \(refused.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: command.contains(evemu) ? evemu : json)) == before)
        }
        for command in commands.prefix(4) {
            let forced = try TestSupport.run(tactile, command + ["--force"])
            #expect(forced.status == 0, "\(command): \(forced.standardError)")
        }
    }

    /// What bash completes for `words` (the last one being completed) with
    /// the script `tactile --generate-completion-script bash` writes, run in `directory`.
    func bashCompletions(_ words: [String], in directory: URL) throws -> [String] {
        let script = directory.appendingPathComponent("tactile.bash")
        let generated = try TestSupport.run(try tactile(), ["--generate-completion-script", "bash"])
        #expect(generated.status == 0)
        try generated.standardOutput.write(to: script, atomically: true, encoding: .utf8)
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let line = words.joined(separator: " ")
        let program = """
            cd '\(directory.path)' && source '\(script.path)' && COMP_WORDS=(\(quoted)) && COMP_CWORD=\(words.count - 1) \
            && COMP_LINE='\(line)' && COMP_POINT=${#COMP_LINE} && _tactile tactile '\(words.last ?? "")' '\(words.dropLast().last ?? "")' \
            && printf '%s\\n' "${COMPREPLY[@]}"
            """
        let output = try TestSupport.run("/bin/bash", ["-c", program])
        #expect(output.status == 0, "\(output.standardError)")
        return output.lines.sorted()
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
    func bashCompletesKindsFormatsFilesAndDevices() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-cli")
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["a.json", "b.evemu", "c.yml", "notes.md"] {
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data())
        }
        #expect(try bashCompletions(["tactile", "synth", "pinch"], in: directory) == ["pinch-in", "pinch-out"])
        #expect(try bashCompletions(["tactile", "synth", "tap", "--preset", "two"], in: directory) == ["two-slot-touchpad"])
        #expect(try bashCompletions(["tactile", "convert", "a.json", "out.evemu", "--to", "lib"], in: directory) == ["libinput-record"])
        #expect(try bashCompletions(["tactile", "replay", ""], in: directory) == ["a.json", "b.evemu", "c.yml"])
        #expect(try bashCompletions(["tactile", "golden", ""], in: directory) == ["a.json"])
        let script = try TestSupport.run(try tactile(), ["--generate-completion-script", "bash"]).standardOutput
        #expect(script.contains("ls -1 /dev/input/event*"))
        for shell in ["zsh", "fish"] {
            let other = try TestSupport.run(try tactile(), ["--generate-completion-script", shell])
            #expect(other.status == 0)
            #expect(other.standardOutput.contains("pinch-out") && other.standardOutput.contains("/dev/input/event*"))
        }
    }

    @Test func recoverRefusesAnExistingOutUnlessForced() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-cli")
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = directory.appendingPathComponent("r.json.journal").path
        let out = directory.appendingPathComponent("out.json").path
        let writer = try RecordingJournal.Writer(path: journal, header: .init(device: SynthesizedDevices.touchpad))
        try writer.append(InputEvent(time: 0, type: .abs, code: AbsCode.mtTrackingID, value: 1))
        try writer.append(InputEvent(time: 0, type: .syn, code: SynCode.report, value: 0))
        try writer.close()
        _ = FileManager.default.createFile(atPath: out, contents: Data("keep".utf8))
        let refused = try TestSupport.run(try tactile(), ["recover", journal, out])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("out.json: a file is already there; pass --force to overwrite it"), "\(refused.standardError)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "keep")
        let forced = try TestSupport.run(try tactile(), ["recover", journal, out, "--force"])
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(try RecordingReader.read(contentsOf: out).events.count == 2)
    }

    @Test func convertTakesFormatsInKebabCase() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-cli")
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("a.json").path
        #expect(try TestSupport.run(try tactile(), ["synth", "tap", "-o", json]).status == 0)
        for name in ["libinput-record", "libinputRecord"] {
            let out = directory.appendingPathComponent("\(name).out").path
            let output = try TestSupport.run(try tactile(), ["convert", json, out, "--to", name])
            #expect(output.status == 0, "\(output.standardError)")
            #expect(try String(contentsOfFile: out, encoding: .utf8).contains("libinput:"))
        }
        let bad = try TestSupport.run(try tactile(), ["convert", json, directory.appendingPathComponent("x").path, "--to", "getevent"])
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("expected tactile, evemu, libinput-record"))
        #expect(bad.standardError.contains("Usage: tactile convert "))
    }

    /// `--device` names a node everywhere; an evemu description file is `--description`.
    @Test func replayAndConvertTakeAnEvemuDescription() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-cli")
        defer { try? FileManager.default.removeItem(at: directory) }
        let whole = directory.appendingPathComponent("whole.evemu").path
        #expect(try TestSupport.run(try tactile(), ["synth", "pan", "-o", whole]).status == 0)
        let lines = try String(contentsOfFile: whole, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let description = directory.appendingPathComponent("pad.desc").path
        let events = directory.appendingPathComponent("pan.data").path
        try lines.filter { !$0.hasPrefix("E:") }.joined(separator: "\n").write(toFile: description, atomically: true, encoding: .utf8)
        try lines.filter { $0.hasPrefix("E:") }.joined(separator: "\n").write(toFile: events, atomically: true, encoding: .utf8)

        let expected = try TestSupport.run(try tactile(), ["replay", "--json", whole])
        let replayed = try TestSupport.run(try tactile(), ["replay", "--json", "--description", description, events])
        #expect(replayed.status == 0, "\(replayed.standardError)")
        #expect(replayed.standardOutput == expected.standardOutput)
        #expect(expected.standardOutput.contains("pan"))

        let converted = directory.appendingPathComponent("pan.json").path
        let output = try TestSupport.run(try tactile(), ["convert", "--description", description, events, converted])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(try TestSupport.run(try tactile(), ["replay", "--json", converted]).standardOutput == expected.standardOutput)
    }
}
