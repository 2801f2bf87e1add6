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
    /// screen, or the one an evemu or libinput record file's comment lines
    /// give, else `Screen/standard`), with what the reader warned about.
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
            return Opened(recording: result.recording, format: format, warnings: result.warnings, recordsScreen: true)
        case .evemu:
            let bytes = try input.bytes()
            let evemu: EvemuRecording
            if let description = options.evemuDescriptionFile {
                evemu = try EvemuReader.read(descriptionAt: description, eventsAt: input.file, eventBytes: bytes)
            } else if case .file(let path) = input {
                evemu = try EvemuReader.read(bytes: bytes, path: path)
            } else {
                evemu = try EvemuReader.parse(bytes: bytes, file: input.file)
            }
            let annotations = try RecordingAnnotations.read(bytes, file: input.file, placement: .beforeFirstEvent)
            let recording = Recording(device: evemu.device, axisValues: evemu.axisValues, events: evemu.events)
            return Opened(recording: annotations.applied(to: recording), format: format, recordsScreen: annotations.screen != nil)
        case .libinputRecord:
            let bytes = try input.bytes()
            let recorded = try LibinputRecordReader.parse(bytes: bytes, file: input.file)
            let device = try LibinputRecordReader.device(options.deviceIndex, of: recorded, file: input.file)
            let annotations = try RecordingAnnotations.read(bytes, file: input.file, placement: .leadingComments)
            let transform = LibinputRecordReader.transform(of: device)
            let recording = Recording(device: device.description, screen: transform.screen(turning: .standard), transform: transform,
                                      events: device.events)
            return Opened(recording: annotations.applied(to: recording), format: format, recordsScreen: annotations.screen != nil)
        case .getevent:
            let trace = try GeteventReader.parse(bytes: input.bytes(), file: input.file, devicePath: options.devicePath)
            return Opened(recording: Recording(getevent: trace, options: options.traceOptions), format: format)
        case .remarkable:
            return Opened(recording: try RemarkableRecordReader.parse(bytes: input.bytes(), file: input.file, options: options.traceOptions), format: format)
        }
    }
}
