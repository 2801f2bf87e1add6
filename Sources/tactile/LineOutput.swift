// Buffered, ordered lines to standard output and standard error.
import Foundation
import Tactile
import TactileEvdev

/// Lines written to standard output or standard error through one buffer, so
/// output stays in order; with `flushesEachLine` every line appears as soon as
/// it is written (paced playback), otherwise in large blocks (fast replay).
/// Used from the main thread only: the CLI is single-threaded.
final class LineOutput {
    /// Standard output.
    nonisolated(unsafe) static let standardOutput = LineOutput(handle: .standardOutput)
    /// Standard error, unbuffered.
    nonisolated(unsafe) static let standardError = LineOutput(handle: .standardError, flushesEachLine: true)

    private let handle: FileHandle
    private var buffer: [UInt8] = []
    var flushesEachLine: Bool

    private init(handle: FileHandle, flushesEachLine: Bool = false) {
        self.handle = handle
        self.flushesEachLine = flushesEachLine
    }

    /// Writes `line` and a line feed. Callers escape text from outside when
    /// they compose the line (`TextFormat.visible`); any control character
    /// left is escaped here too (backslashes kept), so none reaches the terminal.
    func write(_ line: String) {
        LineBytes.appendVisible(line, escapingBackslash: false, to: &buffer)
        endLine()
    }

    /// Writes the line `build` appends to the buffer, and a line feed: for
    /// lines made of bytes that are safe already (a JSON line, whose strings
    /// escape every control and format character; a readable line, whose
    /// names went through `TextFormat.visible`), with no `String` in between.
    func writeLine(_ build: (inout [UInt8]) -> Void) {
        build(&buffer)
        endLine()
    }

    private func endLine() {
        buffer.append(UInt8(ascii: "\n"))
        if flushesEachLine || buffer.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        try? handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Writes a message for people to standard error, after everything already
/// written to standard output.
func printError(_ line: String) {
    LineOutput.standardOutput.flush()
    LineOutput.standardError.write(line)
}

/// Routes libevdev's own messages (escaped by `EvdevLog`) to standard error
/// as `command`'s lines (`tactile demo: libevdev: …`), in order with the rest:
/// for commands that read devices on the main thread (`demo`, `record`).
/// A message from another thread goes straight to standard error.
func routeLibevdevMessages(to command: String) {
    EvdevLog.setHandler { line in
        if Thread.isMainThread {
            printError("tactile \(command): " + line)
        } else {
            FileHandle.standardError.write(Data(("tactile \(command): " + line + "\n").utf8))
        }
    }
}
