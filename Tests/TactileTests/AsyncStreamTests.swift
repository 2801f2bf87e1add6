// Frames and actions as async sequences: nothing lost, the end of the input ends them, a bounded stream counts its drops.
import TactileTestSupport
import Testing
@testable import Tactile

/// Frames and actions as async sequences: a task awaits gestures instead of
/// registering targets. Every test feeds the whole input before the consumer
/// reads anything, as a recording processed at once does. Before awaiting the
/// end of a stream, a test requires that every stream was finished
/// (``requireFinished(_:)``): a stream left open fails the test instead of
/// hanging it. (A time limit cannot tell: in the full run the main actor is
/// busy with other suites for minutes.)
@Suite("Frames and actions as async sequences")
struct AsyncStreamTests {
    /// Requires that the pipeline's engine and the pipeline hold no stream
    /// that is not finished, so a loop over any of them ends.
    private func requireFinished(_ pipeline: InputPipeline, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try #require(pipeline.engine.openActionStreams == 0, "every action stream finished", sourceLocation: sourceLocation)
        try #require(pipeline.openFrameStreams == 0, "every frame stream finished", sourceLocation: sourceLocation)
    }

    /// A one-finger drag of `duration` seconds on the panel: a frame every 10 ms.
    private static func drag(start: Double = 0, duration: Double, id: Int32 = 1) -> EventScript {
        var script = EventScript()
        script.motion(from: [Point(x: 200, y: 500)], to: [Point(x: 700, y: 500)], start: start, duration: duration, firstID: id)
        return script
    }

    @Test("actions() and frames() give what onAction and onFrame see, in order, and finishInput ends them")
    func streams() async throws {
        let harness = Harness.panel()
        let gestures = StandardGestures(attachingTo: harness.window)
        var seenFrames: [TouchFrame] = []
        harness.pipeline.onFrame = { seenFrames.append($0) }
        let actions = harness.pipeline.engine.actions()
        let frames = harness.pipeline.frames()
        harness.run(Self.drag(duration: 0.3))
        harness.pipeline.finishInput(at: 1.5)
        try requireFinished(harness.pipeline)
        var streamed: [ActionRecord] = []
        for await action in actions { streamed.append(action) }
        var streamedFrames: [TouchFrame] = []
        for await frame in frames { streamedFrames.append(frame) }
        #expect(streamed == harness.log.records, "the same actions as onAction")
        #expect(streamed.contains { $0.recognizer == "pan" && $0.state == .ended })
        #expect(streamedFrames == seenFrames, "the same frames as onFrame")
        #expect(streamedFrames.count == 32, "\(streamedFrames.count) frames")
        withExtendedLifetime(gestures) {}
    }

    @Test("a stream keeps every action however far its consumer falls behind")
    func unbounded() async throws {
        let harness = Harness.panel()
        let pan = PanGestureRecognizer(name: "pan")
        harness.window.addGestureRecognizer(pan)
        let actions = harness.pipeline.engine.actions()
        let frames = harness.pipeline.frames()
        // Twenty drags of 1 s across the panel, a frame every 10 ms: a change
        // in almost every frame, about 2000 actions, all fed before anything is read.
        var script = EventScript()
        for drag in 0..<20 {
            script.motion(from: [Point(x: 100, y: 500)], to: [Point(x: 1900, y: 500)], start: Double(drag) * 1.1, duration: 1, firstID: Int32(drag + 1))
        }
        harness.run(script)
        harness.pipeline.finishInput()
        try requireFinished(harness.pipeline)
        var count = 0
        for await _ in actions { count += 1 }
        var frameCount = 0
        for await _ in frames { frameCount += 1 }
        #expect(harness.log.records.count > 1900, "\(harness.log.records.count) actions")
        #expect(count == harness.log.records.count, "\(count) of \(harness.log.records.count)")
        #expect(frameCount == 20 * 102)
        #expect(harness.engine.actionsDroppedByStreams == 0)
        #expect(harness.pipeline.framesDroppedByStreams == 0)
    }

    @Test("a stream with a limit keeps the newest and counts what it dropped")
    func bounded() async throws {
        let harness = Harness.panel()
        let pan = PanGestureRecognizer(name: "pan")
        harness.window.addGestureRecognizer(pan)
        let latest = harness.pipeline.engine.actions(bufferingNewest: 8)
        let latestFrames = harness.pipeline.frames(bufferingNewest: 4)
        let everything = harness.pipeline.engine.actions()
        harness.run(Self.drag(duration: 0.5))
        harness.pipeline.finishInput()
        try requireFinished(harness.pipeline)
        var kept: [ActionRecord] = []
        for await action in latest { kept.append(action) }
        var keptFrames = 0
        for await _ in latestFrames { keptFrames += 1 }
        var all = 0
        for await _ in everything { all += 1 }
        let records = harness.log.records
        #expect(kept == Array(records.suffix(8)), "the newest 8")
        #expect(harness.engine.actionsDroppedByStreams == records.count - 8, "every other one, counted")
        #expect(keptFrames == 4)
        #expect(harness.pipeline.framesDroppedByStreams == 52 - 4)
        #expect(all == records.count, "an unbounded stream beside it loses nothing")
    }

    @Test("finishInput lets the timers fire before the streams end; input fed again reaches new streams")
    func finishInputEndsTheStreams() async throws {
        let harness = Harness.panel()
        harness.addSingleAndDoubleTap()
        let first = harness.pipeline.engine.actions()
        var script = EventScript()
        script.tap(at: Point(x: 500, y: 500), start: 0, id: 1)
        harness.run(script)
        // The single tap waits 0.3 s for a second tap: only the timer finishInput runs sends it.
        harness.pipeline.finishInput(at: 1)
        try requireFinished(harness.pipeline)
        var firstActions: [String] = []
        for await action in first { firstActions.append("\(action.recognizer):\(action.state.rawValue)") }
        #expect(firstActions == ["tap:ended"])

        let second = harness.pipeline.engine.actions()
        #expect(harness.engine.openActionStreams == 1, "a stream made after the end is open")
        var again = EventScript()
        again.tap(at: Point(x: 500, y: 500), start: 2, id: 2)
        harness.run(again)
        harness.pipeline.finishInput(at: 3)
        try requireFinished(harness.pipeline)
        var secondActions: [Double] = []
        for await action in second { secondActions.append(action.time) }
        #expect(secondActions.count == 1 && secondActions[0] > 2, "only the new input's tap: \(secondActions)")
    }

    @Test("GestureEngine.finishInput ends the action streams of an engine fed frame by frame")
    func engineFinishInput() async throws {
        let window = Window(screen: TestDevices.panelScreen)
        let engine = GestureEngine(window: window)
        let pan = PanGestureRecognizer(name: "pan")
        window.addGestureRecognizer(pan)
        var assembler = TouchAssembler(device: TestDevices.panel, screen: TestDevices.panelScreen)
        var seen: [ActionRecord] = []
        engine.onAction = { seen.append($0) }
        let actions = engine.actions()
        var script = EventScript()
        script.motion(from: [Point(x: 200, y: 500)], to: [Point(x: 700, y: 500)], start: 0, duration: 0.3, firstID: 1, lift: false)
        for frame in assembler.frames(script) { engine.process(frame) }
        engine.process(assembler.finishInput(at: 0.5))  // the finger still down is cancelled
        try #require(engine.openActionStreams == 1)
        engine.finishInput(at: 0.5)
        try #require(engine.openActionStreams == 0, "finishInput finished the stream")
        var streamed: [ActionRecord] = []
        for await action in actions { streamed.append(action) }
        #expect(streamed == seen)
        #expect(streamed.last.map { "\($0.recognizer):\($0.state.rawValue)" } == "pan:cancelled")
    }

    @Test("finishStreams ends the streams early; the input goes on")
    func finishStreamsEarly() async throws {
        let harness = Harness.panel()
        let pan = PanGestureRecognizer(name: "pan")
        harness.window.addGestureRecognizer(pan)
        let actions = harness.pipeline.engine.actions()
        var script = EventScript()
        script.motion(from: [Point(x: 200, y: 500)], to: [Point(x: 700, y: 500)], start: 0, duration: 0.2, firstID: 1, lift: false)
        harness.run(script)
        let before = harness.log.records.count
        harness.pipeline.finishStreams()
        try requireFinished(harness.pipeline)
        harness.pipeline.finishInput(at: 1)  // the cancelled pan comes after the end of the stream
        var count = 0
        for await _ in actions { count += 1 }
        #expect(count == before)
        #expect(harness.log.records.count == before + 1)
    }

    @Test("a consumer that stops listening is dropped; the others go on")
    func abandonedStream() async throws {
        let harness = Harness.panel()
        let pan = PanGestureRecognizer(name: "pan")
        harness.window.addGestureRecognizer(pan)
        var first: AsyncStream<ActionRecord>? = harness.pipeline.engine.actions()
        let second = harness.pipeline.engine.actions()
        first = nil  // the first consumer goes away
        #expect(first == nil)
        harness.run(Self.drag(duration: 0.2))
        harness.pipeline.finishInput()
        try requireFinished(harness.pipeline)
        var count = 0
        for await _ in second { count += 1 }
        #expect(count == harness.log.records.count)
    }

    @Test("a task on the main actor awaits the pinch of a recording while it plays")
    func awaitingTask() async throws {
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
        harness.pipeline.finishInput()
        try requireFinished(harness.pipeline)
        let scale = await listener.value
        #expect(abs((scale ?? 0) - 2) < 0.01, "\(String(describing: scale))")
        withExtendedLifetime(gestures) {}
    }
}
