// `tactile demo`: recognition on a live touch device, or the bundled recordings without one.
import ArgumentParser
import Foundation
import Tactile
import TactileConsole
import TactileEvdev
import TactileRecording

/// `tactile demo`: gesture recognition on the first touch device (or
/// `--device`), live; without a touch device, the bundled recordings played
/// in real time.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show gesture recognition live on a touchpad or touchscreen.",
        discussion: """
            Opens the first touch device in /dev/input (or --directory; or the one named with \
            --device), attaches \
            every recognizer kind to a window sized to the display the kernel reports (the \
            connected DRM connector's EDID size and preferred mode, a built-in panel first; \
            --screen and --dpi replace its size in points and its density; without a display, \
            1920x1080 at 96 dpi, said on standard error) and prints, as \
            `tactile replay` does, the touches that begin and end and each action (only the \
            actions, as JSON lines, with --json). Engine time starts at 0 with the first event. \
            It runs until interrupted, the device goes away, --idle-exit or --max-seconds; each \
            ends with exit status 0 and keeps what was received (the device going away is said \
            on standard error, with --json too).

            With no touch device it says so in one line, with what it plays instead: recordings \
            of Recordings/ at the pace they were recorded (see --speed), about 25 seconds in which \
            every recognizer kind fires (taps of one to three fingers, a double tap and a \
            two-finger scroll recorded on real devices; a long press, a hold, double taps of two and three fingers, pinches, a rotation \
            and swipes of one to four fingers synthesized). In a terminal the notice stays in view, each recording \
            clears what the one before left, and a summary of what each recognizer did remains \
            when the picture goes (at the end or on Ctrl-C). Colours follow NO_COLOR. \
            --recording replays the bundled recording it names instead of going live.
            """
    )

    @Option(help: ArgumentHelp("Replay only this bundled recording, a file name in Recordings/, instead of a live device (unless --device is given).", valueName: "name"),
            completion: Completions.bundledRecordings)
    var recording: String?

    @Option(help: ArgumentHelp("Playback speed: 2 plays twice as fast as recorded.", valueName: "factor"))
    var speed = 1.0

    @Option(help: ArgumentHelp("Read this evdev node instead of the first touch device.", valueName: "path"),
            completion: Completions.eventNodes)
    var device: String?

    @Option(help: ArgumentHelp("Where to look for the first touch device.", valueName: "directory"), completion: .directory)
    var directory = DeviceDiscovery.defaultDirectory

    @Option(help: ArgumentHelp("End the live demo after this many seconds.", valueName: "seconds"))
    var maxSeconds: Double?

    @Option(help: ArgumentHelp("End the live demo when no event came for this many seconds.", valueName: "seconds"))
    var idleExit: Double?

    @Flag(help: "Grab the device, so that the desktop does not see its events meanwhile.")
    var grab = false

    @Option(help: ArgumentHelp("Save what the live demo received as a recording (JSON v1, events rebased to 0) at the end.", valueName: "file"),
            completion: .file(extensions: ["json"]))
    var record: String?

    @Flag(help: "Overwrite the --record file if it exists.")
    var force = false

    @OptionGroup var playback: PlaybackOptions

    func validate() throws {
        guard (0.01...1_000).contains(speed) else {
            throw ValidationError("--speed must be a number from 0.01 to 1000.")
        }
        for (name, value) in [("--max-seconds", maxSeconds), ("--idle-exit", idleExit)] {
            if let value, !(value.isFinite && value > 0) {
                throw ValidationError("\(name) must be a positive number of seconds.")
            }
        }
    }

    @MainActor
    func run() async throws {
        if let path = device ?? (recording == nil ? DeviceDiscovery.firstTouchDevice(directory: directory)?.path : nil) {
            try await LiveDemo(path: path, options: self).run()
            return
        }
        let items: [DemoPlaylist.Item]
        do throws(DemoPlaylistError) {
            items = try DemoPlaylist.load(recording.map { [$0] } ?? DemoPlaylist.names)
        } catch {
            for (index, line) in error.lines.enumerated() {
                // Paths from TACTILE_RECORDINGS or --recording; an error's description is escaped already.
                let line = TextFormat.visible(line, escapingBackslash: false)
                printError(index == 0 ? "tactile: error: " + line : line)
            }
            throw ExitCode.failure
        }
        let reason = recording == nil ? "no touch device found (none in \(TextFormat.visible(directory)) can be opened; --device PATH names one)" : nil
        try DemoReplay(items: items, options: self, reason: reason).run()
    }
}
