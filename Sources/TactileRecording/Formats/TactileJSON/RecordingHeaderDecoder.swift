// The header decoder of a Tactile JSON recording: walks the top-level object up to "events" and builds the RecordingHeader.
import Tactile

/// Turns the header's JSON trees into the model, strictly: the top-level
/// keys in their order (`format` first, `version` second, `events` last),
/// every object's keys known and the required ones present, every number of
/// the right kind and range, every list within its limit. Errors name the
/// line, column and path of the offending value.
///
/// ``decode(from:)`` walks the recording's object member by member with the
/// ``JSONScanner``; the field decoders (in the `+Values`, `+Device` and
/// `+Labels` files) turn each member's tree into the model.
struct RecordingHeaderDecoder {
    let file: String
    let limits: RecordingReader.Limits

    /// The keys of a recording's object, in the order the writer gives them.
    static let headerKeys = ["format", "version", "created", "device", "screen", "transform", "axisValues", "summary", "labels", "expected", "events"]

    /// Reads the recording's object from its `{` up to and including the key
    /// `"events":` (the last), decoding each member as it comes, and leaves the
    /// scanner before the events array.
    static func decode(from scanner: inout JSONScanner) throws(RecordingError) -> RecordingHeader {
        let decoder = RecordingHeaderDecoder(file: scanner.file, limits: scanner.limits)
        try openObject(&scanner)
        var values = HeaderValues()
        var seen: [String: JSONPosition] = [:]
        var previousKey = ""
        while true {
            let (key, keyPosition) = try nextKey(&scanner, seen: seen, previousKey: previousKey)
            seen[key] = keyPosition
            previousKey = key
            if key == "events" {
                for required in ["created", "device", "screen", "summary"] where seen[required] == nil {
                    throw scanner.failure(.missingField, "expected the key \"\(required)\" before \"events\", found none", at: keyPosition)
                }
                break
            }
            let node = try scanner.withKey(key) { scanner throws(RecordingError) in try scanner.parseValue(depth: 1, what: "a value for \"\(key)\"") }
            try decoder.decodeMember(key, node, at: keyPosition, into: &values, scanner: scanner)
        }
        guard let device = values.device, let screen = values.screen, let summary = values.summary else {
            throw scanner.failure(.missingField, "expected the device, the screen and the summary before \"events\", found none")
        }
        return RecordingHeader(
            version: values.version, created: values.created, device: device, screen: screen, transform: values.transform,
            axisValues: values.axisValues, summary: summary,
            labels: values.labels, expected: values.expected)
    }

    /// Reads the recording's opening `{`, after any whitespace; a byte order
    /// mark, an empty file, an evemu recording or any other value is an error
    /// that says which.
    private static func openObject(_ scanner: inout JSONScanner) throws(RecordingError) {
        if scanner.cursor.peek() == 0xEF, !scanner.cursor.isAtEnd {
            let start = scanner.cursor.here
            var bytes: [UInt8] = []
            for _ in 0..<3 where !scanner.cursor.isAtEnd {
                bytes.append(scanner.cursor.peek())
                scanner.cursor.position += 1
            }
            if bytes == [0xEF, 0xBB, 0xBF] {
                throw scanner.failure(.notText, "expected `{` at the start of a recording, found a UTF-8 byte order mark (EF BB BF); save the file without one", at: start)
            }
            throw scanner.failure(.notText, "expected `{` at the start of a recording, found byte 0xef, which is not JSON text", at: start)
        }
        scanner.skipSpace()
        if scanner.cursor.isAtEnd {
            let found = scanner.cursor.offset == 0 ? "an empty file" : "only whitespace"
            throw scanner.failure(.empty, "expected a Tactile recording (a JSON object starting with `{`), found \(found)")
        }
        guard scanner.cursor.peek() == UInt8(ascii: "{") else {
            let start = scanner.cursor.here
            if scanner.cursor.peek() == UInt8(ascii: "#") {
                throw scanner.failure(
                    .unknownFormat, "expected a Tactile recording (a JSON object starting with `{`), found `#` (an evemu recording starts so; read it with EvemuReader)",
                    at: start)
            }
            let error = scanner.unexpected("a Tactile recording (a JSON object starting with `{`)", path: nil)
            // Text that is not JSON, or a JSON value other than an object: not a recording at all.
            if error.problem == .syntax || error.problem == .invalidNumber { throw error.with(problem: .unknownFormat) }
            throw error
        }
        scanner.cursor.position += 1
    }

    /// Reads the next member's key and its `:` (after the `,` when `seen` has
    /// keys), and checks its place: `format` first, `version` second, each key
    /// once, and only known keys. Returns the key and where it starts.
    private static func nextKey(
        _ scanner: inout JSONScanner, seen: [String: JSONPosition], previousKey: String
    ) throws(RecordingError) -> (key: String, position: JSONPosition) {
        scanner.skipSpace()
        try scanner.checkHeaderSize(path: nil)
        let byte = scanner.cursor.peek()
        if !seen.isEmpty {
            if byte == UInt8(ascii: "}") {
                throw scanner.failure(.missingField, "expected the key \"events\" (the last of a recording), found the end of the object")
            }
            guard byte == UInt8(ascii: ",") else { throw scanner.unexpected("`,` after the value of \"\(previousKey)\"", path: nil) }
            scanner.cursor.position += 1
            scanner.skipSpace()
            try scanner.checkHeaderSize(path: nil)
        } else if byte == UInt8(ascii: "}") {
            throw scanner.failure(.unknownFormat, "expected \"format\": \"\(Recording.formatName)\" in the object, found an empty object")
        }
        let keyPosition = scanner.cursor.here
        guard scanner.cursor.peek() == UInt8(ascii: "\"") else { throw scanner.unexpected("a key (a string)", path: nil) }
        let key = try scanner.parseString(maximumLength: scanner.limits.maximumKeyLength, what: "a key")
        try scanner.expect(UInt8(ascii: ":"), "`:` after the key \"\(key)\"", atCurrentPath: false)
        if seen.isEmpty, key != "format" {
            throw scanner.failure(
                .unknownFormat, "expected a Tactile recording (\"format\": \"\(Recording.formatName)\" as the first key), found the key \"\(key)\" first",
                at: keyPosition)
        }
        if seen.count == 1, key != "version" {
            throw scanner.failure(.missingField, "expected \"version\" as the second key, found \"\(key)\"", at: keyPosition, path: key)
        }
        if let first = seen[key] {
            throw scanner.failure(
                .duplicateKey, "expected each key once in a recording, found \"\(key)\" again (first on line \(first.line), column \(first.column))",
                at: keyPosition, path: key)
        }
        guard headerKeys.contains(key) else {
            let known = headerKeys.map { "\"\($0)\"" }.joined(separator: ", ")
            throw scanner.failure(.unknownField, "expected one of the keys \(known), found \"\(key)\"", at: keyPosition, path: key)
        }
        return (key, keyPosition)
    }

    /// Decodes the member `key` (any but `events`) from its tree `node` into `values`.
    private func decodeMember(
        _ key: String, _ node: JSONNode, at keyPosition: JSONPosition, into values: inout HeaderValues, scanner: JSONScanner
    ) throws(RecordingError) {
        switch key {
        case "format":
            guard case .string(let name) = node.value, name == Recording.formatName else {
                throw failure(.unknownFormat, "expected a Tactile recording (\"format\": \"\(Recording.formatName)\"), found \(node.found)", node, "format")
            }
        case "version":
            values.version = try Self.version(node, self)
        case "created": values.created = try created(node)
        case "device": values.device = try device(node)
        case "screen": values.screen = try screen(node)
        case "transform":
            try Self.require(version: 3, for: key, values.version, at: keyPosition, scanner)
            values.transform = try transform(node)
        case "axisValues":
            try Self.require(version: 2, for: key, values.version, at: keyPosition, scanner)
            values.axisValues = try axisValues(node)
        case "summary": values.summary = try summary(node)
        case "labels": values.labels = try labels(node)
        case "expected": values.expected = try expected(node)
        default: break
        }
    }

    private struct HeaderValues {
        var version = 0
        var created = ""
        var device: DeviceDescription?
        var screen: Screen?
        var transform = SurfaceTransform.identity
        var axisValues = AxisValues()
        var summary: RecordingSummary?
        var labels: [RecordingLabel] = []
        var expected: [ActionRecord]?
    }

    /// A key a later version added, in a file of an earlier one: an error naming the version to write.
    private static func require(
        version needed: Int, for key: String, _ version: Int, at position: JSONPosition, _ scanner: JSONScanner
    ) throws(RecordingError) {
        guard version < needed else { return }
        throw scanner.failure(
            .unknownField, "expected the keys of a version \(version) recording, found \"\(key)\", which version \(needed) added (write \"version\": \(needed))",
            at: position, path: key)
    }

    private static func version(_ node: JSONNode, _ decoder: RecordingHeaderDecoder) throws(RecordingError) -> Int {
        guard case .number(let text, let isInteger) = node.value else {
            throw decoder.wrongType("the format version (an integer)", node, "version")
        }
        guard isInteger, let version = Int(text), version >= 1 else {
            throw decoder.failure(
                .unsupportedVersion, "expected format version 1 to \(Recording.currentVersion), found \(node.found), which no Tactile writes", node, "version")
        }
        guard version <= Recording.currentVersion else {
            throw decoder.failure(
                .unsupportedVersion,
                "expected format version \(Recording.currentVersion) or older, found version \(version): the file was written by a newer Tactile; update Tactile to read it",
                node, "version")
        }
        return version
    }
}
