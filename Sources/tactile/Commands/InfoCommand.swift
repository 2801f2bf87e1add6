// `tactile info`: what a recording holds, without replaying it.
import ArgumentParser
import Tactile
import TactileConsole
import TactileRecording

/// `tactile info FILE...`: what a recording holds, without replaying it.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a recording's device, screen, summary and labels.",
        discussion: """
            For Tactile JSON the header, the first event and the end of the file are read, not \
            the events between, so even a recording of hundreds of megabytes answers at once; \
            a file that was cut short, or whose events do not span what its summary says, is \
            reported as damaged (exit status 1). --verify reads every event and checks the \
            summary. Other formats are read whole and summarised. `-` reads standard input.
            """
    )

    @Argument(help: ArgumentHelp("Recordings in any supported format (`-`: standard input).", valueName: "file"), completion: Completions.recordings)
    var files: [String]

    @Flag(help: "Read every event of a Tactile JSON file and check the summary against them.")
    var verify = false

    func run() throws {
        var failed = false
        for (index, file) in files.enumerated() {
            if index > 0 { print("") }
            do throws(RecordingError) {
                try show(file)
            } catch {
                printError("tactile: error: \(error)")
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }

    private func show(_ file: String) throws(RecordingError) {
        let name = TextFormat.visible(ReadableFile.displayName(file))
        if ReadableFile.isStream(file) {
            // A pipe or standard input is read once, whole.
            let opened = try Recording.open(file)
            print("\(name): \(opened.format)")
            describe(device: opened.recording.device, screen: opened.recording.screen, transform: opened.recording.transform,
                     axisValues: opened.recording.axisValues,
                     summary: opened.recording.summary, labels: opened.recording.labels, expected: opened.recording.expected?.count)
            print("  checked     every event (read whole)")
            return
        }
        let format = try RecordingFormat.detect(contentsOf: file)
        print("\(name): \(format)")
        guard format == .tactile else {
            let recording = try Recording(contentsOf: file, options: .init(format: format))
            describe(device: recording.device, screen: recording.screen, transform: recording.transform, axisValues: recording.axisValues,
                     summary: recording.summary,
                     labels: recording.labels, expected: nil)
            print("  checked     every event (read whole)")
            return
        }
        let header = try RecordingReader.header(contentsOf: file)
        print("  version     \(header.version)" + (header.created.isEmpty ? "" : ", created \(TextFormat.visible(header.created))"))
        describe(device: header.device, screen: header.screen, transform: header.transform, axisValues: header.axisValues,
                 summary: header.summary,
                 labels: header.labels, expected: header.expected?.count)
        let problems = Self.headerProblems(header.device)
        if verify, !problems.isEmpty {
            print("  checked     the header: WRONG")
            throw RecordingError(file: file, line: nil, column: nil, path: "device.axes", problem: .inconsistentHeader, message: problems.joined(separator: "; "))
        }
        if verify {
            let stream = try RecordingReader.events(contentsOf: file)
            let warnings = try stream.validate()
            for warning in warnings where warning.kind != .summaryMismatch { printError(warning.description) }
            if let mismatch = warnings.first(where: { $0.kind == .summaryMismatch }) {
                print("  checked     every event: \(stream.eventCount) read: DAMAGED")
                throw RecordingError(file: file, line: nil, column: nil, path: mismatch.path, problem: .inconsistentHeader, message: "damaged: \(mismatch.message)")
            }
            print("  checked     every event: \(stream.eventCount) read, as the summary says")
            return
        }
        switch try RecordingReader.checkEnd(contentsOf: file) {
        case .complete(let span):
            print("  checked     the end: whole, events spanning \(FixedDecimal.format(span, places: 6)) s as the summary says (--verify reads every event)")
        case .damaged(let why):
            print("  checked     the end: DAMAGED")
            throw RecordingError(file: file, line: nil, problem: .truncated, message: "damaged: \(why)")
        }
    }

    /// What is wrong with a header's device that a reader works around: an
    /// axis resolution below 0 (units per millimetre; 0 when the device does
    /// not know), which is taken as none, so millimetres are estimated.
    static func headerProblems(_ device: DeviceDescription) -> [String] {
        device.axes.filter { $0.resolution < 0 }.map { axis in
            "\(EventCodeNames.name(ofCode: axis.code, type: .abs)) has a negative resolution, \(axis.resolution) units/mm "
                + "(a device reports 0 when it does not know): it is taken as none, and millimetres are estimated"
        }
    }

    private func describe(
        device: DeviceDescription, screen: Screen, transform: SurfaceTransform, axisValues: AxisValues, summary: RecordingSummary,
        labels: [RecordingLabel], expected: Int?
    ) {
        let size = SurfaceMapping(device: device, screen: screen, transform: transform)
        let millimetres = "\(FixedDecimal.format(size.surfaceSize.width, places: 1)) × \(FixedDecimal.format(size.surfaceSize.height, places: 1)) mm"
            + Self.sizeNote(size.sizeSource)
        let id = device.identity
        print("  device      \"\(TextFormat.visible(device.name))\", \(device.kind.rawValue), bus \(hex(id.bustype)) \(hex(id.vendor)):\(hex(id.product)) v\(hex(id.version))")
        print("  surface     \(millimetres), \(device.slotCount == 0 ? "single-touch" : "\(device.slotCount) slots"), up to \(device.maximumFingerCount) fingers")
        print("  screen      \(FixedDecimal.format(screen.bounds.width, places: 0))×\(FixedDecimal.format(screen.bounds.height, places: 0)) pt at \(FixedDecimal.format(screen.pointsPerMillimetre, places: 2)) pt/mm")
        if !transform.isIdentity { print("  mounted     \(transform.summary) (\(transform))") }
        if !axisValues.isEmpty { print("  began with  \(axisValues)") }
        for problem in Self.headerProblems(device) { print("  problem     \(problem)") }
        print("  summary     \(summary.eventCount) events, \(summary.frameCount) frames, \(FixedDecimal.format(summary.duration, places: 3)) s, up to \(summary.maxTouches) touches")
        for label in labels {
            var line = "  label       \(TextFormat.visible(label.gesture))"
            if let fingers = label.fingers { line += ", \(fingers) finger\(fingers == 1 ? "" : "s")" }
            if let start = label.start, let end = label.end {
                line += ", \(FixedDecimal.format(start, places: 3))–\(FixedDecimal.format(end, places: 3)) s"
            }
            if !label.recognizers.isEmpty { line += "; must recognize: \(label.recognizers.map { TextFormat.visible($0) }.joined(separator: ", "))" }
            if !label.absent.isEmpty { line += "; must not: \(label.absent.map { TextFormat.visible($0) }.joined(separator: ", "))" }
            print(line)
        }
        if let expected { print("  expected    \(expected) actions") }
    }

    /// How the size was found, when not from the resolution.
    static func sizeNote(_ source: SurfaceMapping.SizeSource) -> String {
        switch source {
        case .resolution: return ""
        case .otherAxis: return " (one axis without resolution: taken as the other's)"
        case .screen: return " (no resolution: sized as its screen)"
        case .typicalTouchpad: return " (no resolution: taken as a typical touchpad)"
        }
    }

    private func hex(_ value: UInt16) -> String { TextFormat.hex(value, width: 4) }
}
