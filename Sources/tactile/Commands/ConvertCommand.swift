// `tactile convert`: a recording opened in any format, written in another, with labels or a golden log added.
import ArgumentParser
import Foundation
import Tactile
import TactileConsole
import TactileRecording

/// `tactile convert IN OUT`: between formats, adding labels and a golden log.
struct ConvertCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a recording between formats, optionally labelling it.",
        discussion: """
            Reads any supported format and writes Tactile JSON (.json), evemu (.evemu) or \
            libinput record YAML (.yml), by the output's extension or --to. Every one keeps the \
            device, the events, the screen, the labels and the golden log: evemu and libinput \
            record carry the last three in `# Tactile-…` comment lines, which evemu-play and \
            libinput replay skip. What the output cannot hold exactly is refused, or named in a \
            warning after reading the output back. Every format is written atomically with \
            mode 0600. Never replaces a file, or a symbolic link (which is replaced, not written \
            through), unless --force.
            """
    )

    @Argument(help: ArgumentHelp("The recording to read.", valueName: "in"), completion: Completions.recordings)
    var input: String

    @Argument(help: ArgumentHelp("The file to write.", valueName: "out"), completion: Completions.writableRecordings)
    var output: String

    @Option(help: ArgumentHelp("Output format: tactile, evemu or libinput-record (default: from the extension).", valueName: "format"),
            completion: Completions.outputFormats, transform: OutputFormatName.parse)
    var to: RecordingFormat?

    @Option(name: .customLong("description"), help: ArgumentHelp("An evemu description (.desc) for an events-only input.", valueName: "desc"),
            completion: .file(extensions: ["desc"]))
    var descriptionFile: String?

    @Option(help: ArgumentHelp("Name the device (formats without a device: getevent, reMarkable).", valueName: "name"))
    var deviceName: String?

    @OptionGroup var screen: ScreenOptions

    @Flag(help: "Shift the timestamps so the first event is at 0.000000 s.")
    var rebase = false

    @Option(help: ArgumentHelp("The surface's physical size, WIDTHxHEIGHT in mm: sets the resolution of position axes that report none.", valueName: "WxH"),
            transform: { try ScreenSize.parse($0, unit: "millimetres", range: ScreenSize.millimetres, example: "344x194") })
    var surfaceSize: ScreenSize?

    @OptionGroup var labelling: LabelOptions

    @Flag(help: "Replay the result and store its actions as the golden log.")
    var golden = false

    @Flag(help: "Overwrite the output if it exists.")
    var force = false

    func validate() throws {
        try labelling.validate()
        if let deviceName {
            guard !deviceName.isEmpty, deviceName.utf8.count <= RecordingReader.Limits.default.maximumNameLength else {
                throw ValidationError("--device-name must be 1 to \(RecordingReader.Limits.default.maximumNameLength) bytes, the names a recording holds, "
                    + "not \(deviceName.utf8.count).")
            }
        }
        if to == nil, Self.writableFormat(of: output) == nil {
            throw ValidationError(Self.unwritableOutput(output))
        }
    }

    @MainActor
    func run() async throws {
        guard let format = to ?? Self.writableFormat(of: output) else { throw ExitCode.validationFailure }  // validate() said why
        do throws(RecordingError) {
            // Protocol A is converted whatever the format, Tactile JSON included.
            var recording = try Recording(contentsOf: input, options: .init(
                evemuDescriptionFile: descriptionFile, surfaceSizeInMillimetres: surfaceSize.map { Size(width: $0.width, height: $0.height) },
                deviceName: deviceName))
            let mounting = (recording.screen, recording.transform)
            (recording.screen, recording.transform) = screen.mounted(screen: recording.screen, transform: recording.transform)
            if recording.expected != nil, !golden, mounting != (recording.screen, recording.transform) {
                // Its locations belong to the old screen and mounting: a golden log that no replay gives is worse than none.
                recording.expected = nil
                printError("tactile convert: the golden log was for the recording's own screen and mounting, so it is left out (--golden pins a new one)")
            }
            if rebase { recording.events = Self.rebased(recording.events) }
            if let label = labelling.label { recording.labels.append(label) }
            if golden {
                recording.expected = RecordingReplay.run(recording).log.records
            }
            try OutputFile.write(recording, to: output, as: format, force: force)
            printError("\(TextFormat.visible(input)) → \(TextFormat.visible(output)) (\(format), \(recording.events.count) events)")
            if format != .tactile {
                // What the output could not hold exactly shows when it is read back: say so rather than lose it quietly.
                for loss in Self.losses(written: recording, readBack: try Recording(contentsOf: output)) {
                    printError("tactile: warning: \(TextFormat.visible(output)): \(format) \(loss)")
                }
            }
        } catch {
            printError("tactile: error: \(OutputFile.message(for: error))")
            throw ExitCode.failure
        }
    }

    /// The format `path`'s extension names, when convert writes it.
    static func writableFormat(of path: String) -> RecordingFormat? {
        RecordingFormat(pathExtensionOf: path).flatMap { format in OutputFormatName.all.contains { $0.format == format } ? format : nil }
    }

    /// Why convert cannot tell what to write to `path`, naming every format it writes by extension.
    static func unwritableOutput(_ path: String) -> String {
        let formats = OutputFormatName.all.map { "\($0.format) (\($0.format.fileExtensions.map { "." + $0 }.joined(separator: ", ")))" }
        let list = formats.dropLast().joined(separator: ", ") + " or " + (formats.last ?? "")
        let ext = URL(fileURLWithPath: path).pathExtension
        let found: String
        if ext.isEmpty {
            found = "no extension"
        } else if let readOnly = RecordingFormat(pathExtensionOf: path) {
            found = ".\(TextFormat.visible(ext)), which is \(readOnly): tactile reads it but does not write it"
        } else {
            found = ".\(TextFormat.visible(ext)), which names no format"
        }
        return "the output must end in the extension of a format convert writes: \(list), or give --to "
            + "(\(OutputFormatName.all.map(\.name).joined(separator: ", "))); found \(found)."
    }

    /// What reading `readBack` gave other than `written`, in words after the format's name.
    static func losses(written: Recording, readBack: Recording) -> [String] {
        let parts: [(String, Bool)] = [
            ("the device", written.device == readBack.device), ("the events", written.events == readBack.events),
            ("the axis values", written.axisValues == readBack.axisValues), ("the screen", written.screen == readBack.screen),
            ("the mounting (its transform)", written.transform == readBack.transform),
            ("the creation time", written.created == readBack.created), ("the labels", written.labels == readBack.labels),
            // Compared as written: a value that is NaN (written as null) is not equal to itself.
            ("the golden log", written.expected?.map(\.jsonLine) == readBack.expected?.map(\.jsonLine)),
        ]
        return parts.filter { !$0.1 }.map { "does not keep \($0.0) exactly (reading the output back gives something else)" }
    }

    /// The events shifted so the first is at 0, intervals exact.
    static func rebased(_ events: [InputEvent]) -> [InputEvent] {
        guard let first = events.first?.timeInMicroseconds else { return events }
        return events.map { $0.shifted(byMicroseconds: -first) }
    }
}

/// What a person did, given on the command line.
struct LabelOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Label the recording with the gesture performed (two-finger-scroll, double-tap…).", valueName: "gesture"))
    var gesture: String?

    @Option(help: ArgumentHelp("Fingers used.", valueName: "n"))
    var fingers: Int?

    @Option(help: ArgumentHelp("A standard recognizer that must recognize (repeatable).", valueName: "name"))
    var recognizer: [String] = []

    @Option(help: ArgumentHelp("A standard recognizer that must not recognize (repeatable).", valueName: "name"))
    var absent: [String] = []

    @Option(help: ArgumentHelp("A note for the label.", valueName: "text"))
    var note: String?

    /// The longest gesture or recognizer name a recording holds, in UTF-8 bytes.
    static var maximumNameLength: Int { RecordingReader.Limits.default.maximumNameLength }
    /// The most fingers a label gives.
    static let fingerRange = 1...1000

    /// Refuses values a recording cannot hold (so the file written reads
    /// back) and label details given without `--gesture`, which would be dropped.
    func validate() throws {
        guard let gesture else {
            let orphans = [fingers != nil ? "--fingers" : nil, recognizer.isEmpty ? nil : "--recognizer", absent.isEmpty ? nil : "--absent",
                           note != nil ? "--note" : nil].compactMap { $0 }
            if let first = orphans.first {
                throw ValidationError("\(first) describes a label: give the gesture too (--gesture NAME).")
            }
            return
        }
        guard !gesture.isEmpty, gesture.utf8.count <= Self.maximumNameLength else {
            throw ValidationError("--gesture must be 1 to \(Self.maximumNameLength) bytes, the names a recording holds, not \(gesture.utf8.count).")
        }
        if let fingers, !Self.fingerRange.contains(fingers) {
            throw ValidationError("--fingers must be \(Self.fingerRange.lowerBound) to \(Self.fingerRange.upperBound), not \(fingers).")
        }
        let standard = StandardGestures.recognizerNames
        for (flag, names) in [("--recognizer", recognizer), ("--absent", absent)] {
            for name in names where !standard.contains(name) {
                throw ValidationError("\(flag) must name a standard recognizer (\(standard.joined(separator: ", "))), not \(TextFormat.visible(name)).")
            }
        }
        if let note, note.utf8.count > RecordingReader.Limits.default.maximumStringLength {
            throw ValidationError("--note must be at most \(RecordingReader.Limits.default.maximumStringLength) bytes, the strings a recording holds, not \(note.utf8.count).")
        }
    }

    /// The label, when a gesture was given.
    var label: RecordingLabel? {
        gesture.map {
            RecordingLabel(gesture: $0, fingers: fingers, recognizers: recognizer, absent: absent,
                           note: note.flatMap { $0.isEmpty ? nil : $0 })
        }
    }
}
