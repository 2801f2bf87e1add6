// The capabilities of each virtual device the service creates.
import Tactile

/// What each ``VirtualDeviceTemplate`` announces.
package enum VirtualDeviceLayout {
    /// `MT_TOOL_PALM`: the tool type that makes libinput cancel a touch.
    static let palmTool: Int32 = 2
    /// `KEY_ESC` … `KEY_MICMUTE`: the keyboard's keys.
    static let keyboardKeys: ClosedRange<UInt16> = 1...248
    /// `BUS_VIRTUAL`, and ids that name the service (vendor 0x7461 "ta").
    package static let identity = DeviceIdentity(bustype: 0x06, vendor: 0x7461, product: 0x0001, version: 1)
    /// `REL_HWHEEL`, `REL_WHEEL`, `REL_WHEEL_HI_RES`, `REL_HWHEEL_HI_RES`.
    static let wheelCodes: [UInt16] = [0x06, 0x08, 0x0b, 0x0c]

    static func description(of template: VirtualDeviceTemplate, name: String) -> DeviceDescription {
        switch template {
        case .touchCopy(let source):
            var axes = source.axes
            if source.axis(AbsCode.mtSlot) != nil, source.axis(AbsCode.mtToolType) == nil {
                axes.append(AbsoluteAxis(code: AbsCode.mtToolType, minimum: 0, maximum: palmTool))
            }
            return DeviceDescription(
                name: name, identity: source.identity, properties: source.properties, keys: source.keys,
                axes: axes, otherCodes: source.otherCodes, kind: source.kind
            )
        case .keyboard:
            return DeviceDescription(name: name, identity: identity, keys: Array(keyboardKeys), kind: .other)
        case .pointer(let x, let y):
            return DeviceDescription(
                name: name, identity: identity,
                keys: [KeyCode.buttonLeft, KeyCode.buttonRight, KeyCode.buttonMiddle],
                axes: [AbsoluteAxis(code: AbsCode.x, minimum: x.minimum, maximum: x.maximum, resolution: x.resolution),
                       AbsoluteAxis(code: AbsCode.y, minimum: y.minimum, maximum: y.maximum, resolution: y.resolution)],
                otherCodes: [EventCodeSet(type: .rel, codes: wheelCodes)], kind: .other
            )
        }
    }
}
