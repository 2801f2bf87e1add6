// Recordings the format tests share: a synthesized session with its golden log, and a hand-made tap.
import Foundation
import Tactile
import TactileRecording
import TactileSynthesis
import Testing

/// Recordings for the format tests.
enum RecordingFormatFixtures {
    /// A realistic recording: a session of synthesized gestures on the
    /// touchscreen, their labels, and the golden log of replaying it.
    @MainActor static let session: Recording = {
        var synthesizer = GestureSynthesizer(device: SynthesizedDevices.touchscreen, seed: 1)
        let (events, labels) = synthesizer.session(
            [.tap, .pinchOut, .pan, .rotation, .swipe, .doubleTap, .longPress, .pinchIn, .hold], gap: 0.2...0.5)
        var recording = Recording(
            created: "2026-11-21T12:00:00Z", device: SynthesizedDevices.touchscreen, screen: .standard,
            labels: labels.map(\.recordingLabel), events: events)
        recording.expected = RecordingReplay.run(recording).log.records
        return recording
    }()

    /// A one-finger tap in seven events, small enough to break by hand.
    static let tap = Recording(
        created: "2026-11-21T12:00:00Z", device: SynthesizedDevices.touchscreen,
        labels: [RecordingLabel(gesture: "tap", fingers: 1, start: 0, end: 0.008, recognizers: ["tap"])],
        expected: [
            ActionRecord(
                time: 0.308, recognizer: "tap", view: "window", state: .ended, touches: 0, location: Point(x: 468.75, y: 234.5),
                values: [ActionValue("taps", 1), ActionValue("fingers", 1)])
        ],
        events: [
            InputEvent(seconds: 0, microseconds: 0, type: .abs, code: AbsCode.mtSlot, value: 0),
            InputEvent(seconds: 0, microseconds: 0, type: .abs, code: AbsCode.mtTrackingID, value: 12),
            InputEvent(seconds: 0, microseconds: 0, type: .abs, code: AbsCode.mtPositionX, value: 1000),
            InputEvent(seconds: 0, microseconds: 0, type: .abs, code: AbsCode.mtPositionY, value: 500),
            InputEvent(seconds: 0, microseconds: 0, type: .syn, code: SynCode.report, value: 0),
            InputEvent(seconds: 0, microseconds: 8000, type: .abs, code: AbsCode.mtTrackingID, value: -1),
            InputEvent(seconds: 0, microseconds: 8000, type: .syn, code: SynCode.report, value: 0),
        ])

    /// The tap as the writer writes it (40 lines: events on lines 31–37).
    static let tapText: String = (try? RecordingWriter.text(for: tap)) ?? ""

    /// The tap's text with `old` replaced by `new` (once; a test records an issue when `old` is missing).
    static func tapText(replacing old: String, with new: String) -> String {
        guard let range = tapText.range(of: old) else {
            Issue.record("the fixture has no \(old)")
            return tapText
        }
        return tapText.replacingCharacters(in: range, with: new)
    }
}
