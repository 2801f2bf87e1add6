// tactile check: a config validated at its lines, then explained against recordings; serve --dry-run prints instead of sending.
import Foundation
import Tactile
import TactileRecording
import TactileService
import TactileTestSupport
import Testing

@Suite(.enabled(if: TestSupport.product("tactile") != nil, "the tactile executable is not built"))
struct CheckCommandTests {
    func tactile(_ arguments: [String]) throws -> TestSupport.Output {
        try TestSupport.run(try #require(TestSupport.product("tactile")), arguments, timeout: 60)
    }

    @Test func theDefaultConfigIsExplainedAgainstARealRecording() throws {
        let output = try tactile(["check", Repository.path("dist/gestures.toml"),
                                  "--against", Repository.path("Recordings/touchscreen-dell-canvas-session.json")])
        #expect(output.status == 0, "\(output.standardError)")
        let text = output.standardOutput
        #expect(text.contains("dist/gestures.toml: ok, 4 zones, 9 gestures"))
        #expect(text.contains("right click: long-press on the screen (fingers 1, minimum-press-duration 0.6 s); began: right click"))
        // What fired, when, and what it would send; why the others did not.
        #expect(text.contains("zoom takes slot 0, 1, 2, 3, 4 from the app"))
        #expect(text.contains("zoom began at"))
        #expect(text.contains("zoom → key ctrl+minus"))
        #expect(text.contains("back did not fire: no touch landed in left-edge"))
        #expect(text.contains("right click did not fire: 6 touches reached it; failed: its criteria were not met with 1 finger"))
    }

    @Test func anEdgeSwipeInARecordingIsShownFiring() throws {
        let directory = try TemporaryDirectory.make(prefix: "tactile-check")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var stream = PanelStream(unitsPerMillimetre: 16, time: 0.5)
        stream.frame(land: [0: (128, 60)])
        stream.frame(lift: [0])
        stream.time += 0.5
        stream.stroke(slot: 0, from: (1.5, 100), to: (60, 102), frames: 12)
        let recording = directory + "/edge.evemu"
        try EvemuWriter.write(EvemuRecording(device: ServeTestbedTests.panel, events: stream.events), to: recording)
        let output = try tactile(["check", Repository.path("dist/gestures.toml"), "--against", recording])
        #expect(output.status == 0, "\(output.standardError)")
        let text = output.standardOutput
        #expect(!text.contains("goes on to the app"))
        #expect(text.contains("back takes slot 0 from the app"))
        #expect(text.contains("back ended at"))
        #expect(text.contains("back → key alt+Left"))
    }

    @Test func aBrokenConfigIsRefusedAtItsLineAndColumn() throws {
        let directory = try TemporaryDirectory.make(prefix: "tactile-check")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/gestures.toml"
        try "[[gesture]]\nrecognizer = \"long-press\"\nbegan = { clik = \"right\" }\nfingres = 2\n".write(toFile: path, atomically: true, encoding: .utf8)
        let output = try tactile(["check", path])
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("\(path):3:"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("\(path):4:1: error: unknown key \"fingres\" in [[gesture]] (did you mean \"fingers\"?)"),
                "\(output.standardOutput)")
        #expect(output.standardError.contains("tactile serve would refuse it"))
    }
}

@Suite(.serialized, .enabled(if: TestSupport.testbedHelper != nil && TestSupport.product("tactile") != nil,
                             Comment(rawValue: TestSupport.testbedHelperMissing)))
struct ServeDryRunTests {
    @Test func aDryRunPrintsWhatEachGestureWouldDoAndSendsNothing() throws {
        let helper = try #require(TestSupport.testbedHelper), tactile = try #require(TestSupport.product("tactile"))
        let directory = try TemporaryDirectory.make(prefix: "tactile-dry-run")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var stream = PanelStream(unitsPerMillimetre: 16, time: 0.5)
        stream.frame(land: [0: (128, 60)])
        stream.wait(0.9, slot: 0)
        stream.frame(lift: [0])
        let recording = directory + "/panel.evemu"
        try EvemuWriter.write(EvemuRecording(device: ServeTestbedTests.panel, events: stream.events), to: recording)
        let node = "/dev/input/event5"
        #expect(try TestSupport.run(tactile, ["mock", recording, directory, "--node", node, "--name", "panel"]).status == 0)
        let output = try TestSupport.run(helper, [
            "-d", directory + "/panel.umockdev", "-i", "\(node)=\(directory)/panel.ioctl", "-e", "\(node)=\(directory)/panel.events",
            "--unplug", "--after-open", "--after-seconds", "2.5", "--timeout", "20",
            "--", tactile, "serve", "--dry-run", "--device", node, "--idle-exit", "0.3",
            "--output", directory + "/out", "--uinput", directory + "/no-uinput-here",
        ], timeout: 60)
        #expect(output.status == 0, "\(output.standardError)")
        // The built-in default config: a long press is a right click, printed, not sent.
        #expect(output.standardOutput.contains("\(node): 1.100  right click → right click"), "\(output.standardOutput)")
        #expect(output.standardError.contains("taken (watched, not grabbed)"))
        // What would have been sent is saved: a keyboard and a pointer, no touch copy (nothing grabbed).
        let saved = try FileManager.default.contentsOfDirectory(atPath: directory + "/out").sorted()
        #expect(saved.count == 2, "\(saved)")
    }
}
