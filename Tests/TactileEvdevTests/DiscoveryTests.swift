// Device discovery: nodes listed in order, ones that are not evdev or cannot be opened, errno mapping, sizes.
import Foundation
import Tactile
@testable import TactileEvdev
import TactileTestSupport
import Testing

@Suite struct DiscoveryTests {
    @Test func nodesAreSortedNumericallyAndOthersIgnored() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-discovery")
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["event10", "event2", "event1", "mouse0", "mice", "eventX", "by-path"] {
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data("x".utf8))
        }
        #expect(try DeviceDiscovery.eventNodeNames(in: directory.path) == ["event1", "event2", "event10"])
    }

    @Test func aNodeThatIsNotEvdevIsListedWithTheReason() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-discovery")
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("event3").path, contents: Data("x".utf8))
        let devices = try DeviceDiscovery.list(directory: directory.path)
        let path = directory.appendingPathComponent("event3").path
        #expect(devices.map(\.path) == [path])
        #expect(devices.first?.openError == .notAnEvdevNode(path: path))
        #expect(devices.first?.isOpenable == false)
        #expect(devices.first?.isTouchDevice == false)
        #expect(DeviceDiscovery.firstTouchDevice(directory: directory.path) == nil)
    }

    @Test func aMissingDirectoryIsSaidPlainly() {
        #expect(throws: EvdevError.noInputDirectory(path: "/nonexistent/tactile")) {
            try DeviceDiscovery.list(directory: "/nonexistent/tactile")
        }
        #expect(DeviceDiscovery.firstTouchDevice(directory: "/nonexistent/tactile") == nil)
    }

    @Test func openingErrorsSayWhatWentWrong() throws {
        #expect(throws: EvdevError.notFound(path: "/nonexistent/event0")) { try EvdevDevice(path: "/nonexistent/event0") }
        let directory = try TemporaryDirectory.create(prefix: "tactile-discovery")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("event0").path
        _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        #expect(throws: EvdevError.notAnEvdevNode(path: file)) { try EvdevDevice(path: file) }
        #expect(throws: EvdevError.notAnEvdevNode(path: directory.path)) { try EvdevDevice(path: directory.path) }
    }

    @Test func errnoMapping() {
        #expect(EvdevError(errno: EBUSY, path: "p", operation: "EVIOCGRAB") == .busy(path: "p"))
        #expect(EvdevError(errno: EACCES, path: "p", operation: "open") == .permissionDenied(path: "p"))
        #expect(EvdevError(errno: ENODEV, path: "p", operation: "read") == .deviceGone(path: "p"))
        #expect(EvdevError.permissionDenied(path: "p").description.contains("input"))
        #expect(EvdevError.busy(path: "p").description.contains("grab"))
        #expect(EvdevError.noTouchCapability(path: "p", name: "Keyboard").reason == "noTouchCapability")
    }

    @Test func discoveredDeviceSizeComesFromTheResolution() {
        let device = DiscoveredDevice(path: "/dev/input/event12", description: TestDevices.synaptics)
        #expect(device.kind == .touchpad)
        #expect(device.slots == 2)
        #expect(device.sizeIsEstimated == false)
        let size = device.surfaceSize ?? .zero
        #expect(abs(size.width - 4296.0 / 65) < 1e-9)
        #expect(abs(size.height - 3654.0 / 136) < 1e-9)

        var noResolution = TestDevices.synaptics
        noResolution.axes = noResolution.axes.map {
            AbsoluteAxis(code: $0.code, minimum: $0.minimum, maximum: $0.maximum)
        }
        #expect(DiscoveredDevice(path: "x", description: noResolution).sizeIsEstimated)

        let keyboard = DeviceDescription(name: "Keyboard", keys: [30, 31])
        let other = DiscoveredDevice(path: "y", description: keyboard)
        #expect(other.kind == .other)
        #expect(other.surfaceSize == nil)
        #expect(!other.isTouchDevice)
    }
}
