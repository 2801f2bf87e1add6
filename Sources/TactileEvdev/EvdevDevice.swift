import CLibevdev
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// An evdev device opened through libevdev: its description now, its events
/// later (the live reader builds on this).
public final class EvdevDevice {
    /// The device node, such as `/dev/input/event5`.
    public let path: String
    /// What the device announces, read from libevdev.
    public let description: DeviceDescription

    private let fd: Int32
    private let handle: OpaquePointer

    /// Opens `path` read-only and non-blocking and reads its description.
    public init(path: String) throws(EvdevError) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw EvdevError(errno: errno, path: path, operation: "open") }
        var handle: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &handle)
        guard rc == 0, let handle else {
            close(fd)
            throw EvdevError(errno: -rc, path: path, operation: "libevdev_new_from_fd")
        }
        self.path = path
        self.fd = fd
        self.handle = handle
        self.description = Self.describe(handle)
    }

    deinit {
        libevdev_free(handle)
        close(fd)
    }

    /// Builds a ``DeviceDescription`` from libevdev's view of the device.
    private static func describe(_ handle: OpaquePointer) -> DeviceDescription {
        let name = libevdev_get_name(handle).map { String(cString: $0) } ?? ""
        let identity = DeviceIdentity(
            bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(handle)),
            vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(handle)),
            product: UInt16(truncatingIfNeeded: libevdev_get_id_product(handle)),
            version: UInt16(truncatingIfNeeded: libevdev_get_id_version(handle))
        )
        let properties = (0...InputProperty.max).filter { libevdev_has_property(handle, UInt32($0)) != 0 }
        let keys = (0...KeyCode.max).filter { libevdev_has_event_code(handle, UInt32(EventType.key.rawValue), UInt32($0)) != 0 }
        var axes: [AbsoluteAxis] = []
        for code in 0...AbsCode.max where libevdev_has_event_code(handle, UInt32(EventType.abs.rawValue), UInt32(code)) != 0 {
            guard let info = libevdev_get_abs_info(handle, UInt32(code))?.pointee else { continue }
            axes.append(AbsoluteAxis(code: code, minimum: info.minimum, maximum: info.maximum,
                                     fuzz: info.fuzz, flat: info.flat, resolution: info.resolution))
        }
        var other: [EventCodeSet] = []
        let otherTypes: [(EventType, UInt16)] = [(.rel, 0x0f), (.msc, MscCode.max), (.sw, 0x10), (.led, 0x0f)]
        for (type, maxCode) in otherTypes where libevdev_has_event_type(handle, UInt32(type.rawValue)) != 0 {
            let codes = (0...maxCode).filter { libevdev_has_event_code(handle, UInt32(type.rawValue), UInt32($0)) != 0 }
            if !codes.isEmpty { other.append(EventCodeSet(type: type, codes: codes)) }
        }
        return DeviceDescription(name: name, identity: identity, properties: properties, keys: keys, axes: axes, otherCodes: other)
    }
}
