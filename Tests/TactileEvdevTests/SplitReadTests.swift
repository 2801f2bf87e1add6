// A node whose reads end inside an event: the part is kept, completed by the next read, and the device stays.
import Foundation
import Tactile
import TactileTestSupport
import Testing

/// An emulated node (umockdev's pty) whose writer is slow hands out an event
/// in two parts, and a read between them ends inside it. libevdev refuses
/// such a read (`EINVAL`) and drops its bytes; before ``EventReader`` (once `EventRelay`) that let
/// the device go as "not an evdev input device" (`tactile demo`, `serve`,
/// `record` on a busy machine). The testbed helper's `--split-events` writes
/// every frame in two parts 30 ms apart, cut inside its last event.
@Suite(.enabled(if: TestSupport.testbedHelper != nil, Comment(rawValue: TestSupport.testbedHelperMissing)))
struct SplitReadTests {
    @Test func eventsSplitAcrossReadsArriveWholeAndTheDeviceStays() throws {
        let helper = try #require(TestSupport.testbedHelper)
        let probe = try #require(TestSupport.product("tactile-evdev-probe"), "tactile-evdev-probe was not built next to the tests")
        let events = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-split-\(UUID().uuidString).evemu")
        try TestSupport.evemu(TestSupport.touchpadTap).write(to: events, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: events) }
        // Idle ends the probe 3 s after the last event: long past the last part, however busy the machine.
        let output = try TestSupport.run(helper, [
            "-d", TestSupport.touchpadDescription, "-i", "\(TestSupport.touchpadNode)=\(TestSupport.touchpadIoctl)",
            "--split-events", "\(TestSupport.touchpadNode)=\(events.path)",
            "--", probe, TestSupport.touchpadNode, "--timeout", "3",
        ], timeout: 60)
        #expect(output.standardError.contains("wrote 3 frames"), "stderr: \(output.standardError)")
        let lines = try TestSupport.parseProbe(output)
        #expect(lines.allSatisfy { $0.error == nil }, "stdout: \(output.standardOutput)")
        #expect(lines.compactMap(\.event) == TestSupport.touchpadTap)
        #expect(lines.last?.end == "timedOut", "stdout: \(output.standardOutput)")
        #expect(output.status == 0, "stderr: \(output.standardError)")
    }
}
