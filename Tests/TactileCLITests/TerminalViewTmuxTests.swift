// tactile demo in a real terminal: tmux captures of the live demo and the showcase, and the terminal restored after.
import Foundation
import Tactile
import TactileTestSupport
import Testing

/// `tactile demo` in a real terminal: tools/tmux-demo-check.sh runs it in a
/// detached 120×40 tmux session under umockdev-run and checks the capture,
/// then that the terminal is restored after the idle exit and after Ctrl-C;
/// tools/tmux-showcase-check.sh runs the replay shown without a device.
@Suite(.enabled(if: TestSupport.umockdevRun != nil && TestSupport.findOnPath("tmux") != nil,
                "tmux or umockdev-run is not on PATH"))
struct TerminalViewTmuxTests {
    /// One finger lands (slot 0) and stays; a second (slot 1) joins after the
    /// long press began; small moves keep events coming until 3 s, then both lift.
    static var events: [InputEvent] {
        var events: [InputEvent] = []
        func at(_ time: Double, _ type: EventType, _ code: UInt16, _ value: Int32) {
            events.append(InputEvent(time: time, type: type, code: code, value: value))
        }
        at(0.1, .abs, AbsCode.mtSlot, 0)
        at(0.1, .abs, AbsCode.mtTrackingID, 7)
        at(0.1, .abs, AbsCode.mtPositionX, 2000)
        at(0.1, .abs, AbsCode.mtPositionY, 2500)
        at(0.1, .key, KeyCode.touch, 1)
        at(0.1, .key, KeyCode.toolFinger, 1)
        at(0.1, .syn, SynCode.report, 0)
        at(0.9, .abs, AbsCode.mtSlot, 1)
        at(0.9, .abs, AbsCode.mtTrackingID, 8)
        at(0.9, .abs, AbsCode.mtPositionX, 4500)
        at(0.9, .abs, AbsCode.mtPositionY, 3500)
        at(0.9, .key, KeyCode.toolFinger, 0)
        at(0.9, .key, KeyCode.toolDoubleTap, 1)
        at(0.9, .syn, SynCode.report, 0)
        var time = 1.0
        var step: Int32 = 0
        while time < 3.0 {
            step += 1
            at(time, .abs, AbsCode.mtSlot, 0)
            at(time, .abs, AbsCode.mtPositionX, 2000 + step % 2)
            at(time, .syn, SynCode.report, 0)
            time += 0.25
        }
        at(3.0, .abs, AbsCode.mtSlot, 0)
        at(3.0, .abs, AbsCode.mtTrackingID, -1)
        at(3.0, .abs, AbsCode.mtSlot, 1)
        at(3.0, .abs, AbsCode.mtTrackingID, -1)
        at(3.0, .key, KeyCode.touch, 0)
        at(3.0, .key, KeyCode.toolDoubleTap, 0)
        at(3.0, .syn, SynCode.report, 0)
        return events
    }

    @Test func demoDrawsFingersAndStatesAndRestoresTheTerminal() throws {
        let tactile = try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
        let script = Repository.path("tools/tmux-demo-check.sh")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-tmux-\(UUID().uuidString).evemu")
        defer { try? FileManager.default.removeItem(at: file) }
        try TestSupport.evemu(Self.events).write(to: file, atomically: true, encoding: .utf8)
        let output = try TestSupport.run("/bin/sh", [script, tactile, TestSupport.touchpadDescription, TestSupport.touchpadIoctl,
                                                     TestSupport.touchpadNode, file.path], timeout: 60)
        #expect(output.status == 0, "stdout: \(output.standardOutput)\nstderr: \(output.standardError)")
        #expect(output.standardOutput.contains("PASS: drawn while the fingers were down, terminal restored after exit and after Ctrl-C"), "\(output.standardOutput)")
    }

    /// Without a device, at 120×40 and twice the recorded pace: every
    /// recognizer kind shows a state, the notice stays in view, states are
    /// coloured, a pan's values are whole, and the summary stays after exit.
    @Test func showcaseShowsEveryKindAndLeavesASummary() throws {
        let tactile = try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
        let script = Repository.path("tools/tmux-showcase-check.sh")
        let output = try TestSupport.run("/bin/sh", [script, tactile, "120x40", "2"], timeout: 90)
        #expect(output.status == 0, "stdout: \(output.standardOutput)\nstderr: \(output.standardError)")
        #expect(output.standardOutput.contains("PASS: every kind shown, notice in view, colours, values whole, summary left after exit (120x40)"),
                "\(output.standardOutput)")
    }
}
