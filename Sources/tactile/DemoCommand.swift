import ArgumentParser
import Foundation
import Tactile
import TactileEvdev
import TactileRecording

/// `tactile demo`: gesture recognition on the first touch device (or
/// `--device`), live; without a touch device, the bundled recordings played
/// in real time.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show gesture recognition live on a touchpad or touchscreen.",
        discussion: """
            Opens the first touch device in /dev/input (or the one named with --device), attaches \
            every recognizer kind to a window sized to the display the kernel reports (the \
            connected DRM connector's EDID size and preferred mode, a built-in panel first; \
            --screen and --dpi replace its size in points and its density; without a display, \
            1920x1080 at 96 dpi, said on standard error) and prints, as \
            `tactile replay` does, the touches that begin and end and each action (only the \
            actions, as JSON lines, with --json). Engine time starts at 0 with the first event. \
            It runs until interrupted, the device goes away, --idle-exit or --max-seconds; each \
            ends with exit status 0 and keeps what was received (the device going away is said \
            on standard error, with --json too).

            With no touch device it says so and replays a selection of the corpus in Recordings/ \
            at the pace it was recorded (see --speed), which takes about six seconds; \
            --recording replays the bundled recording it names instead of going live.
            """
    )

    /// The recordings played when none is named, in order: about 6 s of touches.
    static let playlist = [
        "touchpad-synaptics-two-finger-scroll.json",
        "touchpad-cypress-three-finger-tap.json",
        "tablet-isdv4-double-tap.json",
        "touchscreen-remarkable-double-tap-top.json",
        "touchscreen-atmel-four-finger-drag.json",
        "touchscreen-transformer-two-finger-drag.json",
    ]

    @Option(help: ArgumentHelp("Replay only this bundled recording, a file name in Recordings/, instead of a live device (unless --device is given).", valueName: "name"),
            completion: Completions.bundledRecordings)
    var recording: String?

    @Option(help: ArgumentHelp("Playback speed: 2 plays twice as fast as recorded.", valueName: "factor"))
    var speed = 1.0

    @Option(help: ArgumentHelp("Read this evdev node instead of the first touch device.", valueName: "path"),
            completion: Completions.eventNodes)
    var device: String?

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
        guard speed.isFinite, speed > 0 else {
            throw ValidationError("--speed must be a positive number.")
        }
        for (name, value) in [("--max-seconds", maxSeconds), ("--idle-exit", idleExit)] {
            if let value, !(value.isFinite && value > 0) {
                throw ValidationError("\(name) must be a positive number of seconds.")
            }
        }
    }

    func run() throws {
        if let path = device ?? (recording == nil ? DeviceDiscovery.firstTouchDevice()?.path : nil) {
            try LiveDemo(path: path, options: self).run()
            return
        }
        if recording == nil {
            printError("tactile demo: no touch device found (none in /dev/input that can be opened); use --device PATH to name one.")
        }
        let names = recording.map { [$0] } ?? Self.playlist
        var recordings: [(path: String, recording: Recording)] = []
        for name in names {
            guard let path = BundledRecordings.path(of: name) else {
                printError("tactile: error: cannot find the bundled recording \(name); looked in:")
                for directory in BundledRecordings.candidates() { printError("  \(directory)") }
                printError("Run the demo from the source tree, or set TACTILE_RECORDINGS to its Recordings directory.")
                throw ExitCode.failure
            }
            do throws(RecordingError) {
                recordings.append((BundledRecordings.displayPath(path), try RecordingLoading.load(path).recording))
            } catch {
                printError("tactile: error: \(error)")
                throw ExitCode.failure
            }
        }
        let pace = speed == 1 ? "in real time" : "at \(speed)× real time"
        printError("Replaying \(recordings.count == 1 ? "a bundled recording" : "\(recordings.count) bundled recordings") \(pace) instead.")
        var player = RecordingPlayer(options: playback, speed: speed)
        // A terminal on standard output (and not --json): draw the replay full-screen.
        if !playback.json, TerminalScreen.standardOutputIsTerminal {
            player.terminal = TerminalScreen(state: .init(recognizerNames: TerminalView.standardRecognizerNames))
        }
        player.terminal?.begin(handleSignals: true)
        var diagnostics: [(AssemblerDiagnostics, String)] = []
        for (index, item) in recordings.enumerated() {
            if index > 0 { Thread.sleep(forTimeInterval: 0.3 / speed) }
            let outcome = player.play(item.recording, name: item.path)
            diagnostics.append((outcome.diagnostics, item.path))
            if player.terminal == nil { RecordingPlayer.report(outcome.diagnostics, name: item.path) }
        }
        if let terminal = player.terminal {
            terminal.end()
            for (diagnostics, name) in diagnostics { RecordingPlayer.report(diagnostics, name: name) }
        }
    }
}
