// TestbedWriter's files, checked against the committed Synaptics umockdev fixture (no umockdev needed).
import Foundation
import Tactile
@testable import TactileRecording
import TactileTestSupport
import Testing

/// ``TestbedWriter``'s files, checked against the committed Synaptics fixture
/// (no umockdev needed).
struct TestbedWriterTests {
    /// The Synaptics touchpad as libevdev reads it from the committed fixture.
    static let synaptics = DeviceDescription(
        name: "SynPS/2 Synaptics TouchPad",
        identity: DeviceIdentity(bustype: 0x11, vendor: 0x2, product: 0x7, version: 0x1b1),
        properties: [InputProperty.pointer, InputProperty.buttonPad],
        keys: [272, 325, 328, 330, 333, 334, 335],
        axes: [
            AbsoluteAxis(code: 0, minimum: 1472, maximum: 5768, resolution: 65),
            AbsoluteAxis(code: 1, minimum: 1408, maximum: 5062, resolution: 136),
            AbsoluteAxis(code: 24, minimum: 0, maximum: 255),
            AbsoluteAxis(code: 28, minimum: 0, maximum: 15),
            AbsoluteAxis(code: 47, minimum: 0, maximum: 1),
            AbsoluteAxis(code: 53, minimum: 1472, maximum: 5768, resolution: 65),
            AbsoluteAxis(code: 54, minimum: 1408, maximum: 5062, resolution: 136),
            AbsoluteAxis(code: 57, minimum: 0, maximum: 65535),
            AbsoluteAxis(code: 58, minimum: 0, maximum: 255),
        ]
    )

    @Test func ioctlRepliesMatchTheRealDump() throws {
        let writer = try TestbedWriter(device: Self.synaptics, node: "/dev/input/event5", phys: "isa0060/serio1/input0")
        let fixture = try String(contentsOfFile: TestSupport.touchpadIoctl, encoding: .utf8)
        // Byte for byte what umockdev recorded from the real touchpad.
        #expect(writer.ioctlText().split(separator: "\n").map(String.init) == fixture.split(separator: "\n").map(String.init))
    }

    @Test func sysfsCarriesTheKernelAttributes() throws {
        let text = try TestbedWriter(device: Self.synaptics, node: "/dev/input/event12").umockdevText()
        let lines = Set(text.split(separator: "\n").map(String.init))
        let fixture = try String(contentsOfFile: TestSupport.touchpadDescription, encoding: .utf8)
        // The capability lines the kernel wrote for the real device.
        for line in ["E: ABS=660800011000003", "E: EV=b", "E: KEY=e520 10000 0 0 0 0", "E: PRODUCT=11/2/7/1b1",
                     "E: NAME=\"SynPS/2 Synaptics TouchPad\"",
                     "E: MODALIAS=input:b0011v0002p0007e01B1-e0,1,3,k110,145,148,14A,14D,14E,14F,ra0,1,18,1C,2F,35,36,39,3A,mlsfw"] {
            #expect(fixture.contains(line + "\n"), "the fixture has \(line)")
            #expect(lines.contains(line), "missing \(line)")
        }
        for line in ["P: /devices/virtual/input/input12/event12", "N: input/event12", "E: DEVNAME=/dev/input/event12",
                     "E: ID_INPUT=1", "E: ID_INPUT_TOUCHPAD=1", "E: MAJOR=13", "E: MINOR=76", "A: dev=13:76",
                     "A: capabilities/abs=660800011000003", "A: capabilities/key=e520 10000 0 0 0 0", "A: capabilities/ev=b",
                     "A: properties=5", "A: name=SynPS/2 Synaptics TouchPad", "A: id/bustype=0011", "A: id/vendor=0002",
                     "A: id/product=0007", "A: id/version=01b1"] {
            #expect(lines.contains(line), "missing \(line)")
        }
        #expect(!text.contains("ID_INPUT_TOUCHSCREEN"))
    }

    @Test func touchscreenIsMarkedAndSlotsAreSized() throws {
        let screen = DeviceDescription(
            name: "Screen", properties: [InputProperty.direct], keys: [KeyCode.touch],
            axes: [AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 9),
                   AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 799),
                   AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 479),
                   AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535)],
            otherCodes: [EventCodeSet(type: .msc, codes: [MscCode.timestamp])]
        )
        let writer = try TestbedWriter(device: screen)
        #expect(writer.umockdevText().contains("E: ID_INPUT_TOUCHSCREEN=1\n"))
        #expect(writer.umockdevText().contains("A: capabilities/msc=20\n"))
        let slots = writer.ioctlText().split(separator: "\n").filter { $0.hasPrefix("EVIOCGMTSLOTS(0) 0 ") }
        // Code, then 10 slots: (10 + 1) × 4 bytes each, tracking ids -1.
        #expect(slots.count == 3)
        #expect(slots.allSatisfy { $0.dropFirst("EVIOCGMTSLOTS(0) 0 ".count).count == 11 * 4 * 2 })
        let expectedSlots: String = "EVIOCGMTSLOTS(0) 0 39000000" + String(repeating: "FFFFFFFF", count: 10)
        #expect(slots.last.map(String.init) == expectedSlots)
        #expect(writer.ioctlText().contains("\nEVIOCGBIT(4) 8 2000000000000000\n"))
    }

    @Test func eventsAreEvemuLinesWithUnpaddedMicroseconds() throws {
        let events = [
            InputEvent(seconds: 3, microseconds: 9829, type: .abs, code: AbsCode.mtPositionX, value: -5),
            InputEvent(seconds: 3, microseconds: 9829, type: .syn, code: SynCode.report, value: 0),
        ]
        let writer = try TestbedWriter(device: Self.synaptics, events: events)
        #expect(writer.eventsText() == "E: 3.9829 0003 0035 -5\nE: 3.9829 0000 0000 0\n")
    }

    @Test func nodeMustBeAnEventNode() {
        for node in ["/dev/input/mouse0", "/dev/input/event", "/dev/input/event-1", "/dev/input/event01", "event3"] {
            #expect(throws: TestbedError.self) { try TestbedWriter(device: Self.synaptics, node: node) }
        }
    }

    @Test func writesThreeFilesAndACommandLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-testbed-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files = try TestbedWriter(device: Self.synaptics, node: "/dev/input/event3").write(to: directory, name: "pad")
        #expect(files.umockdev == directory + "/pad.umockdev")
        for path in [files.umockdev, files.ioctl, files.events] { #expect(FileManager.default.fileExists(atPath: path)) }
        #expect(files.commandLine(running: ["tactile", "devices"]) == [
            "umockdev-run", "-d", directory + "/pad.umockdev", "-i", "/dev/input/event3=\(directory)/pad.ioctl",
            "-e", "/dev/input/event3=\(directory)/pad.events", "--", "tactile", "devices",
        ])
        #expect(TestbedFiles.shellQuoted("it's here") == #"'it'\''s here'"#)
        #expect(TestbedFiles.shellQuoted("/dev/input/event3=/tmp/a.ioctl") == "/dev/input/event3=/tmp/a.ioctl")
        #expect(TestbedWriter.sysfsBitmap([]) == "0")
        #expect(TestbedWriter.sysfsBitmap([0, 1, 3, 64]) == "1 b")
    }
}
