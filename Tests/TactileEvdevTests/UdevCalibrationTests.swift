// A node's udev properties and the calibration matrix libinput would apply: a made-up tree, then a umockdev testbed.
import Foundation
import Tactile
import TactileEvdev
import TactileRecording
import TactileTestSupport
import Testing

@Suite("udev properties: the uevent file, then udev's database")
struct UdevPropertiesTests {
    /// A sysfs tree and a udev database holding `event7` (13:71).
    func tree(uevent: String, database: String?) throws -> (root: URL, sysfs: String, database: String) {
        let root = try TemporaryDirectory.create(prefix: "tactile-udev")
        let device = root.appendingPathComponent("sys/class/input/event7")
        try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
        try uevent.write(to: device.appendingPathComponent("uevent"), atomically: true, encoding: .utf8)
        try "13:71\n".write(to: device.appendingPathComponent("dev"), atomically: true, encoding: .utf8)
        let data = root.appendingPathComponent("run/udev/data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        if let database { try database.write(to: data.appendingPathComponent("c13:71"), atomically: true, encoding: .utf8) }
        return (root, root.path + "/sys", data.path)
    }

    @Test("the kernel's properties and udev's, the database winning, the matrix parsed")
    func bothSources() throws {
        let (root, sysfs, database) = try tree(
            uevent: "MAJOR=13\nMINOR=71\nDEVNAME=input/event7\nLIBINPUT_CALIBRATION_MATRIX=1 0 0 0 1 0\n",
            database: "I:123\nE:ID_INPUT=1\nE:ID_INPUT_TOUCHSCREEN=1\nE:LIBINPUT_CALIBRATION_MATRIX=0 -1 1 1 0 0\nG:seat\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let properties = UdevProperties(node: "/dev/input/event7", sysfsRoot: sysfs, database: database)
        #expect(properties["DEVNAME"] == "input/event7")
        #expect(properties["ID_INPUT_TOUCHSCREEN"] == "1")
        #expect(properties["I:123"] == nil)
        #expect(try properties.calibration?.get() == .rotated(.clockwise90))
    }

    @Test("the touchscreen's mounting without opening it: the first node udev marks a touchscreen")
    func touchscreenMounting() throws {
        let (root, sysfs, database) = try tree(uevent: "DEVNAME=input/event7\n",
                                               database: "E:ID_INPUT_TOUCHSCREEN=1\nE:LIBINPUT_CALIBRATION_MATRIX=-1 0 1 0 -1 1\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let dev = root.appendingPathComponent("dev/input")
        try FileManager.default.createDirectory(at: dev, withIntermediateDirectories: true)
        for name in ["event3", "event7"] { _ = FileManager.default.createFile(atPath: dev.appendingPathComponent(name).path, contents: nil) }
        #expect(DeviceDiscovery.touchscreenMounting(directory: dev.path, sysfsRoot: sysfs, database: database) == .rotated(.clockwise180))
        try FileManager.default.removeItem(atPath: database + "/c13:71")
        #expect(DeviceDiscovery.touchscreenMounting(directory: dev.path, sysfsRoot: sysfs, database: database).isIdentity)
    }

    @Test("a matrix that is no matrix is a failure saying why; a node udev does not know has no properties")
    func problems() throws {
        let (root, sysfs, database) = try tree(uevent: "LIBINPUT_CALIBRATION_MATRIX=0 -1 1 1 0\n", database: nil)
        defer { try? FileManager.default.removeItem(at: root) }
        let properties = UdevProperties(node: "/dev/input/event7", sysfsRoot: sysfs, database: database)
        guard case .failure(let problem)? = properties.calibration else {
            Issue.record("expected a failure, got \(String(describing: properties.calibration))")
            return
        }
        #expect(problem == .wrongCount(5))
        #expect(UdevProperties(node: "/dev/input/event8", sysfsRoot: sysfs, database: database).values.isEmpty)
        #expect(UdevProperties(node: "/dev/null", sysfsRoot: sysfs, database: database).values.isEmpty)
    }
}

/// A panel whose udev entry says how it is mounted, opened through the real
/// live path under umockdev-run: libinput's default matrix, read as libinput reads it.
@Suite(.enabled(if: TestSupport.umockdevRun != nil, Comment(rawValue: TestSupport.umockdevMissing)))
struct UdevCalibrationLiveTests {
    func probeLine(_ calibration: SurfaceTransform?, device: DeviceDescription) throws -> TestSupport.ProbeLine {
        let probe = try #require(TestSupport.product("tactile-evdev-probe"), "tactile-evdev-probe was not built next to the tests")
        let directory = try TemporaryDirectory.create(prefix: "tactile-udev-testbed")
        defer { try? FileManager.default.removeItem(at: directory) }
        var writer = try TestbedWriter(device: device, node: "/dev/input/event4")
        writer.calibration = calibration
        let files = try writer.write(to: directory.path, name: "panel")
        let line = files.commandLine(running: [probe, files.node, "--timeout", "0.2"], umockdevRun: try #require(TestSupport.umockdevRun))
        let output = try TestSupport.run(line[0], Array(line.dropFirst()))
        return try #require(try TestSupport.parseProbe(output).first { $0.opened != nil }, "probe: \(output.standardOutput) \(output.standardError)")
    }

    @Test("a touchscreen's LIBINPUT_CALIBRATION_MATRIX is its default transform")
    func touchscreen() throws {
        #expect(try probeLine(.rotated(.clockwise180), device: TestDevices.panel).calibration == "-1 0 1 0 -1 1")
        #expect(try probeLine(nil, device: TestDevices.panel).calibration == nil)
    }

    @Test("a touchpad's is ignored, as libinput ignores it")
    func touchpad() throws {
        #expect(try probeLine(.rotated(.clockwise90), device: TestDevices.touchpad).calibration == nil)
    }
}
