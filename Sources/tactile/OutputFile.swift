// How commands write files: never over an existing one without --force.
import Foundation
import TactileRecording

/// How the commands write files: never over one that exists unless `--force`
/// is given, and a refusal that names `--force`.
enum OutputFile {
    /// What a refusal says after the file's name.
    static let refusal = "a file is already there; pass --force to overwrite it"

    /// The refusal to write over `path`.
    static func exists(_ path: String) -> RecordingError {
        RecordingError(file: path, line: nil, problem: .exists, message: refusal)
    }

    /// Throws the refusal when something is at `path` and `force` is not set.
    static func checkFree(_ path: String, force: Bool) throws(RecordingError) {
        var status = stat()
        if !force, lstat(path, &status) == 0 { throw exists(path) }
    }

    /// Writes `recording` to `path` as `format` (Tactile JSON atomically,
    /// mode 0600), replacing a file there only when `force` is set.
    static func write(_ recording: Recording, to path: String, as format: RecordingFormat, force: Bool) throws(RecordingError) {
        if format == .tactile {
            do throws(RecordingError) {
                try RecordingWriter.write(recording, to: path, overwrite: force)
            } catch where error.problem == .exists {
                throw exists(path)
            }
        } else {
            try checkFree(path, force: force)
            try RecordingExporter.write(recording, to: path, as: format)
        }
    }

    /// `error` for people: a refusal to overwrite (from any writer) names `--force`.
    static func message(for error: RecordingError) -> String {
        error.problem == .exists ? exists(error.file).description : error.description
    }
}
