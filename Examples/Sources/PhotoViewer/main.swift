// Plays recordings through the photo viewer and prints what happened to the photo.
import Tactile
import TactileRecording

// Plays each recording given (or a default selection of the corpus) through
// a photo viewer and prints what happened to the photo.
let corpus = "Recordings/"
let paths = CommandLine.arguments.count > 1
    ? Array(CommandLine.arguments.dropFirst())
    : ["synthetic/touchscreen-pinches.json", "synthetic/touchscreen-rotations.json", "synthetic/touchscreen-pans.json",
       "synthetic/touchscreen-taps.json", "touchscreen-remarkable-double-tap-right.json"].map { corpus + $0 }

for path in paths {
    let recording = try Recording(contentsOf: path)
    let viewer = PhotoViewer(screen: recording.screen)
    let pipeline = InputPipeline(for: recording, window: viewer.window)
    pipeline.process(recording.events)
    pipeline.finishInput(at: (recording.events.last?.time ?? 0) + 1)
    print("# \(path.split(separator: "/").last ?? "")")
    for line in viewer.log { print("  " + line) }
}
