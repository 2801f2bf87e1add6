// The recording journal: a recording streamed to disk as it is made (a header line, one event per line), and its recovery.
import Foundation
import Tactile

/// A recording being made, streamed to disk as it goes so that a crash loses
/// at most the last second.
///
/// The journal is a text file, mode 0600: a first line holding a JSON object
/// (`{"format":"tactile-journal","version":1,"created":…,"screen":…,"device":…}`,
/// plus `"axisValues":[…]` when the device's axes were not all at 0),
/// then one event per line as `[sec, usec, type, code, value]`. Lines are
/// appended; ``RecordingJournal/Writer`` syncs the file at least every
/// ``RecordingJournal/Writer/syncInterval`` seconds of its clock.
/// ``RecordingJournal/recover(bytes:file:)`` turns what is left into a
/// ``Recording``, dropping a torn last line and any events after the last
/// `SYN_REPORT`.
public enum RecordingJournal {
    /// The value of the header's `format` field.
    public static let formatName = "tactile-journal"
    /// The journal's extension, added to the destination's name (`x.json.journal`).
    public static let fileExtension = "journal"

    /// The journal's first line.
    public struct Header: Codable, Hashable, Sendable {
        /// Always ``RecordingJournal/formatName``.
        public var format: String
        /// Always 1.
        public var version: Int
        /// When the recording started, ISO 8601 in UTC; empty when unknown.
        public var created: String
        /// The screen the recording is mapped onto.
        public var screen: Screen
        /// The device the events come from.
        public var device: DeviceDescription
        /// The device's axis values when recording began; `nil` (left out) when all were 0.
        public var axisValues: AxisValues?
        /// How the device's surface lay on the screen; `nil` (left out) when upright.
        public var transform: SurfaceTransform?

        /// A header for `device` and `screen`, its axes starting at `axisValues`,
        /// its surface lying on the screen as `transform` says.
        public init(created: String = "", device: DeviceDescription, screen: Screen = .standard, axisValues: AxisValues = AxisValues(),
                    transform: SurfaceTransform = .identity) {
            self.format = RecordingJournal.formatName
            self.version = 1
            self.created = created
            self.screen = screen
            self.device = device
            self.axisValues = axisValues.isEmpty ? nil : axisValues
            self.transform = transform.isIdentity ? nil : transform
        }
    }

    /// The event line for `event`, without its line feed.
    public static func line(for event: InputEvent) -> String {
        "[\(event.seconds), \(event.microseconds), \(event.type.rawValue), \(event.code), \(event.value)]"
    }

    /// The header line, without its line feed.
    public static func line(for header: Header) throws(RecordingError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return String(decoding: try encoder.encode(header), as: UTF8.self)
        } catch {
            throw RecordingError(file: "<journal>", line: 1, problem: .notRepresentable, message: "cannot encode the journal header: \(error)")
        }
    }

    /// The event on `line`, or `nil` when it is not a whole event line.
    static func event(from line: Substring) -> InputEvent? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("["), trimmed.hasSuffix("]") else { return nil }
        let fields = trimmed.dropFirst().dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.count == 5, let seconds = Int64(fields[0]), let microseconds = Int32(fields[1]),
              let type = UInt16(fields[2]), let code = UInt16(fields[3]), let value = Int32(fields[4]),
              seconds >= 0, (0..<1_000_000).contains(microseconds) else { return nil }
        return InputEvent(seconds: seconds, microseconds: microseconds, type: EventType(rawValue: type), code: code, value: value)
    }

    /// What ``recover(bytes:file:)`` found.
    public struct Recovery: Hashable, Sendable {
        /// The recording: the header's device, screen and creation time, and
        /// the events up to and including the last `SYN_REPORT`.
        public var recording: Recording
        /// Whole event lines after the last `SYN_REPORT` that were dropped.
        public var droppedEvents: Int
        /// Whether the last line was torn (not ended by a line feed, or not an event) and ignored.
        public var tornLine: Bool
    }

    /// The recording in the journal at `path` (see ``recover(bytes:file:)``).
    public static func recover(contentsOf path: String) throws(RecordingError) -> Recovery {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RecordingError(file: path, line: nil, problem: .unreadable, message: "cannot read the journal")
        }
        return try recover(bytes: [UInt8](data), file: path)
    }

    /// The recording a journal holds: its header must be whole; event lines
    /// are read until the first that is not whole (a torn last line is
    /// ignored), and only whole frames are kept (events up to the last
    /// `SYN_REPORT`).
    public static func recover(bytes: [UInt8], file: String = "<journal>") throws(RecordingError) -> Recovery {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard let first = lines.first, lines.count > 1 else {
            throw RecordingError(file: file, line: 1, problem: .truncated, message: "expected a whole journal header line, found \(bytes.count) bytes")
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: Data(first))
        } catch {
            throw RecordingError(file: file, line: 1, problem: .invalidValue, message: "expected a journal header: \(error)")
        }
        guard header.format == formatName, header.version == 1 else {
            throw RecordingError(file: file, line: 1, problem: .invalidValue, message: "expected format \"\(formatName)\" version 1, found \"\(header.format)\" version \(header.version)")
        }
        var events: [InputEvent] = []
        var torn = false
        // The last element follows the last line feed: empty, or a torn line.
        for (index, line) in lines.dropFirst().enumerated() {
            let isLast = index == lines.count - 2
            if isLast {
                torn = !line.isEmpty
                break
            }
            guard let event = event(from: Substring(String(decoding: line, as: UTF8.self))) else {
                torn = true
                break
            }
            events.append(event)
        }
        let whole = events.lastIndex(where: \.isReport).map { $0 + 1 } ?? 0
        let recording = Recording(
            created: header.created, device: header.device, screen: header.screen, transform: header.transform ?? .identity,
            axisValues: header.axisValues ?? AxisValues(),
            events: Array(events[..<whole]))
        return Recovery(recording: recording, droppedEvents: events.count - whole, tornLine: torn)
    }
}
