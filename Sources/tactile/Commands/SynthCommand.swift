// `tactile synth`: labelled gestures synthesized for a device, written as a recording in any format.
import ArgumentParser
import Tactile
import TactileConsole
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
            and a random place unless it gives its own (\(SynthGesture.syntax), such as \
            \(SynthGesture.example)) or --fingers and --at give them for every gesture that does \
            not (surfaces: \(SynthCommand.surfaceSizes)). Any number of fingers the device \
            counts may be asked for (pinches and rotations take 2 or more): a gesture with \
            fingers outside the standard set's (\(SynthCommand.standardFingers)) is labelled \
            with no recognizer that must recognize it, as test input for a recognizer of your \
            own. Never overwrites a file unless --force.
            """
    )

    /// `touchpad 108 × 67 mm, …`: each synthetic device's surface, for `--at`.
    static var surfaceSizes: String {
        devices.map { name, device in
            let size = GestureSynthesizer(device: device, seed: 0).surfaceSize
            return "\(name) \(PanelValues.number(size.width, places: 0)) × \(PanelValues.number(size.height, places: 0)) mm"
        }.joined(separator: ", ")
    }

    /// `tap 1 to 3 fingers, …`: the fingers each kind's standard recognizer is checked with.
    static var standardFingers: String {
        GestureKind.allCases.map { "\($0.labelName) \(GestureRanges.describe(GestureRanges.fingers($0)))" }.joined(separator: ", ")
    }

    /// The synthetic devices by their `--preset` name.
    static let devices: KeyValuePairs<String, DeviceDescription> = [
        "touchpad": SynthesizedDevices.touchpad, "touchscreen": SynthesizedDevices.touchscreen,
        "two-slot-touchpad": SynthesizedDevices.twoSlotTouchpad,
    ]

    @Argument(help: ArgumentHelp("Gestures, in order: a kind (tap, double-tap, pinch-in, pinch-out, rotation, pan, swipe, long-press, hold), "
                                 + "optionally with its own fingers and place: \(SynthGesture.syntax), such as \(SynthGesture.example).",
                                 valueName: "gesture"),
              completion: .list(GestureKind.allCases.map(\.labelName)),
              transform: SynthGesture.init(parsing:))
    var gestures: [SynthGesture]

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write (.json, .evemu or .yml).", valueName: "file"),
            completion: Completions.writableRecordings)
    var output: String

    @Option(help: ArgumentHelp("The synthetic device: touchpad, touchscreen or two-slot-touchpad.", valueName: "preset"),
            completion: .list(SynthCommand.devices.map(\.key)))
    var preset = "touchpad"

    @Option(help: ArgumentHelp("Fingers for every gesture that gives none (default: a realistic random number for each).", valueName: "n"))
    var fingers: Int?

    @Option(name: .customLong("at"),
            help: ArgumentHelp("Place the middle of every gesture that gives no place at X,Y millimetres from the surface's top-left corner "
                               + "(default: a random place).",
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

    /// `X,Y` in millimetres, both finite and not negative.
    static func parsePlace(_ argument: String) throws -> Point {
        guard let place = SynthGesture.place(argument) else {
            throw ValidationError("expected X,Y in millimetres from the surface's top-left corner, such as 50,30")
        }
        return place
    }

    /// What each gesture asks for, `--fingers` and `--at` filling in what it does not give.
    var requests: [GestureRequest] {
        gestures.map { GestureRequest($0.kind, fingers: $0.fingers ?? fingers, centredAt: $0.place ?? place) }
    }

    /// The device `--preset` names.
    var deviceDescription: DeviceDescription? {
        Self.devices.first { $0.key == preset }?.value
    }

    func validate() throws {
        guard let description = deviceDescription else {
            throw ValidationError("--preset must be \(Self.devices.map(\.key).joined(separator: ", ")), not \(TextFormat.visible(preset)).")
        }
        if screen.givenTransform != nil {
            throw ValidationError("synth draws its gestures on the synthetic device as it is made, upright; "
                + "give the recording a mounting afterwards with tactile convert --rotate or --calibration.")
        }
        let synthesizer = GestureSynthesizer(device: description, seed: 0)
        let most = synthesizer.maximumFingers, size = synthesizer.surfaceSize
        if let fingers {
            guard (1...most).contains(fingers) else {
                throw ValidationError("--fingers must be 1 to \(most): the synthetic \(preset) counts at most \(most) fingers.")
            }
            for gesture in gestures where gesture.fingers == nil && fingers < gesture.kind.minimumFingers {
                throw ValidationError("--fingers \(fingers) does not suit \(gesture.kind.labelName), which needs at least \(gesture.kind.minimumFingers) fingers; "
                    + "give it its own: \(gesture.kind.labelName):fingers=\(gesture.kind.minimumFingers).")
            }
        }
        if let place, place.x > size.width || place.y > size.height {
            throw ValidationError("--at \(Self.format(place)) lies outside the synthetic \(preset), which is \(Self.format(size)) mm.")
        }
        for (index, gesture) in gestures.enumerated() {
            let which = "gesture \(index + 1), \(TextFormat.visible(gesture.text))"
            if let own = gesture.fingers, own > most {
                throw ValidationError("\(which): fingers must be 1 to \(most): the synthetic \(preset) counts at most \(most) fingers.")
            }
            if let own = gesture.place, own.x > size.width || own.y > size.height {
                throw ValidationError("\(which): at=\(Self.format(own)) lies outside the synthetic \(preset), which is \(Self.format(size)) mm.")
            }
        }
        guard let format = RecordingFormat(pathExtensionOf: output), format != .getevent, format != .remarkable else {
            throw ValidationError("--output must end in .json, .evemu or .yml, not \(TextFormat.visible(output)).")
        }
    }

    /// `30.0,20.0`: a place in millimetres, as messages write it.
    static func format(_ point: Point) -> String {
        FixedDecimal.format(point.x, places: 1) + "," + FixedDecimal.format(point.y, places: 1)
    }

    /// `108.0 × 67.0`: a surface in millimetres, as messages write it.
    static func format(_ size: Size) -> String {
        FixedDecimal.format(size.width, places: 1) + " × " + FixedDecimal.format(size.height, places: 1)
    }

    @MainActor
    func run() async throws {
        guard let description = deviceDescription, let format = RecordingFormat(pathExtensionOf: output) else {
            throw ExitCode.validationFailure  // validate() said why
        }
        var synthesizer = GestureSynthesizer(device: description, seed: seed)
        let session = synthesizer.session(requests, gap: 0.8...1.2, start: 0)
        var recording = Recording(device: description, screen: screen.applied(to: .standard),
                                  labels: session.labels.map(\.recordingLabel), events: session.events)
        if golden { recording.expected = RecordingReplay.run(recording).log.records }
        do throws(RecordingError) {
            try OutputFile.write(recording, to: output, as: format, force: force)
        } catch {
            printError("tactile: error: \(OutputFile.message(for: error))")
            throw ExitCode.failure
        }
        printError("\(TextFormat.visible(output)): \(gestures.count) gesture(s) on the synthetic \(preset), \(recording.events.count) events")
        for (index, label) in session.labels.enumerated() where !label.isForStandardRecognizer {
            printError("  gesture \(index + 1), \(label.kind.labelName) with \(GestureRanges.describe(label.fingers...label.fingers)): "
                + "no standard recognizer takes it (the standard set's \(label.kind.labelName) takes \(GestureRanges.describe(GestureRanges.fingers(label.kind)))); "
                + "its label names none")
        }
    }
}
