// --rotate and --calibration on the command line, and a live panel turned by its udev matrix with no flag.
import Foundation
import Tactile
import TactileEvdev
import TactileRecording
import TactileTestSupport
import Testing

@Suite("The mounting on the command line")
struct MountingCommandTests {
    static let file = Repository.recordings + "/touchscreen-galaxys-two-finger-drag.json"

    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    @Test("replay --rotate 90 turns every location; --calibration with the same matrix gives the same; the screen's sides swap")
    func replayTurned() throws {
        let upright = try TestSupport.run(try tactile(), ["replay", "--json", Self.file])
        let turned = try TestSupport.run(try tactile(), ["replay", "--json", "--rotate", "90", Self.file])
        let matrix = try TestSupport.run(try tactile(), ["replay", "--json", "--calibration", "0 -1 1 1 0 0", Self.file])
        #expect(upright.status == 0 && turned.status == 0, "stderr: \(turned.standardError)")
        #expect(turned.lines == matrix.lines)
        let screen = try Recording(contentsOf: Self.file).screen.bounds
        let before = try upright.lines.map { try JSONDecoder().decode(ActionRecord.self, from: Data($0.utf8)) }
        let after = try turned.lines.map { try JSONDecoder().decode(ActionRecord.self, from: Data($0.utf8)) }
        #expect(before.count == after.count && !before.isEmpty)
        for (a, b) in zip(before, after) {
            #expect(a.recognizer == b.recognizer && a.state == b.state && a.time == b.time)
            // A quarter turn clockwise on the turned (height × width) screen: (x, y) → (height − y, x).
            #expect(abs(b.location.x - (screen.height - a.location.y)) < 0.01 && abs(b.location.y - a.location.x) < 0.01)
        }
    }

    @Test("a mounting that is no mounting is refused, saying what is expected")
    func refusals() throws {
        let cases: [([String], String)] = [
            (["--rotate", "45"], "expected 0, 90, 180 or 270"),
            (["--calibration", "1 0 0 0 1"], "six numbers"),
            (["--calibration", "1 1 0 1 1 0"], "onto a line"),
            (["--calibration", "1 0 nan 0 1 0"], "not a finite number"),
            (["--rotate", "90", "--calibration", "0 -1 1 1 0 0"], "give one"),
        ]
        for (options, message) in cases {
            let output = try TestSupport.run(try tactile(), ["replay"] + options + [Self.file])
            #expect(output.status != 0, "\(options)")
            #expect(output.standardError.contains(message), "\(options): \(output.standardError)")
        }
        // synth draws upright, and says how to mount what it drew.
        let synth = try TestSupport.run(try tactile(), ["synth", "tap", "--rotate", "90", "-o", "/tmp/never-written.json"])
        #expect(synth.status != 0 && synth.standardError.contains("tactile convert --rotate"), "\(synth.standardError)")
    }

    @Test("convert --rotate stores the mounting (version 3) and leaves out the golden log it no longer matches")
    func convert() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-mount-convert")
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.path + "/turned.json"
        let converted = try TestSupport.run(try tactile(), ["convert", "--rotate", "270", Self.file, output])
        #expect(converted.status == 0 && converted.standardError.contains("golden log"), "stderr: \(converted.standardError)")
        let recording = try Recording(contentsOf: output)
        #expect(recording.transform == .rotated(.clockwise270) && recording.expected == nil)
        let original = try Recording(contentsOf: Self.file).screen.bounds
        #expect(recording.screen.bounds.size == Size(width: original.height, height: original.width))
        let info = try TestSupport.run(try tactile(), ["info", output])
        #expect(info.standardOutput.contains("rotated 270° clockwise"), "info: \(info.standardOutput)")
        // Replayed as it was recorded, it is what `replay --rotate 270` gives of the original.
        let replayed = try TestSupport.run(try tactile(), ["replay", "--json", output])
        let rotated = try TestSupport.run(try tactile(), ["replay", "--json", "--rotate", "270", Self.file])
        #expect(replayed.lines == rotated.lines && !replayed.lines.isEmpty)
    }
}

/// A panel whose udev entry carries `LIBINPUT_CALIBRATION_MATRIX`, read live
/// by `tactile demo` through the real path (libevdev on a umockdev testbed):
/// turned with no flag, as libinput turns it; `--rotate 0` turns it back.
@Suite(.enabled(if: TestSupport.umockdevRun != nil, Comment(rawValue: TestSupport.umockdevMissing)))
struct MountedLiveDemoTests {
    func demo(_ mounting: SurfaceTransform, flags: [String]) throws -> TestSupport.Output {
        let tactile = try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
        let recording = try RecordingReader.read(contentsOf: MountingCommandTests.file)
        let directory = try TemporaryDirectory.create(prefix: "tactile-mounted-live")
        defer { try? FileManager.default.removeItem(at: directory) }
        var writer = try TestbedWriter(device: recording.device, events: recording.events)
        writer.calibration = mounting
        let testbed = try writer.write(to: directory.path, name: "panel")
        // The screen as seen, given whole, so that no display of this machine is consulted.
        let seen = mounting.screen(turning: recording.screen).bounds
        let screen = ["--screen", "\(Int(seen.width))x\(Int(seen.height))", "--dpi", "\(Int((recording.screen.pointsPerMillimetre * 25.4).rounded()))"]
        let line = testbed.commandLine(running: [tactile, "demo", "--device", testbed.node, "--json", "--idle-exit", "1"] + screen + flags,
                                       umockdevRun: try #require(TestSupport.umockdevRun))
        return try TestSupport.run(line[0], Array(line.dropFirst()))
    }

    func replay(_ options: [String]) throws -> [String] {
        let tactile = try #require(TestSupport.product("tactile"))
        return try TestSupport.run(tactile, ["replay", "--json"] + options + [MountingCommandTests.file]).lines
    }

    @Test("a panel mounted upside down is read turned, and says so", arguments: [SurfaceTransform.Rotation.clockwise180, .clockwise90])
    func turnedByUdev(_ rotation: SurfaceTransform.Rotation) throws {
        let live = try demo(.rotated(rotation), flags: [])
        #expect(live.status == 0, "stderr: \(live.standardError)")
        #expect(live.standardError.contains("is mounted rotated \(rotation.rawValue)° clockwise, as its udev entry says"), "stderr: \(live.standardError)")
        let expected = try replay(["--rotate", "\(rotation.rawValue)"])
        #expect(!expected.isEmpty && live.lines == expected)
        #expect(live.lines != (try replay([])))
    }

    @Test("--rotate 0 reads it upright, whatever its udev entry says")
    func flagWins() throws {
        let live = try demo(.rotated(.clockwise180), flags: ["--rotate", "0"])
        #expect(live.status == 0, "stderr: \(live.standardError)")
        #expect(!live.standardError.contains("is mounted"))
        #expect(live.lines == (try replay([])))
    }
}
