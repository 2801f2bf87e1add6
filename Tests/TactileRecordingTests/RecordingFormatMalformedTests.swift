// Broken Tactile JSON recordings and the error each gives; random damage never crashes.
import Foundation
import Tactile
@testable import TactileRecording
import TactileSynthesis
import TactileTestSupport
import Testing

/// A broken recording and the error it must give.
struct BrokenRecording: Sendable, CustomTestStringConvertible {
    var label: String
    var bytes: [UInt8]
    var problem: RecordingError.Problem
    /// The line the error must name (`nil`: any, or none for whole-file problems).
    var line: Int?
    /// The JSON path the error must name, if any.
    var path: String?
    /// Words the message must contain.
    var mentions: [String]
    var limits = RecordingReader.Limits.default
    var testDescription: String { label }

    init(
        _ label: String, _ text: String, _ problem: RecordingError.Problem, line: Int?, path: String? = nil,
        mentions: [String] = [], limits: RecordingReader.Limits = .default
    ) {
        self.init(label, bytes: Array(text.utf8), problem, line: line, path: path, mentions: mentions, limits: limits)
    }

    init(
        _ label: String, bytes: [UInt8], _ problem: RecordingError.Problem, line: Int?, path: String? = nil,
        mentions: [String] = [], limits: RecordingReader.Limits = .default
    ) {
        self.label = label
        self.bytes = bytes
        self.problem = problem
        self.line = line
        self.path = path
        self.mentions = mentions
        self.limits = limits
    }
}

private func tap(_ old: String, _ new: String) -> String {
    RecordingFormatFixtures.tapText(replacing: old, with: new)
}

/// The tap as a version 2 recording, with `old` replaced by `new`.
private func tap2(_ old: String, _ new: String) -> String {
    let text = tap(old, new)
    guard let range = text.range(of: "\"version\": 1") else { return text }
    return text.replacingCharacters(in: range, with: "\"version\": 2")
}

/// The tap as a version 3 recording, with `old` replaced by `new`.
private func tap3(_ old: String, _ new: String) -> String {
    let text = tap(old, new)
    guard let range = text.range(of: "\"version\": 1") else { return text }
    return text.replacingCharacters(in: range, with: "\"version\": 3")
}

/// The tap's text without the part from `start` up to `end`.
private func removing(from start: String, upTo end: String) -> String {
    guard let lower = valid.range(of: start)?.lowerBound, let upper = valid.range(of: end)?.lowerBound else {
        Issue.record("the fixture has no \(start) or \(end)")
        return valid
    }
    return String(valid[..<lower] + valid[upper...])
}

private let valid = RecordingFormatFixtures.tapText
private let header = valid.components(separatedBy: "\"events\": [").first ?? ""

private let catalogue: [BrokenRecording] = [
    // Not a recording at all.
    BrokenRecording("empty file", "", .empty, line: 1, mentions: ["found an empty file"]),
    BrokenRecording("only whitespace", "  \n\t\n", .empty, line: 3, mentions: ["only whitespace"]),
    BrokenRecording("UTF-8 byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array(valid.utf8), .notText, line: 1, mentions: ["byte order mark"]),
    BrokenRecording("binary garbage", bytes: [0x00, 0xFF, 0x13, 0x37, 0x80, 0x01, 0x02], .notText, line: 1, mentions: ["byte 0x00", "not JSON text"]),
    BrokenRecording("binary garbage inside the events", bytes: Array((header + "\"events\": [\n    [0, 0, ").utf8) + [0xFF, 0xFE, 0x00], .notText, line: 31, path: "events[0][2]", mentions: ["byte 0xff"]),
    BrokenRecording("an evemu recording", "# EVEMU 1.3\nN: Pad\n", .unknownFormat, line: 1, mentions: ["evemu"]),
    BrokenRecording("another JSON object", "{\"name\": \"x\", \"format\": \"tactile-recording\"}", .unknownFormat, line: 1, mentions: ["\"format\"", "\"name\""]),
    BrokenRecording("a JSON array", "[1, 2, 3]", .unknownFormat, line: 1, mentions: ["a Tactile recording", "an array"]),
    BrokenRecording("another format", tap("\"tactile-recording\"", "\"libinput-recording\""), .unknownFormat, line: 2, path: "format", mentions: ["\"libinput-recording\""]),
    BrokenRecording("an empty object", "{}", .unknownFormat, line: 1, mentions: ["empty object"]),
    // Versions.
    BrokenRecording("version 4", tap("\"version\": 1", "\"version\": 4"), .unsupportedVersion, line: 3, path: "version", mentions: ["newer Tactile", "version 4"]),
    BrokenRecording("version 0", tap("\"version\": 1", "\"version\": 0"), .unsupportedVersion, line: 3, path: "version", mentions: ["found 0"]),
    BrokenRecording("version 1.5", tap("\"version\": 1", "\"version\": 1.5"), .unsupportedVersion, line: 3, path: "version", mentions: ["1.5"]),
    BrokenRecording("version as a string", tap("\"version\": 1", "\"version\": \"1\""), .wrongType, line: 3, path: "version", mentions: ["an integer", "a string"]),
    BrokenRecording("no version", tap("  \"version\": 1,\n", ""), .missingField, line: 3, path: "created", mentions: ["\"version\" as the second key", "\"created\""]),
    // Structure of the header.
    BrokenRecording("no device", removing(from: "  \"device\"", upTo: "  \"screen\""), .missingField, line: 13, mentions: ["\"device\" before \"events\""]),
    BrokenRecording("no events", (valid.components(separatedBy: ",\n  \"events\"").first ?? "") + "\n}\n", .missingField, line: 30, mentions: ["\"events\"", "end of the object"]),
    // Axis values: version 2 only, codes of absolute axes, each once.
    // The mounting (version 3).
    BrokenRecording("a transform in a version 2 file", tap2("  \"summary\"", "  \"transform\": [0, -1, 1, 1, 0, 0],\n  \"summary\""), .unknownField, line: 23, path: "transform", mentions: ["version 3 added"]),
    BrokenRecording("a transform of five values", tap3("  \"summary\"", "  \"transform\": [0, -1, 1, 1, 0],\n  \"summary\""), .invalidValue, line: 23, path: "transform", mentions: ["six numbers", "got 5"]),
    BrokenRecording("a transform of seven values", tap3("  \"summary\"", "  \"transform\": [0, -1, 1, 1, 0, 0, 1],\n  \"summary\""), .tooLarge, line: 23, path: "transform", mentions: ["6"]),
    BrokenRecording("a transform that folds the surface", tap3("  \"summary\"", "  \"transform\": [1, 1, 0, 1, 1, 0],\n  \"summary\""), .invalidValue, line: 23, path: "transform", mentions: ["onto a line"]),
    BrokenRecording("an absurd transform value", tap3("  \"summary\"", "  \"transform\": [1e9, 0, 0, 0, 1, 0],\n  \"summary\""), .outOfRange, line: 23, path: "transform[0]", mentions: ["1000"]),
    BrokenRecording("a transform as a string", tap3("  \"summary\"", "  \"transform\": \"0 -1 1 1 0 0\",\n  \"summary\""), .wrongType, line: 23, path: "transform", mentions: ["an array"]),
    BrokenRecording("axis values in a version 1 file", tap("  \"summary\"", "  \"axisValues\": [{\"code\": 47, \"value\": 1}],\n  \"summary\""), .unknownField, line: 23, path: "axisValues", mentions: ["version 2 added"]),
    BrokenRecording("an axis value for code 64", tap2("  \"summary\"", "  \"axisValues\": [{\"code\": 64, \"value\": 1}],\n  \"summary\""), .outOfRange, line: 23, path: "axisValues[0].code", mentions: ["0 to 63", "64"]),
    BrokenRecording("an axis value twice", tap2("  \"summary\"", "  \"axisValues\": [{\"code\": 47, \"value\": 1}, {\"code\": 47, \"value\": 2}],\n  \"summary\""), .invalidValue, line: 23, path: "axisValues[1].code", mentions: ["code 47 again"]),
    BrokenRecording("an axis value without its value", tap2("  \"summary\"", "  \"axisValues\": [{\"code\": 47}],\n  \"summary\""), .missingField, line: 23, path: "axisValues[0]", mentions: ["\"value\""]),
    BrokenRecording("axis values as an object", tap2("  \"summary\"", "  \"axisValues\": {\"47\": 1},\n  \"summary\""), .wrongType, line: 23, path: "axisValues", mentions: ["an array"]),
    BrokenRecording("an unknown key", tap("  \"screen\"", "  \"colour\": \"blue\",\n  \"screen\""), .unknownField, line: 22, path: "colour", mentions: ["\"colour\""]),
    BrokenRecording("an unknown key in an axis", tap("\"resolution\": 15}", "\"resolution\": 15, \"noise\": 2}"), .unknownField, line: 11, path: "device.axes[0].noise", mentions: ["\"noise\""]),
    BrokenRecording("a duplicate top-level key", tap("  \"created\"", "  \"created\": \"\",\n  \"created\""), .duplicateKey, line: 5, path: "created", mentions: ["\"created\" again", "line 4"]),
    BrokenRecording("a duplicate key in the identity", tap("{\"bustype\": 24,", "{\"bustype\": 24, \"bustype\": 3,"), .duplicateKey, line: 7, path: "device.identity.bustype", mentions: ["\"bustype\" again"]),
    BrokenRecording("a key after the events", tap("\n  ]\n}", "\n  ],\n  \"labels\": []\n}"), .misplacedField, line: 39, path: "labels", mentions: ["last key", "\"labels\""]),
    BrokenRecording("a missing comma between keys", tap("\"version\": 1,", "\"version\": 1"), .syntax, line: 4, mentions: ["`,` after the value of \"version\""]),
    BrokenRecording("an unquoted key", tap("  \"created\"", "  created"), .syntax, line: 4, mentions: ["a key (a string)", "`created`"]),
    BrokenRecording("a trailing comma in an array", tap("\"recognizers\": [\"tap\"]", "\"recognizers\": [\"tap\",]"), .syntax, line: 25, path: "labels[0].recognizers[1]", mentions: ["trailing comma"]),
    // Wrong types and values.
    BrokenRecording("the device name as a number", tap("\"name\": \"Tactile Synthesized Touchscreen\"", "\"name\": 42"), .wrongType, line: 6, path: "device.name", mentions: ["a string", "42"]),
    BrokenRecording("keys as a string", tap("\"keys\": [330]", "\"keys\": \"330\""), .wrongType, line: 9, path: "device.keys", mentions: ["an array", "a string"]),
    BrokenRecording("an axis without its resolution", tap(", \"resolution\": 15}", "}"), .missingField, line: 11, path: "device.axes[0]", mentions: ["\"resolution\""]),
    BrokenRecording("an axis code beyond ABS_MAX", tap("{\"code\": 0,", "{\"code\": 64,"), .outOfRange, line: 11, path: "device.axes[0].code", mentions: ["0 to 63", "64"]),
    BrokenRecording("the same axis twice", tap("{\"code\": 1,", "{\"code\": 0,"), .invalidValue, line: 12, path: "device.axes[1].code", mentions: ["code 0 again"]),
    BrokenRecording("an axis maximum beyond 32 bits", tap("\"maximum\": 4095", "\"maximum\": 3000000000"), .outOfRange, line: 11, path: "device.axes[0].maximum", mentions: ["2147483647", "3000000000"]),
    BrokenRecording("an unknown device kind", tap("\"kind\": \"touchscreen\"", "\"kind\": \"keyboard\""), .invalidValue, line: 20, path: "device.kind", mentions: ["\"touchpad\"", "\"keyboard\""]),
    BrokenRecording("no points per millimetre", tap("\"pointsPerMillimetre\": 3.7795275590551185", "\"pointsPerMillimetre\": 0"), .outOfRange, line: 22, path: "screen.pointsPerMillimetre", mentions: ["at least 0.01"]),
    BrokenRecording("NaN in the header", tap("\"pointsPerMillimetre\": 3.7795275590551185", "\"pointsPerMillimetre\": NaN"), .invalidNumber, line: 22, path: "screen.pointsPerMillimetre", mentions: ["NaN", "cannot be NaN or infinite"]),
    BrokenRecording("a double beyond the double range", tap("\"duration\": 0.008", "\"duration\": 1e999"), .outOfRange, line: 23, path: "summary.duration", mentions: ["1e999"]),
    BrokenRecording("a malformed creation time", tap("\"2026-11-21T12:00:00Z\"", "\"yesterday\""), .invalidValue, line: 4, path: "created", mentions: ["ISO 8601", "yesterday"]),
    BrokenRecording("a label that ends before it starts", tap("\"start\": 0.0, \"end\": 0.008", "\"start\": 0.5, \"end\": 0.008"), .invalidValue, line: 25, path: "labels[0].end", mentions: ["at or after the start"]),
    BrokenRecording("an expected action in an unknown state", tap("\"state\":\"ended\"", "\"state\":\"maybe\""), .invalidValue, line: 28, path: "expected.actions[0].state", mentions: ["\"maybe\"", "\"began\""]),
    BrokenRecording("an expected action without values", tap(",\"values\":{\"taps\":1.000000,\"fingers\":1.000000}", ""), .missingField, line: 28, path: "expected.actions[0]", mentions: ["\"values\""]),
    BrokenRecording("an invalid escape", tap("\"name\": \"Tactile", "\"name\": \"Tac\\qtile"), .syntax, line: 6, path: "device.name", mentions: ["an escape"]),
    BrokenRecording("a raw line break in a string", tap("\"name\": \"Tactile Synthesized", "\"name\": \"Tactile\nSynthesized"), .syntax, line: 6, path: "device.name", mentions: ["\\n", "0x0a"]),
    BrokenRecording("bytes that are not UTF-8 in a string", bytes: Array(tap("Synthesized Touchscreen", "Synthesized XX").utf8).map { $0 == UInt8(ascii: "X") ? 0xC3 : $0 }, .notText, line: 6, path: "device.name", mentions: ["UTF-8"]),
    // Events.
    BrokenRecording("events as an object", tap("\"events\": [", "\"events\": {\"x\": ["), .wrongType, line: 30, path: "events", mentions: ["an array", "an object"]),
    BrokenRecording("an event as an object", tap("[0, 0, 3, 47, 0]", "{\"type\": 3}"), .wrongType, line: 31, path: "events[0]", mentions: ["an event [sec, usec, type, code, value]"]),
    BrokenRecording("an event with four fields", tap("[0, 0, 3, 54, 500]", "[0, 0, 3, 54]"), .missingField, line: 34, path: "events[3]", mentions: ["five fields", "the value is missing"]),
    BrokenRecording("an event with six fields", tap("[0, 0, 3, 54, 500]", "[0, 0, 3, 54, 500, 1]"), .extraField, line: 34, path: "events[3]", mentions: ["a sixth"]),
    BrokenRecording("a string in an event", tap("[0, 0, 3, 54, 500]", "[0, 0, \"3\", 54, 500]"), .wrongType, line: 34, path: "events[3][2]", mentions: ["the event's type (an integer)", "\"3\""]),
    BrokenRecording("a fraction in an event", tap("[0, 0, 3, 54, 500]", "[0, 0.5, 3, 54, 500]"), .invalidNumber, line: 34, path: "events[3][1]", mentions: ["0.5", "fraction"]),
    BrokenRecording("a leading zero in an event", tap("[0, 0, 3, 54, 500]", "[0, 0, 03, 54, 500]"), .invalidNumber, line: 34, path: "events[3][2]", mentions: ["leading zero"]),
    BrokenRecording("NaN in an event", tap("[0, 0, 3, 54, 500]", "[0, 0, 3, 54, NaN]"), .invalidNumber, line: 34, path: "events[3][4]", mentions: ["NaN"]),
    BrokenRecording("-Infinity in an event", tap("[0, 0, 3, 54, 500]", "[0, 0, 3, 54, -Infinity]"), .invalidNumber, line: 34, path: "events[3][4]", mentions: ["Infinity"]),
    BrokenRecording("a number beyond 64 bits", tap("[0, 0, 3, 54, 500]", "[0, 0, 3, 54, 99999999999999999999999]"), .outOfRange, line: 34, path: "events[3][4]", mentions: ["64 bits", "99999999999999999999999"]),
    BrokenRecording("a value beyond 32 bits", tap("[0, 0, 3, 54, 500]", "[0, 0, 3, 54, 3000000000]"), .outOfRange, line: 34, path: "events[3][4]", mentions: ["the event's value", "2147483647", "3000000000"]),
    BrokenRecording("a type beyond 16 bits", tap("[0, 0, 3, 54, 500]", "[0, 0, 70000, 54, 500]"), .outOfRange, line: 34, path: "events[3][2]", mentions: ["0 to 65535", "70000"]),
    BrokenRecording("microseconds of a whole second", tap("[0, 8000, 0, 0, 0]", "[0, 1000000, 0, 0, 0]"), .outOfRange, line: 37, path: "events[6][1]", mentions: ["0 to 999999", "1000000"]),
    BrokenRecording("a negative time", tap("[0, 0, 3, 47, 0]", "[-1, 0, 3, 47, 0]"), .outOfRange, line: 31, path: "events[0][0]", mentions: ["cannot be negative", "-1"]),
    BrokenRecording("seconds whose microseconds overflow", tap("[0, 0, 3, 47, 0]", "[9223372036854775807, 0, 3, 47, 0]"), .outOfRange, line: 31, path: "events[0][0]", mentions: ["9223372036853"]),
    BrokenRecording("a trailing comma in the events", tap("[0, 8000, 0, 0, 0]\n", "[0, 8000, 0, 0, 0],\n"), .syntax, line: 38, path: "events", mentions: ["trailing comma"]),
    BrokenRecording("a missing comma between events", tap("[0, 0, 3, 47, 0],", "[0, 0, 3, 47, 0]"), .syntax, line: 32, path: "events", mentions: ["`,` or `]` after events[0]"]),
    // After the recording.
    BrokenRecording("trailing garbage", valid + "xyz\n", .trailingData, line: 40, mentions: ["end of the file", "`xyz`"]),
    BrokenRecording("a second recording", valid + valid, .trailingData, line: 40, mentions: ["an object"]),
    // Limits.
    BrokenRecording("deeply nested garbage", tap("\"labels\": [", "\"labels\": [" + String(repeating: "[{\"a\": ", count: 100_000)), .tooLarge, line: 24, mentions: ["nested at most 32 levels"]),
    BrokenRecording("a 10 MB string", tap("\"name\": \"Tactile", "\"name\": \"" + String(repeating: "x", count: 10 << 20) + "Tactile"), .tooLarge, line: 6, path: "device.name", mentions: ["at most 65536 bytes"]),
    BrokenRecording("a device name beyond its limit", tap("\"name\": \"Tactile", "\"name\": \"" + String(repeating: "x", count: 2000) + "Tactile"), .tooLarge, line: 6, path: "device.name", mentions: ["at most 1024 bytes"]),
    BrokenRecording("too many axes", valid, .tooLarge, line: 10, path: "device.axes", mentions: ["at most 3 entries", "found 7"], limits: RecordingReader.Limits(maximumAxes: 3)),
    BrokenRecording("too many labels", valid, .tooLarge, line: 24, path: "labels", mentions: ["at most 0 entries"], limits: RecordingReader.Limits(maximumLabels: 0)),
    BrokenRecording("a file beyond the size limit", valid, .tooLarge, line: nil, mentions: ["at most 100 bytes"], limits: RecordingReader.Limits(maximumFileSize: 100)),
    BrokenRecording("a header beyond its limit", valid, .tooLarge, line: nil, mentions: ["fit in 500 bytes"], limits: RecordingReader.Limits(maximumHeaderSize: 500)),
    BrokenRecording("endless spaces in the header", "{" + String(repeating: " ", count: 100_000), .tooLarge, line: 1, mentions: ["fit in 500 bytes"], limits: RecordingReader.Limits(maximumHeaderSize: 500)),
    BrokenRecording("nesting deeper than any limit allows", tap("\"labels\": [", "\"labels\": " + String(repeating: "[", count: 300_000)), .tooLarge, line: 24, mentions: ["nested at most 256 levels"], limits: RecordingReader.Limits(maximumDepth: 10_000_000)),
]

@Suite("Recording format v1: malformed input")
struct RecordingFormatMalformedTests {
    @Test("a broken file gives its own error, naming the file, line, column and path", arguments: catalogue)
    func broken(_ example: BrokenRecording) {
        do {
            let recording = try RecordingReader.read(bytes: example.bytes, file: "bad.json", limits: example.limits)
            Issue.record("read \(recording.events.count) events instead of failing")
        } catch {
            #expect(error.problem == example.problem, "\(error)")
            #expect(error.file == "bad.json")
            if let line = example.line {
                #expect(error.line == line, "\(error)")
                #expect(error.column != nil)
                #expect(error.description.hasPrefix("bad.json:\(line):\(error.column ?? 0): expected"), "\(error)")
            }
            if let path = example.path {
                #expect(error.path == path, "\(error)")
                #expect(error.description.hasSuffix("(at \(path))"))
            }
            for word in example.mentions {
                #expect(error.message.contains(word), "message: \(error.message)")
            }
        }
    }

    @Test("the catalogue has at least 30 kinds of broken file")
    func catalogueSize() {
        #expect(catalogue.count >= 30)
        #expect(Set(catalogue.map(\.problem)).count >= 15)
    }

    @Test("every prefix of a valid file is a clean error: truncated, naming where")
    func truncatedAnywhere() throws {
        let bytes = Array(valid.utf8)
        #expect(try RecordingReader.read(bytes: Array(bytes.dropLast())) == RecordingReader.read(bytes: bytes), "the final line break is optional")
        var checked = 0
        for length in 0..<(bytes.count - 1) {
            do {
                _ = try RecordingReader.read(bytes: Array(bytes[0..<length]), file: "cut.json")
                Issue.record("a prefix of \(length) bytes read")
            } catch {
                #expect(error.problem == (length == 0 ? .empty : .truncated), "\(length): \(error)")
                #expect(error.line != nil && error.column != nil)
                if length > 0 { #expect(error.message.contains("the end of the file"), "\(error)") }
                checked += 1
            }
        }
        #expect(checked >= 20)
    }

    @Test("the header reader also reports a cut header cleanly")
    func truncatedHeader() {
        let bytes = Array(header.utf8)
        for length in stride(from: 1, to: bytes.count, by: 7) {
            #expect(throws: RecordingError.self) { try RecordingReader.header(bytes: Array(bytes[0..<length])) }
        }
    }

    @Test("random damage never crashes, and the fast and the general event paths agree")
    func damage() throws {
        var generator = SeededRandom(seed: 7)
        let original = Array(valid.utf8)
        let eventsStart = original.count - 260
        let replacements = Array("0123456789-,[] \n.e\"x".utf8) + [0x00, 0xFF]
        try TemporaryDirectory.with { directory in
            let path = directory + "/damaged.json"
            for round in 0..<400 {
                var bytes = original
                for _ in 0...(round % 3) {
                    // Mostly in the events, where the fast path runs.
                    let low = round % 4 == 0 ? 0 : eventsStart
                    let index = low + Int(generator.next() % UInt64(bytes.count - low))
                    let replacement = replacements[Int(generator.next() % UInt64(replacements.count))]
                    if generator.next() % 5 == 0 {
                        bytes.insert(replacement, at: index)
                    } else {
                        bytes[index] = replacement
                    }
                }
                #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
                let whole = Swift.Result { () throws(RecordingError) in try RecordingReader.readWithWarnings(bytes: bytes, file: path) }
                let chunked = Swift.Result { () throws(RecordingError) in
                    try RecordingReader.readWithWarnings(contentsOf: path, limits: .default, chunkSize: 16)
                }
                switch (whole, chunked) {
                case (.success(let a), .success(let b)):
                    #expect(a.recording.events == b.recording.events)
                    #expect(a.warnings == b.warnings)
                case (.failure(let a), .failure(let b)):
                    #expect(a.problem == b.problem, "\(a) vs \(b)")
                    #expect(a.line == b.line && a.column == b.column && a.path == b.path, "\(a) vs \(b)")
                default:
                    Issue.record("round \(round): the paths disagree: \(whole) vs \(chunked)")
                }
            }
        }
    }
}
