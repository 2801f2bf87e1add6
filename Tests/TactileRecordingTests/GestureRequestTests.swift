// Sessions of gestures asked for one by one (GestureRequest): own fingers and places, and labels outside the standard set.
import Tactile
import TactileRecording
import TactileSynthesis
import Testing

/// ``GestureRequest``: a session whose gestures each give their own fingers
/// and place, including finger counts no standard recognizer takes.
@Suite("Gesture synthesizer: gestures asked for one by one")
struct GestureRequestTests {
    @Test("requests giving the same fingers and place as the session's arguments give the same events")
    func sameAsTheSessionArguments() {
        var byArguments = GestureSynthesizer(device: SynthesizedDevices.touchscreen, seed: 5)
        var byRequests = GestureSynthesizer(device: SynthesizedDevices.touchscreen, seed: 5)
        let centre = Point(x: 120, y: 70)
        let old = byArguments.session([.tap, .pan, .hold], fingers: 2, centredAt: centre, gap: 0.8...1.2)
        let new = byRequests.session([.tap, .pan, .hold].map { GestureRequest($0, fingers: 2, centredAt: centre) }, gap: 0.8...1.2)
        #expect(old.events == new.events)
        #expect(old.labels == new.labels)
    }

    @Test("each request gets its fingers and place; one outside the standard set is labelled with no recognizer")
    @MainActor
    func ownFingersAndPlace() throws {
        var synthesizer = GestureSynthesizer(device: SynthesizedDevices.touchscreen, seed: 3)
        let session = synthesizer.session([
            GestureRequest(.longPress, fingers: 2, centredAt: Point(x: 100, y: 80)),
            GestureRequest(.tap, fingers: 3, centredAt: Point(x: 200, y: 40)),
            GestureRequest(.rotation),
        ], gap: 0.8...1.2)
        #expect(session.labels.map(\.kind) == [.longPress, .tap, .rotation])
        #expect(session.labels[0].fingers == 2 && session.labels[1].fingers == 3 && session.labels[2].fingers == 2)
        for (label, wanted) in zip(session.labels, [Point(x: 100, y: 80), Point(x: 200, y: 40)]) {
            let place = Point(x: label[GestureLabel.Key.x] ?? .nan, y: label[GestureLabel.Key.y] ?? .nan)
            #expect(place.distance(to: wanted) < 3, "\(label.kind) at \(place)")
        }
        let stored = session.labels.map(\.recordingLabel)
        #expect(!session.labels[0].isForStandardRecognizer)
        #expect(stored[0].recognizers.isEmpty, "no standard recognizer takes a two-finger long press")
        #expect(stored[0].note == "2 fingers: outside the standard set's long-press (1 finger), so no standard recognizer must recognize it")
        #expect(stored[1].recognizers == ["threeFingerTap"] && stored[1].note == nil)
        #expect(stored[2].recognizers == ["rotation"])
        // Replayed through the standard set, the labels hold: nothing is asked of the long press.
        let recording = Recording(device: SynthesizedDevices.touchscreen, labels: stored, events: session.events)
        let replay = RecordingReplay.run(recording)
        #expect(RecordingReplay.labelProblems(stored, log: replay.log).isEmpty)
        #expect(!replay.log.records.contains { $0.recognizer == "longPress" && $0.time < session.labels[0].end + 0.5 },
                "the standard long press takes one finger: it does not recognize the two-finger press")
    }

    @Test("the kinds' fewest fingers")
    func minimumFingers() {
        #expect(GestureKind.allCases.filter { $0.minimumFingers == 2 } == [.pinchIn, .pinchOut, .rotation])
        #expect(GestureKind.allCases.allSatisfy { GestureRanges.fingers($0).lowerBound >= $0.minimumFingers })
    }
}
