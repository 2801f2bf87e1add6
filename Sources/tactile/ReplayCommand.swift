// `tactile replay`: recordings played through the gesture engine.
import ArgumentParser
import Tactile
import TactileRecording

/// `tactile replay FILE...`: plays recordings through the gesture engine.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay recordings through the gesture engine.",
        discussion: """
            Reads Tactile JSON, evemu, libinput record YAML, Android getevent text and reMarkable \
            records (detected from the content). Prints one line per touch that begins, ends or is \
            cancelled and one per action (with --json, only the actions as JSON lines). With \
            --expect, compares the actions with the recording's golden log and labels and exits \
            with status 1 and a diff when they differ. With --trace, also prints each step of \
            recognition as it happens — touches bound to recognizers, state changes, who waits for \
            whom, who fails and why, who yields to whom — as lines starting with `trace` (on \
            standard error with --json). What the touch assembler had to work around is summarised \
            on standard error.
            
            """
    )

    @Argument(help: ArgumentHelp("Recordings in any supported format.", valueName: "file"), completion: Completions.recordings)
    var files: [String]

    @Option(name: .customLong("description"), help: ArgumentHelp("An evemu description (.desc) for events-only files.", valueName: "desc"),
            completion: .file(extensions: ["desc"]))
    var descriptionFile: String?

    @Flag(help: "Pace the events by their timestamps instead of playing as fast as possible.")
    var realtime = false

    @Flag(help: "Compare with the recording's expected actions and labels; exit 1 with a diff on any difference.")
    var expect = false

    @Flag(help: "Also print each step of recognition: bindings, state changes, and who waits for, fails because of or yields to whom.")
    var trace = false

    @OptionGroup var playback: PlaybackOptions

    @MainActor
    func run() async throws {
        var failed = false
        var player = RecordingPlayer(options: playback, speed: realtime ? 1 : nil)
        player.trace = trace
        for file in files {
            do throws(RecordingError) {
                // Tactile JSON plays while it is read (memory stays flat); --expect
                // needs the whole log, and other formats are read whole.
                if !expect, descriptionFile == nil, !ReadableFile.isStream(file), try RecordingFormat.detect(contentsOf: file) == .tactile {
                    let (outcome, warnings) = try player.playStreaming(file, name: file)
                    // A warning names its file and line itself: `file.json:1: warning: …`.
                    for warning in warnings { printError(warning.description) }
                    RecordingPlayer.report(outcome.diagnostics, name: file)
                    continue
                }
                let loaded = try Recording.open(file, options: .init(evemuDescriptionFile: descriptionFile))
                for warning in loaded.warnings { printError(warning.description) }
                let outcome = player.play(loaded.recording, name: ReadableFile.displayName(file))
                RecordingPlayer.report(outcome.diagnostics, name: ReadableFile.displayName(file))
                if expect, !Self.matchesExpectations(loaded.recording, outcome: outcome, file: file) { failed = true }
            } catch {
                printError("tactile: error: \(error)")
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }

    /// Prints what differs from the recording's golden log and labels; `true` when nothing does.
    static func matchesExpectations(_ recording: Recording, outcome: ReplayDriver.Outcome, file: String) -> Bool {
        var ok = true
        let file = TextFormat.visible(file)
        if let expected = recording.expected {
            let diff = RecordingReplay.diff(expected: expected, actual: outcome.log.records)
            if !diff.isEmpty {
                printError("\(file): the actions differ from the expected log:")
                for line in diff { printError(line) }
                ok = false
            }
        } else {
            printError("\(file): no expected log to compare with (pin one with `tactile golden`)")
            ok = false
        }
        let problems = RecordingReplay.labelProblems(recording.labels, log: outcome.log)
        for problem in problems { printError("\(file): label: \(problem)") }
        if ok, problems.isEmpty { printError("\(file): as expected (\(outcome.log.count) actions)") }
        return ok && problems.isEmpty
    }
}
