// Testbeds written by TestbedWriter opened through the live path under umockdev-run: description and events read back.
import Foundation
import Tactile
import TactileEvdev
import TactileRecording
import TactileTestSupport
import Testing

/// Testbeds written by ``TestbedWriter`` (and `tactile mock`) opened through
/// the real live path under `umockdev-run`: libevdev must read back the
/// description that was written, and the probe must receive the events.
@Suite(.enabled(if: TestSupport.umockdevRun != nil, Comment(rawValue: TestSupport.umockdevMissing)))
struct TestbedUmockdevTests {
    /// A `type code value` triple: umockdev may re-base timestamps, never the sequence.
    struct Triple: Hashable, CustomStringConvertible {
        var type: UInt16, code: UInt16, value: Int32
        init(_ event: InputEvent) { (type, code, value) = (event.type.rawValue, event.code, event.value) }
        var description: String { "\(type):\(code):\(value)" }
    }

    static var repository: URL {
        TestSupport.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    func probe() throws -> String {
        try #require(TestSupport.product("tactile-evdev-probe"), "tactile-evdev-probe was not built next to the tests")
    }

    /// Runs `command` under umockdev-run with `files` mocked.
    func run(_ files: TestbedFiles, _ command: [String]) throws -> TestSupport.Output {
        let umockdevRun = try #require(TestSupport.umockdevRun)
        let line = files.commandLine(running: command, umockdevRun: umockdevRun)
        return try TestSupport.run(line[0], Array(line.dropFirst()))
    }

    /// The description libevdev gives for `node` under `files`, through `tactile mock --device --describe`.
    func describe(_ node: String, _ files: TestbedFiles) throws -> DeviceDescription {
        let output = try run(files, [try tactile(), "mock", "--device", node, "--describe"])
        #expect(output.status == 0, "stderr: \(output.standardError)")
        return try JSONDecoder().decode(DeviceDescription.self, from: Data(output.standardOutput.utf8))
    }

    /// The Synaptics fixture read through EvdevDevice, written as a new testbed
    /// by `tactile mock --device`, reads back the same.
    @Test func synapticsRoundTrip() throws {
        let fixture = TestbedFiles(umockdev: TestSupport.touchpadDescription, ioctl: TestSupport.touchpadIoctl,
                                   events: "/dev/null", node: TestSupport.touchpadNode)
        let directory = try TemporaryDirectory.create(prefix: "tactile-testbed")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Read the real touchpad and write its testbed from inside umockdev.
        let written = try run(fixture, [try tactile(), "mock", "--device", TestSupport.touchpadNode, "--describe",
                                        "--node", "/dev/input/event3", "--name", "synaptics", directory.path])
        #expect(written.status == 0, "stderr: \(written.standardError)")
        let original = try JSONDecoder().decode(DeviceDescription.self, from: Data(written.standardOutput.utf8))
        #expect(original.name == "SynPS/2 Synaptics TouchPad")
        #expect(original.slotCount == 2)
        #expect(original == TestbedWriterTests.synaptics)

        let files = TestbedFiles(umockdev: directory.path + "/synaptics.umockdev", ioctl: directory.path + "/synaptics.ioctl",
                                 events: directory.path + "/synaptics.events", node: "/dev/input/event3")
        #expect(written.standardError.contains(files.shellCommand(running: ["tactile", "devices"])))
        let copy = try describe("/dev/input/event3", files)
        #expect(copy == original)
        #expect(copy.identity == original.identity)
        #expect(copy.properties == original.properties)
        #expect(copy.keys == original.keys)
        #expect(copy.axes == original.axes)
        #expect(copy.slotCount == original.slotCount)

        let listing = try run(files, [try tactile(), "devices", "--json"])
        let devices = try JSONDecoder().decode([UmockdevTests.ListedDevice].self, from: Data(listing.standardOutput.utf8))
        let pad = try #require(devices.first { $0.path == "/dev/input/event3" }, "listed: \(listing.standardOutput)")
        #expect(pad.kind == "touchpad")
        #expect(pad.slots == 2)
        #expect(pad.widthMillimetres == 66.1)
        #expect(pad.heightMillimetres == 26.9)
        #expect(!pad.sizeEstimated)
    }

    /// The written testbed replays events exactly, timestamps included, like the committed fixture does.
    @Test func writtenTestbedReplaysEvents() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-testbed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try TestbedWriter(device: TestbedWriterTests.synaptics, events: TestSupport.touchpadTap, node: "/dev/input/event9")
            .write(to: directory.path, name: "tap")
        let lines = try TestSupport.parseProbe(try run(files, [try probe(), "/dev/input/event9", "--timeout", "1"]))
        #expect(lines.first?.opened == "/dev/input/event9")
        #expect(lines.first?.kind == "touchpad")
        #expect(lines.compactMap(\.event) == TestSupport.touchpadTap)
        #expect(lines.last?.end == "timedOut")
        #expect(lines.last?.dropped == 0)
    }

    /// A touchscreen corpus recording through `tactile mock`: discovery sees a
    /// touchscreen with its slots and size, libevdev reads back the recorded
    /// description, and the probe receives every event in order.
    @Test func touchscreenRecording() throws {
        let path = Self.repository.appendingPathComponent("Recordings/touchscreen-atmel-four-finger-drag.json").path
        let recording = try RecordingReader.read(contentsOf: path)
        let directory = try TemporaryDirectory.create(prefix: "tactile-testbed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let node = "/dev/input/event7"

        let mock = try TestSupport.run(try tactile(), ["mock", path, directory.path, "--node", node])
        #expect(mock.status == 0, "stderr: \(mock.standardError)")
        let base = directory.path + "/touchscreen-atmel-four-finger-drag"
        let files = TestbedFiles(umockdev: base + ".umockdev", ioctl: base + ".ioctl", events: base + ".events", node: node)
        #expect(mock.lines.last == files.shellCommand(running: ["tactile", "devices"]))
        #expect(mock.standardOutput.contains("\(recording.events.count) events"))

        #expect(try describe(node, files) == recording.device)

        let listing = try run(files, [try tactile(), "devices", "--json"])
        #expect(listing.status == 0, "stderr: \(listing.standardError)")
        let devices = try JSONDecoder().decode([UmockdevTests.ListedDevice].self, from: Data(listing.standardOutput.utf8))
        let screen = try #require(devices.first { $0.path == node }, "listed: \(listing.standardOutput)")
        let expected = DiscoveredDevice(path: node, description: recording.device)
        let size = try #require(expected.surfaceSize)
        #expect(screen.kind == "touchscreen")
        #expect(screen.slots == 10)
        #expect(screen.slots == recording.device.slotCount)
        #expect(screen.name == "Atmel maXTouch Touchscreen")
        #expect(screen.widthMillimetres == (size.width * 10).rounded() / 10)
        #expect(screen.heightMillimetres == (size.height * 10).rounded() / 10)
        #expect(screen.sizeEstimated == expected.sizeIsEstimated)

        let lines = try TestSupport.parseProbe(try run(files, [try probe(), node, "--timeout", "1"]))
        #expect(lines.first?.kind == "touchscreen")
        #expect(lines.first?.slots == 10)
        let received = lines.compactMap(\.event)
        #expect(received.count == recording.events.count)
        #expect(received.map(Triple.init) == recording.events.map(Triple.init))
        // umockdev replays the recorded timestamps too (they start at 0 here).
        #expect(received == recording.events)
        #expect(lines.last?.end == "timedOut")
        #expect(lines.last?.dropped == 0)
    }
}
