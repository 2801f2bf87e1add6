// The default config on a scenario of everyday touches: what the service sends, pinned as a golden recording.
import Foundation
import Tactile
import TactileRecording
import TactileService
import TactileTestSupport
import Testing

@Suite struct ServiceGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/default-config-panel.golden").path
    /// ``scenario()`` as the golden recording was pinned on: built before ``FingerScript`` by a frame builder of
    /// its own, which sent `ABS_X` and `ABS_Y` again in every frame with a finger down (no kernel does: it drops
    /// a value equal to the one held). The service passes those on, so the golden recording holds them.
    static let pinnedInput = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/default-config-panel-input.json").path

    /// A drag, a long press, an edge swipe, an edge tap, a three-finger swipe and a pinch on the 200 × 100 mm panel.
    static func scenario() -> PanelStream {
        var stream = PanelStream()
        stream.stroke(slot: 0, from: (60, 40), to: (100, 55), frames: 20)
        stream.time += 0.4
        stream.frame(land: [0: (120, 50)])
        stream.wait(0.9, slot: 0)
        stream.frame(lift: [0])
        stream.time += 0.4
        stream.stroke(slot: 0, from: (1.5, 60), to: (45, 62), frames: 12)
        stream.time += 0.4
        stream.frame(land: [0: (198.5, 30)])
        stream.frame(lift: [0])
        stream.time += 0.4
        stream.frame(land: [0: (120, 40), 1: (140, 42), 2: (160, 45)])
        for step in 1...12 {
            let dx = -Double(step) * 5
            stream.frame(move: [0: (120 + dx, 40), 1: (140 + dx, 42), 2: (160 + dx, 45)])
        }
        stream.frame(lift: [0, 1, 2])
        stream.time += 0.4
        stream.frame(land: [0: (90, 50), 1: (110, 50)])
        for step in 1...20 {
            let spread = Double(step) * 2
            stream.frame(move: [0: (90 - spread, 50), 1: (110 + spread, 50)])
        }
        stream.frame(lift: [0, 1])
        return stream
    }

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
        #expect(filtered == Self.scenario().events)
    }
}
