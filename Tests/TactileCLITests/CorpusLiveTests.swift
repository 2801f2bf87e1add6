// Corpus recordings through the live path: tactile demo --json on a testbed of each gives tactile replay --json's action log.
import Foundation
import Tactile
import TactileEvdev
import TactileRecording
import TactileTestSupport
import Testing

/// Corpus recordings driven through the real live path: a umockdev testbed
/// written from the recording's own device (``TestbedWriter``) replays its
/// events into `/dev/input/event0`, `tactile demo --json` reads them through
/// libevdev, and its action log must equal `tactile replay --json` on the
/// recording, line for line.
@Suite(.enabled(if: TestSupport.umockdevRun != nil, Comment(rawValue: TestSupport.umockdevMissing)))
struct CorpusLiveTests {
    static let recordings: URL = Repository.root.appendingPathComponent("Recordings")

    @Test("live demo on a testbed of the recording gives the replay's action log",
          arguments: ["touchpad-synaptics-two-finger-scroll.json", "touchscreen-atmel-four-finger-drag.json",
                      "touchscreen-galaxys-two-finger-drag.json"])
    func liveEqualsReplay(name: String) throws {
        let tactile = try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
        let umockdevRun = try #require(TestSupport.umockdevRun)
        let file = Self.recordings.appendingPathComponent(name).path
        let recording = try RecordingReader.read(contentsOf: file)
        let directory = try TemporaryDirectory.create(prefix: "tactile-corpus-live")
        defer { try? FileManager.default.removeItem(at: directory) }
        let testbed = try TestbedWriter(device: recording.device, events: recording.events).write(to: directory.path, name: "testbed")

        // The recording's screen, given whole, so that no display of this machine is consulted.
        let dpi = (recording.screen.pointsPerMillimetre * 25.4).rounded()
        let screen = Screen(width: recording.screen.bounds.width, height: recording.screen.bounds.height, dotsPerInch: dpi)
        #expect(screen == recording.screen)
        let live = try TestSupport.run(umockdevRun, testbed.commandLine(running: [
            tactile, "demo", "--device", testbed.node, "--json", "--idle-exit", "1",
            "--screen", "\(Int(screen.bounds.width))x\(Int(screen.bounds.height))", "--dpi", "\(Int(dpi))",
        ]).dropFirst().map { $0 })
        #expect(live.status == 0, "stderr: \(live.standardError)")
        let replay = try TestSupport.run(tactile, ["replay", "--json", file])
        #expect(replay.status == 0, "stderr: \(replay.standardError)")
        #expect(!replay.lines.isEmpty, "the recording makes actions")
        #expect(live.lines == replay.lines, "stderr: \(live.standardError)")
    }
}
