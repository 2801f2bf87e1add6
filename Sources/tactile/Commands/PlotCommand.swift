// `tactile plot`: a recording replayed through every recognizer, drawn as one SVG picture.
import ArgumentParser
import Tactile
import TactileConsole
import TactilePlot
import TactileRecording

/// `tactile plot RECORDING -o OUT.svg`.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw what happened in a recording: fingers, recognizer states and actions, as an SVG picture.",
        discussion: """
            Replays RECORDING (any format tactile reads) through every recognizer kind, as tactile \
            replay does, and draws it as one self-contained SVG file (open it in a browser): the \
            fingers' paths on the surface to scale, a colour per slot, in millimetres when the device \
            reports its resolution (otherwise in the points of the screen a touchscreen covers, or in \
            a touchpad's own units); below, on one time axis, when each finger was down and each \
            recognizer's states — following touches, waiting for another to fail, in progress — with \
            its decisions (recognized, failed, cancelled) and its actions as marks. Point at a path, \
            band or mark for its details (a failure's reason). A path keeps a point per 0.2 mm and \
            the timeline merges what is finer than a pixel, so a long recording makes a file of a \
            few megabytes. The file is written as recordings are (0600, atomically) and never over \
            an existing file without --force. To draw what a gestures config does with a \
            recording, with the service's holds and claims: tactile check CONFIG --against \
            RECORDING --plot OUT.svg.
            """
    )

    @Argument(help: ArgumentHelp("The recording, in any supported format (- for standard input).", valueName: "recording"),
              completion: Completions.recordings)
    var recording: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Where to write the SVG picture.", valueName: "file.svg"),
            completion: .file(extensions: ["svg"]))
    var output: String

    @Flag(help: "Overwrite the output file if it exists.")
    var force = false

    @Option(name: .customLong("description"), help: ArgumentHelp("An evemu description (.desc) for events-only files.", valueName: "desc"),
            completion: .file(extensions: ["desc"]))
    var descriptionFile: String?

    @OptionGroup var screen: ScreenOptions

    // The flag keeps its name, `--settle`, for the scripts that pass it.
    @Option(name: .customLong("settle"), help: ArgumentHelp("Seconds of engine time to run after the last event, so pending timers fire.", valueName: "seconds"))
    var runOut = RecordingReplay.defaultRunOut

    func validate() throws {
        guard runOut.isFinite, runOut >= 0 else {
            throw ValidationError("--settle must be a number of seconds, 0 or more.")
        }
    }

    func run() throws {
        try MainActor.assumeIsolated { try plot() }
    }

    @MainActor
    private func plot() throws {
        do throws(RecordingError) {
            // Refused before the replay, not after it.
            try OutputFile.checkFree(output, force: force)
            let name = ReadableFile.displayName(recording)
            var plot: GesturePlot
            if descriptionFile == nil, !ReadableFile.isStream(recording), try RecordingFormat.detect(contentsOf: recording) == .tactile {
                // Tactile JSON is drawn while it is read: only the thinned plot is kept.
                let stream = try RecordingReader.events(contentsOf: recording)
                let header = stream.header
                let (mountedScreen, transform) = screen.mounted(screen: header.screen, transform: header.transform)
                plot = Self.replay(device: header.device, screen: mountedScreen, transform: transform, axisValues: header.axisValues,
                                   events: stream, runOut: runOut, title: name)
                for warning in stream.warnings { printError(warning.description) }
                if let error = stream.error { throw error }
            } else {
                let loaded = try Recording.open(recording, options: .init(evemuDescriptionFile: descriptionFile))
                for warning in loaded.warnings { printError(warning.description) }
                let opened = loaded.recording
                let (mountedScreen, transform) = screen.mounted(screen: opened.screen, transform: opened.transform)
                plot = Self.replay(device: opened.device, screen: mountedScreen, transform: transform, axisValues: opened.axisValues,
                                   events: opened.events, runOut: runOut, title: name)
            }
            try Self.write(plot, to: output, force: force)
        } catch {
            printError("tactile: error: " + OutputFile.message(for: error))
            throw ExitCode.failure
        }
    }

    /// Replays `events` through every recognizer kind (as `tactile replay`
    /// does) and collects the plot of what happened.
    @MainActor
    static func replay<Events: Sequence<InputEvent>>(device: DeviceDescription, screen: Screen, transform: SurfaceTransform = .identity,
                                                     axisValues: AxisValues, events: Events, runOut: Double, title: String) -> GesturePlot {
        let box = PlotBox(GesturePlot(device: device, screen: screen, transform: transform, title: title))
        box.plot.notes.append("Replayed through every recognizer kind, as tactile replay does (the standard gestures on a window the size of the screen).")
        _ = ReplayDriver(runOut: runOut, keepsLog: false).run(
            device: device, screen: screen, transform: transform, axisValues: axisValues, events: notingFirstTime(of: events) { box.plot.see($0) },
            onFrame: { box.plot.add($0) }, onAction: { box.plot.add($0) }, onTrace: { box.plot.add($0) })
        return box.plot
    }

    /// Writes `plot` as SVG at `path` (0600, atomically, as recordings are)
    /// and says so on standard output.
    static func write(_ plot: GesturePlot, to path: String, force: Bool) throws(RecordingError) {
        let svg = plot.svg()
        try RecordingAtomicFile.write(Array(svg.utf8), to: path, overwrite: force)
        let kilobytes = (svg.utf8.count + 1023) / 1024
        let touches = plot.touchCount == 1 ? "1 touch" : "\(plot.touchCount) touches"
        LineOutput.standardOutput.write("\(TextFormat.visible(path)): \(touches) drawn, \(kilobytes) KB")
        LineOutput.standardOutput.flush()
    }
}

/// A plot the replay's callbacks fill in (they outlive the call that sets them).
@MainActor
final class PlotBox {
    var plot: GesturePlot

    init(_ plot: GesturePlot) {
        self.plot = plot
    }
}

/// `events` as they are, with `onFirst` told the first one's time as it
/// passes: a plot's time axis starts at the recording's first event, as
/// `tactile check`'s times do, even when no frame ends at that moment.
func notingFirstTime<Events: Sequence<InputEvent>>(of events: Events, _ onFirst: @escaping (Double) -> Void)
    -> LazyMapSequence<Events, InputEvent> {
    var noted = false
    return events.lazy.map { event in
        if !noted {
            noted = true
            onFirst(event.time)
        }
        return event
    }
}
