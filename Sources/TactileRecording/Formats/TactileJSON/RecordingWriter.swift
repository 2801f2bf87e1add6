// The Tactile JSON writer: a recording as deterministic bytes, saved atomically (0600).
import Tactile

/// Writes recordings in format v1 (`docs/recording-format.md`).
///
/// The output is deterministic: keys in a fixed order, header numbers in
/// Swift's shortest round-trip form, one event per line as
/// `[sec, usec, type, code, value]`, one expected action per line exactly as
/// `ActionRecord/jsonLine` gives it. The same recording always gives the
/// same bytes.
///
/// ```swift
/// let recording = Recording(device: device, screen: .standard, events: events)
/// try RecordingWriter.write(recording, to: "session.json")   // atomic, 0600; refuses to overwrite
/// ```
public enum RecordingWriter {
    /// The recording as UTF-8 JSON bytes, ending in a line feed.
    ///
    /// Throws ``RecordingError/Problem/notRepresentable`` for a NaN or
    /// infinite number where the format needs a finite one (screen, label
    /// times and values, an expected action's time or location), for an
    /// event time before 0 or with microseconds outside 0…999999, and for
    /// anything else ``RecordingReader`` would refuse: a device, screen,
    /// creation time, label or expected action beyond its
    /// ``RecordingReader/Limits/default`` (a name over 1 024 bytes, a
    /// property code over 31, a label of more than 1 000 fingers…).
    public static func bytes(for recording: Recording) throws(RecordingError) -> [UInt8] {
        try bytes(for: recording, file: "<recording>")
    }

    /// The recording as JSON text (see ``bytes(for:)``).
    public static func text(for recording: Recording) throws(RecordingError) -> String {
        String(decoding: try bytes(for: recording), as: UTF8.self)
    }

    /// Saves the recording at `path` atomically: the bytes go to a file in
    /// the same directory (mode 0600, unnamed where the file system allows),
    /// which is synced and then given its name, and the directory is synced.
    /// A crash leaves either the old state or the whole new file, never half
    /// a recording.
    ///
    /// Unless `overwrite` is true, anything at `path` (a file, a symbolic
    /// link, dangling or not) is left alone and the call throws
    /// ``RecordingError/Problem/exists``. With `overwrite`, a regular file or
    /// a symbolic link is replaced (the link itself: it is never followed); a
    /// directory or a special file is refused.
    public static func write(_ recording: Recording, to path: String, overwrite: Bool = false) throws(RecordingError) {
        let data = try bytes(for: recording, file: path)
        try RecordingAtomicFile.write(data, to: path, overwrite: overwrite)
    }

    /// Throws what ``write(_:to:overwrite:)`` would throw about `path` itself,
    /// before anything is written: ``RecordingError/Problem/exists`` for
    /// something there without `overwrite`, a failure for a directory, a
    /// special file or a name longer than Linux allows. Use it to refuse
    /// before long work (a recording session); saving checks again.
    public static func checkDestination(_ path: String, overwrite: Bool = false) throws(RecordingError) {
        try RecordingAtomicFile.checkPath(path, overwrite: overwrite)
    }

    static func bytes(for recording: Recording, file: String) throws(RecordingError) -> [UInt8] {
        // What the readers refuse is not written (RecordingLimits: device, times, labels, expected actions).
        try RecordingLimits.checkDevice(recording.device, file: file, format: .tactile)
        try RecordingLimits.checkEvents(recording.events, file: file, format: .tactile)
        try RecordingLimits.checkHeader(recording, file: file)
        var out = RecordingJSONOutput(file: file)
        let summary = recording.summary
        out.reserve(recording.events.count * 32 + (recording.expected?.count ?? 0) * 160 + 4096)
        out.append("{\n  \"format\": ")
        out.appendString(Recording.formatName)
        out.append(",\n  \"version\": \(Recording.version(for: recording)),\n  \"created\": ")
        out.appendString(recording.created)
        out.append(",\n  \"device\": ")
        out.appendDevice(recording.device)
        out.append(",\n  \"screen\": ")
        try out.appendScreen(recording.screen)
        if !recording.transform.isIdentity {
            out.append(",\n  \"transform\": [")
            // The matrix was checked when made: six finite values, written as libinput writes them.
            out.append(recording.transform.values.map { FixedDecimal.shortest($0) }.joined(separator: ", ") + "]")
        }
        if !recording.axisValues.isEmpty {
            out.append(",\n  \"axisValues\": [")
            for (index, entry) in recording.axisValues.entries.enumerated() {
                out.append(index == 0 ? "{\"code\": \(entry.code), \"value\": \(entry.value)}" : ", {\"code\": \(entry.code), \"value\": \(entry.value)}")
            }
            out.append("]")
        }
        out.append(",\n  \"summary\": {\"duration\": ")
        try out.appendDouble(summary.duration, path: "summary.duration")
        out.append(", \"eventCount\": \(summary.eventCount), \"frameCount\": \(summary.frameCount), \"maxTouches\": \(summary.maxTouches)}")
        if !recording.labels.isEmpty {
            out.append(",\n  \"labels\": [")
            for (index, label) in recording.labels.enumerated() {
                out.append(index == 0 ? "\n    " : ",\n    ")
                try out.appendLabel(label, path: "labels[\(index)]")
            }
            out.append("\n  ]")
        }
        if let expected = recording.expected {
            out.append(",\n  \"expected\": {\"actions\": [")
            for (index, action) in expected.enumerated() {
                let path = "expected.actions[\(index)]"
                guard action.time.isFinite else { throw out.unrepresentable(action.time, path: path + ".t") }
                guard action.location.x.isFinite, action.location.y.isFinite else {
                    throw out.unrepresentable(action.location.x.isFinite ? action.location.y : action.location.x, path: path + ".location")
                }
                out.append(index == 0 ? "\n    " : ",\n    ")
                out.append(action.jsonLine)
            }
            out.append(expected.isEmpty ? "]}" : "\n  ]}")
        }
        let headerSize = out.bytes.count
        guard headerSize <= RecordingLimits.reader.maximumHeaderSize else {
            throw RecordingLimits.refusal(file, "expected", "expected a header (everything before the events) of at most "
                                          + "\(RecordingLimits.reader.maximumHeaderSize) bytes, which a reader takes back, found \(headerSize)")
        }
        // The header as the reader sees it (its value count, nesting, strings): checked by the reader itself,
        // so no limit the checks above miss is written. The events were checked above.
        do throws(RecordingError) {
            _ = try RecordingReader.header(bytes: out.bytes + Array(",\n  \"events\": []\n}\n".utf8), file: file)
        } catch {
            throw RecordingError(file: file, line: nil, column: nil, path: error.path, problem: .notRepresentable,
                                 message: "expected a header the reader takes back, found one it refuses: \(error.message)")
        }
        out.append(",\n  \"events\": [")
        for (index, event) in recording.events.enumerated() {
            out.appendEvent(event, first: index == 0)
        }
        out.append(recording.events.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        return out.bytes
    }
}
