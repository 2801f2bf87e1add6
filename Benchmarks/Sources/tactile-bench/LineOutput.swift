// Buffered line output to standard output and standard error, in order.
import Foundation

/// Lines written to standard output or standard error through one buffer, so
/// output stays in order; written in large blocks (a replay child prints
/// millions of action lines) unless `flushesEachLine` is set.
/// Used from the main thread only: the tool is single-threaded.
final class LineOutput {
    /// Standard output.
    nonisolated(unsafe) static let standardOutput = LineOutput(handle: .standardOutput)
    /// Standard error, unbuffered.
    nonisolated(unsafe) static let standardError = LineOutput(handle: .standardError, flushesEachLine: true)

    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private let flushesEachLine: Bool

    private init(handle: FileHandle, flushesEachLine: Bool = false) {
        self.handle = handle
        self.flushesEachLine = flushesEachLine
    }

    /// Appends `line` and a newline.
    func write(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if flushesEachLine || buffer.count >= 1 << 16 { flush() }
    }

    /// Writes out what is buffered.
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
