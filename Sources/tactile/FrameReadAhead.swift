// A recording file's events read and assembled into touch frames on a thread of their own, so a fast replay's main thread only recognizes.
import Foundation
import Tactile
import TactileRecording

/// Reads a Tactile JSON file's events and assembles them into touch frames
/// (``TouchAssembler``, then ``ThumbDetector``, the first two stages of an
/// ``InputPipeline``) on a thread of its own, at most ``depth`` batches
/// ahead of the main thread, which only runs the engine on them. A fast
/// replay is three stages on as many threads: reading and assembling here,
/// recognition on the main thread, formatting and writing on the
/// ``BackgroundLineWriter``. The main thread is the slowest of the three,
/// so what it no longer does (assembly is about a seventh of the pipeline's
/// instructions) is what the replay gains. Memory stays bounded: the thread
/// waits while ``depth`` batches are unread.
///
/// The stream, the assembler and the thumb detector belong to the thread
/// from ``start()`` on; the main thread takes finished batches, and reads
/// ``Ending`` once the thread has finished. Unchecked `Sendable`: every
/// shared field is read and written under `condition`'s lock.
final class FrameReadAhead: @unchecked Sendable {
    /// How many assembled batches may wait for the main thread.
    static let depth = 3
    /// Frames per batch (about 10 events each).
    static let batchSize = 2048

    /// What the thread hands over when it stops.
    struct Ending: Sendable {
        /// The frame that ends the input: touches still down cancelled at
        /// the end time (``TouchAssembler/finishInput(at:)``), thumbs marked.
        var finalFrame: TouchFrame
        /// The time of the last event read, if any.
        var lastEventTime: Double?
        /// What the assembler had to work around.
        var diagnostics: AssemblerDiagnostics
        /// Why reading stopped early, if it did.
        var error: RecordingError?
        /// The reader's warnings (complete when there was no error).
        var warnings: [RecordingWarning]
    }

    private let condition = NSCondition()
    /// The thread's own: touched before ``start()`` and by the thread only.
    private let stream: RecordingEventStream
    private var assembler: TouchAssembler
    private var thumbs: ThumbDetector
    private let settle: Double
    // Shared, under `condition`.
    private var ready: [[TouchFrame]] = []
    private var spare: [[TouchFrame]] = []
    private var ending: Ending?
    private var cancelled = false

    /// Frames of `stream` (which must not read ahead itself) from `device`
    /// on `screen`; the input ends `settle` seconds after the last event.
    init(stream: RecordingEventStream, device: DeviceDescription, screen: Screen, axisValues: AxisValues, settle: Double) {
        self.stream = stream
        assembler = TouchAssembler(device: device, screen: screen, axisValues: axisValues)
        thumbs = ThumbDetector(device: device, surfaceSize: assembler.mapping.surfaceSize)
        self.settle = settle
    }

    /// Starts the thread.
    func start() {
        let thread = Thread { [self] in produce() }
        thread.name = "tactile-frames"
        thread.start()
    }

    /// The next batch (handing `used` back for reuse), or `nil` once the
    /// thread has stopped and every batch was taken; then ``finalState`` is set.
    func nextBatch(returning used: consuming [TouchFrame]) -> [TouchFrame]? {
        condition.lock()
        defer { condition.unlock() }
        if used.capacity > 0 {
            used.removeAll(keepingCapacity: true)
            spare.append(used)
            condition.broadcast()
        }
        while ready.isEmpty && ending == nil { condition.wait() }
        if !ready.isEmpty {
            condition.broadcast()
            return ready.removeFirst()
        }
        return nil
    }

    /// How the thread ended: set once ``nextBatch(returning:)`` returned `nil`.
    var finalState: Ending? {
        condition.lock()
        defer { condition.unlock() }
        return ready.isEmpty ? ending : nil
    }

    /// Asks the thread to stop at its next batch (the main thread is gone).
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// The thread: assembles batches until the end of the file, an error or a cancel.
    private func produce() {
        var lastEventTime: Double?
        while true {
            condition.lock()
            while ready.count >= Self.depth && !cancelled { condition.wait() }
            var batch = spare.popLast() ?? []
            let stop = cancelled
            condition.unlock()
            if stop { return }
            if batch.capacity < Self.batchSize { batch.reserveCapacity(Self.batchSize) }
            var done = false
            while batch.count < Self.batchSize {
                guard let event = stream.next() else {
                    done = true
                    break
                }
                lastEventTime = event.time
                if var frame = assembler.process(event) {
                    thumbs.classify(&frame)
                    batch.append(frame)
                }
            }
            var end: Ending?
            if done {
                // As InputPipeline.finishInput: what is still down ends at the end time.
                var final = assembler.finishInput(at: lastEventTime.map { $0 + settle })
                thumbs.classify(&final)
                end = Ending(finalFrame: final, lastEventTime: lastEventTime, diagnostics: assembler.diagnostics,
                             error: stream.error, warnings: stream.warnings)
            }
            condition.lock()
            if !batch.isEmpty { ready.append(batch) }
            if let end { ending = end }
            condition.broadcast()
            condition.unlock()
            if done { return }
        }
    }
}
