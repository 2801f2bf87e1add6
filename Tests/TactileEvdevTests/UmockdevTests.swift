// The live path end to end under umockdev-run on the Synaptics touchpad: devices, the probe's events, SYN_DROPPED, errors.
import Foundation
import Tactile
import TactileTestSupport
import Testing

/// The live path end to end: the built `tactile` and `tactile-evdev-probe`
/// run under `umockdev-run` against a real Synaptics touchpad's sysfs entry
/// and ioctl dump, with events replayed through umockdev's evemu support.
@Suite(.enabled(if: TestSupport.umockdevRun != nil, Comment(rawValue: TestSupport.umockdevMissing)))
struct UmockdevTests {
    struct ListedDevice: Decodable {
        var path: String
        var name: String?
        var kind: String?
        var slots: Int?
        var widthMillimetres: Double?
        var heightMillimetres: Double?
        var sizeEstimated: Bool
        var openable: Bool
    }



    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    func probe() throws -> String {
        try #require(TestSupport.product("tactile-evdev-probe"), "tactile-evdev-probe was not built next to the tests")
    }

    @Test func devicesJSONListsTheTouchpad() throws {
        let output = try TestSupport.runWithTouchpad(try tactile(), ["devices", "--json"])
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let devices = try JSONDecoder().decode([ListedDevice].self, from: Data(output.standardOutput.utf8))
        let touchpad = try #require(devices.first { $0.path == TestSupport.touchpadNode }, "listed: \(output.standardOutput)")
        #expect(touchpad.name == "SynPS/2 Synaptics TouchPad")
        #expect(touchpad.kind == "touchpad")
        #expect(touchpad.slots == 2)
        #expect(touchpad.openable)
        #expect(!touchpad.sizeEstimated)
        // X 1472–5768 at 65 units/mm, Y 1408–5062 at 136 units/mm.
        let width = try #require(touchpad.widthMillimetres), height = try #require(touchpad.heightMillimetres)
        #expect(abs(width - 66.1) < 0.2)
        #expect(abs(height - 26.9) < 0.2)
    }

    @Test func devicesTableNamesTheTouchpad() throws {
        let output = try TestSupport.runWithTouchpad(try tactile(), ["devices"])
        #expect(output.status == 0)
        let row = try #require(output.lines.first { $0.hasPrefix(TestSupport.touchpadNode) }, "table: \(output.standardOutput)")
        #expect(row.contains("touchpad"))
        #expect(row.contains("66.1 × 26.9"))
        #expect(row.contains("SynPS/2 Synaptics TouchPad"))
        #expect(!output.standardError.contains("no touch device"))
    }



    @Test func eventsArriveInOrder() throws {
        let output = try TestSupport.runWithTouchpad(try probe(), [TestSupport.touchpadNode, "--timeout", "1"],
                                                     events: TestSupport.evemu(TestSupport.touchpadTap))
        let lines = try TestSupport.parseProbe(output)
        #expect(lines.first?.opened == TestSupport.touchpadNode)
        #expect(lines.first?.kind == "touchpad")
        #expect(lines.first?.slots == 2)
        #expect(lines.compactMap(\.event) == TestSupport.touchpadTap)
        #expect(lines.last?.end == "timedOut")
        #expect(lines.last?.dropped == 0)
    }

    @Test func maxStopsTheReadLoop() throws {
        let output = try TestSupport.runWithTouchpad(try probe(), [TestSupport.touchpadNode, "--timeout", "1", "--max", "6"],
                                                     events: TestSupport.evemu(TestSupport.touchpadTap))
        let lines = try TestSupport.parseProbe(output)
        #expect(lines.compactMap(\.event) == Array(TestSupport.touchpadTap.prefix(6)))
        #expect(lines.last?.end == "stopped")
    }

    /// A `SYN_DROPPED` in the stream: libevdev resyncs (through umockdev's
    /// ioctl replay), the reader yields `SYN_DROPPED`, `SYN_REPORT`, the full
    /// state as one frame, and then goes on with the events that follow.
    @Test func synDroppedIsSurvived() throws {
        let landing = Array(TestSupport.touchpadTap.prefix(8))
        let dropped = InputEvent(seconds: 0, microseconds: 130_000, type: .syn, code: SynCode.dropped, value: 0)
        // Later than the drop by far, so that libevdev's drain after the drop
        // (which discards what the kernel buffered) does not swallow them.
        let after = [
            InputEvent(seconds: 0, microseconds: 600_000, type: .abs, code: AbsCode.mtPositionX, value: 3020),
            InputEvent(seconds: 0, microseconds: 600_000, type: .syn, code: SynCode.report, value: 0),
        ]
        let output = try TestSupport.runWithTouchpad(try probe(), [TestSupport.touchpadNode, "--timeout", "1"],
                                                     events: TestSupport.evemu(landing + [dropped] + after))
        let lines = try TestSupport.parseProbe(output)
        let events = lines.compactMap(\.event)
        #expect(lines.last?.end == "timedOut")
        #expect(lines.last?.dropped == 1)
        #expect(Array(events.prefix(landing.count)) == landing)
        let rest = Array(events.dropFirst(landing.count))
        try #require(rest.count >= 4, "events after the landing: \(rest)")
        #expect(rest[0] == dropped)
        #expect(rest[1] == InputEvent(seconds: 0, microseconds: 130_000, type: .syn, code: SynCode.report, value: 0))
        // The resync frame: both slots, the keys, closed by SYN_REPORT, all at the drop's time.
        let frameEnd = try #require(rest.dropFirst(2).firstIndex { $0.isReport })
        let frame = Array(rest[2...frameEnd])
        #expect(frame.allSatisfy { $0.timeInMicroseconds == dropped.timeInMicroseconds })
        let slots = frame.filter { $0.type == .abs && $0.code == AbsCode.mtSlot }.map(\.value)
        #expect(slots.starts(with: [0, 1]))
        #expect(frame.contains { $0.type == .abs && $0.code == AbsCode.mtTrackingID })
        #expect(frame.contains { $0.type == .key && $0.code == KeyCode.touch })
        // Then the stream goes on.
        #expect(Array(rest[(frameEnd + 1)...]) == after)

        // The assembler survives it: no touch is left stuck, the drop is counted.
        let description = TestDevices.synaptics
        var assembler = TouchAssembler(device: description)
        let frames = assembler.process(events)
        #expect(!frames.isEmpty)
        #expect(assembler.diagnostics.count(.eventsDropped) == 1)
    }

    @Test func requireTouchAndGrabAcceptTheTouchpad() throws {
        let output = try TestSupport.runWithTouchpad(try probe(), [TestSupport.touchpadNode, "--timeout", "0.1", "--require-touch", "--grab"])
        let lines = try TestSupport.parseProbe(output)
        #expect(lines.first?.opened == TestSupport.touchpadNode)
        #expect(lines.first?.grabbed == true)
        #expect(lines.last?.end == "timedOut")
    }

    @Test func nonEvdevFileAndMissingNodeAreReported() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-not-evdev-\(UUID().uuidString)")
        try "not an input device\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        let notEvdev = try TestSupport.parseProbe(try TestSupport.run(try probe(), [file.path]))
        #expect(notEvdev.last?.error == "notAnEvdevNode")
        #expect(notEvdev.last?.message?.contains("not an evdev input device") == true)

        let missing = try TestSupport.parseProbe(try TestSupport.runWithTouchpad(try probe(), ["/dev/input/event99"]))
        #expect(missing.last?.error == "notFound")
        #expect(missing.last?.message?.contains("no such device node") == true)
    }
}
