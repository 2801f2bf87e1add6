// A touch device decoded from fuzz bytes: a touchscreen or touchpad with sane or raw axis ranges and optional axes and keys.
import FuzzSupport
import Tactile

/// The device of a service harness's input (the first bytes after the flags).
///
/// - flags: bit 0 touchpad (else touchscreen); bit 1 raw axis ranges (Int32
///   minimum and maximum) instead of sane ones; bit 2 `ABS_MT_TOOL_TYPE`; bit 3
///   `ABS_MT_PRESSURE` and `ABS_PRESSURE`; bit 4 the finger-count keys; bit 5 `INPUT_PROP_DIRECT`;
/// - slots: the `ABS_MT_SLOT` maximum (mod 16: 1…16 slots; 0xFF: a raw Int32);
/// - x and y ranges (two UInt16 each, or Int32s in raw mode), a resolution byte.
package enum FuzzDevice {
    package static func decode(flags: UInt8, _ input: inout FuzzCursor) -> DeviceDescription {
        let raw = flags & 2 != 0
        let slotByte = input.byte()
        let slotMaximum = slotByte == 0xFF ? input.int32() : Int32(slotByte % 16)
        func range() -> (Int32, Int32) {
            if raw { return (input.int32(), input.int32()) }
            let minimum = Int32(Int16(bitPattern: input.uint16())) / 64
            return (minimum, minimum + 1 + Int32(input.uint16() % 16384))
        }
        let (xMin, xMax) = range(), (yMin, yMax) = range()
        let resolution = Int32(input.byte() / 8)
        var axes = [
            AbsoluteAxis(code: AbsCode.x, minimum: xMin, maximum: xMax, resolution: resolution),
            AbsoluteAxis(code: AbsCode.y, minimum: yMin, maximum: yMax, resolution: resolution),
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: slotMaximum),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: xMin, maximum: xMax, resolution: resolution),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: yMin, maximum: yMax, resolution: resolution),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
        ]
        if flags & 4 != 0 { axes.append(AbsoluteAxis(code: AbsCode.mtToolType, minimum: 0, maximum: 2)) }
        if flags & 8 != 0 {
            axes.append(AbsoluteAxis(code: AbsCode.mtPressure, minimum: 0, maximum: 255))
            axes.append(AbsoluteAxis(code: AbsCode.pressure, minimum: 0, maximum: 255))
        }
        var keys: [UInt16] = [KeyCode.touch]
        if flags & 16 != 0 { keys += [KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.toolQuadTap, KeyCode.toolQuintTap] }
        let touchpad = flags & 1 != 0
        if touchpad { keys.append(0x110) }
        let properties: [UInt16] = flags & 32 != 0 ? [1] : (touchpad ? [0] : [])
        return DeviceDescription(name: "fuzz", properties: properties, keys: keys.sorted(), axes: axes.sorted { $0.code < $1.code },
                                 kind: touchpad ? .touchpad : .touchscreen)
    }
}
