// The testbed's ioctl replies (`.ioctl`): what libevdev asks a node when it opens it, answered for the device.
import Tactile

extension TestbedWriter {
    // MARK: ioctl

    /// `EVIOCGBIT` for each type, in the order and with the buffer sizes
    /// libevdev uses (`unsigned long` arrays on a 64-bit system).
    static let bitRequests: [(type: UInt16, bytes: Int)] = [
        (0x02, 8), (0x03, 8), (0x11, 8), (0x01, 96), (0x05, 8), (0x04, 8), (0x15, 16), (0x12, 8),
    ]

    /// The `.ioctl` text: libevdev's queries and the replies of this device.
    public func ioctlText() -> String {
        var lines = ["@DEV \(node)"]
        lines.append("EVIOCGBIT(0) 8 " + Self.hex(Self.bitmap(eventTypes, bytes: 8)))
        lines.append(Self.stringReply("EVIOCGNAME(0)", device.name))
        lines.append(Self.stringReply("EVIOCGPHYS(0)", phys))
        let id = device.identity
        lines.append("EVIOCGID 0 " + Self.hex(Self.le16(id.bustype) + Self.le16(id.vendor) + Self.le16(id.product) + Self.le16(id.version)))
        lines.append("EVIOCGVERSION 0 01000100")
        lines.append("EVIOCGPROP(0) 8 " + Self.hex(Self.bitmap(device.properties.map(Int.init), bytes: 8)))
        for request in Self.bitRequests {
            let type = EventType(rawValue: request.type)
            let announced = eventTypes.contains(Int(request.type)) ? bits(type) : []
            lines.append("EVIOCGBIT(\(request.type)) \(request.bytes) " + Self.hex(Self.bitmap(announced, bytes: request.bytes)))
        }
        lines.append("EVIOCGKEY(0) 96 " + Self.hex([UInt8](repeating: 0, count: 96)))
        lines.append("EVIOCGLED(0) 8 " + Self.hex([UInt8](repeating: 0, count: 8)))
        lines.append("EVIOCGSW(0) 8 " + Self.hex([UInt8](repeating: 0, count: 8)))
        for axis in device.axes where axis.code <= 0x3f {
            let name = axis.code == 0 ? "EVIOCGABS" : "EVIOCGABS(\(axis.code))"
            let info = [axisValues[axis.code], axis.minimum, axis.maximum, axis.fuzz, axis.flat, axis.resolution].flatMap(Self.le32)
            lines.append("\(name) 0 " + Self.hex(info))
        }
        let slots = device.slotCount
        if slots > 0 {
            for axis in device.axes where axis.code >= 0x30 && axis.code <= 0x3f && axis.code != AbsCode.mtSlot {
                let value: Int32 = axis.code == AbsCode.mtTrackingID ? -1 : 0
                let state = Self.le32(Int32(axis.code)) + [Int32](repeating: value, count: slots).flatMap(Self.le32)
                lines.append("EVIOCGMTSLOTS(0) 0 " + Self.hex(state))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A string query (`EVIOCGNAME`, `EVIOCGPHYS`): the length with its NUL, then 255 bytes.
    private static func stringReply(_ request: String, _ text: String) -> String {
        var bytes = Array(text.utf8.prefix(254))
        let length = bytes.count + 1
        bytes += [UInt8](repeating: 0, count: 255 - bytes.count)
        return "\(request) \(length) " + hex(bytes)
    }

    static func bitmap(_ bits: [Int], bytes: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: bytes)
        for bit in bits where bit >= 0 && bit < bytes * 8 { out[bit / 8] |= 1 << UInt8(bit % 8) }
        return out
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xff), UInt8(value >> 8)] }

    private static func le32(_ value: Int32) -> [UInt8] {
        let raw = UInt32(bitPattern: value)
        return [UInt8(raw & 0xff), UInt8((raw >> 8) & 0xff), UInt8((raw >> 16) & 0xff), UInt8(raw >> 24)]
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        TextFormat.hexBytes(bytes)
    }
}
