// Interop: reMarkable records imported.
import Foundation
import Tactile
import TactileRecording
import Testing

@Suite("Interop: reMarkable records")
struct InteropRemarkableTests {
    struct Record: Sendable, CustomTestStringConvertible {
        var file: String
        var frames: Int
        var touches: Int
        var maximumSimultaneous: Int
        var testDescription: String { file }
    }

    /// As SOURCES.md of remarkable-shortcuts states them.
    static let records: [Record] = [
        Record(file: "double-tap-left.record", frames: 10, touches: 2, maximumSimultaneous: 1),
        Record(file: "double-tap-right.record", frames: 7, touches: 2, maximumSimultaneous: 1),
        Record(file: "double-tap-top.record", frames: 7, touches: 2, maximumSimultaneous: 1),
        Record(file: "double-tap-slow-top-no-event.record", frames: 9, touches: 2, maximumSimultaneous: 1),
        Record(file: "monkey-touch.record", frames: 327, touches: 57, maximumSimultaneous: 6),
    ]

    static func path(of record: Record) -> String? {
        if let shared = InteropData.external("remarkable-shortcuts/" + record.file) { return shared }
        let fixture = InteropData.fixture("remarkable-" + record.file)
        return FileManager.default.fileExists(atPath: fixture) ? fixture : nil
    }

    static let available = records.filter { path(of: $0) != nil }

    @Test("the records copied among the fixtures are there")
    func fixturesPresent() {
        for name in ["double-tap-left.record", "double-tap-slow-top-no-event.record", "monkey-touch.record"] {
            #expect(FileManager.default.fileExists(atPath: InteropData.fixture("remarkable-" + name)), "\(name)")
        }
    }

    @Test("each record gives the touches its description states", arguments: available)
    func record(_ record: Record) throws {
        let path = try #require(Self.path(of: record))
        #expect(try RecordingFormat.detect(contentsOf: path) == .remarkable)
        let recording = try Recording(contentsOf: path)
        let statistics = TouchStatistics(recording)
        #expect(statistics.frames == record.frames, "\(statistics)")
        #expect(statistics.touches == record.touches, "\(statistics)")
        #expect(statistics.maximumSimultaneous == record.maximumSimultaneous, "\(statistics)")
        #expect(recording.summary.maxTouches == record.maximumSimultaneous)

        let device = recording.device
        #expect(device.name == RemarkableRecordReader.deviceName)
        #expect(device.kind == .touchscreen)
        #expect(device.slotCount == 32)
        #expect(device.axis(AbsCode.mtPositionX) == AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 1403))
        #expect(device.axis(AbsCode.mtPositionY) == AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 1871))
        var assembler = TouchAssembler(device: device)
        _ = assembler.process(recording.events)
        let diagnostics = assembler.diagnostics
        #expect(diagnostics.total == diagnostics.count(.resolutionEstimated), "\(diagnostics.summary)")
    }

    @Test("a line becomes one protocol-B frame at the line's time, the tracking id first")
    func frameLayout() throws {
        let text = """
            [1677239444.394294, {"0": {"id": 3613, "x": 184, "y": 732, "pressure": 69}}]
            [1677239444.44, {"0": {"id": 3613, "y": 730, "touch_major": 17}, "1": {"id": 3614, "x": 900, "y": 100}}]
            [1677239444.5, {"0": {"id": -1}, "1": {}}]
            [1677239444.6, {"1": {"id": 3615, "x": 901}}]
            """
        let recording = try RemarkableRecordReader.parse(text, file: "small.record")
        func event(_ micro: Int32, _ type: EventType, _ code: UInt16, _ value: Int32) -> InputEvent {
            InputEvent(seconds: 1677239444, microseconds: micro, type: type, code: code, value: value)
        }
        #expect(recording.events == [
            event(394294, .abs, AbsCode.mtSlot, 0), event(394294, .abs, AbsCode.mtTrackingID, 3613),
            event(394294, .abs, AbsCode.mtPositionX, 184), event(394294, .abs, AbsCode.mtPositionY, 732),
            event(394294, .abs, AbsCode.mtPressure, 69), event(394294, .key, KeyCode.touch, 1), event(394294, .syn, SynCode.report, 0),
            event(440000, .abs, AbsCode.mtPositionY, 730), event(440000, .abs, AbsCode.mtTouchMajor, 17),
            event(440000, .abs, AbsCode.mtSlot, 1), event(440000, .abs, AbsCode.mtTrackingID, 3614),
            event(440000, .abs, AbsCode.mtPositionX, 900), event(440000, .abs, AbsCode.mtPositionY, 100),
            event(440000, .syn, SynCode.report, 0),
            event(500000, .abs, AbsCode.mtSlot, 0), event(500000, .abs, AbsCode.mtTrackingID, -1), event(500000, .syn, SynCode.report, 0),
            // A new id without a lift: the kernel sends just the new id (the record merged the lift into this frame).
            event(600000, .abs, AbsCode.mtSlot, 1), event(600000, .abs, AbsCode.mtTrackingID, 3615),
            event(600000, .abs, AbsCode.mtPositionX, 901), event(600000, .syn, SynCode.report, 0),
        ])
        let statistics = TouchStatistics(recording)
        #expect(statistics.touches == 3)
        #expect(statistics.maximumSimultaneous == 2)
    }

    @Test("a lifted contact that the recorder brings back at the same time stays lifted")
    func echoOfALift() throws {
        let text = """
            [1.0, {"0": {"id": 5, "x": 10, "y": 10}, "1": {"id": 6, "x": 50, "y": 50}}]
            [1.1, {"0": {"id": -1}}]
            [1.1, {"1": {"id": 6, "x": 51}, "0": {"id": 5, "x": 10, "y": 10}}]
            [1.2, {"1": {"id": 6, "x": 52}}]
            [1.3, {"0": {"id": 7, "x": 20, "y": 20}}]
            """
        let recording = try RemarkableRecordReader.parse(text)
        #expect(!recording.events.contains { $0.code == AbsCode.mtTrackingID && $0.value == 5 && $0.time > 1.05 })
        var assembler = TouchAssembler(device: recording.device)
        let active = assembler.process(recording.events).map { $0.activeTouches.map(\.trackingID).sorted() }
        #expect(active == [[5, 6], [6], [6], [6], [6, 7]])
    }

    @Test("a name and a slot count can be given")
    func options() throws {
        let text = "[1.5, {\"3\": {\"id\": 1, \"x\": 10, \"y\": 20, \"orientation\": -3}}]\n"
        let recording = try RemarkableRecordReader.parse(text, options: .init(deviceName: "rM2", slotCount: 4))
        #expect(recording.device.name == "rM2")
        #expect(recording.device.slotCount == 4)
        #expect(recording.device.axis(AbsCode.mtOrientation)?.minimum == -4)
        let error = try #require(throws: RecordingError.self) {
            try RemarkableRecordReader.parse(text, file: "few.record", options: .init(slotCount: 2))
        }
        #expect(error.problem == .outOfRange)
        #expect(error.message.contains("slot 3"))
    }

    // MARK: - Malformed input

    static let malformed: [(label: String, text: String, line: Int, problem: RecordingError.Problem, mentions: [String])] = [
        ("not JSON", "[1.0, {\"0\": {\"id\": 1}}]\n[1.1, {\"0\": {\"id\": 1}\n", 2, .syntax, ["JSON"]),
        ("an object instead of an array", "{\"time\": 1.0}\n", 1, .wrongType, ["not an array"]),
        ("three elements", "[1.0, {}, 3]\n", 1, .extraField, ["two elements", "3"]),
        ("a time that is a string", "[\"1.0\", {}]\n", 1, .invalidNumber, ["Unix time"]),
        ("a slot that is not a number", "[1.0, {\"zero\": {\"id\": 1}}]\n", 1, .invalidValue, ["slot numbers", "\"zero\""]),
        ("a value that is not an integer", "[1.0, {\"0\": {\"id\": 1, \"x\": 1.5}}]\n", 1, .wrongType, ["integer", "\"x\"", "1.5"]),
        ("a value that is a string", "[1.0, {\"0\": {\"id\": 1, \"y\": \"2\"}}]\n", 1, .wrongType, ["integer", "\"y\"", "string"]),
        ("an unknown field", "[1.0, {\"0\": {\"id\": 1, \"colour\": 2}}]\n", 1, .unknownField, ["\"colour\""]),
        ("an id below -1", "[1.0, {\"0\": {\"id\": -5}}]\n", 1, .outOfRange, ["-1", "-5"]),
        ("slots that are not an object", "[1.0, [1, 2]]\n", 1, .wrongType, ["object of slots"]),
        ("an empty file", "", 1, .empty, ["empty"]),
    ]

    @Test("malformed records give errors naming the file and line", arguments: malformed.indices)
    func malformedInput(_ index: Int) throws {
        let item = Self.malformed[index]
        let error = try #require(throws: RecordingError.self) {
            try RecordingImporter.parse(item.text, file: "bad.record", as: .remarkable)
        }
        #expect(error.file == "bad.record", "\(item.label)")
        #expect(error.line == item.line, "\(item.label): \(error)")
        #expect(error.problem == item.problem, "\(item.label): \(error)")
        for word in item.mentions {
            #expect(error.message.contains(word), "\(item.label): \(error) should mention \(word)")
        }
    }
}
