import ArgumentParser
import TactileRecording

/// `tactile replay FILE...`: plays recordings as fast as possible.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay evemu recordings through the gesture engine.",
        discussion: """
            Prints one line per touch that begins, ends or is cancelled and one per action \
            (or, with --json, only the actions as JSON lines). What the touch assembler had \
            to work around is summarised on standard error. An events-only file \
            (NAME.gesture.events) takes its device from the NAME.desc beside it.
            """
    )

    @Argument(help: ArgumentHelp("evemu recordings (.evemu, .events with a header, or events beside a .desc).", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("Read the device from this evemu description instead of the recording's own header.", valueName: "desc"))
    var device: String?

    @OptionGroup var playback: PlaybackOptions

    func run() throws {
        var failed = false
        let player = RecordingPlayer(options: playback, speed: nil)
        for file in files {
            do throws(RecordingError) {
                let recording: EvemuRecording
                if let device {
                    recording = try EvemuReader.read(descriptionAt: device, eventsAt: file)
                } else {
                    recording = try EvemuReader.read(contentsOf: file)
                }
                let diagnostics = player.play(recording, name: file)
                RecordingPlayer.report(diagnostics, name: file)
            } catch {
                printError("tactile: error: \(error)")
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }
}
