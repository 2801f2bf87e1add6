// Options shared by the commands that play a recording.
import ArgumentParser

/// Options shared by the commands that play a recording.
struct PlaybackOptions: ParsableArguments {
    @OptionGroup var screen: ScreenOptions

    @Flag(help: "Print only the actions, one JSON object per line (the action log format).")
    var json = false

    // The flag keeps its name, `--settle`, for the scripts that pass it.
    @Option(name: .customLong("settle"), help: ArgumentHelp("Seconds of engine time to run after the last event, so pending timers fire.", valueName: "seconds"))
    var runOut = 1.0

    func validate() throws {
        guard runOut.isFinite, runOut >= 0 else {
            throw ValidationError("--settle must be a number of seconds, 0 or more.")
        }
    }
}
