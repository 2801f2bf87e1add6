// Standard input, pipes, FIFOs and devices given as recordings, and `info` on damaged files.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `-` reads standard input and a pipe is read whole; a FIFO nobody writes to
/// and a device are refused at once instead of hanging; `info` reads a
/// Tactile JSON file's end and says when it is damaged, and `--verify` reads
/// every event.
@Suite struct SpecialFileTests {
    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    static let recording = Repository.recordings + "/touchscreen-atmel-four-finger-drag.json"
    static let evemu = Repository.recordings + "/evemu/touchpad-two-finger-scroll.evemu"

    /// `tactile arguments` with `input` on its standard input, through a shell pipe.
    func piped(_ input: String, _ arguments: [String]) throws -> TestSupport.Output {
        let command = "cat '\(input)' | '\(try tactile())' " + arguments.map { "'\($0)'" }.joined(separator: " ")
        return try TestSupport.run("/bin/sh", ["-c", command])
    }

    @Test("`-` reads standard input, in any format, as the file itself", arguments: [recording, evemu])
    func standardInput(file: String) throws {
        let direct = try TestSupport.run(try tactile(), ["replay", "--json", file])
        let fromStandardInput = try piped(file, ["replay", "--json", "-"])
        #expect(fromStandardInput.status == 0, "\(fromStandardInput.standardError)")
        #expect(fromStandardInput.standardOutput == direct.standardOutput)
        #expect(!direct.standardOutput.isEmpty)
        let info = try piped(file, ["info", "-"])
        #expect(info.status == 0, "\(info.standardError)")
        #expect(info.standardOutput.hasPrefix("<stdin>: "), "\(info.standardOutput)")
    }

    @Test("a FIFO with no writer is refused at once by info, replay and convert")
    func fifoWithoutWriter() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-fifo")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("recording.json").path
        try #require(mkfifo(fifo, 0o600) == 0)
        for arguments in [["info", fifo], ["replay", fifo], ["convert", fifo, directory.appendingPathComponent("out.evemu").path]] {
            let started = Date()
            let output = try TestSupport.run(try tactile(), arguments, timeout: 10)
            #expect(Date().timeIntervalSince(started) < 5, "\(arguments[0]) waited")
            #expect(output.status == 1, "\(arguments[0]): \(output.standardError)")
            #expect(output.standardError.contains("a FIFO with nothing to read"), "\(arguments[0]): \(output.standardError)")
        }
    }

    @Test("a device or a directory is refused without being read", arguments: ["/dev/zero", "/dev/null", "/tmp"])
    func notAFile(path: String) throws {
        let output = try TestSupport.run(try tactile(), ["replay", path], timeout: 10)
        #expect(output.status == 1, "\(output.standardError)")
        #expect(output.standardError.contains("expected a recording file, found a"), "\(output.standardError)")
    }

    @Test("info reports a Tactile JSON file cut anywhere as damaged (exit 1), and a whole one as checked")
    func truncatedFiles() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.recording)))
        let directory = try TemporaryDirectory.create(prefix: "tactile-cut")
        defer { try? FileManager.default.removeItem(at: directory) }
        let whole = try TestSupport.run(try tactile(), ["info", Self.recording])
        #expect(whole.status == 0)
        #expect(whole.standardOutput.contains("checked     the end: whole"), "\(whole.standardOutput)")
        // Cuts after the header: from the first event to just before the closing brace.
        let eventsStart = try #require(String(decoding: bytes, as: UTF8.self).range(of: "\"events\": [")).upperBound.utf16Offset(in: String(decoding: bytes, as: UTF8.self))
        var reported = 0, cuts = 0
        for step in 1...24 {
            let cut = eventsStart + (bytes.count - 3 - eventsStart) * step / 24
            let file = directory.appendingPathComponent("cut-\(step).json").path
            try Data(bytes.prefix(cut)).write(to: URL(fileURLWithPath: file))
            let output = try TestSupport.run(try tactile(), ["info", file])
            cuts += 1
            if output.status == 1, output.standardError.contains("damaged"), output.standardOutput.contains("DAMAGED") { reported += 1 }
        }
        #expect(reported == cuts, "\(reported) of \(cuts) cut files reported damaged")
    }

    @Test("info reports events lost from the end as damaged; --verify reads every event")
    func lostEventsAndVerify() throws {
        var text = try String(contentsOfFile: Self.recording, encoding: .utf8)
        let directory = try TemporaryDirectory.create(prefix: "tactile-lost")
        defer { try? FileManager.default.removeItem(at: directory) }
        // The last frame (its events from the last time stamp) removed, the ending kept.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let last = try #require(lines.lastIndex { $0.hasPrefix("    [") })
        let stamp = lines[last].split(separator: ",").prefix(2).joined(separator: ",")
        var kept = lines.filter { !$0.hasPrefix(stamp) }
        let newLast = try #require(kept.lastIndex { $0.hasPrefix("    [") })
        kept[newLast] = Substring(kept[newLast].hasSuffix(",") ? String(kept[newLast].dropLast()) : String(kept[newLast]))
        text = kept.joined(separator: "\n")
        let file = directory.appendingPathComponent("lost.json").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let output = try TestSupport.run(try tactile(), ["info", file])
        #expect(output.status == 1, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardError.contains("where the summary says 0.566589 s"), "\(output.standardError)")

        let verified = try TestSupport.run(try tactile(), ["info", "--verify", Self.recording])
        #expect(verified.status == 0, "\(verified.standardError)")
        #expect(verified.standardOutput.contains("every event: 309 read, as the summary says"), "\(verified.standardOutput)")
        let lost = try TestSupport.run(try tactile(), ["info", "--verify", file])
        #expect(lost.status == 1)
        #expect(lost.standardError.contains("damaged: the summary claims"), "\(lost.standardError)")
    }

    /// A resolution below 0 is taken as none: `info` names it, `info --verify`
    /// fails on it, and `replay`'s diagnostic says it is negative.
    @Test func aNegativeResolutionIsNamed() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-negative")
        defer { try? FileManager.default.removeItem(at: directory) }
        var recording = try Recording(contentsOf: Repository.recordings + "/touchpad-cypress-two-finger-tap.json")
        recording.device.axes = recording.device.axes.map { axis in
            var axis = axis
            if axis.code == AbsCode.mtPositionX { axis.resolution = -16 }
            return axis
        }
        let file = directory.appendingPathComponent("negative.json").path
        try RecordingWriter.write(recording, to: file, overwrite: true)
        let named = "ABS_MT_POSITION_X has a negative resolution, -16 units/mm"
        let info = try TestSupport.run(try tactile(), ["info", file])
        #expect(info.status == 0, "\(info.standardError)")
        #expect(info.standardOutput.contains("problem     " + named), "\(info.standardOutput)")
        let verified = try TestSupport.run(try tactile(), ["info", "--verify", file])
        #expect(verified.status == 1)
        #expect(verified.standardOutput.contains("checked     the header: WRONG"), "\(verified.standardOutput)")
        #expect(verified.standardError.contains(named), "\(verified.standardError)")
        let replay = try TestSupport.run(try tactile(), ["replay", file])
        #expect(replay.standardError.contains("a negative resolution (-16, taken as none) on ABS_MT_POSITION_X"), "\(replay.standardError)")
    }
}
