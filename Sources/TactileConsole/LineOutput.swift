// Buffered, ordered lines to standard output and standard error.
import Foundation
import Tactile
import TactileEvdev

/// Lines written to standard output or standard error through one buffer, so
/// output stays in order; with `flushesEachLine` every line appears as soon as
/// it is written (paced playback), otherwise in large blocks (fast replay).
/// Used from the main thread only: the command-line tools are single-threaded.
package final class LineOutput {
    /// Standard output.
    nonisolated(unsafe) package static let standardOutput = LineOutput(handle: .standardOutput)
    /// Standard error, unbuffered.
    nonisolated(unsafe) package static let standardError = LineOutput(handle: .standardError, flushesEachLine: true)

    private let handle: FileHandle
    private var buffer: [UInt8] = []
    package var flushesEachLine: Bool
    /// When set (``writeInBackground()``), lines go to this thread in batches.
    private var background: BackgroundLineWriter?
    /// What is gathered for the background writer, in order.
    private var pending: [BackgroundLineWriter.Chunk] = []
    private var pendingRecords: [ActionRecord] = []
    private var pendingJSON = true
    /// Records gathered before a batch goes to the writer.
    private static let batchSize = 512

    private init(handle: FileHandle, flushesEachLine: Bool = false) {
        self.handle = handle
        self.flushesEachLine = flushesEachLine
    }

    /// Writes `line` and a line feed. Callers escape text from outside when
    /// they compose the line (`TextFormat.visible`); any control character
    /// left is escaped here too (backslashes kept), so none reaches the terminal.
    package func write(_ line: String) {
        LineBytes.appendVisible(line, escapingBackslash: false, to: &buffer)
        endLine()
    }

    /// Writes the line `build` appends to the buffer, and a line feed: for
    /// lines made of bytes that are safe already (a JSON line, whose strings
    /// escape every control and format character; a readable line, whose
    /// names went through `TextFormat.visible`), with no `String` in between.
    package func writeLine(_ build: (inout [UInt8]) -> Void) {
        build(&buffer)
        endLine()
    }

    /// Writes `record` as a JSON line or a readable one: formatted on the
    /// background writer's thread once ``writeInBackground()`` was called,
    /// here otherwise.
    package func write(_ record: ActionRecord, json: Bool) {
        guard background != nil, !flushesEachLine else {
            writeLine(json ? record.appendJSONLine : record.appendReadableLine)
            return
        }
        if !buffer.isEmpty || (!pendingRecords.isEmpty && pendingJSON != json) { gatherPending() }
        pendingJSON = json
        pendingRecords.append(record)
        if pendingRecords.count >= Self.batchSize { handOver() }
    }

    /// From now on, action records (``write(_:json:)``) are formatted and
    /// written on a thread of their own, in order with every other line:
    /// for fast replays, whose main thread then only recognizes. Standard
    /// output only; a no-op when paced (each line flushed).
    package func writeInBackground() {
        guard background == nil, !flushesEachLine else { return }
        background = BackgroundLineWriter(descriptor: handle.fileDescriptor)
    }

    private func endLine() {
        buffer.append(UInt8(ascii: "\n"))
        if flushesEachLine {
            flush()
        } else if buffer.count >= 1 << 16 {
            if background != nil { handOver() } else { flush() }
        }
    }

    /// Moves the records gathered, then the bytes written since, to `pending`, in that order.
    private func gatherPending() {
        if !pendingRecords.isEmpty {
            pending.append(.records(pendingRecords, json: pendingJSON))
            pendingRecords.removeAll(keepingCapacity: true)
        }
        if !buffer.isEmpty {
            pending.append(.bytes(buffer))
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// Hands what was gathered to the background writer.
    private func handOver() {
        gatherPending()
        guard let background, !pending.isEmpty else { return }
        background.hand(pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes out everything written so far (waiting for the background writer, if any).
    package func flush() {
        if let background {
            handOver()
            background.waitUntilWritten()
            return
        }
        guard !buffer.isEmpty else { return }
        try? handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Writes a message for people to standard error, after everything already
/// written to standard output.
package func printError(_ line: String) {
    LineOutput.standardOutput.flush()
    LineOutput.standardError.write(line)
}

/// Routes libevdev's own messages (escaped by `EvdevLog`) to standard error
/// as `command`'s lines (`tactile demo: libevdev: …`), in order with the rest:
/// for commands that read devices on the main thread (`demo`, `record`).
/// A message from another thread goes straight to standard error.
package func routeLibevdevMessages(to command: String) {
    EvdevLog.setHandler { line in
        if Thread.isMainThread {
            printError("tactile \(command): " + line)
        } else {
            FileHandle.standardError.write(Data(("tactile \(command): " + line + "\n").utf8))
        }
    }
}
