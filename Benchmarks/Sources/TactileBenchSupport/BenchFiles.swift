// Recording files of a given size, written once per run into a temporary directory.
import Foundation
import Tactile
import TactileRecording

/// Recording files the benchmark writes once per run into a temporary
/// directory (removed by ``removeAll()``): a realistic session repeated to a size.
package final class BenchFiles {
    /// No files yet: each is written when first asked for.
    package init() {}

    private var directory: String?
    private var written: [Int: (path: String, bytes: Int, events: Int)] = [:]

    /// A v1 recording of about `megabytes` MB (a synthesized multi-gesture
    /// session on the touchscreen, repeated), its size in bytes and its events.
    package func recording(megabytes: Int) throws -> (path: String, bytes: Int, events: Int) {
        if let file = written[megabytes] { return file }
        let directory = try temporaryDirectory()
        let session = BenchWorkloads.session(gestures: megabytes < 10 ? 18 : 90)
        // A v1 event line of this session is about 31 bytes.
        let events = BenchWorkloads.repeated(session.events, toAtLeast: megabytes * 1_000_000 / 31)
        let path = directory + "/session-\(megabytes)MB.json"
        var recording = session
        recording.events = events
        try RecordingWriter.write(recording, to: path, overwrite: true)
        var info = stat()
        guard stat(path, &info) == 0 else { throw BenchError("cannot stat \(path): \(String(cString: strerror(errno)))") }
        let file = (path: path, bytes: Int(info.st_size), events: events.count)
        written[megabytes] = file
        return file
    }

    /// A private temporary directory for this run.
    package func temporaryDirectory() throws -> String {
        if let directory { return directory }
        var template = Array((NSTemporaryDirectory() + "/tactile-bench.XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw BenchError("cannot create a temporary directory: \(String(cString: strerror(errno)))")
        }
        let path = String(cString: made)
        directory = path
        return path
    }

    /// Removes the directory and everything in it.
    package func removeAll() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        directory = nil
        written = [:]
    }
}

/// A benchmark that could not run, with the reason.
package struct BenchError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
