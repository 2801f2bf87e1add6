// Text from outside never drives the terminal: hostile file names, device names and labels come out escaped in every command.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing
@testable import tactile

/// A file named with an OSC title sequence and a bell, a recording whose
/// device name holds ESC, CSI (U+009B) and a newline and whose label holds
/// U+202E: every command prints them escaped (`\x1b`, `\u{9b}`, `\n`,
/// `\u{202e}`), and no raw control character reaches standard output or error.
@Suite struct PrintedTextTests {
    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    /// A file name that would set the terminal's title and ring its bell.
    static let hostileName = "a\u{1B}]0;pwned\u{7}.json"
    /// How messages show it.
    static let shownName = #"a\x1b]0;pwned\x07.json"#
    /// A device name with ESC (a colour), CSI as one C1 scalar (clear the screen) and a newline.
    static let deviceName = "Evil\u{1B}[31m\u{9B}2J\nname"
    /// How it is shown.
    static let shownDevice = #"Evil\x1b[31m\u{9b}2J\nname"#

    /// Scalars that must never reach the terminal raw: C0 but the line feed, DEL, C1, bidi controls, separators.
    static func rawControls(_ text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            scalar != "\n" && !TextFormat.isShown(scalar)
        }.map { "U+" + String($0.value, radix: 16) }
    }

    /// Expects nothing raw in what `output` printed.
    static func expectClean(_ output: TestSupport.Output, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(rawControls(output.standardOutput).isEmpty, "\(what): stdout \(rawControls(output.standardOutput))", sourceLocation: sourceLocation)
        #expect(rawControls(output.standardError).isEmpty, "\(what): stderr \(rawControls(output.standardError))", sourceLocation: sourceLocation)
    }

    /// A good recording (the synthetic touchpad taps) with the hostile device
    /// name, a label named `\u{202E}tap` that must not recognize `tap` (so
    /// `--expect` reports it), and a summary one event off (a warning).
    static func hostileRecording() throws -> String {
        var text = try String(contentsOfFile: Repository.path("Recordings/synthetic/touchpad-taps.json"), encoding: .utf8)
        for (old, new) in [("\"Tactile Synthesized Touchpad\"", JSONText.quote(deviceName)),
                           ("\"gesture\": \"tap\"", "\"gesture\": \"\\u202etap\""),
                           ("\"absent\": []", "\"absent\": [\"tap\"]"),
                           ("\"eventCount\": 537", "\"eventCount\": 538")] {
            let range = try #require(text.range(of: old), "the fixture changed: \(old) is gone")
            text.replaceSubrange(range, with: new)
        }
        return text
    }

    @Test func aMissingFileIsNamedEscaped() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-printed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent(Self.hostileName).path
        for arguments in [["info", missing], ["replay", missing], ["replay", "--json", missing],
                          ["convert", missing, directory.appendingPathComponent("out.json").path]] {
            let output = try TestSupport.run(try tactile(), arguments)
            #expect(output.status == 1, "\(arguments[0]): \(output.standardError)")
            #expect(output.standardError.contains(Self.shownName), "\(arguments[0]): \(output.standardError)")
            Self.expectClean(output, arguments[0])
        }
    }

    @Test func aBadFileIsNamedAndQuotedEscaped() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-printed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent(Self.hostileName).path
        // A key holding the sequence to clear the screen, then a string with one.
        try Data("{\"format\": \"tactile-recording\", \"version\": 1, \"created\": \"x\u{9B}2J\u{202E}\", \"bad\\u001b[2J\": 3}".utf8)
            .write(to: URL(fileURLWithPath: bad))
        for arguments in [["info", bad], ["replay", bad], ["convert", bad, directory.appendingPathComponent("out.json").path]] {
            let output = try TestSupport.run(try tactile(), arguments)
            #expect(output.status == 1, "\(arguments[0]): \(output.standardError)")
            #expect(output.standardError.contains(Self.shownName), "\(arguments[0]): \(output.standardError)")
            Self.expectClean(output, arguments[0])
        }
    }

    @Test func aGoodFileWithAHostileDeviceAndLabel() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-printed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(Self.hostileName).path
        try Self.hostileRecording().write(toFile: file, atomically: true, encoding: .utf8)
        let shownFile = TextFormat.visible(file)

        let info = try TestSupport.run(try tactile(), ["info", file])
        #expect(info.status == 0, "\(info.standardError)")
        #expect(info.standardOutput.contains(Self.shownName + ": Tactile JSON"))
        #expect(info.standardOutput.contains("device      \"\(Self.shownDevice)\""), "\(info.standardOutput)")
        #expect(info.standardOutput.contains(#"label       \u{202e}tap, 1 finger"#), "\(info.standardOutput)")
        Self.expectClean(info, "info")

        // Streaming (Tactile JSON without --expect) and whole (--expect): the header, the warning once prefixed, the labels.
        let replay = try TestSupport.run(try tactile(), ["replay", file])
        #expect(replay.status == 0, "\(replay.standardError)")
        #expect(replay.lines.first == "# \(shownFile): \"\(Self.shownDevice)\" (touchpad, 5 slots), 538 events, 4.120 s")
        #expect(replay.standardError.hasPrefix(shownFile + ": warning: the summary claims 538 events"), "\(replay.standardError)")
        #expect(!replay.standardError.contains("warning: " + Self.shownName), "the warning's prefix is doubled: \(replay.standardError)")
        Self.expectClean(replay, "replay")

        let expect = try TestSupport.run(try tactile(), ["replay", "--expect", file])
        #expect(expect.status == 1)
        #expect(expect.standardError.contains(Self.shownName + #": label: \u{202e}tap: tap recognized but must not"#), "\(expect.standardError)")
        #expect(expect.standardError.components(separatedBy: ": warning: ").count == 2, "\(expect.standardError)")
        Self.expectClean(expect, "replay --expect")

        let json = try TestSupport.run(try tactile(), ["replay", "--json", "--trace", file])
        #expect(json.status == 0)
        Self.expectClean(json, "replay --json --trace")

        // Converted to YAML and back to evemu: names escaped in the messages, the device name kept in the files.
        let yaml = directory.appendingPathComponent("b\u{1B}[2J.yml").path
        let convert = try TestSupport.run(try tactile(), ["convert", file, yaml])
        #expect(convert.status == 0, "\(convert.standardError)")
        #expect(convert.standardError.hasPrefix(shownFile + " → "), "\(convert.standardError)")
        #expect(convert.standardError.contains(#"b\x1b[2J.yml (libinput record YAML"#), "\(convert.standardError)")
        Self.expectClean(convert, "convert")
        let written = try Recording(contentsOf: yaml)
        #expect(written.device.name == Self.deviceName)
        // evemu has no room for an ESC in a name (its reader refuses control characters): refused, said cleanly, nothing written.
        let evemu = directory.appendingPathComponent("c\u{1B}[2J.evemu").path
        let again = try TestSupport.run(try tactile(), ["convert", yaml, evemu])
        #expect(again.status == 1, "\(again.standardError)")
        #expect(again.standardError.contains("expected a device name evemu can hold"), "\(again.standardError)")
        #expect(again.standardError.contains(#"c\x1b[2J.evemu"#), "\(again.standardError)")
        Self.expectClean(again, "convert again")
        #expect(!FileManager.default.fileExists(atPath: evemu))

        let mock = try TestSupport.run(try tactile(), ["mock", file, directory.appendingPathComponent("testbed").path])
        #expect(mock.status == 0, "\(mock.standardError)")
        #expect(mock.standardOutput.contains("\"\(Self.shownDevice)\""), "\(mock.standardOutput)")
        #expect(mock.standardOutput.contains(#"$'"#), "\(mock.standardOutput)")
        Self.expectClean(mock, "mock")

        let golden = try TestSupport.run(try tactile(), ["golden", file])
        #expect(golden.standardError.contains(Self.shownName + ": label: "), "\(golden.standardError)")
        Self.expectClean(golden, "golden")
    }

    @Test func theDevicesTableEscapesPathsBeforeMeasuring() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-printed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in\u{1B}[2J\u{202E}").path
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: input + "/event0", contents: Data("x".utf8))
        let table = try TestSupport.run(try tactile(), ["devices", "--directory", input])
        #expect(table.status == 0, "\(table.standardError)")
        #expect(table.standardOutput.contains(#"in\x1b[2J\u{202e}/event0"#), "\(table.standardOutput)")
        Self.expectClean(table, "devices")
        let json = try TestSupport.run(try tactile(), ["devices", "--json", "--directory", input])
        #expect(json.standardOutput.contains(#"in\u001b[2J\u202e\/event0"#) || json.standardOutput.contains(#"in\u001b[2J\u202e/event0"#),
                "\(json.standardOutput)")
        Self.expectClean(json, "devices --json")
        let empty = try TestSupport.run(try tactile(), ["devices", "--directory", directory.appendingPathComponent("none\u{7}").path])
        Self.expectClean(empty, "devices on a missing directory")
    }

    /// A mocked device named with ESC, CSI and a newline: the table and the JSON show it escaped.
    @Test(.enabled(if: TestSupport.umockdevRun != nil, "umockdev-run is not on PATH"))
    func aMockedDeviceNameIsEscaped() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-printed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("hostile.json").path
        try Self.hostileRecording().write(toFile: file, atomically: true, encoding: .utf8)
        let mock = try TestSupport.run(try tactile(), ["mock", file, directory.path, "--name", "dev"])
        #expect(mock.status == 0, "\(mock.standardError)")
        let umockdevRun = try #require(TestSupport.umockdevRun)
        let testbed = ["-d", directory.path + "/dev.umockdev", "-i", "/dev/input/event0=" + directory.path + "/dev.ioctl", "--", try tactile()]
        let table = try TestSupport.run(umockdevRun, testbed + ["devices"])
        #expect(table.status == 0, "\(table.standardError)")
        #expect(table.standardOutput.contains(Self.shownDevice), "\(table.standardOutput)")
        Self.expectClean(table, "devices under umockdev")
        let json = try TestSupport.run(umockdevRun, testbed + ["devices", "--json"])
        #expect(json.standardOutput.contains(#""name":"Evil\u001b[31m\u009b2J\nname""#), "\(json.standardOutput)")
        Self.expectClean(json, "devices --json under umockdev")
    }

    @Test func theTerminalViewEscapesTitlesLabelsAndNames() {
        var state = TerminalView.State(recognizerNames: ["tap", "pan\u{1B}[2J"])
        state.beginRecording(heading: "1/1 \(Self.hostileName): recorded on \"\(Self.deviceName)\"", path: Self.hostileName,
                             gestures: [TerminalView.GestureMark(name: "\u{202E}tap", start: 0)])
        state.update(action: ActionRecord(time: 0.1, recognizer: "hold\u{9B}", view: "window", state: .began, touches: 1,
                                          location: Point(x: 0, y: 0), values: []))
        let lines = TerminalView.renderStyled(state, width: 120, height: 40)
        #expect(lines.count == 40)
        for line in lines {
            #expect(line.count <= 120)
            #expect(Self.rawControls(line.text).isEmpty, "\(line.text)")
            // Only the styles add escape sequences.
            #expect(Self.rawControls(line.ansi.replacingOccurrences(of: "\u{1B}[", with: "")).isEmpty, "\(line.ansi)")
        }
        let text = lines.map(\.text).joined(separator: "\n")
        #expect(text.contains("tactile demo  1/1 \(Self.shownName): recorded on \"\(Self.shownDevice)\""), "\(text)")
        #expect(text.contains(#"\u{202e}tap"#))
        #expect(text.contains(#"pan\x1b[2J"#))
        #expect(text.contains(#"hold\u{9b}"#))
        #expect(text.contains("── " + Self.shownName))
        let summary = DemoSummary.lines(state, headline: "tactile demo: \(Self.deviceName)", width: 80, height: 30)
        #expect(summary.allSatisfy { Self.rawControls($0.text).isEmpty })
    }
}
