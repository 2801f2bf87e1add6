// `tactile info`: what a recording holds, without replaying it.
import ArgumentParser
import Tactile
import TactileRecording

/// `tactile info FILE...`: what a recording holds, without replaying it.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a recording's device, screen, summary and labels.",
        discussion: """
            For Tactile JSON only the header is read (the events are not parsed), so even a \
            recording of hundreds of megabytes answers at once. Other formats are imported \
            and summarised.
            """
    )

    @Argument(help: ArgumentHelp("Recordings in any supported format.", valueName: "file"), completion: Completions.recordings)
    var files: [String]

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
        let format = try RecordingFormat.detect(contentsOf: file)
        print("\(TextFormat.visible(file)): \(format)")
        if format == .tactile {
            let header = try RecordingReader.header(contentsOf: file)
            print("  version     \(header.version)" + (header.created.isEmpty ? "" : ", created \(TextFormat.visible(header.created))"))
            describe(device: header.device, screen: header.screen, axisValues: header.axisValues, summary: header.summary,
                     labels: header.labels, expected: header.expected?.count)
        } else {
            let recording = try Recording(contentsOf: file, options: .init(format: format))
            describe(device: recording.device, screen: recording.screen, axisValues: recording.axisValues, summary: recording.summary,
                     labels: recording.labels, expected: nil)
        }
    }

    private func describe(
        device: DeviceDescription, screen: Screen, axisValues: AxisValues, summary: RecordingSummary, labels: [RecordingLabel], expected: Int?
    ) {
        let size = SurfaceMapping(device: device, screen: screen)
        let millimetres = "\(FixedDecimal.format(size.surfaceSize.width, places: 1)) × \(FixedDecimal.format(size.surfaceSize.height, places: 1)) mm"
            + Self.sizeNote(size.sizeSource)
        let id = device.identity
        print("  device      \"\(TextFormat.visible(device.name))\", \(device.kind.rawValue), bus \(hex(id.bustype)) \(hex(id.vendor)):\(hex(id.product)) v\(hex(id.version))")
        print("  surface     \(millimetres), \(device.slotCount == 0 ? "single-touch" : "\(device.slotCount) slots"), up to \(device.maximumFingerCount) fingers")
        print("  screen      \(FixedDecimal.format(screen.bounds.width, places: 0))×\(FixedDecimal.format(screen.bounds.height, places: 0)) pt at \(FixedDecimal.format(screen.pointsPerMillimetre, places: 2)) pt/mm")
        if !axisValues.isEmpty { print("  began with  \(axisValues)") }
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
