// tactile record and tactile recover on the Synaptics testbed under umockdev.
import Foundation
import Tactile
import TactileRecording
import TactileSynthesis
import TactileTestSupport
import Testing

/// `tactile record` and `tactile recover` on the Synaptics testbed under
/// umockdev, with events replayed into it as ``LiveDemoTests`` does.
@Suite(.enabled(if: TestSupport.umockdevRun != nil, Comment(rawValue: TestSupport.umockdevMissing)))
struct RecordCommandTests {
    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    /// A fresh directory, removed by the caller.
    static func makeDirectory() throws -> URL {
        try TemporaryDirectory.create(prefix: "tactile-record")
    }

    /// A finger landing, `moves` frames moving it 10 ms apart, and lifting.
    static func drag(moves: Int) -> [InputEvent] {
        var events = Array(TestSupport.touchpadTap.prefix(6))
        for index in 1...moves {
            let micro = 100_000 + Int64(index) * 10_000
            let seconds = micro / 1_000_000, microseconds = Int32(micro % 1_000_000)
            events.append(InputEvent(seconds: seconds, microseconds: microseconds, type: .abs, code: AbsCode.mtPositionX, value: Int32(3000 + index)))
            events.append(InputEvent(seconds: seconds, microseconds: microseconds, type: .syn, code: SynCode.report, value: 0))
        }
        let micro = 100_000 + Int64(moves + 1) * 10_000
        let seconds = micro / 1_000_000, microseconds = Int32(micro % 1_000_000)
        for (type, code, value) in [(EventType.abs, AbsCode.mtTrackingID, Int32(-1)), (.key, KeyCode.touch, 0), (.key, KeyCode.toolFinger, 0), (.syn, SynCode.report, 0)] {
            events.append(InputEvent(seconds: seconds, microseconds: microseconds, type: type, code: code, value: value))
        }
        return events
    }

    /// File names in `directory`.
    static func names(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    static func mode(of path: String) -> Int? {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue
    }

    /// The recording holds the events sent, rebased to 0; saved under the
    /// sanitized --name in `$XDG_DATA_HOME/tactile/recordings`, 0600, no journal left.
    @Test func recordSavesTheReplayedStreamInTheStore() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var synthesizer = GestureSynthesizer(device: TestDevices.synaptics, seed: 11)
        let events = LiveDemoTests.shifted(synthesizer.random(.pan, fingers: 2, at: 0).events, by: 0.1)
        let output = try TestSupport.runWithTouchpad(
            "/usr/bin/env", ["XDG_DATA_HOME=\(directory.path)", try tactile(), "record", "--device", TestSupport.touchpadNode,
                             "--name", "two/finger pan", "--idle-exit", "1"],
            events: TestSupport.evemu(events)
        )
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let store = directory.appendingPathComponent("tactile/recordings")
        #expect(Self.names(in: store) == ["two-finger pan.json"], "stderr: \(output.standardError)")
        let path = store.appendingPathComponent("two-finger pan.json").path
        #expect(Self.mode(of: path) == 0o600)
        let recording = try RecordingReader.read(contentsOf: path)
        #expect(recording.device.name == "SynPS/2 Synaptics TouchPad")
        #expect(recording.events == LiveDemoTests.rebased(events))
        #expect(!output.standardError.contains("\u{1B}"), "no terminal codes when stderr is a file")
        #expect(output.standardError.contains("frames saved to"), "stderr: \(output.standardError)")
    }

    /// `--output` saves there; a second run with the same name gets `NAME 2.json`.
    @Test func outputAndUniqueNames() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("tap.json").path
        let output = try TestSupport.runWithTouchpad(
            try tactile(), ["record", "--device", TestSupport.touchpadNode, "--output", file, "--idle-exit", "0.5"],
            events: TestSupport.evemu(TestSupport.touchpadTap))
        #expect(output.status == 0, "stderr: \(output.standardError)")
        #expect(try RecordingReader.read(contentsOf: file).events == LiveDemoTests.rebased(TestSupport.touchpadTap))
        #expect(Self.names(in: directory) == ["tap.json"])
        for _ in 0..<2 {
            let run = try TestSupport.runWithTouchpad(
                "/usr/bin/env", ["XDG_DATA_HOME=\(directory.path)", try tactile(), "record", "--device", TestSupport.touchpadNode,
                                 "--name", "tap", "--max-seconds", "0.3"])
            #expect(run.status == 0, "stderr: \(run.standardError)")
        }
        #expect(Self.names(in: directory.appendingPathComponent("tactile/recordings")) == ["tap 2.json", "tap.json"])
    }

    /// A 250-byte --output name works: the journal beside it is cut to fit 255 bytes, and the recording is 0600.
    @Test func longOutputName() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = String(repeating: "r", count: 245) + ".json"
        let file = directory.appendingPathComponent(name).path
        let output = try TestSupport.runWithTouchpad(
            try tactile(), ["record", "--device", TestSupport.touchpadNode, "--output", file, "--idle-exit", "0.5"],
            events: TestSupport.evemu(TestSupport.touchpadTap))
        #expect(output.status == 0, "stderr: \(output.standardError)")
        #expect(try RecordingReader.read(contentsOf: file).events == LiveDemoTests.rebased(TestSupport.touchpadTap))
        #expect(Self.names(in: directory) == [name])
        #expect(Self.mode(of: file) == 0o600)
    }

    /// A running `tactile record` under umockdev-run, with its pid once it started.
    struct Running {
        var process: Process
        var pid: Int32
    }

    /// `output`: a file that takes the program's standard output (else it is discarded).
    func start(_ arguments: [String], events: [InputEvent], in directory: URL, output: String? = nil) throws -> Running {
        let umockdevRun = try #require(TestSupport.umockdevRun)
        let eventFile = directory.appendingPathComponent("events.evemu")
        try TestSupport.evemu(events).write(to: eventFile, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: umockdevRun)
        process.environment = TestSupport.environment
        process.arguments = ["-d", TestSupport.touchpadDescription, "-i", "\(TestSupport.touchpadNode)=\(TestSupport.touchpadIoctl)",
                             "-e", "\(TestSupport.touchpadNode)=\(eventFile.path)",
                             "--", try tactile()] + arguments
        var outputHandle: FileHandle?
        if let output {
            _ = FileManager.default.createFile(atPath: output, contents: nil)
            outputHandle = FileHandle(forWritingAtPath: output)
        }
        process.standardOutput = outputHandle ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try outputHandle?.close()   // the child has its own copy
        let deadline = Date().addingTimeInterval(20)
        var child: Int32?
        while child == nil, process.isRunning, Date() < deadline {
            child = LiveDemoTests.children(of: process.processIdentifier).first
            if child == nil { usleep(20_000) }
        }
        return Running(process: process, pid: try #require(child, "tactile record did not start under umockdev-run"))
    }

    static func waitForExit(_ process: Process, seconds: Double = 20) {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
    }

    /// Waits until `path` holds at least `lines` lines (at most 20 s).
    static func waitForLines(in path: String, atLeast lines: Int) {
        let deadline = Date().addingTimeInterval(20)
        while (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").count ?? 0 < lines,
              Date() < deadline { usleep(20_000) }
    }

    /// Ctrl-C, SIGTERM or SIGHUP (the terminal closed) saves the recording properly and removes the journal.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func interruptSavesAndRemovesTheJournal(signal: Int32) throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("landing.json").path
        let landing = Array(TestSupport.touchpadTap.prefix(6))
        let running = try start(["record", "--device", TestSupport.touchpadNode, "--output", file], events: landing, in: directory)
        defer { if running.process.isRunning { running.process.terminate() } }
        let journal = file + ".journal"
        Self.waitForLines(in: journal, atLeast: 1 + 6)   // the header and the landing frame
        #expect(Self.mode(of: journal) == 0o600)
        #expect(kill(running.pid, signal) == 0)
        Self.waitForExit(running.process)
        #expect(!running.process.isRunning)
        #expect(running.process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: journal))
        #expect(try RecordingReader.read(contentsOf: file).events == LiveDemoTests.rebased(landing))
        #expect(Self.mode(of: file) == 0o600)
    }

    /// `demo --record` saves what it read when its terminal closes (SIGHUP), as on Ctrl-C.
    @Test(arguments: [SIGINT, SIGHUP])
    func demoRecordSavesOnHangUp(signal: Int32) throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("demo.json").path
        let landing = Array(TestSupport.touchpadTap.prefix(6))
        let printed = directory.appendingPathComponent("printed.jsonl").path
        let running = try start(["demo", "--device", TestSupport.touchpadNode, "--json", "--record", file],
                                events: landing, in: directory, output: printed)
        defer { if running.process.isRunning { running.process.terminate() } }
        // The landing was read once the hold it begins is printed; no file is written before the end.
        Self.waitForLines(in: printed, atLeast: 1)
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(kill(running.pid, signal) == 0)
        Self.waitForExit(running.process)
        #expect(running.process.terminationStatus == 0)
        #expect(try RecordingReader.read(contentsOf: file).events == LiveDemoTests.rebased(landing))
        #expect(Self.mode(of: file) == 0o600)
    }

    /// `kill -9` mid-way leaves a journal; `tactile recover` makes a
    /// recording of its whole frames, a non-empty prefix of the stream.
    @Test func killThenRecover() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("drag.json").path
        let events = Self.drag(moves: 400)  // about 4 s
        let running = try start(["record", "--device", TestSupport.touchpadNode, "--output", file], events: events, in: directory)
        defer { if running.process.isRunning { running.process.terminate() } }
        let journal = file + ".journal"
        // Each frame is written whole at its SYN_REPORT: wait for the header, the landing's 6 events and
        // 3 move frames, then kill while most of the 4 s stream is still to come.
        Self.waitForLines(in: journal, atLeast: 1 + 6 + 3 * 2)
        #expect(kill(running.pid, SIGKILL) == 0)
        Self.waitForExit(running.process)
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(FileManager.default.fileExists(atPath: journal))

        // What a power loss could add: an unfinished frame and a torn line, both left out.
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        handle.seekToEndOfFile()
        handle.write(Data("[9, 0, 3, 53, 1]\n[9, 0, 3, 5".utf8))
        try handle.close()

        let recovered = directory.appendingPathComponent("recovered.json").path
        let run = try TestSupport.run(try tactile(), ["recover", journal, recovered])
        #expect(run.status == 0, "stderr: \(run.standardError)")
        #expect(run.standardError.contains("torn last line"), "stderr: \(run.standardError)")
        #expect(run.standardError.contains("1 event of an unfinished frame dropped"), "stderr: \(run.standardError)")
        #expect(Self.mode(of: recovered) == 0o600)
        let recording = try RecordingReader.read(contentsOf: recovered)
        let stream = LiveDemoTests.rebased(events)
        #expect(recording.device.name == "SynPS/2 Synaptics TouchPad")
        #expect(recording.events.count > 6, "more than the landing frame was written")
        #expect(recording.events.count < stream.count, "killed mid-way")
        #expect(Array(stream.prefix(recording.events.count)) == recording.events)
        #expect(recording.events.last?.isReport == true)

        // Without OUT: next to the journal, uniquely named.
        let again = try TestSupport.run(try tactile(), ["recover", journal])
        #expect(again.status == 0, "stderr: \(again.standardError)")
        #expect(again.lines == [directory.appendingPathComponent("drag.json").path])
        #expect(try RecordingReader.read(contentsOf: file).events == recording.events)
    }

    /// `record` keeps the screen it used: the display of the (made-up) sysfs,
    /// `--screen`/`--dpi` over it, or 1920×1080 at 96 dpi with one line saying why.
    @Test func recordKeepsTheScreenItUsed() throws {
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sysfs = directory.appendingPathComponent("sys")
        try EDIDFixtures.writeTree([EDIDFixtures.panel], in: sysfs)
        let events = TestSupport.evemu(Self.drag(moves: 3))
        func record(_ name: String, sysfs root: String, _ extra: [String] = []) throws -> (Recording, String) {
            let file = directory.appendingPathComponent(name + ".json").path
            let output = try TestSupport.runWithTouchpad(
                "/usr/bin/env", ["TACTILE_SYSFS=\(root)", try tactile(), "record", "--device", TestSupport.touchpadNode,
                                 "--output", file, "--idle-exit", "0.5"] + extra,
                events: events)
            #expect(output.status == 0, "stderr: \(output.standardError)")
            return (try RecordingReader.read(contentsOf: file), output.standardError)
        }
        let (display, displayErrors) = try record("display", sysfs: sysfs.path)
        #expect(display.screen.bounds == Rect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(abs(display.screen.pointsPerMillimetre - 1920.0 / 344) < 1e-12)
        #expect(!displayErrors.contains("no display found"), "stderr: \(displayErrors)")

        let (overridden, _) = try record("overridden", sysfs: sysfs.path, ["--screen", "1280x800", "--dpi", "120"])
        #expect(overridden.screen == Screen(width: 1280, height: 800, dotsPerInch: 120))
        let (density, _) = try record("density", sysfs: sysfs.path, ["--dpi", "120"])
        #expect(density.screen == Screen(width: 1920, height: 1080, dotsPerInch: 120), "--dpi alone keeps the display's size")

        let missing = directory.appendingPathComponent("no-sys").path
        let (fallback, fallbackErrors) = try record("fallback", sysfs: missing)
        #expect(fallback.screen == .standard)
        let notes = fallbackErrors.split(separator: "\n").filter { $0.contains("no display found") }
        #expect(notes == ["tactile record: no display found: \(missing)/class/drm does not exist (no DRM); using 1920×1080 pt at 96 dpi; "
            + "pass --screen WxH and --dpi N to give the real one"], "stderr: \(fallbackErrors)")
        let (given, givenErrors) = try record("given", sysfs: missing, ["--screen", "800x600", "--dpi", "100"])
        #expect(given.screen == Screen(width: 800, height: 600, dotsPerInch: 100))
        #expect(!givenErrors.contains("no display found"), "both given: nothing to detect")
    }

}
