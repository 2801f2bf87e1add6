// Whole-file reads and atomic text writes through Foundation, with failures as RecordingErrors.
import Foundation

/// Whole-file reads and atomic writes, with failures as ``RecordingError``s.
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

    /// Writes `text` to a temporary file beside `path`, then renames it over
    /// `path`, so a crash never leaves half a recording.
    static func write(_ text: String, to path: String) throws(RecordingError) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw RecordingError(file: path, line: nil, problem: .unreadable, message: "cannot write the file: \(reason(error))")
        }
    }

    /// The names of the files in `directory`, or none when it cannot be listed.
    static func names(in directory: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    }

    private static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
            case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
            case .fileWriteOutOfSpace: return "no space left on the device"
            default: break
            }
            if let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError {
                return underlying.localizedDescription
            }
        }
        return error.localizedDescription
    }
}
