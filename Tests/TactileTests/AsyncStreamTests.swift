// Frames and actions as async sequences: a task awaits gestures instead of registering targets.
import Testing
@testable import Tactile

/// Frames and actions as async sequences: a task awaits gestures instead of
/// registering targets.
@Suite("Frames and actions as async sequences")
struct AsyncStreamTests {
    @Test("actions() and frames() give what onAction and onFrame see, in order, and end with the input")
    func streams() async {
        let harness = Harness.panel()
        let gestures = StandardGestures(attachingTo: harness.window)
        let actions = harness.pipeline.engine.actions()
        let frames = harness.pipeline.frames()
        var script = EventScript()
        script.motion(from: [Point(x: 200, y: 500)], to: [Point(x: 700, y: 500)], start: 0, duration: 0.3, firstID: 1)
        harness.run(script)
        harness.pipeline.finishStreams()
        var streamed: [ActionRecord] = []
        for await action in actions { streamed.append(action) }
        var frameCount = 0
        for await _ in frames { frameCount += 1 }
        #expect(streamed == harness.log.records, "the same actions as onAction")
        #expect(streamed.contains { $0.recognizer == "pan" && $0.state == .ended })
        #expect(frameCount == 32, "\(frameCount) frames")
        withExtendedLifetime(gestures) {}
    }

    @Test("a consumer that stops listening is dropped; the others go on")
    func abandonedStream() async {
        let harness = Harness.panel()
        let pan = PanGestureRecognizer(name: "pan")
        harness.window.addGestureRecognizer(pan)
        var first: AsyncStream<ActionRecord>? = harness.pipeline.engine.actions()
        let second = harness.pipeline.engine.actions()
        first = nil  // the first consumer goes away
        #expect(first == nil)
        var script = EventScript()
        script.motion(from: [Point(x: 200, y: 500)], to: [Point(x: 700, y: 500)], start: 0, duration: 0.2, firstID: 1)
        harness.run(script)
        harness.pipeline.finishStreams()
        var count = 0
        for await _ in second { count += 1 }
        #expect(count == harness.log.records.count)
    }

    @Test("a task on the main actor awaits the pinch of a recording while it plays")
    func awaitingTask() async {
        let harness = Harness.panel()
        let gestures = StandardGestures(attachingTo: harness.window)
        let stream = harness.pipeline.engine.actions()
        let listener = Task { @MainActor () -> Double? in
            for await action in stream where action.recognizer == "pinch" && action.state == .ended {
                return action.values.first { $0.name == "scale" }?.value
            }
            return nil
        }
        var script = EventScript()
        script.motion(from: [Point(x: 800, y: 500), Point(x: 1200, y: 500)], to: [Point(x: 600, y: 500), Point(x: 1400, y: 500)],
                      start: 0, duration: 0.3, firstID: 1)
        harness.run(script)
        harness.pipeline.finishStreams()
        let scale = await listener.value
        #expect(abs((scale ?? 0) - 2) < 0.01, "\(String(describing: scale))")
        withExtendedLifetime(gestures) {}
    }
}
