// tactile check: a config validated at its lines, then explained against recordings; serve --dry-run prints instead of sending.
import Foundation
import Tactile
import TactileRecording
import TactileService
import TactileTestSupport
import Testing

@Suite(.enabled(if: TestSupport.product("tactile") != nil, "the tactile executable is not built"))
struct CheckCommandTests {
    /// Runs tactile on GNOME's remembered defaults: with no `gsettings` on
    /// `PATH`, the running machine's GNOME release (if any) decides nothing.
    func tactile(_ arguments: [String]) throws -> TestSupport.Output {
        try TestSupport.run(try #require(TestSupport.product("tactile")), arguments, timeout: 60,
                            overriding: ["XDG_CURRENT_DESKTOP": "GNOME", "PATH": "/nonexistent"])
    }

    @Test func theDefaultConfigIsExplainedAgainstARealRecording() throws {
        let output = try tactile(["check", Repository.path("dist/gestures.toml"),
                                  "--against", Repository.path("Recordings/touchscreen-dell-canvas-session.json")])
        #expect(output.status == 0, "\(output.standardError)")
        let text = output.standardOutput
        #expect(text.contains("dist/gestures.toml: ok, 4 zones, 9 gestures"))
        #expect(text.contains("right click: press-and-hold on the screen (fingers 1, minimum-press-duration 0.6 s); ended: right click"))
        // A step with its unit; a pinch of two fingers unless the config says otherwise.
        #expect(text.contains("zoom: pinch on the screen (fingers 2 (the default)); every 0.3 of log2 scale (×1.23): "
                              + "key ctrl+plus = KEY_LEFTCTRL+KEY_LEFTSHIFT+KEY_EQUAL / key ctrl+minus = KEY_LEFTCTRL+KEY_MINUS"))
        // Five-finger drags are no zoom any more (they were: "zoom takes slot 0, 1, 2, 3, 4 from the app").
        #expect(!text.contains("zoom takes slot"))
        // Three fingers are no pinch; as one of them lifts, the pinch starts again with the two left (a re-grip), which
        // did not spread, and with the last one, which lifted alone.
        #expect(text.contains("zoom did not fire: 9 touches reached it; failed: 1 finger down (it wants 2) (×3), "
                              + "the fingers' span changed 0 mm before lifting (needs 5 mm) (×2: 0–0.01 mm), 3 fingers came down (it takes 2) (×2)"),
                "\(text)")
        // Why the others did not fire, criterion by criterion, with the numbers.
        #expect(text.contains("back did not fire: no touch landed in left-edge"))
        #expect(text.contains("right click did not fire: 6 touches reached it; failed: 2 fingers came down (it takes 1) (×2), "
                              + "a finger moved 3.6 mm (3 mm allowed) (×2: 3.58–3.62 mm)"), "\(text)")
        #expect(text.contains("next workspace did not fire: 8 touches reached it; failed: went diagonally (wants left) (×2)"), "\(text)")
    }

    @Test func severalRecordingsFollowOneAgainst() throws {
        let first = Repository.path("Recordings/touchscreen-atmel-fast-taps.json")
        let second = Repository.path("Recordings/touchscreen-egalax-tap.json")
        let output = try tactile(["check", Repository.path("dist/gestures.toml"), "--against", first, second])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("touchscreen-atmel-fast-taps.json: "), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("touchscreen-egalax-tap.json: "), "\(output.standardOutput)")
        let repeated = try tactile(["check", Repository.path("dist/gestures.toml"), "--against", first, "--against", second])
        #expect(repeated.standardOutput == output.standardOutput)
    }

    @Test func stepsSayTheirUnits() throws {
        try TemporaryDirectory.with(prefix: "tactile-check") { directory in
            let path = directory + "/gestures.toml"
            try """
                [[gesture]]
                name = "volume"
                recognizer = "pan"
                fingers = 2
                [gesture.step]
                measure = "vertical"
                every = "6mm"
                fast = "120mm/s"
                decrease = { key = "volumeup" }
                [[gesture]]
                name = "turn"
                recognizer = "rotation"
                step = { every = "15deg", increase = { key = "a" } }
                """.write(toFile: path, atomically: true, encoding: .utf8)
            let output = try tactile(["check", path])
            #expect(output.status == 0, "\(output.standardError)")
            #expect(output.standardOutput.contains("volume: pan on the screen (fingers 2); every 6 mm of vertical travel, halved at 120 mm/s: key volumeup"),
                    "\(output.standardOutput)")
            #expect(output.standardOutput.contains("turn: rotation on the screen (fingers 2 (the default)); every 15° of rotation: key a"))
        }
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
        // Times count from the recording's first event, in seconds with their unit.
        let timed = try Regex(#"^  0\.\d{3} s  back takes slot 0 from the app$"#)
        #expect(text.split(separator: "\n").contains { $0.wholeMatch(of: timed) != nil }, "\(text)")
        #expect(text.contains(" s  back ended at"))
        #expect(text.contains(" s  back → key alt+Left"))
        // Without a grab, serve takes nothing from the app: check says so, and no "takes slot".
        let config = directory + "/nograb.toml"
        try (ConfigLoader.defaultText.replacingOccurrences(of: "grab = true ", with: "grab = false"))
            .write(toFile: config, atomically: true, encoding: .utf8)
        let watching = try tactile(["check", config, "--against", recording])
        #expect(watching.status == 0, "\(watching.standardError)")
        #expect(watching.standardOutput.contains("grab = false: the app sees every touch too, and nothing is taken from it"))
        #expect(!watching.standardOutput.contains("takes slot"), "\(watching.standardOutput)")
        #expect(watching.standardOutput.contains(" s  back → key alt+Left"))
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
        // The built-in default config: a press held and lifted in place is a right click, printed, not sent.
        #expect(output.standardOutput.contains("\(node): 1.410  right click → right click"), "\(output.standardOutput)")
        #expect(output.standardError.contains("taken (watched, not grabbed)"))
        // What would have been sent is saved: a keyboard and a pointer, no touch copy (nothing grabbed).
        let saved = try FileManager.default.contentsOfDirectory(atPath: directory + "/out").sorted()
        #expect(saved.count == 2, "\(saved)")
    }
}
