// tactile demo on the live path: umockdev events on the Synaptics testbed give the action log a replay of them gives.
import Foundation
import Tactile
import TactileRecording
import TactileSynthesis
import TactileTestSupport
import Testing

/// `tactile demo` on the live path: events replayed by umockdev into the
/// Synaptics testbed go through ``LiveSession`` and must give the action log
/// that a replay of the same events (rebased to 0) on the same device gives.
@Suite(.enabled(if: TestSupport.umockdevRun != nil, Comment(rawValue: TestSupport.umockdevMissing)))
struct LiveDemoTests {
    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    /// `events` moved so that the first is at 0.
    static func rebased(_ events: [InputEvent]) -> [InputEvent] {
        let origin = events.first?.timeInMicroseconds ?? 0
        return events.map { event in
            InputEvent(time: Double(event.timeInMicroseconds - origin) / 1_000_000, type: event.type, code: event.code, value: event.value)
        }
    }

    /// The action JSON lines `RecordingReplay` gives for `events` on
    /// `device` and the demo's default screen.
    static func replayLines(_ events: [InputEvent], device: DeviceDescription, runOut: Double = 1.0) async -> [String] {
        let recording = Recording(device: device, screen: Screen(width: 1920, height: 1080), events: events)
        return await MainActor.run { RecordingReplay.run(recording, runOut: runOut).log.records.map(\.jsonLine) }
    }

    /// What `tactile demo --json --record` printed and saved.
    struct DemoRun {
        var output: TestSupport.Output
        /// The recording the demo saved: the device as it described itself, the events as received.
        var recording: Recording
    }

    /// Runs `tactile demo --json --record` on the testbed with `events` replayed into it.
    func demo(_ events: [InputEvent], idleExit: Double = 1) throws -> DemoRun {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-live-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try TestSupport.runWithTouchpad(
            try tactile(), ["demo", "--device", TestSupport.touchpadNode, "--json", "--idle-exit", "\(idleExit)", "--record", file.path],
            events: TestSupport.evemu(events)
        )
        #expect(output.status == 0, "stderr: \(output.standardError)")
        // `tactile replay --json` on what the demo saved prints the same lines.
        let replay = try TestSupport.run(try tactile(), ["replay", "--json", file.path])
        #expect(replay.status == 0, "stderr: \(replay.standardError)")
        #expect(replay.lines == output.lines)
        return DemoRun(output: output, recording: try RecordingReader.read(contentsOf: file.path))
    }

    /// The demo's actions are the replay's, for the events as sent and as received.
    func expectReplayLog(_ events: [InputEvent], idleExit: Double = 1) async throws -> DemoRun {
        let run = try demo(events, idleExit: idleExit)
        let live = run.recording.device
        #expect(live.name == "SynPS/2 Synaptics TouchPad")
        #expect(run.recording.events == Self.rebased(events))
        let sent = await Self.replayLines(Self.rebased(events), device: live)
        #expect(run.output.lines == sent, "stderr: \(run.output.standardError)")
        #expect(await Self.replayLines(run.recording.events, device: live) == sent)
        return run
    }

    /// `gesture`'s events moved to start at `start` seconds.
    static func shifted(_ events: [InputEvent], by offset: Double) -> [InputEvent] {
        events.map { InputEvent(time: $0.time + offset, type: $0.type, code: $0.code, value: $0.value) }
    }

    @Test func doubleTapGivesTheReplayLog() async throws {
        var synthesizer = GestureSynthesizer(device: TestDevices.synaptics, seed: 7)
        // Starts at 0.25 s, so that the session's rebasing to 0 is exercised.
        let events = synthesizer.random(.doubleTap, fingers: 1, at: 0.25).events
        let run = try await expectReplayLog(events)
        #expect(run.output.lines.contains { $0.contains("\"recognizer\":\"doubleTap\"") }, "actions: \(run.output.lines)")
    }

    @Test func twoFingerPanGivesTheReplayLog() async throws {
        var synthesizer = GestureSynthesizer(device: TestDevices.synaptics, seed: 11)
        let events = Self.shifted(synthesizer.random(.pan, fingers: 2, at: 0).events, by: 0.1)
        let run = try await expectReplayLog(events)
        #expect(run.output.lines.contains { $0.contains("\"recognizer\":\"pan\"") }, "actions: \(run.output.lines)")
    }

    /// One finger lands and nothing follows: the long press begins by its
    /// timer, with no input, at its minimum duration after the landing.
    @Test func longPressFiresByTimerWithoutInput() async throws {
        let landing = Array(TestSupport.touchpadTap.prefix(6))
        let output = try await expectReplayLog(landing).output
        let began = try #require(output.lines.first { $0.contains("\"recognizer\":\"longPress\"") && $0.contains("\"began\"") },
                                 "actions: \(output.lines)")
        #expect(began.contains("\"t\":0.500000"), "long press: \(began)")
        // The touch left down is cancelled when the session ends.
        #expect(output.lines.last?.contains("\"cancelled\"") == true)
    }

    /// Without `--json`: a header naming the device, touch lines and readable
    /// actions on standard output, how it ended on standard error.
    @Test func plainOutputHasTouchesAndActions() throws {
        let output = try TestSupport.runWithTouchpad(
            try tactile(), ["demo", "--device", TestSupport.touchpadNode, "--idle-exit", "0.5"],
            events: TestSupport.evemu(TestSupport.touchpadTap)
        )
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let lines = output.lines
        #expect(lines.first == "# live: /dev/input/event12 \"SynPS/2 Synaptics TouchPad\" (touchpad, 2 slots)")
        #expect(lines.contains { $0.hasPrefix("   0.000000  touch ") && $0.contains(" began ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("   0.020000  touch ") && $0.contains(" ended ") }, "\(lines)")
        #expect(lines.contains { $0.contains("tap@window") && $0.contains("ended") }, "\(lines)")
        #expect(output.standardError.contains("no input for the idle time"), "stderr: \(output.standardError)")
        #expect(output.standardError.contains("12 events"), "stderr: \(output.standardError)")
    }

    /// `--max-seconds` ends a session that gets no input at all.
    @Test func maxSecondsEndsAQuietSession() throws {
        let output = try TestSupport.runWithTouchpad(
            try tactile(), ["demo", "--device", TestSupport.touchpadNode, "--max-seconds", "0.5"]
        )
        #expect(output.status == 0, "stderr: \(output.standardError)")
        #expect(output.lines.count == 1, "stdout: \(output.standardOutput)")
        #expect(output.standardError.contains("time limit"), "stderr: \(output.standardError)")
        #expect(output.standardError.contains("0 events"), "stderr: \(output.standardError)")
    }

    /// A node that is not a touch device is refused plainly.
    @Test func missingDeviceIsAnError() throws {
        let output = try TestSupport.runWithTouchpad(try tactile(), ["demo", "--device", "/dev/input/event99", "--max-seconds", "1"])
        #expect(output.status != 0)
        #expect(output.standardError.contains("tactile: error:"), "stderr: \(output.standardError)")
        #expect(output.standardOutput.isEmpty)
    }

    /// The children of `pid`, from `/proc/*/stat`.
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let candidate = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, let parent = Int32(fields[1]), parent == pid else { return nil }
            return candidate
        }
    }

    /// Ctrl-C (SIGINT) ends the live demo cleanly: the touch left down is
    /// cancelled, pending output is written, and the exit status is 0.
    @Test func interruptEndsTheSessionCleanly() throws {
        let umockdevRun = try #require(TestSupport.umockdevRun)
        let directory = try TemporaryDirectory.create(prefix: "tactile-live-int")
        defer { try? FileManager.default.removeItem(at: directory) }
        let events = directory.appendingPathComponent("landing.evemu")
        try TestSupport.evemu(Array(TestSupport.touchpadTap.prefix(6))).write(to: events, atomically: true, encoding: .utf8)
        let outURL = directory.appendingPathComponent("stdout"), errURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: umockdevRun)
        process.environment = TestSupport.environment
        process.arguments = ["-d", TestSupport.touchpadDescription, "-i", "\(TestSupport.touchpadNode)=\(TestSupport.touchpadIoctl)",
                             "-e", "\(TestSupport.touchpadNode)=\(events.path)",
                             "--", try tactile(), "demo", "--device", TestSupport.touchpadNode, "--json"]
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let deadline = Date().addingTimeInterval(20)
        var demo: Int32?
        while demo == nil, process.isRunning, Date() < deadline {
            demo = Self.children(of: process.processIdentifier).first
            if demo == nil { usleep(20_000) }
        }
        let child = try #require(demo, "the demo did not start under umockdev-run")
        // The live demo writes each action line as it happens: interrupt once
        // the long press began by its timer, however slowly the machine got there.
        func output() -> String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
        while !output().contains("\"recognizer\":\"longPress\""), process.isRunning, Date() < deadline { usleep(20_000) }
        #expect(kill(child, SIGINT) == 0)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        try out.close()
        try err.close()
        #expect(!process.isRunning, "the demo did not end on SIGINT")
        #expect(process.terminationStatus == 0)
        let lines = ((try? String(contentsOf: outURL, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        #expect(lines.contains { $0.contains("\"recognizer\":\"longPress\"") && $0.contains("\"began\"") }, "\(lines)")
        #expect(lines.last?.contains("\"cancelled\"") == true, "\(lines)")
        #expect(!stderr.contains("error"), "stderr: \(stderr)")
        #expect(stderr.contains("input ended at 1.000000 s with 1 touch(es) down"), "stderr: \(stderr)")
    }
}
