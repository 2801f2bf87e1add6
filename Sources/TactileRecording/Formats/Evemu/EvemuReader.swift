// The evemu reader: a file whole, or events with their .desc beside them, text or bytes into an EvemuRecording.
import Foundation
import Tactile

/// Reads evemu recordings: text made by `evemu-record` / `evemu-describe`,
/// a device header followed by `E:` event lines.
///
/// ```
/// # EVEMU 1.3
/// N: SynPS/2 Synaptics TouchPad
/// I: 0011 0002 0007 01b1
/// P: 05 00 00 00 00 00 00 00
/// B: 01 00 00 00 00 00 00 00 00        (one bitmask line per 8 bytes, per event type)
/// A: 35 1472 5472 8 0 45               (code, min, max, fuzz, flat, resolution)
/// E: 0.000001 0003 0039 0072           (seconds.microseconds, type, code, value)
/// ```
///
/// Old recordings split the header (`NAME.desc`) from the events
/// (`NAME.gesture.events`, `E:` lines only); ``read(contentsOf:)`` finds the
/// description beside such a file. Every failure is a ``RecordingError``
/// naming the file, the line and what was expected; malformed input never
/// traps.
public enum EvemuReader {
    /// Reads the recording at `path`.
    ///
    /// A file with events but no header takes its device from the `.desc`
    /// file beside it whose name is the longest prefix of its own (see
    /// ``descriptionFile(forEventsAt:)``).
    public static func read(contentsOf path: String) throws(RecordingError) -> EvemuRecording {
        try read(bytes: RecordingFile.bytes(at: path), path: path)
    }

    /// ``read(contentsOf:)`` of the file at `path` whose bytes are read already.
    static func read(bytes: [UInt8], path: String) throws(RecordingError) -> EvemuRecording {
        guard startsWithEvents(bytes) else {
            return try parse(bytes: bytes, file: path)
        }
        guard let descriptionPath = descriptionFile(forEventsAt: path) else {
            let line = TextLine.split(bytes).first { !$0.isBlank && !$0.isComment }?.number ?? 1
            throw RecordingError(
                file: path, line: line, problem: .missingHeader,
                message: "expected a device header `N: <device name>` before the first event, or a NAME.desc file beside this events-only file; found neither")
        }
        return try read(descriptionAt: descriptionPath, eventsAt: path, eventBytes: bytes)
    }

    /// Reads a device from the description file at `descriptionPath` and the
    /// events of the file at `eventsPath`. Events in the description file are
    /// ignored; a header in the events file takes precedence (the axis values
    /// of the description's comment block are kept otherwise).
    public static func read(descriptionAt descriptionPath: String, eventsAt eventsPath: String) throws(RecordingError) -> EvemuRecording {
        try read(descriptionAt: descriptionPath, eventsAt: eventsPath, eventBytes: RecordingFile.bytes(at: eventsPath))
    }

    static func read(descriptionAt descriptionPath: String, eventsAt eventsPath: String, eventBytes: [UInt8]) throws(RecordingError) -> EvemuRecording {
        let description = try parse(bytes: RecordingFile.bytes(at: descriptionPath), file: descriptionPath)
        var recording = try parse(bytes: eventBytes, file: eventsPath, device: description.device)
        if recording.axisValues.isEmpty, recording.device == description.device { recording.axisValues = description.axisValues }
        return recording
    }

    /// Parses evemu text. `file` names the text in errors; `device` describes
    /// text without a header of its own (the events of a split recording).
    public static func parse(_ text: String, file: String = "<text>", device: DeviceDescription? = nil) throws(RecordingError) -> EvemuRecording {
        try parse(bytes: Array(text.utf8), file: file, device: device)
    }

    /// Parses evemu text given as bytes, which need not be valid UTF-8: a line
    /// that is not text is reported as such.
    public static func parse(bytes: [UInt8], file: String = "<bytes>", device: DeviceDescription? = nil) throws(RecordingError) -> EvemuRecording {
        try EvemuParser.parse(bytes, file: file, device: device)
    }

    /// The description file for an events-only file at `path`: among the
    /// `.desc` files in the same directory, the one whose name without the
    /// extension is the longest prefix of the events file's name, ending where
    /// a word ends (`Touchpad.desc` for `Touchpad.two-finger-scroll.events`
    /// or `Touchpad double-tap.events`). `nil` when there is none.
    public static func descriptionFile(forEventsAt path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let eventsName = url.lastPathComponent
        var best: String?
        for name in RecordingFile.names(in: directory) where name.hasSuffix(".desc") && name != eventsName {
            let stem = String(name.dropLast(".desc".count))
            guard eventsName.hasPrefix(stem), let next = eventsName.dropFirst(stem.count).first, Self.wordEnds.contains(next) else { continue }
            if stem.count > (best?.count ?? -1) { best = stem }  // the longest; the first of equals
        }
        return best.map { url.deletingLastPathComponent().appendingPathComponent($0 + ".desc").path }
    }

    /// What may follow a description's name in an events file's name. A set,
    /// not `next == "." || next == " " || …`: that chain of literals took the
    /// type checker 7.4 s, on the longest chain of the first release build.
    private static let wordEnds: Set<Character> = [".", " ", "-", "_"]

    /// Whether the first line that is neither blank nor a comment is an event.
    static func startsWithEvents(_ bytes: [UInt8]) -> Bool {
        TextLine.split(bytes).first { !$0.isBlank && !$0.isComment }?.prefix == "E:"
    }
}
