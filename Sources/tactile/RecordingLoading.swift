import Tactile
import TactileRecording

/// Reads a recording in any format Tactile knows: its own JSON through
/// `RecordingReader`, everything else through `RecordingImporter`.
enum RecordingLoading {
    /// A recording and what its reader warned about.
    struct Loaded {
        var recording: Recording
        var warnings: [String]
        var format: RecordingFormat
    }

    /// Reads `path`; `description` names an evemu `.desc` for an events-only
    /// file, `options` completes formats that lack a device or a screen.
    static func load(_ path: String, description: String? = nil, options: RecordingImporter.Options = .init()) throws(RecordingError) -> Loaded {
        if let description {
            let evemu = try EvemuReader.read(descriptionAt: description, eventsAt: path)
            return Loaded(recording: Recording(evemu: evemu, screen: options.screen), warnings: [], format: .evemu)
        }
        let format = try RecordingFormat.detect(contentsOf: path)
        if format == .tactile {
            let result = try RecordingReader.readWithWarnings(contentsOf: path)
            return Loaded(recording: result.recording, warnings: result.warnings.map(\.description), format: format)
        }
        return Loaded(recording: try RecordingImporter.read(contentsOf: path, as: format, options: options), warnings: [], format: format)
    }

    /// The device and events of `path` as the file holds them: evemu and
    /// `libinput record` files keep a protocol-A device and its `SYN_MT_REPORT`
    /// stream (which ``load(_:description:options:)`` converts to protocol B);
    /// other formats are read as ``load(_:description:options:)`` reads them.
    static func loadAsRecorded(_ path: String) throws(RecordingError) -> (recording: Recording, warnings: [String]) {
        switch try RecordingFormat.detect(contentsOf: path) {
        case .evemu:
            let evemu = try EvemuReader.read(contentsOf: path)
            return (Recording(device: evemu.device, axisValues: evemu.axisValues, events: evemu.events), [])
        case .libinputRecord:
            let file = try LibinputRecordReader.read(contentsOf: path)
            guard let device = file.devices.first else {
                throw RecordingError(file: path, line: nil, problem: .missingField, message: "expected at least one device in `devices`, found none")
            }
            return (Recording(device: device.description, events: device.events), [])
        default:
            let loaded = try load(path)
            return (loaded.recording, loaded.warnings)
        }
    }
}
