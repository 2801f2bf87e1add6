// `tactile golden`: pins what the engine does now as a recording's expected action log.
import ArgumentParser
import Tactile
import TactileRecording

/// `tactile golden FILE...`: pins what the engine does now as the expected log.
struct GoldenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden",
        abstract: "Replay Tactile JSON recordings and store their actions as the expected log.",
        discussion: """
            Rewrites each file's `expected` with the actions a replay produces now, keeping \
            everything else; the file is replaced atomically. Review the diff (git diff) before \
            committing: this is how intended behaviour changes are recorded.
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
                try RecordingWriter.write(recording, to: file, overwrite: true)
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
}
