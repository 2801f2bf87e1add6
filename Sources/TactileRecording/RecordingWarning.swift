// Something odd a reader accepted (time going back, unknown codes, slots out of range), counted.
import Tactile

/// Something odd in a recording that the reader accepted: the engine copes
/// with it, but a person may want to know.
///
/// Warnings are counted, not listed one by one: a recording whose clock
/// jumps back a thousand times gives one warning with a count of 1000 that
/// points at the first place.
public struct RecordingWarning: Hashable, Sendable, CustomStringConvertible {
    /// The kind of oddity.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// An event's time is earlier than the event before it (the engine
        /// keeps its own clock monotonic, so the event counts as simultaneous).
        case timeWentBackwards
        /// An event type the kernel does not define (`EV_*`).
        case unknownEventType
        /// An event code the device does not announce (a key, axis or
        /// miscellaneous code missing from its description, or beyond the type's maximum).
        case unknownEventCode
        /// An `ABS_MT_SLOT` value outside the device's slots.
        case slotOutOfRange
        /// The header's `summary` does not match the events (count or duration).
        case summaryMismatch
    }

    /// The kind of oddity.
    public var kind: Kind
    /// How many times it occurred.
    public var count: Int
    /// The file (or the name given to parsed bytes).
    public var file: String
    /// The line of the first occurrence, if known.
    public var line: Int?
    /// The JSON path of the first occurrence (`events[1234]`), if any.
    public var path: String?
    /// The first occurrence, in words.
    public var message: String

    /// `file:line: warning: message (at path; 12 times)`, safe to print on a
    /// terminal as ``RecordingError/description`` is (control characters in
    /// the file's name escaped, any left in the message or the path too).
    public var description: String {
        var text = TextFormat.visible(file)
        if let line { text += ":\(line)" }
        text += ": warning: " + TextFormat.visible(message, escapingBackslash: false)
        var details: [String] = []
        if let path { details.append("at \(TextFormat.visible(path, escapingBackslash: false))") }
        if count > 1 { details.append("\(count) times, this is the first") }
        if !details.isEmpty { text += " (" + details.joined(separator: "; ") + ")" }
        return text
    }
}
