// The guide's "Await gestures" on bundled recordings: every action reaches the loop, and finishInput ends it.
@testable import Tactile
import TactileRecording
import TactileTestSupport
import Testing

/// The guide's "Await gestures" code (`Sources/Tactile/Tactile.docc/GettingStarted.md`)
/// on bundled recordings with more actions than the 256 a stream used to
/// keep: the whole recording is processed at once, before the loop reads
/// anything. Before awaiting the loop's end, the test requires that
/// finishInput finished every stream, so a stream left open fails the test
/// instead of hanging it.
@Suite("Awaiting the actions of a recording")
struct AwaitingActionsTests {
    @Test("fed at once, the stream gets every action onAction sees, and its loop ends after finishInput",
          arguments: ["synthetic/touchscreen-pans.json", "touchscreen-dell-canvas-session.json", "touchscreen-remarkable-monkey-touch.json"])
    @MainActor
    func everyActionThenTheEnd(file: String) async throws {
        let recording = try Recording(contentsOf: Repository.recordings + "/" + file)
        let window = Window(screen: recording.screen)
        let gestures = StandardGestures(attachingTo: window)
        let pipeline = InputPipeline(device: recording.device, window: window, axisValues: recording.axisValues)
        var seen: [ActionRecord] = []
        pipeline.engine.onAction = { seen.append($0) }
        var framesSeen = 0
        pipeline.onFrame = { _ in framesSeen += 1 }
        let frames = pipeline.frames()
        let frameCounter = Task { @MainActor in
            var count = 0
            for await _ in frames { count += 1 }
            return count
        }

        // The guide's code, as it is there.
        let actions = pipeline.engine.actions()
        let listener = Task { @MainActor in
            var received: [ActionRecord] = []
            for await action in actions { received.append(action) }
            return received  // the loop ends once the input is finished
        }
        pipeline.process(recording.events)
        pipeline.finishInput(at: (recording.events.last?.time ?? 0) + 1)
        try #require(pipeline.engine.openActionStreams == 0 && pipeline.openFrameStreams == 0, "finishInput ended the streams")
        let received = await listener.value

        #expect(seen.count > 256, "\(file): \(seen.count) actions, more than the old buffer")
        #expect(received == seen, "\(file): \(received.count) of \(seen.count) actions")
        #expect(pipeline.engine.actionsDroppedByStreams == 0)
        #expect(await frameCounter.value == framesSeen, "every frame too")
        withExtendedLifetime(gestures) {}
    }
}
