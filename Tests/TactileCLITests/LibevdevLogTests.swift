// libevdev's own complaints about a device whose name holds escape sequences: escaped on serve's and demo's standard error.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

/// A touchscreen named `Evil ESC ]0;pwned BEL Panel` that releases a slot
/// twice: libevdev discards the second release and logs a bug that quotes
/// the device's name. On a umockdev testbed (`tools/umockdev-testbed.py
/// --unplug`, the device removed once the stream is over), `tactile serve
/// --dry-run` and `tactile demo` must print that message escaped, in their
/// own lines, and no ESC byte at all.
@Suite(.serialized, .enabled(if: TestSupport.testbedHelper != nil, Comment(rawValue: TestSupport.testbedHelperMissing)))
struct LibevdevLogTests {
    static let name = "Evil \u{1b}]0;pwned\u{07} Panel"

    static let device = DeviceDescription(
        name: name, properties: [InputProperty.direct], keys: [KeyCode.touch],
        axes: [AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 4095, resolution: 16),
               AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 2559, resolution: 16),
               AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 9),
               AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 4095, resolution: 16),
               AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 2559, resolution: 16),
               AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535)])

    /// A tap in slot 0, then slot 0 released again: the doubled release libevdev complains about.
    static let events: [InputEvent] = {
        var events: [InputEvent] = []
        func add(_ time: Double, _ type: EventType, _ code: UInt16, _ value: Int32) {
            events.append(InputEvent(time: time, type: type, code: code, value: value))
        }
        add(0.1, .abs, AbsCode.mtTrackingID, 10)
        add(0.1, .abs, AbsCode.mtPositionX, 2000)
        add(0.1, .abs, AbsCode.mtPositionY, 1000)
        add(0.1, .key, KeyCode.touch, 1)
        add(0.1, .syn, SynCode.report, 0)
        add(0.15, .abs, AbsCode.mtTrackingID, -1)
        add(0.15, .key, KeyCode.touch, 0)
        add(0.15, .syn, SynCode.report, 0)
        add(0.2, .abs, AbsCode.mtTrackingID, -1)
        add(0.2, .syn, SynCode.report, 0)
        return events
    }()

    static let escapedName = "Evil \\x1b]0;pwned\\x07 Panel"

    /// Runs `tactile` with `arguments` on the testbed; the device goes away 1.5 s after it was opened.
    func run(_ arguments: [String], events: [InputEvent] = events) throws -> TestSupport.Output {
        let helper = try #require(TestSupport.testbedHelper), tactile = try #require(TestSupport.product("tactile"))
        let directory = try TemporaryDirectory.make(prefix: "tactile-libevdev-log")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let node = "/dev/input/event5"
        // Written as tactile mock writes it (an evemu recording cannot hold such a name).
        _ = try TestbedWriter(device: Self.device, events: events, node: node).write(to: directory, name: "evil")
        try "[devices]\nkinds = [\"touchscreen\"]\n".write(toFile: directory + "/gestures.toml", atomically: true, encoding: .utf8)
        let testbed = ["-d", directory + "/evil.umockdev", "-i", "\(node)=\(directory)/evil.ioctl", "-e", "\(node)=\(directory)/evil.events",
                       "--unplug", "--after-open", "--after-seconds", "1.5", "--timeout", "10"]
        let command = arguments.map { $0.replacingOccurrences(of: "@DIR@", with: directory) }
        return try TestSupport.run(helper, testbed + ["--", tactile] + command, timeout: 40)
    }

    func expectEscaped(_ output: TestSupport.Output, command: String) {
        let errors = output.standardError
        #expect(output.status == 0, "\(errors)")
        #expect(!errors.utf8.contains(0x1b) && !output.standardOutput.utf8.contains(0x1b), "a raw ESC: \(errors.debugDescription)")
        let line = errors.split(separator: "\n").first { $0.contains("double tracking ID") }
        #expect(line?.hasPrefix("tactile \(command): libevdev: ") == true, "\(errors)")
        #expect(line?.contains(Self.escapedName) == true, "\(errors)")
    }

    @Test func serveDryRunEscapesLibevdevsMessages() throws {
        let output = try run(["serve", "--dry-run", "--device", "/dev/input/event5", "--config", "@DIR@/gestures.toml", "--idle-exit", "0.3"])
        expectEscaped(output, command: "serve")
    }

    @Test func demoEscapesLibevdevsMessages() throws {
        let output = try run(["demo", "--device", "/dev/input/event5", "--json"])
        expectEscaped(output, command: "demo")
    }

    /// The same slot released 300 times in 0.6 s: libevdev complains 301
    /// times (the tap's own doubled release too), and the log says it about
    /// once a second, then how many were held back. The testbed replays at
    /// wall-clock pace, so a busy machine may stretch the flood past a
    /// second: the test bounds the lines by the seconds the run took (without
    /// a limit they would be 301) and checks that every message is accounted
    /// for, shown or counted.
    @Test func aFloodGivesOneLineASecond() throws {
        var flood = Self.events
        for step in 0..<300 {
            let time = 0.25 + Double(step) * 0.002
            flood.append(InputEvent(time: time, type: .abs, code: AbsCode.mtTrackingID, value: -1))
            flood.append(InputEvent(time: time, type: .syn, code: SynCode.report, value: 0))
        }
        let started = MonotonicClock.seconds()
        let output = try run(["demo", "--device", "/dev/input/event5", "--json"], events: flood)
        let seconds = MonotonicClock.seconds() - started
        let complaints = output.standardError.split(separator: "\n").filter { $0.contains("double tracking ID") }
        #expect(output.status == 0, "\(output.standardError)")
        let summaries = complaints.filter { $0.contains(" more messages like ") }
        let shown = complaints.count - summaries.count
        let counted = complaints.map { Self.heldBack(in: $0) }.reduce(0, +)
        #expect(shown + counted == 301, "\(output.standardError)")
        #expect(shown >= 1 && Double(shown) <= seconds.rounded(.up) + 1, "\(shown) lines in \(seconds) s: \(output.standardError)")
    }

    /// The messages a line says were held back: `(N more like it held back)` or `N more messages like`.
    static func heldBack(in line: Substring) -> Int {
        for marker in [" more like it held back", " more messages like "] {
            guard let range = line.range(of: marker) else { continue }
            let digits = line[..<range.lowerBound].reversed().prefix { $0.isNumber }
            return Int(String(digits.reversed())) ?? 0
        }
        return 0
    }
}
