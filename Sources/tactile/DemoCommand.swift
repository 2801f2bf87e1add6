import ArgumentParser
import Foundation
import TactileRecording

/// `tactile demo`: the live demo; until live devices are supported, the
/// bundled recordings played in real time.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show gesture recognition live (for now: the bundled recordings played in real time).",
        discussion: """
            Live touch devices are not supported yet, so the demo replays a selection of the \
            corpus in Recordings/ (or the one named with --recording) at the pace it was \
            recorded (see --speed), printing the same lines as `tactile replay`. It takes \
            about six seconds.
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

    @Option(help: ArgumentHelp("Play only this bundled recording, a file name in Recordings/.", valueName: "name"))
    var recording: String?

    @Option(help: ArgumentHelp("Playback speed: 2 plays twice as fast as recorded.", valueName: "factor"))
    var speed = 1.0

    @OptionGroup var playback: PlaybackOptions

    func validate() throws {
        guard speed.isFinite, speed > 0 else {
            throw ValidationError("--speed must be a positive number.")
        }
    }

    func run() throws {
        printError("tactile demo: no live touch device support yet (no touch device opened).")
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
        let player = RecordingPlayer(options: playback, speed: speed)
        for (index, item) in recordings.enumerated() {
            if index > 0 { Thread.sleep(forTimeInterval: 0.3 / speed) }
            let outcome = player.play(item.recording, name: item.path)
            RecordingPlayer.report(outcome.diagnostics, name: item.path)
        }
    }
}
