import ArgumentParser
import Tactile
import TactileRecording

/// `tactile synth KIND…`: labelled synthetic gestures.
struct SynthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Write a labelled recording of synthesized gestures.",
        discussion: """
            Gestures with realistic imperfections (sensor noise, report jitter, fingers landing \
            and lifting apart) for a synthetic touchpad or touchscreen, labelled with what was \
            done and which standard recognizer must recognize it. Kinds: \
            \(GestureKind.allCases.map(\.rawValue).joined(separator: ", ")).
            """
    )

    @Argument(help: ArgumentHelp("Gesture kinds, in order.", valueName: "kind"))
    var kinds: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write (.json, .evemu or .yml).", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("touchpad, touchscreen or two-slot-touchpad.", valueName: "device"))
    var device = "touchpad"

    @Option(help: ArgumentHelp("Random seed: the same seed gives the same events.", valueName: "n"))
    var seed: UInt64 = 1

    @OptionGroup var screen: ScreenOptions

    @Flag(help: "Replay the result and store its actions as the golden log.")
    var golden = false

    @Flag(help: "Overwrite the output if it exists.")
    var force = false

    @MainActor
    func run() async throws {
        let devices = ["touchpad": SynthesizedDevices.touchpad, "touchscreen": SynthesizedDevices.touchscreen,
                       "two-slot-touchpad": SynthesizedDevices.twoSlotTouchpad]
        guard let description = devices[device] else {
            throw ValidationError("--device must be touchpad, touchscreen or two-slot-touchpad, not \(device).")
        }
        var gestureKinds: [GestureKind] = []
        for name in kinds {
            guard let kind = GestureKind(rawValue: name) else {
                throw ValidationError("unknown gesture kind \(name); expected one of \(GestureKind.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            gestureKinds.append(kind)
        }
        var synthesizer = GestureSynthesizer(device: description, seed: seed)
        let session = synthesizer.session(gestureKinds, gap: 0.8...1.2, start: 0)
        var recording = Recording(device: description, screen: screen.applied(to: .standard),
                                  labels: session.labels.map(\.recordingLabel), events: session.events)
        if golden { recording.expected = RecordingReplay.run(recording).log.records }
        do throws(RecordingError) {
            guard let format = RecordingFormat(pathExtensionOf: output), format != .getevent, format != .remarkable else {
                throw RecordingError(file: output, line: nil, problem: .unknownFormat, message: "expected an output ending in .json, .evemu or .yml")
            }
            if format == .tactile {
                try RecordingWriter.write(recording, to: output, overwrite: force)
            } else {
                try RecordingExporter.write(recording, to: output, as: format)
            }
        } catch {
            printError("tactile: error: \(error)")
            throw ExitCode.failure
        }
        printError("\(output): \(gestureKinds.count) gesture(s) on the synthetic \(device), \(recording.events.count) events")
    }
}
