// A session that follows the touchscreen across an unplug mid-gesture and a replug at another node, on a umockdev testbed.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

/// `tactile-evdev-probe --follow touchscreen` (a `FollowingSession` on the
/// standard gestures) on a testbed whose panel is unplugged while a finger
/// drags on it, then plugged in again as another node (the kernel gives a
/// device that returns the first free number), where a whole drag follows.
/// Each test waits for what the probe says, never for a clock: the testbed
/// unplugs once the probe read every event, and the probe stops itself
/// after the second unplug.
@Suite(.enabled(if: TestSupport.testbedHelper != nil, Comment(rawValue: TestSupport.testbedHelperMissing)))
struct FollowingSessionLiveTests {
    /// A finger landing at (500, 500) on the test panel and moving right by
    /// `distance` units (1 mm = 10) in 10 ms steps from `start`; lifted at the end when `lift`.
    static func drag(start: Double, distance: Int32, lift: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        func frame(_ time: Double, _ body: [(EventType, UInt16, Int32)]) {
            for (type, code, value) in body { events.append(InputEvent(time: time, type: type, code: code, value: value)) }
            events.append(InputEvent(time: time, type: .syn, code: SynCode.report, value: 0))
        }
        frame(start, [(.abs, AbsCode.mtSlot, 0), (.abs, AbsCode.mtTrackingID, 1), (.abs, AbsCode.mtPositionX, 500),
                      (.abs, AbsCode.mtPositionY, 500), (.key, KeyCode.touch, 1)])
        for step in 1...20 {
            frame(start + Double(step) * 0.01, [(.abs, AbsCode.mtPositionX, 500 + distance * Int32(step) / 20)])
        }
        if lift { frame(start + 0.21, [(.abs, AbsCode.mtTrackingID, -1), (.key, KeyCode.touch, 0)]) }
        return events
    }

    /// Runs the probe on the testbed: the panel at event5 replaying `first`, unplugged once the probe
    /// read it all; back 1 s later at event6 replaying `second`, unplugged again the same way.
    func follow(first: [InputEvent], second: [InputEvent]) throws -> [TestSupport.ProbeLine] {
        let helper = try #require(TestSupport.testbedHelper)
        let probe = try #require(TestSupport.product("tactile-evdev-probe"), "tactile-evdev-probe was not built next to the tests")
        let directory = try TemporaryDirectory.make(prefix: "tactile-follow")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let panel = try TestbedWriter(device: TestDevices.panel, events: first, node: "/dev/input/event5").write(to: directory, name: "panel")
        let again = try TestbedWriter(device: TestDevices.panel, events: second, node: "/dev/input/event6").write(to: directory, name: "again")
        // The removal waits for the probe to have read every event the node holds; the 3 s are
        // umockdev's time to write them into the node (it replays them at their pace).
        let arguments = [
            "-d", panel.umockdev, "-i", "\(panel.node)=\(panel.ioctl)", "-e", "\(panel.node)=\(panel.events)",
            "--unplug", "--after-open", "--after-seconds", "3", "--timeout", "30",
            "--replug-after", "1", "--replug-device", again.umockdev,
            "--replug-ioctl", "\(again.node)=\(again.ioctl)", "--replug-events", "\(again.node)=\(again.events)",
            "--", probe, "--follow", "touchscreen", "--stop-after-disconnects", "2",
        ]
        let output = try TestSupport.run(helper, arguments, timeout: 120)
        try #require(output.status == 0, "stderr: \(output.standardError)\nstdout: \(output.standardOutput)")
        return try TestSupport.parseProbe(output)
    }

    @Test("unplugged mid-drag: the pan is cancelled, the app told; back at another node: it reconnects and recognizes")
    func unplugMidGestureAndReplugElsewhere() throws {
        let lines = try follow(first: Self.drag(start: 0.5, distance: 300, lift: false),
                               second: Self.drag(start: 0.5, distance: 300, lift: true))
        let changes = lines.filter { $0.change != nil }
        #expect(changes.map(\.change) == ["connected", "disconnected", "reconnected", "disconnected"], "\(lines.map(\.text))")
        #expect(changes.map(\.path) == ["/dev/input/event5", "/dev/input/event5", "/dev/input/event6", "/dev/input/event6"])
        let gone = try #require(lines.firstIndex { $0.change == "disconnected" })
        let back = try #require(lines.firstIndex { $0.change == "reconnected" })
        // Before the app is told the device went: the drag's pan, cancelled, and nothing recognized of a finger that never lifted.
        let before = lines[..<gone].compactMap(\.action)
        #expect(before.first { $0.recognizer == "pan" }?.state == "began", "\(before)")
        #expect(before.last { $0.recognizer == "pan" }?.state == "cancelled", "\(before)")
        #expect(!before.contains { $0.state == "ended" }, "no tap, swipe or pan ended: \(before)")
        #expect(lines[gone..<back].allSatisfy { $0.action == nil })
        // After it is back: the whole drag is a pan, began to ended, on the same window and recognizers.
        let after = lines[back...].compactMap(\.action)
        let pan = after.filter { $0.recognizer == "pan" }
        #expect(pan.first?.state == "began" && pan.last?.state == "ended", "\(after)")
        // Engine time goes on: the second drag after the first, and taking its own time (its events rebased, not piled up).
        let firstEnd = try #require(before.last?.t), began = try #require(pan.first?.t), ended = try #require(pan.last?.t)
        #expect(began > firstEnd, "\(firstEnd) then \(began)")
        #expect(ended - began >= 0.1, "the drag lasts 0.21 s: \(began) to \(ended)")
        let times = lines.compactMap(\.action).map(\.t)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "\(times)")
        let end = try #require(lines.last)
        #expect(end.end == "stopped" && end.connections == 2 && end.inOrder == true, "\(lines.map(\.text))")
    }
}
