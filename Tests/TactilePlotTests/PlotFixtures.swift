// What the plot tests feed a plot: frames made by hand, and corpus recordings replayed through the standard recognizers.
import Tactile
import TactilePlot
import TactileRecording
import TactileTestSupport

/// Frames of touches made by hand, for a plot fed without an engine.
struct HandFrames {
    private(set) var frames: [TouchFrame] = []
    private var down: [Int: Touch] = [:]
    private var nextID: UInt64 = 1
    var time = 10.0

    /// One frame: fingers landing (`land`) or moving (`move`) to millimetre positions, lifting (`lift`) or lost (`lose`).
    mutating func frame(land: [Int: Point] = [:], move: [Int: Point] = [:], lift: [Int] = [], lose: [Int] = [], step: Double = 0.01) {
        var touches: [Touch] = []
        for (slot, at) in land.sorted(by: { $0.key < $1.key }) {
            let touch = Touch(id: TouchID(rawValue: nextID), slot: slot, trackingID: Int32(nextID), phase: .began,
                              location: Point(x: at.x * 10, y: at.y * 10), surfaceLocation: at, timestamp: time, beganAt: time)
            nextID += 1
            down[slot] = touch
            touches.append(touch)
        }
        for (slot, var touch) in down.sorted(by: { $0.key < $1.key }) where land[slot] == nil {
            touch.timestamp = time
            if let at = move[slot] {
                touch.surfaceLocation = at
                touch.location = Point(x: at.x * 10, y: at.y * 10)
                touch.phase = .moved
            } else {
                touch.phase = .stationary
            }
            if lift.contains(slot) { touch.phase = .ended }
            if lose.contains(slot) { touch.phase = .cancelled }
            touches.append(touch)
            down[slot] = touch.phase.isFinal ? nil : touch
        }
        frames.append(TouchFrame(time: time, touches: touches.sorted { $0.slot < $1.slot }, fingerCount: down.count))
        time += step
    }
}

/// A corpus recording replayed through the standard recognizers, as `tactile plot` replays it, with what the replay gave.
@MainActor
struct CorpusPlot {
    var plot: GesturePlot
    var actions: [ActionRecord] = []
    var touches: Set<TouchID> = []
    var slots: Set<Int> = []

    init(_ relative: String) throws {
        let recording = try Recording(contentsOf: Repository.path("Recordings/" + relative))
        final class Box {
            var plot: GesturePlot
            var actions: [ActionRecord] = []
            var touches: Set<TouchID> = []
            var slots: Set<Int> = []
            init(_ plot: GesturePlot) { self.plot = plot }
        }
        let box = Box(GesturePlot(device: recording.device, screen: recording.screen, title: relative))
        let window = Window(screen: recording.screen)
        let gestures = StandardGestures(attachingTo: window)
        let pipeline = InputPipeline(device: recording.device, window: window, axisValues: recording.axisValues)
        pipeline.onFrame = { frame in
            box.plot.add(frame)
            for touch in frame.touches {
                box.touches.insert(touch.id)
                box.slots.insert(touch.slot)
            }
        }
        pipeline.engine.onAction = { action in
            box.plot.add(action)
            box.actions.append(action)
        }
        pipeline.engine.onTrace = { box.plot.add($0) }
        pipeline.process(recording.events)
        pipeline.finishInput(at: (recording.events.last?.time ?? 0) + RecordingReplay.defaultRunOut)
        withExtendedLifetime(gestures) {}
        plot = box.plot
        actions = box.actions
        touches = box.touches
        slots = box.slots
    }
}
