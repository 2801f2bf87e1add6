// tactile demo and record when the device is unplugged mid-stream (an --unplug umockdev testbed).
import Foundation
import Tactile
import TactileRecording
import TactileSynthesis
import TactileTestSupport
import Testing

/// A testbed whose device disappears mid-stream: `tools/umockdev-testbed.py --unplug`
/// replays events into the Synaptics testbed, then — while later events are
/// still to come — removes the device (a "remove" uevent, its sysfs
/// directory and node) and, unless `hangup` is off, closes the pty behind the
/// node, so that the command's descriptor hangs up (`POLLHUP`, end of file) as
/// the kernel's does (`POLLHUP`, `ENODEV`) on an unplug. Without the hang-up
/// only the node disappears, which ``EvdevDevice`` notices while idle.
///
/// `tactile demo --json` and `tactile record` must end at once with status 0,
/// a line naming the device on standard error, and everything received before
/// the removal printed and saved.
@Suite(.enabled(if: TestSupport.testbedHelper != nil, Comment(rawValue: TestSupport.testbedHelperMissing)))
struct DeviceRemovalTests {
    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    /// A two-finger pan from 0.1 s, then a tap: what is sent before the removal.
    static let beforeRemoval: [InputEvent] = {
        var synthesizer = GestureSynthesizer(device: TestDevices.synaptics, seed: 11)
        let pan = LiveDemoTests.shifted(synthesizer.random(.pan, fingers: 2, at: 0).events, by: 0.1)
        let tapStart = (pan.last?.time ?? 0) + 0.3
        return pan + LiveDemoTests.shifted(TestSupport.touchpadTap, by: tapStart - 0.1)
    }()

    /// A finger landing 30 s later: never delivered, the device is gone by then.
    static let afterRemoval: [InputEvent] = LiveDemoTests.shifted(Array(TestSupport.touchpadTap.prefix(6)), by: 30)

    /// Seconds after the command opened the node when the device is removed: well after
    /// the last event before the removal and its timers (the run-out is 1 s).
    static var removalDelay: Double { (beforeRemoval.last?.time ?? 0) + 2 }

    /// What the helper said.
    struct Unplugged {
        var output: TestSupport.Output
        /// The stdout lines printed before the removal (from the helper's report).
        var linesBeforeRemoval: Int?
    }

    /// Runs `arguments` of `tactile` on the testbed, removing the device mid-stream.
    func runUnplugged(_ arguments: [String], hangup: Bool, in directory: URL) throws -> Unplugged {
        let helper = try #require(TestSupport.testbedHelper)
        let events = directory.appendingPathComponent("events.evemu")
        try TestSupport.evemu(Self.beforeRemoval + Self.afterRemoval).write(to: events, atomically: true, encoding: .utf8)
        var helperArguments = ["--unplug", "-d", TestSupport.touchpadDescription,
                               "-i", "\(TestSupport.touchpadNode)=\(TestSupport.touchpadIoctl)",
                               "-e", "\(TestSupport.touchpadNode)=\(events.path)",
                               "--after-open", "--after-seconds", "\(Self.removalDelay)", "--timeout", "10"]
        if !hangup { helperArguments.append("--no-hangup") }
        let output = try TestSupport.run(helper, helperArguments + ["--", try tactile()] + arguments, timeout: 40)
        let report = output.standardError.split(separator: "\n").first { $0.hasPrefix("umockdev-testbed: removed ") }
        let linesBefore = report.flatMap { line in
            line.split(separator: ",").last?.split(separator: " ").first.flatMap { Int($0) }
        }
        return Unplugged(output: output, linesBeforeRemoval: linesBefore)
    }

    /// The checks common to both commands: removed mid-run, ended promptly
    /// and cleanly, saying which device disappeared.
    func expectCleanEnd(_ run: Unplugged, command: String) {
        let errors = run.output.standardError
        #expect(errors.contains("umockdev-testbed: removed \(TestSupport.touchpadNode)"), "stderr: \(errors)")
        #expect(errors.contains("exited with status 0"), "stderr: \(errors)")
        #expect(!errors.contains("killed"), "stderr: \(errors)")
        #expect(run.output.status == 0, "stderr: \(errors)")
        #expect(errors.contains("tactile \(command): \(TestSupport.touchpadNode) disappeared (unplugged or unbound)"), "stderr: \(errors)")
        #expect(!errors.contains("tactile: error:"), "stderr: \(errors)")
        // Ended by the removal, not by the next event (30 s on) nor the helper's kill (10 s after the
        // removal, which expectCleanEnd rules out): no wall-clock bound of its own, which load could break.
    }

    /// The live demo prints the actions of the frames before the removal as
    /// they happen — the replay's log of those frames — and saves them with `--record`.
    @Test(arguments: [true, false])
    func liveDemoKeepsTheActionsBeforeTheRemoval(hangup: Bool) async throws {
        let directory = try RecordCommandTests.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("demo.json").path
        let run = try runUnplugged(["demo", "--device", TestSupport.touchpadNode, "--json", "--record", file],
                                   hangup: hangup, in: directory)
        expectCleanEnd(run, command: "demo")

        let recording = try RecordingReader.read(contentsOf: file)
        #expect(recording.events == LiveDemoTests.rebased(Self.beforeRemoval))
        let expected = await LiveDemoTests.replayLines(LiveDemoTests.rebased(Self.beforeRemoval), device: recording.device)
        #expect(run.output.lines == expected, "stderr: \(run.output.standardError)")
        #expect(expected.contains { $0.contains("\"recognizer\":\"pan\"") }, "actions: \(expected)")
        #expect(expected.contains { $0.contains("\"recognizer\":\"tap\"") && $0.contains("\"ended\"") }, "actions: \(expected)")
        // Printed live, before the device went: the removal adds no action (every finger was up).
        #expect(run.linesBeforeRemoval == expected.count, "stderr: \(run.output.standardError)")
    }

    /// `tactile record` saves a valid recording of the stream up to the
    /// removal (0600) and removes its journal.
    @Test(arguments: [true, false])
    func recordSavesTheStreamBeforeTheRemoval(hangup: Bool) throws {
        let directory = try RecordCommandTests.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("unplugged.json").path
        let run = try runUnplugged(["record", "--device", TestSupport.touchpadNode, "--output", file], hangup: hangup, in: directory)
        expectCleanEnd(run, command: "record")
        #expect(run.output.standardError.contains("saved to \(file)"), "stderr: \(run.output.standardError)")

        let recording = try RecordingReader.read(contentsOf: file)
        #expect(recording.device.name == "SynPS/2 Synaptics TouchPad")
        #expect(recording.events == LiveDemoTests.rebased(Self.beforeRemoval))
        #expect(recording.events.last?.isReport == true)
        #expect(RecordCommandTests.mode(of: file) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: file + ".journal"))
        #expect(RecordCommandTests.names(in: directory) == ["events.evemu", "unplugged.json"])
    }
}
