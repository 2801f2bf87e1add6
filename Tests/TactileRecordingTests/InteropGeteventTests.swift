// Interop: Android getevent traces imported.
import Foundation
import Tactile
import TactileRecording
import Testing

@Suite("Interop: Android getevent import")
struct InteropGeteventTests {
    /// What SOURCES.md of the MonkeyHelper traces says each one holds.
    struct Trace: Sendable, CustomTestStringConvertible {
        var file: String
        var frames: Int
        var touches: Int
        var maximumSimultaneous: Int
        var multitouchProtocol: GeteventTrace.MultitouchProtocol
        /// The synthesized position axes' maxima.
        var maxima: (x: Int32, y: Int32)
        var testDescription: String { file }
    }

    static let traces: [Trace] = [
        Trace(file: "Phone/phone-two-finger-drag.txt", frames: 102, touches: 2, maximumSimultaneous: 2, multitouchProtocol: .a, maxima: (1023, 1023)),
        Trace(file: "Phone/phone-three-touches.txt", frames: 6, touches: 3, maximumSimultaneous: 1, multitouchProtocol: .a, maxima: (1023, 1023)),
        Trace(file: "Phone/phone-single-drag.txt", frames: 25, touches: 1, maximumSimultaneous: 1, multitouchProtocol: .a, maxima: (1023, 1023)),
        Trace(file: "Phone/phone-single-touch.txt", frames: 2, touches: 1, maximumSimultaneous: 1, multitouchProtocol: .a, maxima: (1023, 1023)),
        // SOURCES.md says 35 strokes; the trace holds 34 tracking ids, each lifted once (one lift is
        // written FFFFFFFF in capitals, which a case-sensitive count of lifts misses).
        Trace(file: "Phone/galaxys-paint.txt", frames: 942, touches: 34, maximumSimultaneous: 1, multitouchProtocol: .bWithoutSlots, maxima: (1023, 1023)),
        Trace(file: "Tablet/tablet-two-finger-drag.txt", frames: 133, touches: 2, maximumSimultaneous: 2, multitouchProtocol: .a, maxima: (2047, 1023)),
        Trace(file: "Tablet/tablet-three-touches.txt", frames: 6, touches: 3, maximumSimultaneous: 1, multitouchProtocol: .a, maxima: (2047, 1023)),
        Trace(file: "Tablet/tablet-single-drag.txt", frames: 78, touches: 1, maximumSimultaneous: 1, multitouchProtocol: .a, maxima: (2047, 511)),
        Trace(file: "Tablet/tablet-single-touch.txt", frames: 2, touches: 1, maximumSimultaneous: 1, multitouchProtocol: .a, maxima: (2047, 511)),
        Trace(file: "Tablet/tablet-openCalender-drag-tap-tap.txt", frames: 29, touches: 3, maximumSimultaneous: 1, multitouchProtocol: .a, maxima: (2047, 511)),
    ]

    /// The trace in the shared data, else the copy among the fixtures, else `nil`.
    static func path(of trace: Trace) -> String? {
        if let shared = InteropData.external("monkeyhelper-getevent/" + trace.file) { return shared }
        let fixture = InteropData.fixture("getevent-" + (trace.file.split(separator: "/").last.map(String.init) ?? trace.file))
        return FileManager.default.fileExists(atPath: fixture) ? fixture : nil
    }

    static let available = traces.filter { path(of: $0) != nil }

    @Test("the traces copied among the fixtures are there")
    func fixturesPresent() {
        for name in ["phone-two-finger-drag.txt", "phone-three-touches.txt", "tablet-three-touches.txt"] {
            #expect(FileManager.default.fileExists(atPath: InteropData.fixture("getevent-" + name)), "\(name)")
        }
    }

    @Test("each MonkeyHelper trace gives the touches its description states", arguments: available)
    func trace(_ trace: Trace) throws {
        let path = try #require(Self.path(of: trace))
        let raw = try GeteventReader.read(contentsOf: path)
        #expect(raw.multitouchProtocol == trace.multitouchProtocol)
        #expect(try RecordingFormat.detect(contentsOf: path) == .getevent)
        let recording = try Recording(contentsOf: path, options: .init(deviceName: "Samsung Galaxy S (getevent)"))
        let statistics = TouchStatistics(recording)
        #expect(statistics.frames == trace.frames, "\(statistics)")
        #expect(statistics.touches == trace.touches, "\(statistics)")
        #expect(statistics.ended == trace.touches, "\(statistics)")
        #expect(statistics.maximumSimultaneous == trace.maximumSimultaneous, "\(statistics)")
        #expect(recording.summary.maxTouches == trace.maximumSimultaneous)

        let device = recording.device
        #expect(device.name == "Samsung Galaxy S (getevent)")
        #expect(device.kind == .touchscreen)
        #expect(device.slotCount == 10)
        #expect(device.hasKey(KeyCode.touch))
        #expect(device.axis(AbsCode.mtPositionX) == AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: trace.maxima.x))
        #expect(device.axis(AbsCode.mtPositionY) == AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: trace.maxima.y))
        #expect(device.axis(AbsCode.mtTrackingID)?.maximum == 65535)
        #expect(device.axes.allSatisfy { $0.resolution == 0 })

        // Protocol B now, with the trace's timestamps: no SYN_MT_REPORT, every frame's events share its time.
        #expect(!recording.events.contains { $0.type == .syn && $0.code == SynCode.mtReport })
        #expect(recording.events.first?.seconds == raw.events.first?.seconds)
        #expect(recording.events.last?.timeInMicroseconds == raw.events.last?.timeInMicroseconds)
        var assembler = TouchAssembler(device: device)
        _ = assembler.process(recording.events)
        let diagnostics = assembler.diagnostics
        #expect(diagnostics.total == diagnostics.count(.resolutionEstimated), "\(diagnostics.summary)")
    }

    @Test("the two-finger drag keeps each finger in its own slot as it moves")
    func twoFingerDragSlots() throws {
        let path = try #require(Self.path(of: Self.traces[0]))
        let recording = try Recording(contentsOf: path)
        var assembler = TouchAssembler(device: recording.device)
        var paths: [TouchID: [Point]] = [:]
        for frame in assembler.process(recording.events) {
            for touch in frame.touches { paths[touch.id, default: []].append(touch.location) }
        }
        #expect(paths.count == 2)
        for (_, points) in paths {
            // A finger's successive positions are close: no swaps between the two fingers.
            for (a, b) in zip(points, points.dropFirst()) {
                #expect(hypot(a.x - b.x, a.y - b.y) < 200)
            }
        }
    }

    @Test("the tablet's BTN_TOUCH DOWN that never comes UP is replaced by one that follows the fingers")
    func touchButtonFollowsContacts() throws {
        let path = try #require(Self.path(of: Self.traces[6]))
        let raw = try GeteventReader.read(contentsOf: path)
        #expect(raw.events.filter { $0.type == .key }.map(\.value) == [1])
        let recording = Recording(getevent: raw)
        let button = recording.events.filter { $0.type == .key && $0.code == KeyCode.touch }.map(\.value)
        #expect(button == [1, 0, 1, 0, 1, 0])
    }

    @Test("device prefixes, add-device blocks and numeric codes are understood")
    func devicePrefixes() throws {
        let text = """
            add device 1: /dev/input/event4
              name:     "gpio-keys"
            add device 2: /dev/input/event2
              name:     "sec_touchscreen"
            could not get driver version for /dev/input/mice, Not a typewriter
            [    5.000100] /dev/input/event4: EV_KEY       KEY_POWER            DOWN
            [    5.000200] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   00000005
            [    5.000200] /dev/input/event2: 0003         0035                 00000064
            [    5.000200] /dev/input/event2: EV_ABS       ABS_MT_POSITION_Y    000000c8
            [    5.000200] /dev/input/event2: EV_SYN       SYN_MT_REPORT        00000000
            [    5.000200] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
            [    5.05] /dev/input/event2: EV_SYN       SYN_MT_REPORT        00000000
              [    5.05] /dev/input/event2: EV_SYN       SYN_REPORT           00000000
            """
        let trace = try GeteventReader.parse(text, file: "multi.txt")
        #expect(trace.devicesSeen == ["/dev/input/event4", "/dev/input/event2"])
        #expect(trace.devicePath == "/dev/input/event2")
        #expect(trace.deviceName == "sec_touchscreen")
        #expect(trace.events.count == 7)
        #expect(trace.events[1] == InputEvent(seconds: 5, microseconds: 200, type: .abs, code: AbsCode.mtPositionX, value: 100))
        #expect(trace.events[5].microseconds == 50_000)
        let recording = Recording(getevent: trace)
        #expect(recording.device.name == "sec_touchscreen")
        #expect(TouchStatistics(recording).touches == 1)

        let error = try #require(throws: RecordingError.self) { try GeteventReader.parse(text, file: "multi.txt", devicePath: "/dev/input/event9") }
        #expect(error.message.contains("/dev/input/event4, /dev/input/event2"))
    }

    @Test("ffffffff is -1 and key values are read by name")
    func values() throws {
        let text = """
            [   1.000000] EV_ABS       ABS_MT_TRACKING_ID   0000002a
            [   1.000000] EV_KEY       BTN_TOUCH            DOWN
            [   1.000000] EV_SYN       SYN_REPORT           00000000
            [   1.010000] EV_ABS       ABS_MT_TRACKING_ID   ffffffff
            [   1.010000] EV_KEY       BTN_TOUCH            UP
            [   1.010000] EV_SYN       SYN_REPORT           00000000
            """
        let trace = try GeteventReader.parse(text)
        #expect(trace.events.map(\.value) == [42, 1, 0, -1, 0, 0])
        #expect(trace.multitouchProtocol == .bWithoutSlots)
    }

    // MARK: - Malformed input

    static let malformed: [(label: String, text: String, line: Int, problem: RecordingError.Problem, mentions: [String])] = [
        ("no timestamp", "EV_ABS ABS_MT_POSITION_X 00000001\n", 1, .missingField, ["timestamp", "getevent -lt"]),
        ("a timestamp without microseconds", "[ 12] EV_ABS ABS_MT_POSITION_X 00000001\n", 1, .invalidNumber, ["<seconds>.<microseconds>", "\"12\""]),
        ("an unknown type", "[ 1.000001] EV_FOO ABS_MT_POSITION_X 00000001\n", 1, .invalidValue, ["event type", "\"EV_FOO\""]),
        ("an unknown code name", "[ 1.000001] EV_ABS\tABS_MT_BANANA 00000001\n", 1, .invalidValue, ["event code", "EV_ABS", "\"ABS_MT_BANANA\""]),
        ("a value that is not hex", "[ 1.000001] EV_ABS ABS_MT_POSITION_X 12zz\n", 1, .invalidNumber, ["hex", "\"12zz\""]),
        ("a value too long", "[ 1.000001] EV_ABS ABS_MT_POSITION_X 1000000000\n", 1, .invalidNumber, ["eight hex digits"]),
        ("a missing value", "[ 1.000001] EV_SYN SYN_REPORT 0\n[ 1.000002] EV_ABS ABS_MT_POSITION_X\n", 2, .missingField, ["the event value", "end of line"]),
        ("an extra field", "[ 1.000001] EV_ABS ABS_MT_POSITION_X 00000001 00000002\n", 1, .extraField, ["end of line", "\"00000002\""]),
        ("an unclosed timestamp", "[ 1.000001 EV_ABS ABS_MT_POSITION_X 00000001\n", 1, .missingField, ["`]`"]),
        ("an empty file", "\n\n", 1, .empty, ["empty"]),
        ("only device blocks", "add device 1: /dev/input/event2\n  name: \"ts\"\n", 1, .empty, ["only device descriptions"]),
    ]

    @Test("malformed getevent lines give errors naming the file and line", arguments: malformed.indices)
    func malformedInput(_ index: Int) throws {
        let item = Self.malformed[index]
        let error = try #require(throws: RecordingError.self) {
            try RecordingImporter.parse(item.text, file: "bad.txt", as: .getevent)
        }
        #expect(error.file == "bad.txt", "\(item.label)")
        #expect(error.line == item.line, "\(item.label): \(error)")
        #expect(error.problem == item.problem, "\(item.label): \(error)")
        for word in item.mentions {
            #expect(error.message.contains(word), "\(item.label): \(error) should mention \(word)")
        }
    }
}
