// Whole-file reads (any path ReadableFile opens) and directory listings, with failures as RecordingErrors.
import Foundation

/// Whole-file reads and directory listings, with failures as ``RecordingError``s
/// (writing is ``RecordingAtomicFile``'s).
enum RecordingFile {
    /// The first `count` bytes of the regular file at `path` (fewer when it is shorter).
    static func prefix(at path: String, count: Int) throws(RecordingError) -> [UInt8] {
        try ReadableFile.prefix(path, count: count)
    }

    /// The whole of `path`: a regular file, a pipe or FIFO, `-` for standard
    /// input (see ``ReadableFile``), at most the readers' largest file.
    static func bytes(at path: String) throws(RecordingError) -> [UInt8] {
        try ReadableFile.readAll(path, limit: RecordingReader.Limits.default.maximumFileSize)
    }

    /// The names of the files in `directory`, or none when it cannot be listed.
    static func names(in directory: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    }
}
