// How commands write files: never over an existing one (or a symbolic link) without --force.
import Foundation
import TactileRecording

/// How the commands write files: never over one that exists unless `--force`
/// is given, and a refusal that names `--force`.
enum OutputFile {
    /// What a refusal says after the file's name.
    static let refusal = "a file is already there; pass --force to overwrite it"

    /// What a refusal says after the name of a symbolic link.
    static let linkRefusal = "a symbolic link is already there; pass --force to replace the link (never the file it points to)"

    /// The refusal to write over `path` (a file, or a symbolic link, said so).
    static func exists(_ path: String) -> RecordingError {
        var status = stat()
        let isLink = lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
        return RecordingError(file: path, line: nil, problem: .exists, message: isLink ? linkRefusal : refusal)
    }

    /// Throws the refusal when something is at `path` (a file, a symbolic
    /// link, dangling or not) and `force` is not set; throws for a directory
    /// or a special file even with `force`. Saving checks again: this is for
    /// refusing before long work (a recording session).
    static func checkFree(_ path: String, force: Bool) throws(RecordingError) {
        do throws(RecordingError) {
            try RecordingWriter.checkDestination(path, overwrite: force)
        } catch where error.problem == .exists {
            throw exists(path)
        }
    }

    /// Writes `recording` to `path` as `format`, through the writers' one
    /// atomic saving (mode 0600, never through a symbolic link, nothing left
    /// behind on failure), replacing a file or link there only when `force` is set.
    static func write(_ recording: Recording, to path: String, as format: RecordingFormat, force: Bool) throws(RecordingError) {
        do throws(RecordingError) {
            if format == .tactile {
                try RecordingWriter.write(recording, to: path, overwrite: force)
            } else {
                try RecordingExporter.write(recording, to: path, as: format, overwrite: force)
            }
        } catch where error.problem == .exists {
            throw exists(path)
        }
    }

    /// `error` for people: a refusal to overwrite (from any writer) names `--force`.
    static func message(for error: RecordingError) -> String {
        error.problem == .exists ? exists(error.file).description : error.description
    }
}
