import Tactile

/// Reads a recording of any format Tactile knows but its own JSON into a
/// ``Recording``: evemu, `libinput record` YAML, Android `getevent` text and
/// reMarkable records (see ``RecordingFormat``).
///
/// Tactile's own JSON (``RecordingFormat/tactile``) is read by the JSON
/// reader of `Format/` (`RecordingReader`), not here: ``read(contentsOf:as:options:)``
/// refuses it with a ``RecordingError`` of kind ``RecordingError/Problem/unknownFormat``
/// that says so, and callers that take every format check
/// ``RecordingFormat/detect(contentsOf:)`` first and hand JSON to that reader.
///
/// ```swift
/// let recording = try RecordingImporter.read(contentsOf: "galaxy.txt",
///                                            options: .init(deviceName: "Samsung Galaxy S (getevent)"))
/// ```
public enum RecordingImporter {
    /// What the formats without everything a ``Recording`` needs are completed with.
    public struct Options: Hashable, Sendable {
        /// The name of a synthesized device (getevent, reMarkable); each format has a default.
        public var deviceName: String?
        /// Which recorded device to take from a `libinput record` file with several.
        public var deviceIndex: Int
        /// Which device node to take from a getevent trace that watched several.
        public var devicePath: String?
        /// Slots of a synthesized device (getevent: 10, reMarkable: 32 unless given).
        public var slotCount: Int?
        /// The screen the recording maps onto.
        public var screen: Screen

        public init(deviceName: String? = nil, deviceIndex: Int = 0, devicePath: String? = nil, slotCount: Int? = nil, screen: Screen = .standard) {
            self.deviceName = deviceName
            self.deviceIndex = deviceIndex
            self.devicePath = devicePath
            self.slotCount = slotCount
            self.screen = screen
        }
    }

    /// Reads the recording at `path` in `format`, or in the format detected
    /// from its content and name (``RecordingFormat/detect(bytes:path:)``).
    public static func read(contentsOf path: String, as format: RecordingFormat? = nil, options: Options = Options()) throws(RecordingError) -> Recording {
        let bytes = try RecordingFile.bytes(at: path)
        let resolved: RecordingFormat
        if let format {
            resolved = format
        } else {
            resolved = try RecordingFormat.detect(bytes: bytes, path: path)
        }
        switch resolved {
        case .tactile:
            throw RecordingError(
                file: path, line: nil, problem: .unknownFormat,
                message: "expected evemu, libinput record, getevent or reMarkable data for the importer, found Tactile JSON, which RecordingReader reads")
        case .evemu:
            // Through EvemuReader, which also finds the .desc of an events-only file.
            return Recording(evemu: try EvemuReader.read(contentsOf: path), screen: options.screen)
        default:
            return try parse(bytes: bytes, file: path, as: resolved, options: options)
        }
    }

    /// Parses `bytes` in `format`; `file` names them in errors.
    public static func parse(bytes: [UInt8], file: String = "<bytes>", as format: RecordingFormat, options: Options = Options()) throws(RecordingError) -> Recording {
        switch format {
        case .tactile:
            throw RecordingError(
                file: file, line: nil, problem: .unknownFormat,
                message: "expected evemu, libinput record, getevent or reMarkable data for the importer, found Tactile JSON, which RecordingReader reads")
        case .evemu:
            return Recording(evemu: try EvemuReader.parse(bytes: bytes, file: file), screen: options.screen)
        case .libinputRecord:
            let recording = try LibinputRecordReader.parse(bytes: bytes, file: file)
            return try LibinputRecordReader.recording(of: recording, deviceIndex: options.deviceIndex, file: file, screen: options.screen)
        case .getevent:
            let trace = try GeteventReader.parse(bytes: bytes, file: file, devicePath: options.devicePath)
            return Recording(getevent: trace, options: Recording.GeteventOptions(
                deviceName: options.deviceName, slotCount: options.slotCount ?? 10, screen: options.screen))
        case .remarkable:
            var remarkable = RemarkableRecordReader.Options(slotCount: options.slotCount ?? 32, screen: options.screen)
            if let name = options.deviceName { remarkable.deviceName = name }
            return try RemarkableRecordReader.parse(bytes: bytes, file: file, options: remarkable)
        }
    }

    /// Parses `text` in `format`; `file` names it in errors.
    public static func parse(_ text: String, file: String = "<text>", as format: RecordingFormat, options: Options = Options()) throws(RecordingError) -> Recording {
        try parse(bytes: Array(text.utf8), file: file, as: format, options: options)
    }
}
