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
    /// times and values, an expected action's time or location), and for an
    /// event time before 0 or with microseconds outside 0…999999.
    public static func bytes(for recording: Recording) throws(RecordingError) -> [UInt8] {
        try bytes(for: recording, file: "<recording>")
    }

    /// The recording as JSON text (see ``bytes(for:)``).
    public static func text(for recording: Recording) throws(RecordingError) -> String {
        String(decoding: try bytes(for: recording), as: UTF8.self)
    }

    /// Saves the recording at `path` atomically: the bytes go to a temporary
    /// file in the same directory (mode 0600), which is synced and then
    /// renamed into place, and the directory is synced. A crash leaves either
    /// the old state or the whole new file, never half a recording.
    ///
    /// Unless `overwrite` is true, an existing file at `path` is left alone
    /// and the call throws ``RecordingError/Problem/exists``.
    public static func write(_ recording: Recording, to path: String, overwrite: Bool = false) throws(RecordingError) {
        let data = try bytes(for: recording, file: path)
        try RecordingAtomicFile.write(data, to: path, overwrite: overwrite)
    }

    static func bytes(for recording: Recording, file: String) throws(RecordingError) -> [UInt8] {
        // Times the reader would reject (and that would overflow in microseconds) are not written.
        for (index, event) in recording.events.enumerated()
        where event.seconds < 0 || event.seconds > EventArrayReader.maximumSeconds || event.microseconds < 0 || event.microseconds >= 1_000_000 {
            throw RecordingError(
                file: file, line: nil, column: nil, path: "events[\(index)]", problem: .notRepresentable,
                message: "expected an event time of 0 to \(EventArrayReader.maximumSeconds) seconds and 0 to 999999 microseconds, found \(event.seconds) s and \(event.microseconds) µs")
        }
        var out = RecordingJSONOutput(file: file)
        let summary = recording.summary
        out.reserve(recording.events.count * 32 + (recording.expected?.count ?? 0) * 160 + 4096)
        out.append("{\n  \"format\": ")
        out.appendString(Recording.formatName)
        out.append(",\n  \"version\": \(Recording.version(for: recording)),\n  \"created\": ")
        out.appendString(recording.created)
        out.append(",\n  \"device\": ")
        try out.appendDevice(recording.device)
        out.append(",\n  \"screen\": ")
        try out.appendScreen(recording.screen)
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
        out.append(",\n  \"events\": [")
        for (index, event) in recording.events.enumerated() {
            out.appendEvent(event, first: index == 0)
        }
        out.append(recording.events.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        return out.bytes
    }
}
