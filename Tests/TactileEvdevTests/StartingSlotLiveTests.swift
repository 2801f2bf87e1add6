// A recording that began in slot 1: its testbed presents ABS_MT_SLOT 1, so the live path starts in slot 1 as replay does.
import Foundation
import Tactile
import TactileEvdev
import TactileRecording
import TactileTestSupport
import Testing

/// A recording that began in slot 1 (the hand-made evemu fixture of the
/// recording tests): its testbed presents `ABS_MT_SLOT` 1 through
/// `EVIOCGABS`, so libevdev — and the live path, and libinput — start in
/// slot 1 as the replay does.
struct StartingSlotTests {
    static let fixture = Repository.path("Tests/TactileRecordingTests/Fixtures/evemu-begins-in-slot-1.evemu")

    /// `EVIOCGABS(code)`'s reply in `ioctl` text, as little-endian 32-bit words.
    static func absinfo(_ code: UInt16, in ioctl: String) -> [Int32]? {
        let name = code == 0 ? "EVIOCGABS 0 " : "EVIOCGABS(\(code)) 0 "
        guard let line = ioctl.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return nil }
        let hex = Array(line.dropFirst(name.count))
        guard hex.count == 48 else { return nil }
        return (0..<6).map { word in
            var raw: UInt32 = 0
            for byte in 0..<4 {
                let start = (word * 4 + byte) * 2
                raw |= UInt32(UInt8(String(hex[start..<start + 2]), radix: 16) ?? 0) << (8 * UInt32(byte))
            }
            return Int32(bitPattern: raw)
        }
    }

    @Test("the testbed presents the recording's axis values as EVIOCGABS values")
    func ioctlValues() throws {
        let recording = try Recording(contentsOf: Self.fixture)
        let writer = try TestbedWriter(device: recording.device, axisValues: recording.axisValues, events: recording.events)
        let ioctl = writer.ioctlText()
        #expect(Self.absinfo(AbsCode.mtSlot, in: ioctl) == [1, 0, 2, 0, 0, 0])
        #expect(Self.absinfo(AbsCode.x, in: ioctl) == [520, 0, 1000, 0, 0, 10])
        #expect(Self.absinfo(AbsCode.mtPositionX, in: ioctl)?.first == 0)
        let plain = try TestbedWriter(device: recording.device).ioctlText()
        #expect(Self.absinfo(AbsCode.mtSlot, in: plain)?.first == 0)
    }

    @Test("live demo on the testbed starts in slot 1 and gives the replay's action log",
          .enabled(if: TestSupport.umockdevRun != nil, Comment(rawValue: TestSupport.umockdevMissing)))
    func liveEqualsReplay() throws {
        let tactile = try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
        let umockdevRun = try #require(TestSupport.umockdevRun)
        let directory = try TemporaryDirectory.create(prefix: "tactile-slot")
        defer { try? FileManager.default.removeItem(at: directory) }
        // `tactile mock` keeps the evemu header's values.
        let mock = try TestSupport.run(tactile, ["mock", Self.fixture, directory.path, "--name", "slot"])
        #expect(mock.status == 0, "stderr: \(mock.standardError)")
        let files = TestbedFiles(umockdev: directory.appendingPathComponent("slot.umockdev").path,
                                 ioctl: directory.appendingPathComponent("slot.ioctl").path,
                                 events: directory.appendingPathComponent("slot.events").path, node: TestbedWriter.defaultNode)
        #expect(Self.absinfo(AbsCode.mtSlot, in: try String(contentsOfFile: files.ioctl, encoding: .utf8))?.first == 1)

        let screen = ["--screen", "1920x1080", "--dpi", "96"]
        let live = try TestSupport.run(umockdevRun, Array(files.commandLine(running: [
            tactile, "demo", "--device", files.node, "--idle-exit", "1",
        ] + screen).dropFirst()))
        #expect(live.status == 0, "stderr: \(live.standardError)")
        let touches = live.lines.filter { $0.contains(" touch #") }
        #expect(touches.count == 4, "\(live.standardOutput)")
        #expect(touches.first?.contains("touch #1 began      slot 1") == true, "\(live.standardOutput)")

        let liveJSON = try TestSupport.run(umockdevRun, Array(files.commandLine(running: [
            tactile, "demo", "--device", files.node, "--json", "--idle-exit", "1",
        ] + screen).dropFirst()))
        let replay = try TestSupport.run(tactile, ["replay", "--json", Self.fixture] + screen)
        #expect(replay.status == 0 && liveJSON.status == 0, "stderr: \(replay.standardError) \(liveJSON.standardError)")
        #expect(replay.lines.contains { $0.contains("\"recognizer\":\"pan\"") && $0.contains("\"touches\":2") })
        #expect(liveJSON.lines == replay.lines, "stderr: \(liveJSON.standardError)")
    }
}
