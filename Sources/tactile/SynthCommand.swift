// `tactile synth`: labelled gestures synthesized for a device, written as a recording in any format.
import ArgumentParser
import Tactile
import TactileRecording
import TactileSynthesis

/// `tactile synth KIND…`: labelled synthetic gestures.
struct SynthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Write a labelled recording of synthesized gestures.",
        discussion: """
            Gestures with realistic imperfections (sensor noise, report jitter, fingers landing \
            and lifting apart) for a synthetic touchpad or touchscreen, labelled with what was \
            done and which standard recognizer must recognize it. Kinds, as labels name them: \
            \(GestureKind.allCases.map(\.labelName).joined(separator: ", ")) (camelCase, such as \
            pinchOut, is accepted too). Each gesture gets a realistic random number of fingers \
            and a random place unless --fingers and --at say otherwise (surfaces: \
            \(SynthCommand.surfaceSizes)). Never overwrites a file unless --force.
            """
    )

    /// `touchpad 108 × 67 mm, …`: each synthetic device's surface, for `--at`.
    static var surfaceSizes: String {
        devices.map { name, device in
            let size = GestureSynthesizer(device: device, seed: 0).surfaceSize
            return "\(name) \(PanelValues.number(size.width, places: 0)) × \(PanelValues.number(size.height, places: 0)) mm"
        }.joined(separator: ", ")
    }

    /// The synthetic devices by their `--preset` name.
    static let devices: KeyValuePairs<String, DeviceDescription> = [
        "touchpad": SynthesizedDevices.touchpad, "touchscreen": SynthesizedDevices.touchscreen,
        "two-slot-touchpad": SynthesizedDevices.twoSlotTouchpad,
    ]

    @Argument(help: ArgumentHelp("Gesture kinds, in order (tap, double-tap, pinch-in, pinch-out, rotation, pan, swipe, long-press, hold).",
                                 valueName: "kind"),
              completion: .list(GestureKind.allCases.map(\.labelName)),
              transform: SynthCommand.parseKind)
    var kinds: [GestureKind]

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write (.json, .evemu or .yml).", valueName: "file"),
            completion: Completions.writableRecordings)
    var output: String

    @Option(help: ArgumentHelp("The synthetic device: touchpad, touchscreen or two-slot-touchpad.", valueName: "preset"),
            completion: .list(SynthCommand.devices.map(\.key)))
    var preset = "touchpad"

    @Option(help: ArgumentHelp("Fingers for every gesture (default: a realistic random number for each).", valueName: "n"))
    var fingers: Int?

    @Option(name: .customLong("at"),
            help: ArgumentHelp("Place the middle of each gesture at X,Y millimetres from the surface's top-left corner (default: a random place).",
                               valueName: "x,y"),
            transform: SynthCommand.parsePlace)
    var place: Point?

    @Option(help: ArgumentHelp("Random seed: the same seed gives the same events.", valueName: "n"))
    var seed: UInt64 = 1

    @OptionGroup var screen: ScreenOptions

    @Flag(help: "Replay the result and store its actions as the golden log.")
    var golden = false

    @Flag(help: "Overwrite the output if it exists.")
    var force = false

    /// A kind by its label name or its camelCase name; the error lists the kinds.
    static func parseKind(_ argument: String) throws -> GestureKind {
        guard let kind = GestureKind(name: argument) else {
            throw ValidationError("expected a gesture kind: \(GestureKind.allCases.map(\.labelName).joined(separator: ", "))")
        }
        return kind
    }

    /// `X,Y` in millimetres, both finite and not negative.
    static func parsePlace(_ argument: String) throws -> Point {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let x = Double(parts[0].trimmingCharacters(in: .whitespaces)), let y = Double(parts[1].trimmingCharacters(in: .whitespaces)),
              x.isFinite, y.isFinite, x >= 0, y >= 0 else {
            throw ValidationError("expected X,Y in millimetres from the surface's top-left corner, such as 50,30")
        }
        return Point(x: x, y: y)
    }

    /// The device `--preset` names.
    var deviceDescription: DeviceDescription? {
        Self.devices.first { $0.key == preset }?.value
    }

    func validate() throws {
        guard let description = deviceDescription else {
            throw ValidationError("--preset must be \(Self.devices.map(\.key).joined(separator: ", ")), not \(TextFormat.visible(preset)).")
        }
        let synthesizer = GestureSynthesizer(device: description, seed: 0)
        if let fingers {
            let most = synthesizer.maximumFingers
            guard (1...most).contains(fingers) else {
                throw ValidationError("--fingers must be 1 to \(most): the synthetic \(preset) counts at most \(most) fingers.")
            }
            for kind in Set(kinds).sorted(by: { $0.labelName < $1.labelName }) {
                let range = GestureRanges.fingers(kind)
                guard range.contains(fingers) else {
                    let what = range.count == 1 ? "\(range.lowerBound) finger\(range.lowerBound == 1 ? "" : "s")"
                        : "\(range.lowerBound) to \(range.upperBound) fingers"
                    throw ValidationError("--fingers \(fingers) does not suit \(kind.labelName), which takes \(what) in the standard set.")
                }
            }
        }
        if let place {
            let size = synthesizer.surfaceSize
            guard place.x <= size.width, place.y <= size.height else {
                throw ValidationError("--at \(FixedDecimal.format(place.x, places: 1)),\(FixedDecimal.format(place.y, places: 1)) lies outside the synthetic \(preset), which is "
                    + "\(FixedDecimal.format(size.width, places: 1)) × \(FixedDecimal.format(size.height, places: 1)) mm.")
            }
        }
        guard let format = RecordingFormat(pathExtensionOf: output), format != .getevent, format != .remarkable else {
            throw ValidationError("--output must end in .json, .evemu or .yml, not \(TextFormat.visible(output)).")
        }
    }

    @MainActor
    func run() async throws {
        guard let description = deviceDescription, let format = RecordingFormat(pathExtensionOf: output) else {
            throw ExitCode.validationFailure  // validate() said why
        }
        var synthesizer = GestureSynthesizer(device: description, seed: seed)
        let session = synthesizer.session(kinds, fingers: fingers, centredAt: place, gap: 0.8...1.2, start: 0)
        var recording = Recording(device: description, screen: screen.applied(to: .standard),
                                  labels: session.labels.map(\.recordingLabel), events: session.events)
        if golden { recording.expected = RecordingReplay.run(recording).log.records }
        do throws(RecordingError) {
            try OutputFile.write(recording, to: output, as: format, force: force)
        } catch {
            printError("tactile: error: \(OutputFile.message(for: error))")
            throw ExitCode.failure
        }
        printError("\(TextFormat.visible(output)): \(kinds.count) gesture(s) on the synthetic \(preset), \(recording.events.count) events")
    }
}
