// A protocol-A device (the N-Trig screen) on the live path: EvdevDevice hands out protocol B under umockdev.
import Foundation
import Tactile
import TactileEvdev
import TactileRecording
import TactileTestSupport
import Testing

/// A protocol-A device on the live path: a umockdev testbed presents the
/// N-Trig screen as the kernel announced it (no slots, `SYN_MT_REPORT`), and
/// ``EvdevDevice`` must hand out protocol B for a 10-slot device, so that
/// `tactile demo --json` prints what `tactile replay --json` prints for the
/// same recording (whose importer converts the same way).
@Suite(.enabled(if: TestSupport.umockdevRun != nil, Comment(rawValue: TestSupport.umockdevMissing)))
struct ProtocolALiveTests {
    static let recording = Repository.path("Recordings/evemu/touchscreen-ntrig-two-finger-touch-release.evemu")

    /// The N-Trig recording as the kernel sent it, timestamps from 0, and a
    /// testbed presenting it in `directory`.
    func testbed(in directory: URL) throws -> (evemu: EvemuRecording, files: TestbedFiles) {
        let evemu = try EvemuReader.read(contentsOf: Self.recording).rebased()
        #expect(evemu.device.usesProtocolA)
        let files = try TestbedWriter(device: evemu.device, events: evemu.events).write(to: directory.path, name: "ntrig")
        return (evemu, files)
    }

    @Test("EvdevDevice reads a protocol-A node as a 10-slot protocol-B device")
    func deviceConverts() throws {
        let probe = try #require(TestSupport.product("tactile-evdev-probe"), "tactile-evdev-probe was not built next to the tests")
        let umockdevRun = try #require(TestSupport.umockdevRun)
        let directory = try TemporaryDirectory.create(prefix: "tactile-protocol-a")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (evemu, files) = try testbed(in: directory)
        let output = try TestSupport.run(umockdevRun, Array(files.commandLine(running: [
            probe, files.node, "--timeout", "1",
        ]).dropFirst()))
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let first = try #require(output.lines.first)
        #expect(first.contains("\"slots\":10"), "\(first)")
        struct Line: Decodable { var type: UInt16?; var code: UInt16?; var value: Int32? }
        let events = output.lines.dropFirst().compactMap { try? JSONDecoder().decode(Line.self, from: Data($0.utf8)) }
            .compactMap { line -> (UInt16, UInt16, Int32)? in
                guard let type = line.type, let code = line.code, let value = line.value else { return nil }
                return (type, code, value)
            }
        #expect(!events.contains { $0.0 == EventType.syn.rawValue && $0.1 == SynCode.mtReport }, "no SYN_MT_REPORT comes out")
        let expected = ProtocolAConverter.convert(evemu.events, configuration: .device)
        #expect(events.map { "\($0.0):\($0.1):\($0.2)" } == expected.map { "\($0.type.rawValue):\($0.code):\($0.value)" })
        let slots = Set(events.filter { $0.0 == EventType.abs.rawValue && $0.1 == AbsCode.mtSlot }.map(\.2))
        #expect(slots == [0, 1], "both fingers get a slot")
    }

    @Test("live demo on the protocol-A testbed gives the replay's action log")
    func liveEqualsReplay() throws {
        let tactile = try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
        let umockdevRun = try #require(TestSupport.umockdevRun)
        let directory = try TemporaryDirectory.create(prefix: "tactile-protocol-a")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (evemu, files) = try testbed(in: directory)
        let rebased = directory.appendingPathComponent("ntrig-rebased.evemu").path
        try EvemuWriter.write(evemu, to: rebased)

        let screen = ["--screen", "1920x1080", "--dpi", "96"]
        let live = try TestSupport.run(umockdevRun, Array(files.commandLine(running: [
            tactile, "demo", "--device", files.node, "--json", "--idle-exit", "1",
        ] + screen).dropFirst()))
        #expect(live.status == 0, "stderr: \(live.standardError)")
        let replay = try TestSupport.run(tactile, ["replay", "--json", rebased] + screen)
        #expect(replay.status == 0, "stderr: \(replay.standardError)")
        #expect(!replay.lines.isEmpty, "the recording makes actions")
        #expect(live.lines == replay.lines, "stderr: \(live.standardError)")
    }
}
