// A gesture that goes on after a re-grip is shown by the demo and the replay lines as one.
import Foundation
@testable import Tactile
import TactileRecording
import TactileTestSupport
import Testing
@testable import tactile

/// The reMarkable monkey recording (real) has a two-finger gesture whose
/// finger left goes on as a pan at 4.172101 s, started again as the other
/// finger lifted: the demo shows it as `continues` and counts it once.
@MainActor
@Suite struct ContinuedGestureTests {
    static let file = "touchscreen-remarkable-monkey-touch.json"

    /// The demo's state after playing the recording with the trace fed to it, as `tactile demo` does.
    static func playedState() throws -> TerminalView.State {
        let recording = try RecordingReader.read(contentsOf: Repository.root.appendingPathComponent("Recordings/" + file).path)
        var state = TerminalView.State(recognizerNames: TerminalView.standardRecognizerNames)
        state.logLimit = 100_000
        state.beginRecording(heading: file, path: file, gestures: [])
        _ = ReplayDriver().run(device: recording.device, screen: recording.screen, axisValues: recording.axisValues,
                               events: recording.events,
                               onFrame: { state.update(frame: $0, screen: recording.screen) },
                               onAction: { state.update(action: $0) },
                               onTrace: { state.update(trace: $0) })
        return state
    }

    @Test func theDemoShowsTheContinuedPanAsOne() throws {
        let state = try Self.playedState()
        let lines = state.log.map { TerminalView.logLine($0, width: 200).text }
        #expect(lines.contains { $0.hasPrefix("4.172101  pan@window  continues  1 touch") }, "\(lines.filter { $0.contains("pan@") })")
        #expect(!lines.contains { $0.hasPrefix("4.172101  pan@window  began") })
        let pans = lines.filter { $0.contains("pan@window  began") }.count
        #expect(state.recognizers.first { $0.name == "pan" }?.recognized == pans, "a continued pan is not counted again")
        #expect(state.tally.continued == lines.filter { $0.contains("  continues  ") }.count && state.tally.continued >= 1)
    }

    @Test func continuityNeedsAGestureUnderWayAndEndsWhenEveryFingerLifts() {
        var continuity = GestureContinuity()
        let pinch = ActionRecord(time: 1, recognizer: "pinch", view: "v", state: .began, touches: 2, location: Point(x: 0, y: 0), values: [])
        let pan = ActionRecord(time: 2, recognizer: "pan", view: "v", state: .began, touches: 1, location: Point(x: 0, y: 0), values: [])
        let again = GestureTraceEvent(time: 1.5, recognizer: "pan", view: "v", step: .startedAgain(with: [TouchID(rawValue: 1)]))
        continuity.note(again)
        let early = continuity.continues(pan)
        #expect(!early, "nothing was under way")
        let pinchBegan = continuity.continues(pinch)
        #expect(!pinchBegan)
        continuity.note(again)
        let goesOn = continuity.continues(pan), askedAgain = continuity.continues(pan)
        #expect(goesOn, "after the pinch began, the restarted pan goes on with it")
        #expect(!askedAgain, "asked once")
        continuity.note(again)
        continuity.note(TouchFrame(time: 3, touches: [], fingerCount: 0))
        let afterLift = continuity.continues(pan)
        #expect(!afterLift, "every finger lifted: a new gesture")
    }
}
