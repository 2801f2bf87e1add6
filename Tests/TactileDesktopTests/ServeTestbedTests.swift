// tactile serve end to end: a umockdev testbed touchscreen in, the real uinput sink out to an emulated /dev/uinput.
import Foundation
import Tactile
import TactileRecording
@testable import TactileDesktop
import TactileService
import TactileTestSupport
import Testing

@Suite(.serialized, .enabled(if: TestSupport.testbedHelper != nil && TestSupport.product("tactile") != nil,
                             Comment(rawValue: TestSupport.testbedHelperMissing)))
struct ServeTestbedTests {
    /// The testbed touchscreen.
    static let panel = testbedPanel(name: "Testbed Panel")

    static let config = """
        [devices]
        kinds = ["touchscreen"]

        [zones.left]
        edge = "left"
        depth = "5mm"

        [[gesture]]
        name = "menu"
        recognizer = "long-press"
        minimum-press-duration = 0.5
        began = { click = "right" }

        [[gesture]]
        name = "back"
        recognizer = "swipe"
        zone = "left"
        direction = "right"
        ended = { key = "alt+Left" }
        """

    /// A drag in the middle, a long press, a swipe in from the left edge, then a tap in the middle.
    static func scenario() -> (all: PanelStream, drag: [InputEvent]) {
        var stream = PanelStream(unitsPerMillimetre: 16, time: 0.5)
        stream.stroke(slot: 0, from: (100, 80), to: (150, 90), frames: 25)
        let drag = stream.events
        stream.time += 0.3
        stream.frame(land: [0: (128, 60)])
        stream.wait(0.9, slot: 0)
        stream.frame(lift: [0])
        stream.time += 0.3
        stream.stroke(slot: 0, from: (2, 100), to: (60, 102), frames: 12)
        stream.time += 0.3
        stream.frame(land: [0: (90, 90)])
        stream.frame(lift: [0])
        return (stream, drag)
    }

    /// Two long presses, `apart` seconds between the first lift and the second landing: a config changes between them.
    static func twoLongPresses(apart: Double) -> PanelStream {
        var stream = PanelStream(unitsPerMillimetre: 16, time: 0.5)
        stream.frame(land: [0: (128, 60)])
        stream.wait(0.9, slot: 0)
        stream.frame(lift: [0])
        stream.time += apart
        stream.frame(land: [0: (100, 80)])
        stream.wait(0.9, slot: 0)
        stream.frame(lift: [0])
        return stream
    }

    /// What the real `libinput debug-events` makes of the copy `copy` of `device` was sent, each
    /// frame at the time it arrived (``CapturedUInputDevice/stampedEvents``).
    static func libinputLines(of copy: CapturedUInputDevice, device: DeviceDescription = panel) throws -> [String] {
        let description = VirtualDeviceTemplate.touchCopy(of: device).description(name: device.name)
        return try LibinputRunner.debugEvents(device: description, events: copy.stampedEvents)
    }

    /// What the real `libinput debug-events` makes of the frames forwarded to the copy (10 ms apart).
    static func libinputLines(_ forwarded: [[InputEvent]]) throws -> [String] {
        var timed: [InputEvent] = []
        for (index, frame) in forwarded.enumerated() {
            timed += frame.map { InputEvent(time: 1.0 + Double(index) * 0.01, type: $0.type, code: $0.code, value: $0.value) }
        }
        let copy = VirtualDeviceTemplate.touchCopy(of: panel).description(name: panel.name)
        return try LibinputRunner.debugEvents(device: copy, events: timed)
    }

    struct Served {
        var output: TestSupport.Output
        var devices: [CapturedUInputDevice]
    }

    /// Runs serve on a testbed of ``panel`` replaying `events`. `during`, when given, is a shell
    /// script run beside serve, `@CONFIG@` standing for the config's path: edits while serve runs.
    /// `testbed` adds options of the testbed helper; `unplugAfter` is when the device goes away,
    /// in seconds after serve opened it (by default 3 s after the last event: the unplug closes the
    /// pty behind the node, and what serve has not read by then is lost, so a serve slowed by a
    /// loaded machine must still have read everything; 1.5 s was once too little in CI). With
    /// `linkedConfig` the config is a symbolic link to `dotfiles/gestures.toml` beside it
    /// (`@TARGET@` in the script), as a dotfile manager makes it. `device` is the testbed's device.
    /// With `logTo`, serve's log goes to that file (`@LOG@` in the script), so that the script can
    /// wait on what serve said (with `logsStandardOutput`, what it prints too: a dry run's actions).
    /// With `session`, the testbed and serve run in that desktop session, as its user (a session bus
    /// admits only its owner), with its environment and `environment` on top.
    /// `mock` adds options to `tactile mock` (`--rotate 180`: the node's udev entry carries the matrix).
    /// `daemon` runs `tactiled`, the service's own binary, with the same options, instead of `tactile serve`.
    func serve(_ events: [InputEvent], config: String, extra: [String] = [], during script: String? = nil,
               replug: [InputEvent]? = nil, idleExit: Double = 0.3, environment: [String: String] = [:],
               namesConfig: Bool = true, testbed: [String] = [], unplugAfter: Double? = nil,
               linkedConfig: Bool = false, device: DeviceDescription = Self.panel, logTo: String? = nil,
               session: DesktopSession? = nil, mock: [String] = [], logsStandardOutput: Bool = false,
               daemon: Bool = false) throws -> Served {
        let helper = try #require(TestSupport.testbedHelper), tactile = try #require(TestSupport.product("tactile"))
        let directory = try TemporaryDirectory.make(prefix: "tactile-serve")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let recording = directory + "/panel.evemu", capture = directory + "/capture.jsonl", toml = directory + "/gestures.toml"
        try EvemuWriter.write(EvemuRecording(device: device, events: events), to: recording)
        let target = linkedConfig ? directory + "/dotfiles/gestures.toml" : toml
        if linkedConfig {
            try FileManager.default.createDirectory(atPath: directory + "/dotfiles", withIntermediateDirectories: false)
            try FileManager.default.createSymbolicLink(atPath: toml, withDestinationPath: "dotfiles/gestures.toml")
        }
        try config.write(toFile: target, atomically: true, encoding: .utf8)
        let node = "/dev/input/event5"
        let mocked = try TestSupport.run(tactile, ["mock", recording, directory, "--node", node, "--name", "panel"] + mock)
        try #require(mocked.status == 0, "\(mocked.standardError)")
        let duration = (events.last?.time ?? 0) - (events.first?.time ?? 0)
        var replugging: [String] = []
        if let replug {
            let second = directory + "/again.evemu"
            try EvemuWriter.write(EvemuRecording(device: device, events: replug), to: second)
            // It comes back at another node, as the kernel often gives it.
            let returned = "/dev/input/event6"
            let again = try TestSupport.run(tactile, ["mock", second, directory, "--node", returned, "--name", "again"])
            try #require(again.status == 0, "\(again.standardError)")
            replugging = ["--replug-after", "1", "--replug-device", directory + "/again.umockdev",
                          "--replug-ioctl", "\(returned)=\(directory)/again.ioctl", "--replug-events", "\(returned)=\(directory)/again.events"]
        }
        var arguments = [
            "-d", directory + "/panel.umockdev", "-i", "\(node)=\(directory)/panel.ioctl", "-e", "\(node)=\(directory)/panel.events",
            "--uinput", "--uinput-capture", capture,
            "--unplug", "--after-open", "--after-seconds", String(unplugAfter ?? duration + 3), "--timeout", "20",
        ] + replugging + testbed
        // Named on the command line, or (when the device comes back elsewhere) found as the config selects.
        // (The slow rescan stays: the returning node is seen through inotify, then looked at again until ready.)
        let selection = replug == nil ? ["--device", node] : ["--rescan-interval", "60"]
        let settings = environment.isEmpty ? [] : ["/usr/bin/env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let service = daemon ? [try #require(TestSupport.product("tactiled"), "tactiled was not built")] : [tactile, "serve"]
        let command = settings + service + selection + (namesConfig ? ["--config", toml] : [])
            + ["--idle-exit", String(idleExit), "--stats"] + extra
        if let script {
            // The script runs in the background; serve replaces the shell, so the testbed waits for it.
            let edits = script.replacingOccurrences(of: "@CONFIG@", with: toml).replacingOccurrences(of: "@TARGET@", with: target)
                .replacingOccurrences(of: "@LOG@", with: logTo ?? "/dev/null")
            let log = logTo.map { logsStandardOutput ? " >>'\($0)' 2>&1" : " 2>>'\($0)'" } ?? ""
            arguments += ["--", "/bin/sh", "-c", "(" + edits + ") & exec \"$@\"" + log, "sh"] + command
        } else {
            arguments += ["--"] + command
        }
        let output: TestSupport.Output
        if let session {
            try session.own(directory)
            output = try session.run([helper] + arguments, timeout: 90)
        } else {
            output = try TestSupport.run(helper, arguments, timeout: 90)
        }
        let devices = try CapturedUInputDevice.read(capture)
        return Served(output: output, devices: devices)
    }

    @Test func aLongPressIsARightClickAnEdgeSwipeItsKeyAndADragPassesUnchanged() throws {
        let (stream, drag) = Self.scenario()
        let served = try serve(stream.events, config: Self.config)
        #expect(served.output.status == 0, "\(served.output.standardError)")
        let copy = try #require(served.devices.first { $0.name == Self.panel.name })
        let keyboard = try #require(served.devices.first { $0.name == "Tactile keyboard" })
        let pointer = try #require(served.devices.first { $0.name.hasSuffix("pointer (Tactile)") })
        #expect(copy.phys.hasPrefix(UInputSink.physPrefix))

        // The drag went on frame for frame, the same events in the same order.
        let forwarded = frames(of: copy.inputEvents)
        let expected = frames(of: drag.filter { $0.type != .syn || $0.isReport })
        #expect(forwarded.count >= expected.count)
        let strip = { (frame: [InputEvent]) in frame.map { [$0.type.rawValue, $0.code, UInt16(truncatingIfNeeded: $0.value)] } }
        #expect(forwarded.prefix(expected.count).map(strip) == expected.map(strip))

        // The long press reached the app as a touch, then a cancel: a palm frame, then its release.
        let rest = Array(forwarded.dropFirst(expected.count))
        let palm = try #require(rest.firstIndex { $0.contains { $0.code == AbsCode.mtToolType && $0.value == 2 } })
        #expect(rest[palm + 1].contains { $0.code == AbsCode.mtTrackingID && $0.value == -1 })
        // Then the slot is a finger again (MT_TOOL_FINGER), and only the tap follows: the edge
        // swipe never reached the app.
        #expect(rest[palm + 2].contains { $0.code == AbsCode.mtToolType && $0.value == 0 })
        #expect(rest.count == palm + 5, "\(rest.dropFirst(palm + 3))")
        #expect(rest[palm + 3].contains { $0.code == AbsCode.mtTrackingID && $0.value >= 0 })

        // A right click where the finger rested (128 × 60 mm: 2048 × 960 units), and nothing else.
        let clicks = pointer.inputEvents
        #expect(clicks.filter { $0.type == .key }.map(\.code) == [KeyCode.buttonRight, KeyCode.buttonRight])
        let x = clicks.first { $0.code == AbsCode.x }?.value ?? -1, y = clicks.first { $0.code == AbsCode.y }?.value ?? -1
        #expect(abs(Int(x) - 2048) <= 2 && abs(Int(y) - 960) <= 2, "clicked at \(x), \(y)")

        // The edge swipe: alt+Left, pressed and released.
        let keys = keyboard.inputEvents.filter { $0.type == .key }
        #expect(keys.map(\.code) == [56, 105, 105, 56])
        #expect(keys.map(\.value) == [1, 1, 0, 0])

        // What an app behind the copy makes of it: libinput reads the drag as a touch that went
        // down and up, and the long-pressed touch as cancelled, not lifted (no tap where it rested).
        if LibinputRunner.missing == nil {
            let lines = try Self.libinputLines(forwarded)
            #expect(lines.filter { $0.contains("TOUCH_DOWN") }.count == 3, "\(lines)")
            #expect(lines.filter { $0.contains("TOUCH_UP") }.count == 2, "\(lines)")
            #expect(lines.filter { $0.contains("TOUCH_CANCEL") }.count == 1, "\(lines)")
        }

        // The service's own measure of read-to-write, printed by --stats.
        #expect(served.output.standardError.contains("pass-through (read to write)"))
    }

    @Test func aConfigEditedOnDiskTakesEffectAndABrokenOneIsRefusedWithItsLine() throws {
        let stream = Self.twoLongPresses(apart: 3.0)
        let broken = Self.config.replacingOccurrences(of: "recognizer = \"long-press\"", with: "recognizer = \"long-pres\"")
        let copyKey = Self.config.replacingOccurrences(of: "began = { click = \"right\" }", with: "began = { key = \"ctrl+c\" }")
        // Saved as editors save: a new file renamed over the old one.
        let script = """
            sleep 2; printf '%s\\n' '\(broken)' > @CONFIG@.new && mv @CONFIG@.new @CONFIG@; \
            sleep 1; printf '%s\\n' '\(copyKey)' > @CONFIG@.new && mv @CONFIG@.new @CONFIG@
            """
        let served = try serve(stream.events, config: Self.config, during: script)
        #expect(served.output.status == 0, "\(served.output.standardError)")
        let log = served.output.standardError
        // The broken config: refused, with the line and column of the unknown recognizer; the last good one stays.
        let line = 1 + (broken.components(separatedBy: "\n").firstIndex { $0.contains("long-pres\"") } ?? -1)
        #expect(log.contains("refused"), "\(log)")
        #expect(log.contains("gestures.toml:\(line):14: error: unknown recognizer"), "\(log)")
        #expect(log.contains("config reloaded"), "\(log)")
        let pointer = try #require(served.devices.first { $0.name.hasSuffix("pointer (Tactile)") })
        let keyboard = try #require(served.devices.first { $0.name == "Tactile keyboard" })
        // The first press ran under the first config, the second under the edited one.
        #expect(pointer.inputEvents.filter { $0.type == .key }.map(\.code) == [KeyCode.buttonRight, KeyCode.buttonRight])
        #expect(keyboard.inputEvents.filter { $0.type == .key }.map(\.code) == [29, 46, 46, 29])
    }

    @Test func sigtermCancelsTheTouchesTheAppHoldsAndReleasesEveryDevice() throws {
        var stream = PanelStream(unitsPerMillimetre: 16, time: 0.5)
        stream.stroke(slot: 0, from: (100, 80), to: (110, 80), frames: 10, lift: false)
        stream.wait(3, slot: 0)
        stream.frame(lift: [0])
        let served = try serve(stream.events, config: Self.config, during: "sleep 1.5; kill -TERM $$")
        #expect(served.output.status == 0, "\(served.output.standardError)")
        #expect(served.output.standardError.contains("stopped: every grab released"))
        let copy = try #require(served.devices.first { $0.name == Self.panel.name })
        // The finger was still down: the app's touch is cancelled (a palm, its release, the slot a
        // finger again), not lifted where it rests, and nothing follows.
        let forwarded = frames(of: copy.inputEvents)
        let tail = Array(forwarded.suffix(3))
        #expect(tail.count == 3)
        #expect(tail.first?.contains { $0.code == AbsCode.mtToolType && $0.value == 2 } == true, "\(tail)")
        #expect(tail.dropFirst().first?.contains { $0.code == AbsCode.mtTrackingID && $0.value == -1 } == true)
        #expect(tail.dropFirst().first?.contains { $0.type == .key && $0.code == KeyCode.touch && $0.value == 0 } == true)
        #expect(tail.last?.contains { $0.code == AbsCode.mtToolType && $0.value == 0 } == true)
        #expect(served.devices.allSatisfy { $0.destroyed })
        if LibinputRunner.missing == nil {
            let lines = try Self.libinputLines(forwarded)
            #expect(lines.contains { $0.contains("TOUCH_CANCEL") } && !lines.contains { $0.contains("TOUCH_UP") }, "\(lines)")
        }
    }

    @Test func theEmergencyGestureLetsGoOfEverything() throws {
        var stream = PanelStream(unitsPerMillimetre: 16, time: 0.5)
        stream.frame(land: [0: (40, 40), 1: (60, 40), 2: (80, 40), 3: (100, 40), 4: (120, 60)])
        let end = stream.time + 3.5
        while stream.time < end { stream.frame(move: [0: (40, 40 + (stream.time * 100).truncatingRemainder(dividingBy: 2) / 16)]) }
        stream.frame(lift: [0, 1, 2, 3, 4])
        let served = try serve(stream.events, config: Self.config)
        #expect(served.output.status == 0, "\(served.output.standardError)")
        #expect(served.output.standardError.contains("stopped by the emergency gesture"), "\(served.output.standardError)")
        let copy = try #require(served.devices.first { $0.name == Self.panel.name })
        #expect(!(frames(of: copy.inputEvents).last ?? []).contains { $0.code == AbsCode.mtTrackingID && $0.value >= 0 })
        #expect(served.devices.allSatisfy { $0.destroyed })
    }

    @Test func aDeviceThatGoesAwayIsTakenAgainWhenItReturns() throws {
        var stream = PanelStream(unitsPerMillimetre: 16, time: 0.5)
        stream.frame(land: [0: (128, 60)])
        stream.wait(0.8, slot: 0)
        stream.frame(lift: [0])
        let served = try serve(stream.events, config: Self.config, replug: stream.events, idleExit: 3)
        #expect(served.output.status == 0, "\(served.output.standardError)")
        let log = served.output.standardError
        #expect(log.components(separatedBy: "taken (grabbed").count == 3, "\(log)")
        #expect(log.contains("/dev/input/event5: gone"), "\(log)")
        #expect(log.contains("/dev/input/event6: taken"), "\(log)")
        // A copy for each time the device was there, each removed with it; a right click from each.
        let copies = served.devices.filter { $0.name == Self.panel.name }
        #expect(copies.count == 2 && copies.allSatisfy { $0.destroyed })
        let clicks = served.devices.filter { $0.name.hasSuffix("pointer (Tactile)") }.flatMap { $0.inputEvents.filter { $0.type == .key } }
        #expect(clicks.count == 4)
    }

    @Test func anEdgeThatDoesNotHoldPassesTheTouchOnThenCancelsItForTheApp() throws {
        // The same edge swipe, on an edge zone that lets its touches go on at once (`hold = false`).
        let config = Self.config.replacingOccurrences(of: "depth = \"5mm\"", with: "depth = \"5mm\"\nhold = false")
        var stream = PanelStream(unitsPerMillimetre: 16, time: 0.5)
        stream.stroke(slot: 0, from: (2, 100), to: (60, 102), frames: 12)
        let served = try serve(stream.events, config: config)
        #expect(served.output.status == 0, "\(served.output.standardError)")
        let copy = try #require(served.devices.first { $0.name == Self.panel.name })
        let forwarded = frames(of: copy.inputEvents)
        // The app saw the touch land and move, then a palm frame and its release: a cancel.
        let palm = try #require(forwarded.firstIndex { $0.contains { $0.code == AbsCode.mtToolType && $0.value == 2 } })
        #expect(palm >= 1 && forwarded[0].contains { $0.code == AbsCode.mtTrackingID && $0.value >= 0 })
        #expect(forwarded.count == palm + 3, "\(forwarded.map { $0.map { PrintingSink.text(for: $0) } })")
        let keyboard = try #require(served.devices.first { $0.name == "Tactile keyboard" })
        #expect(keyboard.inputEvents.filter { $0.type == .key }.map(\.code) == [56, 105, 105, 56])
        if LibinputRunner.missing == nil {
            let lines = try Self.libinputLines(forwarded)
            #expect(lines.contains { $0.contains("TOUCH_CANCEL") } && !lines.contains { $0.contains("TOUCH_UP") }, "\(lines)")
        }
    }

    @Test func aUserConfigCreatedWhileServingTakesOverFromTheDefault() throws {
        let home = try TemporaryDirectory.make(prefix: "tactile-xdg")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let stream = Self.twoLongPresses(apart: 3.5)
        let mine = Self.config.replacingOccurrences(of: "began = { click = \"right\" }", with: "began = { key = \"ctrl+c\" }")
        // No config anywhere at the start (the built-in default runs); then ~/.config/tactile/gestures.toml appears.
        let script = "sleep 2; mkdir -p \(home)/tactile && printf '%s\\n' '\(mine)' > \(home)/tactile/gestures.toml"
        let served = try serve(stream.events, config: Self.config, extra: ["--rescan-interval", "1"], during: script,
                               environment: ["XDG_CONFIG_HOME": home], namesConfig: false)
        #expect(served.output.status == 0, "\(served.output.standardError)")
        let log = served.output.standardError
        #expect(log.contains("config: built-in default"), "\(log)")
        #expect(log.contains("config reloaded: \(home)/tactile/gestures.toml"), "\(log)")
        let pointer = try #require(served.devices.first { $0.name.hasSuffix("pointer (Tactile)") })
        let keyboard = try #require(served.devices.first { $0.name == "Tactile keyboard" })
        #expect(pointer.inputEvents.filter { $0.type == .key }.map(\.code) == [KeyCode.buttonRight, KeyCode.buttonRight])
        #expect(keyboard.inputEvents.filter { $0.type == .key }.map(\.code) == [29, 46, 46, 29])
    }
}
