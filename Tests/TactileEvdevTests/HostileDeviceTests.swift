// Devices and paths that must be refused before they are read: absurd slot counts, files and devices that are no input node.
import Foundation
import Tactile
import TactileEvdev
import TactileRecording
import TactileTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What the live path refuses before it reads anything: a device announcing
/// more slots than Linux allows (libevdev would size its state by it and
/// crash), and paths that are no input character device (never opened, so
/// opening one has no side effects and a FIFO cannot block).
@Suite struct HostileDeviceTests {
    func probe() throws -> String {
        try #require(TestSupport.product("tactile-evdev-probe"), "tactile-evdev-probe was not built next to the tests")
    }

    @Test("a character device that is not an input node is refused without being opened")
    func otherCharacterDevice() throws {
        #expect(throws: EvdevError.notAnEvdevNode(path: "/dev/null")) { try EvdevDevice(path: "/dev/null") }
    }

    @Test("a FIFO with no writer is refused at once")
    func fifo() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-fifo")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("event0").path
        try #require(mkfifo(path, 0o600) == 0)
        #expect(throws: EvdevError.notAnEvdevNode(path: path)) { try EvdevDevice(path: path) }
    }

    @Test("a device announcing 50 000 000 slots is refused with the limit, before libevdev reads it",
          .enabled(if: TestSupport.umockdevRun != nil, Comment(rawValue: TestSupport.umockdevMissing)))
    func absurdSlotCount() throws {
        var device = TestDevices.synaptics
        let index = try #require(device.axes.firstIndex { $0.code == AbsCode.mtSlot })
        device.axes[index].maximum = 49_999_999
        let directory = try TemporaryDirectory.create(prefix: "tactile-slots")
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try TestbedWriter(device: device, node: "/dev/input/event9").write(to: directory.path, name: "slots")
        let line = files.commandLine(running: [try probe(), "/dev/input/event9", "--timeout", "0.1"], umockdevRun: try #require(TestSupport.umockdevRun))
        let output = try TestSupport.run(line[0], Array(line.dropFirst()))
        let lines = try TestSupport.parseProbe(output)
        #expect(lines.last?.error == "unsupportedDevice", "\(output.standardOutput) \(output.standardError)")
        #expect(lines.last?.message?.contains("50000000 slots; Linux gives a device at most 1024") == true)
        // The testbed itself stays small: the ioctl file holds at most 1024 slots' state.
        let size = try FileManager.default.attributesOfItem(atPath: files.ioctl)[.size] as? Int ?? .max
        #expect(size < 1 << 20)
    }
}
