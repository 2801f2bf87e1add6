// The getevent reader: `getevent -lt` text into a GeteventTrace, picking one device among several.
import Foundation
import Tactile

/// Reads Android `getevent -lt` traces (see ``GeteventTrace``).
///
/// Every failure is a ``RecordingError`` naming the file and line; malformed
/// input never traps.
public enum GeteventReader {
    /// Reads the trace at `path`. `devicePath` picks a device when the trace
    /// holds several; by default the first one that sends `ABS_MT_*` events
    /// (else the first one) is taken.
    public static func read(contentsOf path: String, devicePath: String? = nil) throws(RecordingError) -> GeteventTrace {
        try parse(bytes: RecordingFile.bytes(at: path), file: path, devicePath: devicePath)
    }

    /// Parses trace text; `file` names it in errors.
    public static func parse(_ text: String, file: String = "<text>", devicePath: String? = nil) throws(RecordingError) -> GeteventTrace {
        try parse(bytes: Array(text.utf8), file: file, devicePath: devicePath)
    }

    /// Parses trace bytes, which need not be valid UTF-8: a line that is not text is reported as such.
    public static func parse(bytes: [UInt8], file: String = "<bytes>", devicePath: String? = nil) throws(RecordingError) -> GeteventTrace {
        var lines: [GeteventLine] = []
        var names: [String: String] = [:]
        var lastAdded: String?
        var sawContent = false
        for line in TextLine.split(bytes) {
            let text = try line.requireText(file: file)
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            sawContent = true
            if text.hasPrefix("add device") {
                lastAdded = text.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
                continue
            }
            if text.first == " " || text.first == "\t", !trimmed.hasPrefix("[") {
                if trimmed.hasPrefix("name:"), let device = lastAdded {
                    names[device] = unquoted(String(trimmed.dropFirst("name:".count)).trimmingCharacters(in: .whitespaces))
                }
                continue  // the rest of an `add device` block
            }
            if text.hasPrefix("could not") || text.hasPrefix("remove device") { continue }
            lines.append(try GeteventLine(text, number: line.number, file: file))
        }
        guard sawContent else {
            throw RecordingError(file: file, line: 1, problem: .empty, message: "expected getevent lines `[ <sec>.<usec>] EV_<TYPE> <CODE> <value>`, found an empty file")
        }
        guard !lines.isEmpty else {
            throw RecordingError(file: file, line: 1, problem: .empty, message: "expected getevent event lines `[ <sec>.<usec>] EV_<TYPE> <CODE> <value>`, found only device descriptions")
        }

        var devicesSeen: [String] = []
        for line in lines {
            if let device = line.device, !devicesSeen.contains(device) { devicesSeen.append(device) }
        }
        let chosen: String?
        if let devicePath {
            guard devicesSeen.contains(devicePath) else {
                let seen = devicesSeen.isEmpty ? "none (the lines name no device)" : devicesSeen.map { TextFormat.visible($0) }.joined(separator: ", ")
                throw RecordingError(file: file, line: nil, problem: .invalidValue, message: "expected events from \(TextFormat.visible(devicePath)), found events from \(seen)")
            }
            chosen = devicePath
        } else if devicesSeen.count > 1 {
            chosen = devicesSeen.first { device in lines.contains { $0.device == device && $0.isMultitouch } } ?? devicesSeen.first
        } else {
            chosen = devicesSeen.first
        }
        var events: [InputEvent] = []
        events.reserveCapacity(lines.count)
        for line in lines where chosen == nil || line.device == nil || line.device == chosen {
            events.append(try line.event(file: file))
        }
        return GeteventTrace(devicePath: chosen, deviceName: chosen.flatMap { names[$0] } ?? (names.count == 1 ? names.values.first : nil), events: events, devicesSeen: devicesSeen)
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return text }
        return String(text.dropFirst().dropLast())
    }

    /// An event line split into its fields; names are resolved later, only
    /// for the device that is kept.
}
