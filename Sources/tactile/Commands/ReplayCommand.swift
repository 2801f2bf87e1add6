// `tactile replay`: recordings played through the gesture engine.
import ArgumentParser
import Tactile
import TactileConsole
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
            --expect, compares the actions with the recording's golden log and checks its labels \
            (either or both, whichever it has) and exits with status 1 and a diff when they \
            differ, or when it has neither. With --trace, also prints each step of \
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

    @Flag(help: "Compare with the recording's golden log and check its labels (either or both); exit 1 with a diff on any difference.")
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

    /// Checks the replay against what the recording pins: its golden log
    /// (every action, in order) and its labels (each recognizer a label says
    /// must or must not recognize), either or both. Prints what differs, or
    /// one line saying what was checked; `true` when nothing differs. With
    /// neither a golden log nor a label that names a recognizer, there is
    /// nothing to check: that is a failure, said so.
    static func matchesExpectations(_ recording: Recording, outcome: RecordingReplay.Outcome, file: String) -> Bool {
        let file = TextFormat.visible(file)
        let checks = recording.labels.reduce(0) { $0 + $1.recognizers.count + $1.absent.count }
        guard recording.expected != nil || checks > 0 else {
            printError("\(file): nothing to compare with: no golden log (pin one with `tactile golden`) and no label naming a recognizer "
                + "that must or must not recognize (add one with `tactile convert --gesture … --recognizer …`)")
            return false
        }
        var ok = true
        var checked: [String] = []
        if let expected = recording.expected {
            let diff = RecordingReplay.diff(expected: expected, actual: outcome.log.records)
            if !diff.isEmpty {
                printError("\(file): the actions differ from the golden log:")
                for line in diff { printError(line) }
                ok = false
            }
            checked.append("the golden log (\(Self.count(expected.count, "action")))")
        }
        if checks > 0 {
            let problems = RecordingReplay.labelProblems(recording.labels, log: outcome.log)
            for problem in problems { printError("\(file): label: \(problem)") }
            ok = ok && problems.isEmpty
            checked.append("\(Self.count(recording.labels.count, "label")) (\(Self.count(checks, "recognizer")) checked)")
        }
        guard ok else { return false }
        var line = "\(file): as expected: " + checked.joined(separator: " and ")
        if recording.expected == nil {
            line += "; no golden log to compare the \(Self.count(outcome.log.count, "action")) with (pin one with `tactile golden`)"
        }
        printError(line)
        return true
    }

    /// `1 label`, `3 labels`.
    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
