// `tactile golden`: pins what the engine does now as a recording's expected action log.
import ArgumentParser
import Foundation
import Tactile
import TactileConsole
import TactileRecording

/// `tactile golden FILE...`: pins what the engine does now as the expected log.
struct GoldenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden",
        abstract: "Replay Tactile JSON recordings and store their actions as the expected log.",
        discussion: """
            Rewrites each file's `expected` with the actions a replay produces now, keeping \
            everything else; the file is replaced atomically (mode 0600). A FILE that is a \
            symbolic link is written through: the file it points to is replaced and the link \
            kept, so the recording read and the recording written are the same. Review the diff \
            (git diff) before committing: this is how intended behaviour changes are recorded.
            """
    )

    @Argument(help: ArgumentHelp("Tactile JSON recordings.", valueName: "file"), completion: Completions.jsonRecordings)
    var files: [String]

    @MainActor
    func run() async throws {
        var failed = false
        for file in files {
            do throws(RecordingError) {
                var recording = try RecordingReader.read(contentsOf: file)
                let outcome = RecordingReplay.run(recording)
                // Compared as written (values to 6 decimals): records read back differ from fresh ones in the last bits.
                let changed = recording.expected.map { $0.map(\.jsonLine) != outcome.log.jsonLines } ?? true
                recording.expected = outcome.log.records
                try RecordingWriter.write(recording, to: try Self.target(of: file), overwrite: true)
                let problems = RecordingReplay.labelProblems(recording.labels, log: outcome.log)
                let shown = TextFormat.visible(file)
                for problem in problems { printError("\(shown): label: \(problem)") }
                printError("\(shown): \(outcome.log.count) actions\(changed ? " (changed)" : "")")
            } catch {
                printError("tactile: error: \(error)")
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }

    /// The file `path` names, its symbolic links resolved: golden updates the
    /// recording it read, so a link (a corpus file linked from elsewhere) is
    /// written through and kept, where replacing it would leave its target stale.
    static func target(of path: String) throws(RecordingError) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return path }
        guard let resolved = realpath(path, nil) else {
            throw RecordingError(file: path, line: nil, problem: .unreadable,
                                 message: "cannot resolve the symbolic link: \(String(cString: strerror(errno)).lowercased())")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
