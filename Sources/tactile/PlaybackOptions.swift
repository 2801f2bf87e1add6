import ArgumentParser

/// Options shared by the commands that play a recording.
struct PlaybackOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The screen the touch surface maps onto, WIDTHxHEIGHT in points.", valueName: "WxH"))
    var screen = ScreenSize(width: 1920, height: 1080)

    @Flag(help: "Print only the actions, one JSON object per line (the action log format).")
    var json = false

    @Flag(help: "Keep the recorded timestamps instead of starting the recording at 0.")
    var keepTimestamps = false

    @Option(help: ArgumentHelp("Seconds of engine time to run after the last event, so pending timers fire.", valueName: "seconds"))
    var settle = 1.0

    func validate() throws {
        guard settle.isFinite, settle >= 0 else {
            throw ValidationError("--settle must be a number of seconds, 0 or more.")
        }
    }
}
