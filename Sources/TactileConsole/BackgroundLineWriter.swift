// Action lines formatted and written on a thread of their own, so a fast replay's recognition never waits for its output.
import Foundation
import Tactile
import TactileRecording

/// Formats action records as lines and writes them, with the bytes written
/// before and between them, on a thread of its own, in the order they were
/// handed over: ``LineOutput`` uses it for fast replays (`tactile replay`
/// of a file as fast as it goes), so the main thread only recognizes. At
/// most ``depth`` batches wait; beyond that the main thread waits for the
/// writer, so memory stays bounded.
///
/// Unchecked `Sendable`: the queue and the counters are only touched under
/// `condition`'s lock; the descriptor and the buffer belong to the thread.
final class BackgroundLineWriter: @unchecked Sendable {
    /// A run of output: bytes as they are, or records to format as lines.
    enum Chunk: Sendable {
        case bytes([UInt8])
        case records([ActionRecord], json: Bool)
    }

    /// Batches that may wait for the thread.
    static let depth = 8

    private let condition = NSCondition()
    private let descriptor: Int32
    private var queue: [[Chunk]] = []
    private var handedOver = 0
    private var written = 0

    /// Starts the thread writing to `descriptor` (which stays open).
    init(descriptor: Int32) {
        self.descriptor = descriptor
        let thread = Thread { [self] in
            HelperThreadPriority.lowerCurrentThread()
            run()
        }
        thread.name = "tactile-output"
        thread.start()
    }

    /// Queues `batch` (waiting while ``depth`` batches are queued already).
    func hand(_ batch: [Chunk]) {
        condition.lock()
        while queue.count >= Self.depth { condition.wait() }
        queue.append(batch)
        handedOver += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until everything handed over is written.
    func waitUntilWritten() {
        condition.lock()
        while written < handedOver { condition.wait() }
        condition.unlock()
    }

    private func run() {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 17)
        while true {
            condition.lock()
            while queue.isEmpty { condition.wait() }
            let batch = queue.removeFirst()
            condition.broadcast()
            condition.unlock()
            for chunk in batch {
                switch chunk {
                case .bytes(let bytes):
                    buffer.append(contentsOf: bytes)
                case .records(let records, let json):
                    for record in records {
                        if json { record.appendJSONLine(to: &buffer) } else { record.appendReadableLine(to: &buffer) }
                        buffer.append(UInt8(ascii: "\n"))
                        if buffer.count >= 1 << 16 { writeOut(&buffer) }
                    }
                }
            }
            // Each batch ends written, so waitUntilWritten means on the descriptor.
            writeOut(&buffer)
            condition.lock()
            written += 1
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Writes `buffer` whole (a short write goes on; an error drops the rest, as a closed pipe would) and empties it.
    private func writeOut(_ buffer: inout [UInt8]) {
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress {
                let count = Glibc.write(descriptor, base + offset, bytes.count - offset)
                if count > 0 {
                    offset += count
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
