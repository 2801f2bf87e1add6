// The one dispatch from a format to its reader, for a file (Recording.open) and for bytes in memory (RecordingImporter).
import Tactile

/// Where a recording's text comes from: a file, or bytes already in memory
/// (with the name errors give them).
enum RecordingInput {
    case file(String)
    case bytes([UInt8], file: String)

    /// The name errors give the input.
    var file: String {
        switch self {
        case .file(let path): return path
        case .bytes(_, let file): return file
        }
    }

    /// The whole input as bytes (a file is read whole).
    func bytes() throws(RecordingError) -> [UInt8] {
        switch self {
        case .file(let path): return try RecordingFile.bytes(at: path)
        case .bytes(let bytes, _): return bytes
        }
    }
}

extension Recording {
    /// `input` read as `format` by that format's reader, and nothing more: the
    /// recording as the format holds it (protocol A kept; Tactile JSON's own
    /// screen, else `Screen/standard`), with what the reader warned about.
    /// ``open(_:options:)`` and ``RecordingImporter`` complete it each in
    /// their way. Of `options`, this uses the format, the evemu description
    /// (for a file), the device index, node, name and slots, and the limits.
    static func read(_ input: RecordingInput, as format: RecordingFormat, options: OpenOptions) throws(RecordingError) -> Opened {
        switch format {
        case .tactile:
            let result: RecordingReader.Result
            switch input {
            case .file(let path): result = try RecordingReader.readWithWarnings(contentsOf: path, limits: options.limits)
            case .bytes(let bytes, let file): result = try RecordingReader.readWithWarnings(bytes: bytes, file: file, limits: options.limits)
            }
            return Opened(recording: result.recording, format: format, warnings: result.warnings)
        case .evemu:
            let evemu: EvemuRecording
            switch input {
            case .file(let path):
                if let description = options.evemuDescriptionFile {
                    evemu = try EvemuReader.read(descriptionAt: description, eventsAt: path)
                } else {
                    evemu = try EvemuReader.read(contentsOf: path)
                }
            case .bytes(let bytes, let file):
                if let description = options.evemuDescriptionFile {
                    evemu = try EvemuReader.read(descriptionAt: description, eventsAt: file, eventBytes: bytes)
                } else {
                    evemu = try EvemuReader.parse(bytes: bytes, file: file)
                }
            }
            return Opened(recording: Recording(device: evemu.device, axisValues: evemu.axisValues, events: evemu.events), format: format)
        case .libinputRecord:
            let recorded = try LibinputRecordReader.parse(bytes: input.bytes(), file: input.file)
            let device = try LibinputRecordReader.device(options.deviceIndex, of: recorded, file: input.file)
            return Opened(recording: Recording(device: device.description, events: device.events), format: format)
        case .getevent:
            let trace = try GeteventReader.parse(bytes: input.bytes(), file: input.file, devicePath: options.devicePath)
            return Opened(recording: Recording(getevent: trace, options: options.traceOptions), format: format)
        case .remarkable:
            return Opened(recording: try RemarkableRecordReader.parse(bytes: input.bytes(), file: input.file, options: options.traceOptions), format: format)
        }
    }
}
