// Malformed evemu text: each broken line gives its error, and random bytes never crash the reader.
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

/// Text that goes wrong in one place, and the error it must give.
struct MalformedCase: Sendable, CustomTestStringConvertible {
    var label: String
    var bytes: [UInt8]
    var line: Int
    var problem: RecordingError.Problem
    /// Words the message must contain, naming what was expected.
    var mentions: [String]
    var testDescription: String { label }

    init(_ label: String, _ text: String, line: Int, _ problem: RecordingError.Problem, mentions: [String]) {
        self.init(label, bytes: Array(text.utf8), line: line, problem, mentions: mentions)
    }

    init(_ label: String, bytes: [UInt8], line: Int, _ problem: RecordingError.Problem, mentions: [String]) {
        self.label = label
        self.bytes = bytes
        self.line = line
        self.problem = problem
        self.mentions = mentions
    }
}

/// A valid header of five lines; a case's bad line follows as line 6.
private let header = """
    # EVEMU 1.3
    N: Test Pad
    I: 0003 1234 5678 0001
    B: 03 03 00 00 00 00 00 00 00
    A: 00 0 1000 0 0 10

    """

private let malformed: [MalformedCase] = [
    MalformedCase("truncated E: line", header + "A: 01 0 500 0 0 10\nE: 0.000001 0003 0000\n", line: 7, .missingField, mentions: ["the event value", "end of line"]),
    MalformedCase("bad hex in the event type", header + "A: 01 0 500 0 0 10\nE: 0.000001 00zz 0000 5\n", line: 7, .invalidNumber, mentions: ["the event type", "hexadecimal", "\"00zz\""]),
    MalformedCase("missing N:", "# EVEMU 1.3\nI: 0003 1234 5678 0001\nE: 0.000001 0000 0000 0\n", line: 2, .missingHeader, mentions: ["N: <device name>", "I:"]),
    MalformedCase("garbage bytes", bytes: Array((header).utf8) + [0xff, 0xfe, 0x00, 0x41, 0x0a], line: 6, .notText, mentions: ["text", "0xff", "column 1"]),
    MalformedCase("empty file", "", line: 1, .empty, mentions: ["empty file", "N: <device name>"]),
    MalformedCase("A: line with too few fields", header + "A: 01 0 500 0\n", line: 6, .missingField, mentions: ["the flat", "A: <code>"]),
    MalformedCase("non-numeric event value", header + "A: 01 0 500 0 0 10\nE: 0.000001 0003 0000 abc\n", line: 7, .invalidNumber, mentions: ["the event value", "decimal", "\"abc\""]),
    MalformedCase("value too large for 32 bits", header + "A: 01 0 500 0 0 10\nE: 0.000001 0003 0000 99999999999\n", line: 7, .outOfRange, mentions: ["the event value", "2147483647", "\"99999999999\""]),
    MalformedCase("value beyond 64 bits", header + "A: 01 0 500 0 0 10\nE: 0.000001 0003 0000 -99999999999999999999999\n", line: 7, .outOfRange, mentions: ["the event value"]),
    MalformedCase("timestamp without six digits of microseconds", header + "A: 01 0 500 0 0 10\nE: 1.5 0003 0000 1\n", line: 7, .invalidNumber, mentions: ["the timestamp", "six digits"]),
    MalformedCase("event type beyond EV_MAX", header + "A: 01 0 500 0 0 10\nE: 0.000001 0020 0000 1\n", line: 7, .outOfRange, mentions: ["the event type", "0x1f"]),
    MalformedCase("extra field in an event", header + "A: 01 0 500 0 0 10\nE: 0.000001 0003 0000 1 2\n", line: 7, .extraField, mentions: ["end of line", "\"2\""]),
    MalformedCase("unknown line", header + "X: what\n", line: 6, .unknownLine, mentions: ["N:, I:", "\"X: what\""]),
    MalformedCase("header line after the events", header + "A: 01 0 500 0 0 10\nE: 0.000001 0000 0000 0\nA: 18 0 255 0 0 0\n", line: 8, .misplacedLine, mentions: ["after the first event", "A:"]),
    MalformedCase("a second device", header + "N: Another\n", line: 6, .misplacedLine, mentions: ["one device", "line 2"]),
    MalformedCase("bitmask line with seven bytes", header + "B: 01 00 00 00 00 00 00 00\n", line: 6, .missingField, mentions: ["mask byte 8", "B: <type>"]),
    MalformedCase("mask byte above 0xff", header + "P: 00 100 00 00 00 00 00 00\n", line: 6, .outOfRange, mentions: ["mask byte 2", "0xff"]),
    MalformedCase("announced axis without its A: line", header, line: 4, .inconsistentHeader, mentions: ["ABS_Y", "A:"]),
    MalformedCase("events with no header", "E: 0.000001 0003 0000 1\n", line: 1, .missingHeader, mentions: ["N: <device name>", "NAME.desc"]),
    MalformedCase("N: without I:", "N: Lonely\n\n", line: 3, .missingHeader, mentions: ["I: <bus>", "line 1", "end of file"]),
    MalformedCase("only comments", "# EVEMU 1.3\n# nothing else\n", line: 3, .missingHeader, mentions: ["N: <device name>", "only comments"]),
    MalformedCase("id that is not hex", "N: Pad\nI: 0003 12g4 5678 0001\n", line: 2, .invalidNumber, mentions: ["the vendor id", "\"12g4\""]),
    MalformedCase("axis code beyond ABS_MAX", header + "A: 40 0 1 0 0 0\n", line: 6, .outOfRange, mentions: ["the axis code", "0x3f"]),
    MalformedCase("unknown device kind comment", "# Tactile-Kind: keyboard\nN: Pad\nI: 0 0 0 0\n", line: 1, .invalidNumber, mentions: ["touchscreen", "\"keyboard\""]),
]

@Suite("evemu reader: malformed input")
struct MalformedInputTests {
    @Test("gives an error that names the file, the line and what was expected", arguments: malformed)
    func malformedInput(_ example: MalformedCase) {
        do {
            let recording = try EvemuReader.parse(bytes: example.bytes, file: "bad.evemu")
            Issue.record("parsed into \(recording.events.count) events instead of failing")
        } catch {
            #expect(error.file == "bad.evemu")
            #expect(error.line == example.line)
            #expect(error.problem == example.problem)
            for word in example.mentions {
                #expect(error.message.contains(word), "message: \(error.message)")
            }
            #expect(error.description.hasPrefix("bad.evemu:\(example.line): expected"))
        }
    }

    @Test("a missing file is reported without a line")
    func missingFile() {
        let error = #expect(throws: RecordingError.self) {
            try EvemuReader.read(contentsOf: "/nonexistent/recording.evemu")
        }
        #expect(error?.problem == .unreadable)
        #expect(error?.line == nil)
        #expect(error?.description == "/nonexistent/recording.evemu: expected a recording file, found no such file")
    }

    @Test("every byte string is an error or a recording, never a crash")
    func randomBytes() {
        var generator = SplitMix(seed: 0x7ac7_11e)
        let alphabet = Array("EAPBNIS: 0123456789abcdefx-.#\n\t".utf8) + [0xff, 0x00, 0xc3]
        for _ in 0..<2000 {
            let length = Int(generator.next() % 80)
            var bytes = Array("N: x\nI: 1 2 3 4\n".utf8)
            for _ in 0..<length { bytes.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
            do {
                _ = try EvemuReader.parse(bytes: bytes, file: "random")
            } catch {
                #expect(error.line != nil)
                #expect(!error.message.isEmpty)
            }
        }
    }
}
