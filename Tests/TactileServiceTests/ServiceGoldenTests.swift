// The default config on a scenario of everyday touches: what the service sends, pinned as a golden recording.
import Foundation
import Tactile
import TactileConsole
import TactileRecording
import TactileService
import TactileTestSupport
import Testing

@Suite struct ServiceGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/default-config-panel.golden").path
    /// ``PanelStream/serviceScenario()`` as the golden recording was pinned on: built before ``FingerScript`` by a frame builder of
    /// its own, which sent `ABS_X` and `ABS_Y` again in every frame with a finger down (no kernel does: it drops
    /// a value equal to the one held). The service passes those on, so the golden recording holds them.
    static let pinnedInput = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/default-config-panel-input.json").path

    @Test func theDefaultConfigSendsWhatTheGoldenRecordingHolds() throws {
        let events = try RecordingReader.read(contentsOf: Self.pinnedInput).events
        let run = try ServiceRun(config: ConfigLoader.defaultConfig, events: events)
        let (lines, sink) = (run.reports, run.sink)
        let text = lines.joined(separator: "\n") + "\n\n" + sink.evemuText
        if ProcessInfo.processInfo.environment["TACTILE_REPIN_GOLDEN"] == "1" {
            try text.write(toFile: Self.golden, atomically: true, encoding: .utf8)
        }
        let pinned = try String(contentsOfFile: Self.golden, encoding: .utf8)
        #expect(text == pinned, "re-pin with TACTILE_REPIN_GOLDEN=1 after checking the difference: \(Self.golden)")
        // What the golden file says, in words.
        #expect(lines.contains { $0.contains("right click → right click") })
        #expect(lines.contains { $0.contains("back → key alt+Left") })
        #expect(lines.contains { $0.contains("slot 0 held ") && $0.contains(" ms in right-edge goes on to the app") })
        #expect(lines.contains { $0.contains("next workspace → key super+Page_Down") })
        #expect(lines.contains { $0.contains("zoom → key ctrl+plus") })
    }

    @Test func thePinnedInputIsTheScenarioWithTheLegacyAxesRepeated() throws {
        let pinned = try RecordingReader.read(contentsOf: Self.pinnedInput).events
        // What a kernel would have sent of it: repeated single-touch values dropped, then frames left empty.
        var held: [UInt16: Int32] = [:]
        var filtered: [InputEvent] = []
        for frame in frames(of: pinned) {
            let kept = frame.filter { event in
                guard event.type == .abs, event.code == AbsCode.x || event.code == AbsCode.y else { return true }
                return held.updateValue(event.value, forKey: event.code) != event.value
            }
            if kept.count > 1 { filtered += kept }
        }
        #expect(filtered == PanelStream.serviceScenario().events)
    }
}
