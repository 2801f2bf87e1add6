// Absurd option values and screens: refused with the option and its range, or drawn without a trap.
import Foundation
import Tactile
import TactileTestSupport
import Testing
@testable import tactile

/// Option values no screen or surface can have are refused with the range
/// they must lie in (exit 64), before any file is read or written; values the
/// terminal view computes from a recording never trap when converted.
@Suite struct HostileOptionTests {
    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    static let recording = Repository.recordings + "/touchscreen-atmel-four-finger-drag.json"

    @Test(arguments: [
        (["replay", "--json", recording, "--screen", "1e30x1e30"], "each 1 to 1000000"),
        (["replay", "--json", recording, "--screen", "0.5x100"], "each 1 to 1000000"),
        (["replay", "--json", recording, "--dpi", "1e-300"], "a number from 1 to 10000"),
        (["convert", recording, "/tmp/tactile-never-written.json", "--surface-size", "1e-300x1"], "each 1 to 100000"),
        (["convert", recording, "/tmp/tactile-never-written.json", "--surface-size", "1e300x1e300"], "each 1 to 100000"),
        (["synth", "tap", "-o", "/tmp/tactile-never-written.json", "--screen", "1x1e30"], "each 1 to 1000000"),
        (["demo", "--recording", "touchpad-two-finger-scroll.evemu", "--speed", "1e-300"], "--speed must be a number from 0.01 to 1000"),
    ])
    func absurdOptionsAreRefused(arguments: [String], message: String) throws {
        let output = try TestSupport.run(try tactile(), arguments)
        #expect(output.status == 64, "\(output.standardError)")
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/tactile-never-written.json"))
    }

    @Test("ArgumentParser's own errors quote a refused value with its control characters escaped")
    func optionValueWithControlCharacters() throws {
        for arguments in [["replay", "--screen", "\u{1b}]0;pwned\u{7}", Self.recording], ["\u{9b}2J"]] {
            let output = try TestSupport.run(try tactile(), arguments)
            #expect(output.status == 64, "\(output.standardError)")
            #expect(!output.standardError.unicodeScalars.contains { $0.value == 0x1b || $0.value == 0x07 || $0.value == 0x9b },
                    "raw control character in \(output.standardError.debugDescription)")
            #expect(output.standardError.contains("\\x1b") || output.standardError.contains("\\u{9b}"), "\(output.standardError)")
        }
    }

    @Test("the terminal view sizes and places fingers on absurd screens without a trap")
    func terminalGeometry() {
        #expect(TerminalView.boxHeight(width: 80, aspect: 1e30, room: 20) == 20)
        #expect(TerminalView.boxHeight(width: 80, aspect: .greatestFiniteMagnitude, room: 20) == 20)
        #expect(TerminalView.cell(x: 1e30, y: -1e30, width: 20, height: 10).map { [$0.column, $0.row] } == [18, 1])
    }

    @Test("a recording's screen beyond what any display has is refused with its path and limit", arguments: [
        ("\"width\": 1920.0", "\"width\": 1e30", "screen.bounds.size.width", "at most 1000000.00"),
        ("\"pointsPerMillimetre\": 3.7795275590551185", "\"pointsPerMillimetre\": 5e-324", "screen.pointsPerMillimetre", "of at least 0.01"),
        ("\"pointsPerMillimetre\": 3.7795275590551185", "\"pointsPerMillimetre\": 1e300", "screen.pointsPerMillimetre", "at most 1000.00"),
    ])
    func absurdScreen(original: String, replacement: String, path: String, message: String) throws {
        let text = try String(contentsOfFile: Self.recording, encoding: .utf8)
        #expect(text.contains(original))
        let directory = try TemporaryDirectory.create(prefix: "tactile-screen")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("screen.json").path
        try text.replacingOccurrences(of: original, with: replacement).write(toFile: file, atomically: true, encoding: .utf8)
        for command in [["info", file], ["replay", "--json", file]] {
            let output = try TestSupport.run(try tactile(), command)
            #expect(output.status == 1, "\(command[0]): \(output.standardError)")
            #expect(output.standardError.contains(path) && output.standardError.contains(message), "\(command[0]): \(output.standardError)")
        }
    }
}
