// What libevdev says a device is: its description and its axes' current values.
import CLibevdev
import Dispatch
import Tactile
#if canImport(Glibc)
import Glibc
#endif

extension EvdevDevice {
    /// What libevdev holds for the axes of `description` now (see ``axisValues``).
    static func axisValues(_ handle: OpaquePointer, _ description: DeviceDescription) -> AxisValues {
        var values = AxisValues()
        for axis in description.axes {
            if axis.code == AbsCode.mtSlot {
                values[axis.code] = Int32(max(0, libevdev_get_current_slot(handle)))
            } else if !ProtocolAConverter.isContactCode(axis.code) {
                values[axis.code] = libevdev_get_event_value(handle, UInt32(EventType.abs.rawValue), UInt32(axis.code))
            }
        }
        return values
    }

    /// Builds a `DeviceDescription` from libevdev's view of the device.
    static func describe(_ handle: OpaquePointer) -> DeviceDescription {
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
