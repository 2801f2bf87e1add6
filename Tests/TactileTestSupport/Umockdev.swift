// The umockdev helpers: the mocked Synaptics touchpad, umockdev-run and the testbed helper, evemu lines.
import Foundation
import Tactile

extension TestSupport {
    /// `Tests/TactileTestSupport/Fixtures`, next to this file: the umockdev
    /// description and ioctl dump of a Synaptics touchpad.
    public static let fixtures: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The mocked sysfs description of the Synaptics touchpad.
    public static var touchpadDescription: String { fixtures.appendingPathComponent("synaptics-touchpad.umockdev").path }
    /// Its ioctl dump.
    public static var touchpadIoctl: String { fixtures.appendingPathComponent("synaptics-touchpad.ioctl").path }
    /// The node the description names (its `N:` line).
    public static let touchpadNode = "/dev/input/event12"

    /// `umockdev-run` on `PATH`, if installed.
    public static let umockdevRun: String? = findOnPath("umockdev-run")

    /// Why the umockdev tests are skipped.
    public static let umockdevMissing = "umockdev-run is not on PATH — install umockdev (apt install umockdev) to run the live-path tests"

    /// `tools/umockdev-testbed.py` (testbeds that unplug their device or whose
    /// device is grabbed), when it can run: umockdev-wrapper on `PATH` and the
    /// UMockdev introspection bindings for Python (its `--check`).
    public static let testbedHelper: String? = {
        let helper = Repository.path("tools/umockdev-testbed.py")
        guard FileManager.default.isExecutableFile(atPath: helper), findOnPath("umockdev-wrapper") != nil,
              let check = try? run(helper, ["--check"], timeout: 30), check.status == 0 else { return nil }
        return helper
    }()

    /// Why the tests that need it are skipped.
    public static let testbedHelperMissing = "tools/umockdev-testbed.py cannot run — install umockdev, python3-gi and gir1.2-umockdev-1.0 to run the device-removal and busy-device tests"

    /// Runs `executable` under `umockdev-run` with the Synaptics touchpad mocked,
    /// optionally replaying `events` (evemu `E:` lines) into its node.
    public static func runWithTouchpad(_ executable: String, _ arguments: [String], events: String? = nil) throws -> Output {
        guard let umockdevRun else { throw TestFailure("umockdev-run missing") }
        var umockdevArguments = ["-d", touchpadDescription, "-i", "\(touchpadNode)=\(touchpadIoctl)"]
        var eventFile: URL?
        if let events {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-events-\(UUID().uuidString).evemu")
            try events.write(to: url, atomically: true, encoding: .utf8)
            umockdevArguments += ["-e", "\(touchpadNode)=\(url.path)"]
            eventFile = url
        }
        defer { if let eventFile { try? FileManager.default.removeItem(at: eventFile) } }
        return try run(umockdevRun, umockdevArguments + ["--", executable] + arguments)
    }

    /// One evemu `E:` line. umockdev 0.17 reads a zero-padded microsecond field
    /// as octal, so the microseconds are written unpadded: `sec.usec` means
    /// `usec` microseconds, not a decimal fraction.
    public static func evemuLine(seconds: Int, microseconds: Int, type: UInt16, code: UInt16, value: Int32) -> String {
        func hex(_ number: UInt16) -> String {
            let digits = String(number, radix: 16)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
        return "E: \(seconds).\(microseconds) \(hex(type)) \(hex(code)) \(value)"
    }

    /// One finger lands, moves and lifts on the touchpad: 3 frames.
    public static let touchpadTap: [InputEvent] = [
        InputEvent(seconds: 0, microseconds: 100_000, type: .abs, code: AbsCode.mtTrackingID, value: 7),
        InputEvent(seconds: 0, microseconds: 100_000, type: .abs, code: AbsCode.mtPositionX, value: 3000),
        InputEvent(seconds: 0, microseconds: 100_000, type: .abs, code: AbsCode.mtPositionY, value: 2500),
        InputEvent(seconds: 0, microseconds: 100_000, type: .key, code: KeyCode.touch, value: 1),
        InputEvent(seconds: 0, microseconds: 100_000, type: .key, code: KeyCode.toolFinger, value: 1),
        InputEvent(seconds: 0, microseconds: 100_000, type: .syn, code: SynCode.report, value: 0),
        InputEvent(seconds: 0, microseconds: 110_000, type: .abs, code: AbsCode.mtPositionX, value: 3010),
        InputEvent(seconds: 0, microseconds: 110_000, type: .syn, code: SynCode.report, value: 0),
        InputEvent(seconds: 0, microseconds: 120_000, type: .abs, code: AbsCode.mtTrackingID, value: -1),
        InputEvent(seconds: 0, microseconds: 120_000, type: .key, code: KeyCode.touch, value: 0),
        InputEvent(seconds: 0, microseconds: 120_000, type: .key, code: KeyCode.toolFinger, value: 0),
        InputEvent(seconds: 0, microseconds: 120_000, type: .syn, code: SynCode.report, value: 0),
    ]

    /// `events` as evemu `E:` lines, for `umockdev-run -e`.
    public static func evemu(_ events: [InputEvent]) -> String {
        events.map {
            TestSupport.evemuLine(seconds: Int($0.seconds), microseconds: Int($0.microseconds),
                                  type: $0.type.rawValue, code: $0.code, value: $0.value)
        }.joined(separator: "\n") + "\n"
    }

    /// A probe output line: an event, the opening line, the end line or an error.
    public struct ProbeLine: Decodable, Sendable {
        public var opened: String?
        public var kind: String?
        public var slots: Int?
        public var grabbed: Bool?
        public var calibration: String?
        public var sec: Int64?
        public var usec: Int32?
        public var type: UInt16?
        public var code: UInt16?
        public var value: Int32?
        public var end: String?
        public var dropped: Int?
        public var error: String?
        public var message: String?
        /// `--follow`: a change of the session ("connected", "disconnected", …), its node and its text.
        public var change: String?
        public var path: String?
        public var text: String?
        /// `--follow`: an action.
        public var action: ProbeAction?
        /// `--follow`'s end: how many events, whether their times never went back, how many connections.
        public var events: Int?
        public var inOrder: Bool?
        public var connections: Int?
        public var endTime: Double?

        public var event: InputEvent? {
            guard let sec, let usec, let type, let code, let value else { return nil }
            return InputEvent(seconds: sec, microseconds: usec, type: EventType(rawValue: type), code: code, value: value)
        }
    }

    /// An action on a `--follow` probe's line (the action log's JSON).
    public struct ProbeAction: Decodable, Sendable {
        public var t: Double
        public var recognizer: String
        public var state: String
        public var touches: Int
    }

    /// The probe's output, line by line.
    public static func parseProbe(_ output: Output) throws -> [ProbeLine] {
        try output.lines.map { try JSONDecoder().decode(ProbeLine.self, from: Data($0.utf8)) }
    }
}
