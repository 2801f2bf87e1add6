// The exporter: a Recording written in another tool's format (evemu, libinput record, umockdev event lines).
import Tactile

/// Writes a ``Recording`` in a format other tools replay: evemu (for
/// `evemu-play`, umockdev's `--evemu-events`, libinput's test suite) or
/// `libinput record` YAML (for `libinput replay`).
///
/// Both keep the device and the events exactly (reading the text back gives
/// the same `DeviceDescription` and `InputEvent`s, within the limits
/// ``EvemuWriter`` documents); neither has room for the screen, the labels or
/// the golden log. Tactile's own JSON is written by ``RecordingWriter``.
public enum RecordingExporter {
    /// The formats this exporter writes.
    public static let formats: [RecordingFormat] = [.evemu, .libinputRecord]

    /// The evemu text of `recording`: header, then one `E:` line per event.
    public static func evemuText(for recording: Recording) -> String {
        EvemuWriter.text(for: EvemuRecording(recording))
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
    /// for a recording the readers would not take back: a device beyond the
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
        case .evemu: return evemuText(for: recording)
        case .libinputRecord: return LibinputRecordWriter.text(for: recording)
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
