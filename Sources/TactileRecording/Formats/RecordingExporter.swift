// The exporter: a Recording written in another tool's format (evemu, libinput record, umockdev event lines).
import Tactile

/// Writes a ``Recording`` in a format other tools replay: evemu (for
/// `evemu-play`, umockdev's `--evemu-events`, libinput's test suite) or
/// `libinput record` YAML (for `libinput replay`).
///
/// Both keep the device and the events exactly (reading the text back gives
/// the same `DeviceDescription` and `InputEvent`s, within the limits
/// ``EvemuWriter`` documents), and carry what the formats have no field for
/// (the screen, the creation time, the labels and the golden log) in comment
/// lines that ``Recording/open(_:options:)`` and ``RecordingImporter`` read
/// back and other tools skip:
///
/// ```
/// # EVEMU 1.3
/// # Tactile-Screen: {"bounds": {"origin": {"x": 0.0, "y": 0.0}, "size": {"width": 480.0, "height": 800.0}}, "pointsPerMillimetre": 8.0}
/// # Tactile-Labels: [{"gesture": "drag", "fingers": 1, "recognizers": ["pan"], "absent": [], "values": {}}]
/// # Tactile-Expected: 3 actions
/// # Tactile-Action: {"t":0.166851,"recognizer":"pan","view":"window","state":"began", …}
/// …
/// ```
///
/// So a recording converted to evemu or libinput record and back replays
/// as the original does, and `tactile replay --expect` checks it. Tactile's
/// own JSON is written by ``RecordingWriter``.
public enum RecordingExporter {
    /// The formats this exporter writes.
    public static let formats: [RecordingFormat] = [.evemu, .libinputRecord]

    /// The evemu text of `recording`: header (with the comment lines that
    /// carry its screen, labels and golden log), then one `E:` line per event.
    /// Throws as ``text(for:as:file:)`` does.
    public static func evemuText(for recording: Recording) throws(RecordingError) -> String {
        try text(for: recording, as: .evemu)
    }

    /// The `E:` lines alone, for umockdev's `umockdev-run --evemu-events DEVNODE=FILE`
    /// (with the device from a `.umockdev` and `.ioctl` pair).
    ///
    /// The microseconds are written without leading zeros (`E: 12.9829 …` for
    /// 9829 µs): umockdev 0.17 reads them as a C integer with base detection, so
    /// evemu's zero-padded `009829` would be taken as octal (or as 0 at an 8 or
    /// 9) and the events would arrive with wrong timestamps. evemu reads these
    /// lines as meant too (`%06u` takes up to six digits); ``EvemuReader``,
    /// which insists on six digits, does not. ``TestbedWriter`` writes the same lines.
    public static func umockdevEventsText(for recording: Recording) -> String {
        UmockdevEventLines.text(for: recording.events)
    }

    /// The text of `recording` in `format`; an error for a format this
    /// exporter does not write, and ``RecordingError/Problem/notRepresentable``
    /// for a recording the readers would not take back: a screen, creation
    /// time, label or expected action the Tactile JSON reader would refuse
    /// (`RecordingWriter.bytes(for:)` refuses the same), a device beyond the
    /// readers' limits (name length, property and key codes, axes, the slot
    /// axis: `AbsoluteAxis.limitProblem`), a device name with a control
    /// character other than a tab or a line break, an event time the
    /// format's reader refuses (before 0 in libinput record), an event type
    /// beyond `EV_MAX` (which Tactile JSON keeps, with a warning when read);
    /// for libinput record, a recording that begins in a slot other than 0 or
    /// a device kind other than its codes imply (the format has no room for either).
    public static func text(for recording: Recording, as format: RecordingFormat, file: String = "<text>") throws(RecordingError) -> String {
        if format == .evemu || format == .libinputRecord {
            try RecordingLimits.checkDevice(recording.device, file: file, format: format)
            try RecordingLimits.checkEvents(recording.events, file: file, format: format)
        }
        if format == .libinputRecord { try RecordingLimits.checkLibinputRecord(recording, file: file) }
        switch format {
        case .evemu:
            let comments = try RecordingAnnotations(recording).commentLines(file: file)
            return EvemuWriter.text(for: EvemuRecording(recording), comments: comments)
        case .libinputRecord:
            return LibinputRecordWriter.text(for: recording, comments: try RecordingAnnotations(recording).commentLines(file: file))
        case .tactile, .getevent, .remarkable:
            let names = formats.map(\.description).joined(separator: " or ")
            throw RecordingError(file: file, line: nil, problem: .unknownFormat, message: "expected a format to export to (\(names)), found \(format)")
        }
    }

    /// Writes `recording` to `path`, in `format` or in the one its extension
    /// names: atomically, mode 0600, never through a symbolic link, replacing
    /// a file there only when `overwrite` is true (else ``RecordingError/Problem/exists``).
    public static func write(_ recording: Recording, to path: String, as format: RecordingFormat? = nil, overwrite: Bool = false) throws(RecordingError) {
        guard let format = format ?? RecordingFormat(pathExtensionOf: path) else {
            let extensions = formats.flatMap { $0.fileExtensions.map { "." + $0 } }.joined(separator: ", ")
            throw RecordingError(file: path, line: nil, problem: .unknownFormat, message: "expected a file name ending in \(extensions), found none of them")
        }
        try RecordingAtomicFile.write(Array(text(for: recording, as: format, file: path).utf8), to: path, overwrite: overwrite)
    }
}
