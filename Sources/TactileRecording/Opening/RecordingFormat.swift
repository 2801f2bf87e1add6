// The recording formats Tactile reads and writes, their file extensions, and how a file's format is detected.
import Foundation

/// The recording formats Tactile reads and writes.
///
/// ```swift
/// let format = try RecordingFormat.detect(contentsOf: "trace.txt")   // .getevent
/// ```
public enum RecordingFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Tactile's own JSON (`.json`, version 1): labels, screen and golden log
    /// are fields of it (evemu and libinput record carry them in comment lines
    /// that ``RecordingExporter`` writes).
    case tactile
    /// evemu text (`.evemu`, `.events`, `.desc`, `.ev`): a device header and `E:` lines.
    case evemu
    /// `libinput record` YAML (`.yml`, `.yaml`).
    case libinputRecord
    /// Android `getevent -lt` text (`.txt`, `.getevent`).
    case getevent
    /// reMarkable touch records of `remarkable-shortcuts` (`.record`): JSON lines.
    case remarkable

    public var description: String {
        switch self {
        case .tactile: return "Tactile JSON"
        case .evemu: return "evemu"
        case .libinputRecord: return "libinput record YAML"
        case .getevent: return "Android getevent text"
        case .remarkable: return "reMarkable record"
        }
    }

    /// The file name extensions (lower case, without the dot) that stand for the format.
    public var fileExtensions: [String] {
        switch self {
        case .tactile: return ["json"]
        case .evemu: return ["evemu", "events", "desc", "ev"]
        case .libinputRecord: return ["yml", "yaml"]
        case .getevent: return ["txt", "getevent"]
        case .remarkable: return ["record"]
        }
    }

    /// The format a file name's extension stands for, if any (case does not matter).
    public init?(pathExtensionOf path: String) {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard !ext.isEmpty, let format = Self.allCases.first(where: { $0.fileExtensions.contains(ext) }) else { return nil }
        self = format
    }

    /// The format the content looks like, judged from its first lines, or
    /// `nil` when it looks like none:
    ///
    /// - `{` first: Tactile JSON;
    /// - `[<number>, {` first: a reMarkable record;
    /// - `[ <sec>.<usec>]`, `add device` or `/dev/input/eventN:` first: getevent;
    /// - `# EVEMU`, or a line starting `N:`, `I:` or `E: <number>`: evemu;
    /// - `# libinput record`, or a top-level `version:`, `ndevices:` or `devices:` key: libinput record.
    public static func sniff(_ bytes: [UInt8]) -> RecordingFormat? {
        let head = String(decoding: bytes.prefix(sniffLength), as: UTF8.self)
        let mayBeCut = bytes.count > sniffLength
        // Line by line, as far as needed (mostly the first line decides), up to 64 non-empty lines.
        var rest = head[...]
        for _ in 0..<64 {
            guard let start = rest.firstIndex(where: { !$0.isNewline }) else { break }
            let end = rest[start...].firstIndex(where: \.isNewline)
            if end == nil, mayBeCut { break }  // possibly cut short
            let raw = rest[start..<(end ?? rest.endIndex)]
            rest = rest[(end ?? rest.endIndex)...]
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if line.hasPrefix("# EVEMU") { return .evemu }
            if line.hasPrefix("# libinput record") { return .libinputRecord }
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("{") { return .tactile }
            if line.hasPrefix("[") { return bracketed(line) }
            if line.hasPrefix("add device") || line.hasPrefix("could not get driver") { return .getevent }
            if line.range(of: #"^/dev/input/[^\s:]+:\s"#, options: .regularExpression) != nil { return .getevent }
            if line.range(of: #"^[NIPBAE]:\s"#, options: .regularExpression) != nil { return .evemu }
            if line.range(of: #"^(version|ndevices|devices|libinput|system):"#, options: .regularExpression) != nil { return .libinputRecord }
            return nil
        }
        return nil
    }

    private static func bracketed(_ line: String) -> RecordingFormat? {
        if line.range(of: #"^\[\s*\d+\.\d+\]"#, options: .regularExpression) != nil { return .getevent }
        if line.range(of: #"^\[\s*-?\d+(\.\d+)?([eE][-+]?\d+)?\s*,"#, options: .regularExpression) != nil { return .remarkable }
        return nil
    }

    /// The format of the file at `path`: what its content looks like
    /// (``sniff(_:)``), else what its extension says. An error when neither tells.
    public static func detect(contentsOf path: String) throws(RecordingError) -> RecordingFormat {
        // ``sniff(_:)`` looks at the first 8 KiB (and whether there is more).
        try detect(bytes: RecordingFile.prefix(at: path, count: sniffLength + 1), path: path)
    }

    /// How much of a file ``sniff(_:)`` looks at.
    static let sniffLength = 8192

    /// The format of `bytes` read from `path` (used for its extension and in errors).
    public static func detect(bytes: [UInt8], path: String) throws(RecordingError) -> RecordingFormat {
        if let format = sniff(bytes) ?? RecordingFormat(pathExtensionOf: path) { return format }
        let known = allCases.flatMap { $0.fileExtensions.map { "." + $0 } }.joined(separator: ", ")
        throw RecordingError(
            file: path, line: nil, problem: .unknownFormat,
            message: "expected a recording Tactile can read (\(known)), found content and a name that match none")
    }
}
