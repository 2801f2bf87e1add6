// A recording's frames read, parsed and assembled on a thread of their own, a few batches ahead of the engine.
import Foundation
import Tactile
import TactileRecording

/// Runs the stages before the engine of a fast replay on a thread of its
/// own: reading and parsing a Tactile JSON file's events, touch assembly
/// (``TouchAssembler``) and thumb and palm marking (``ThumbDetector``), as
/// ``InputPipeline`` does them, handing over the finished frames in
/// batches, at most ``depth`` batches ahead of the engine. The main thread
/// then only recognizes: on a machine with two cores the stages overlap
/// instead of adding up, and the frames, hence the actions, are those of
/// ``InputPipeline`` (the same stages, in the same order, on the same events).
///
/// The stream, the assembler and the detector belong to the thread from
/// ``start()`` on; the consumer takes finished batches until there are no
/// more (it must take them all: the thread waits while ``depth`` batches
/// are unread), then reads how the input ended (``ending``). Unchecked
/// `Sendable`: every shared field is read and written under `condition`'s lock.
final class FrameReadAhead: @unchecked Sendable {
    /// How many batches of frames may wait for the engine.
    static let depth = 3
    /// Frames per batch: about 16,000 events of a typical recording.
    static let batchSize = 2048

    /// How the input ended, handed over when the thread stops.
    struct Ending {
        /// The frame that cancels the touches still down when the input ends
        /// (``TouchAssembler/finishInput(at:)``), thumb-marked; empty when none were.
        var lastFrame: TouchFrame
        /// The time the input ended: the last event's plus the settle time (`nil` without events).
        var end: Double?
        /// What the assembler had to work around.
        var diagnostics: AssemblerDiagnostics
        /// Why reading stopped early, if it did (the frames before it were handed over).
        var error: RecordingError?
        /// The file's warnings (complete when there was no error).
        var warnings: [RecordingWarning]
    }

    private let condition = NSCondition()
    private let stream: RecordingEventStream
    /// The stages, copied into the thread's own variables when it starts
    /// (a class's stored properties carry an exclusivity check on every access).
    private let stages: (assembler: TouchAssembler, thumbs: ThumbDetector)
    private let settle: Double
    private var ready: [[TouchFrame]] = []
    private var finished: Ending?

    /// Reads `stream` (which must not read ahead itself: this thread parses)
    /// from `device`, whose axes start at `axisValues`, onto `screen`, and
    /// ends the input `settle` seconds after the last event.
    init(stream: RecordingEventStream, device: DeviceDescription, screen: Screen, axisValues: AxisValues, settle: Double) {
        self.stream = stream
        let assembler = TouchAssembler(device: device, screen: screen, axisValues: axisValues)
        stages = (assembler, ThumbDetector(device: device, surfaceSize: assembler.mapping.surfaceSize))
        self.settle = settle
    }

    /// Starts the thread.
    func start() {
        let thread = Thread { [self] in produce() }
        thread.name = "tactile-frames"
        thread.start()
    }

    /// The next batch of frames, or `nil` once the thread has stopped and
    /// every batch was taken; then ``ending`` is set.
    func nextBatch() -> [TouchFrame]? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty && finished == nil { condition.wait() }
        guard !ready.isEmpty else { return nil }
        condition.broadcast()
        return ready.removeFirst()
    }

    /// How the input ended: set once ``nextBatch()`` returned `nil`.
    var ending: Ending? {
        condition.lock()
        defer { condition.unlock() }
        return ready.isEmpty ? finished : nil
    }

    /// The thread: events to frames, batch by batch, until the end or an error.
    private func produce() {
        var (assembler, thumbs) = stages
        var lastTime: Double?
        var error: RecordingError?
        var batch: [TouchFrame] = []
        batch.reserveCapacity(Self.batchSize)
        while true {
            let event: InputEvent?
            do {
                event = try stream.nextEvent()
            } catch let failure {
                // The frames before the broken event are played first.
                error = failure
                break
            }
            guard let event else { break }
            lastTime = event.time
            guard var frame = assembler.process(event) else { continue }
            thumbs.classify(&frame)
            batch.append(frame)
            if batch.count == Self.batchSize { hand(&batch) }
        }
        if !batch.isEmpty { hand(&batch) }
        // As `InputPipeline.finishInput(at:)`: touches still down are cancelled.
        let end = lastTime.map { $0 + settle }
        var lastFrame = assembler.finishInput(at: end)
        thumbs.classify(&lastFrame)
        let ending = Ending(lastFrame: lastFrame, end: end, diagnostics: assembler.diagnostics, error: error, warnings: stream.warnings)
        condition.lock()
        finished = ending
        condition.broadcast()
        condition.unlock()
    }

    /// Hands `batch` over (waiting while ``depth`` batches wait) and starts a new one.
    private func hand(_ batch: inout [TouchFrame]) {
        condition.lock()
        while ready.count >= Self.depth { condition.wait() }
        ready.append(batch)
        condition.broadcast()
        condition.unlock()
        batch = []
        batch.reserveCapacity(Self.batchSize)
    }
}
