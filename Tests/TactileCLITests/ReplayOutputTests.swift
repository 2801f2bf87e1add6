// tactile replay's output, formatted and written on a thread of its own, is every action in order, as the replay in memory gives it.
import Foundation
import Tactile
import TactileRecording
import TactileSynthesis
import TactileTestSupport
import Testing

@Suite("replay output: the background writer keeps every line in order")
struct ReplayOutputTests {
    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    /// A session long enough for many of the writer's batches (512 actions each).
    @MainActor
    static func session() -> Recording {
        var synthesizer = GestureSynthesizer(device: SynthesizedDevices.touchscreen, seed: 9)
        let kinds = (0..<60).map { GestureKind.allCases[$0 % GestureKind.allCases.count] }
        let session = synthesizer.session(kinds, gap: 0.3...0.6, start: 0)
        return Recording(device: SynthesizedDevices.touchscreen, labels: session.labels.map(\.recordingLabel), events: session.events)
    }

    @Test("replay --json prints exactly the in-memory replay's JSON lines, the readable replay its readable lines among the touch lines")
    @MainActor
    func everyLineInOrder() throws {
        let recording = Self.session()
        let expected = RecordingReplay.run(recording).log.records
        #expect(expected.count > 4 * 512, "several batches: \(expected.count) actions")
        try TemporaryDirectory.with { directory in
            let path = directory + "/session.json"
            try RecordingWriter.write(recording, to: path)
            let json = try TestSupport.run(try tactile(), ["replay", "--json", path, path])
            #expect(json.status == 0, "\(json.standardError)")
            #expect(json.lines == expected.map(\.jsonLine) + expected.map(\.jsonLine), "two files, one after the other")
            let readable = try TestSupport.run(try tactile(), ["replay", path])
            #expect(readable.status == 0)
            let actionLines = readable.lines.filter { !$0.hasPrefix(" ") && !$0.hasPrefix("#") }
            #expect(actionLines == expected.map(\.readableLine))
            // Touch lines come between the actions at their times: the first touch line before the first action.
            let firstTouch = try #require(readable.lines.firstIndex { $0.contains("touch #1 began") })
            let firstAction = try #require(readable.lines.firstIndex { $0 == expected[0].readableLine })
            #expect(firstTouch < firstAction)
            #expect(readable.lines.first?.hasPrefix("# ") == true, "the header line comes first")
        }
    }
}
