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
}
