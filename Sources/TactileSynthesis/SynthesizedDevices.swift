// Device descriptions the synthesizer ships, modelled on real touchpads and touchscreens.
import Tactile

/// Device descriptions for synthesized gestures, modelled on real hardware.
///
/// Any other `DeviceDescription` with multitouch position axes works with
/// ``GestureSynthesizer`` too; these three cover the common shapes: a modern
/// clickpad, a large touchscreen, and an older touchpad that counts more
/// fingers than it can track.
public enum SynthesizedDevices {
    /// A modern I²C HID clickpad (Windows Precision Touchpad class), about
    /// 108 × 67 mm: 0…1300 × 0…800 units at 12 units/mm, five slots,
    /// `BTN_TOOL_FINGER` … `BTN_TOOL_QUINTTAP`, pressure, `MSC_TIMESTAMP`,
    /// `INPUT_PROP_POINTER` and `INPUT_PROP_BUTTONPAD`. Reports at about 80 Hz.
    public static let touchpad = DeviceDescription(
        name: "Tactile Synthesized Touchpad",
        identity: DeviceIdentity(bustype: 0x18, vendor: 0, product: 0, version: 0x100),
        properties: [InputProperty.pointer, InputProperty.buttonPad],
        keys: [KeyCode.buttonLeft] + fingerCountKeys,
        axes: axes(x: 0...1300, y: 0...800, resolution: (12, 12), slots: 5, legacy: [pressure], after: [mtPressure]),
        otherCodes: [EventCodeSet(type: .msc, codes: [MscCode.timestamp])]
    )

    /// A 12.5" touchscreen (HID multitouch, `INPUT_PROP_DIRECT`), about
    /// 273 × 154 mm: 0…4095 × 0…2303 units at 15 units/mm, ten slots,
    /// `ABS_MT_TOUCH_MAJOR` in position units, legacy `ABS_X`/`ABS_Y` and
    /// `BTN_TOUCH`. Reports at about 120 Hz.
    public static let touchscreen = DeviceDescription(
        name: "Tactile Synthesized Touchscreen",
        identity: DeviceIdentity(bustype: 0x18, vendor: 0, product: 0, version: 0x100),
        properties: [InputProperty.direct],
        keys: [KeyCode.touch],
        axes: axes(x: 0...4095, y: 0...2303, resolution: (15, 15), slots: 10,
                   before: [AbsoluteAxis(code: AbsCode.mtTouchMajor, minimum: 0, maximum: 255)])
    )

    /// A PS/2 touchpad with two slots that counts up to five fingers through
    /// `BTN_TOOL_*`, like the Synaptics pads of the 2010s (axes taken from a
    /// Lenovo P50: 1266…5676 × 1100…4754 at 45 × 68 units/mm, about
    /// 98 × 54 mm, with different resolutions on the two axes). A third
    /// finger shows only in the tool count. Reports at about 80 Hz.
    public static let twoSlotTouchpad = DeviceDescription(
        name: "Tactile Synthesized Two-Slot Touchpad",
        identity: DeviceIdentity(bustype: 0x11, vendor: 0x2, product: 0x7, version: 0x1b1),
        properties: [InputProperty.pointer],
        keys: [KeyCode.buttonLeft, KeyCode.buttonRight, KeyCode.buttonMiddle] + fingerCountKeys,
        axes: axes(x: 1266...5676, y: 1100...4754, resolution: (45, 68), slots: 2,
                   legacy: [pressure, AbsoluteAxis(code: AbsCode.toolWidth, minimum: 0, maximum: 15)], after: [mtPressure])
    )

    /// `BTN_TOOL_FINGER` … `BTN_TOOL_QUINTTAP` and `BTN_TOUCH`: a touchpad
    /// that counts its fingers, in the order the kernel's drivers set them.
    private static let fingerCountKeys = [
        KeyCode.toolFinger, KeyCode.toolQuintTap, KeyCode.touch, KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.toolQuadTap,
    ]
    private static let pressure = AbsoluteAxis(code: AbsCode.pressure, minimum: 0, maximum: 255)
    private static let mtPressure = AbsoluteAxis(code: AbsCode.mtPressure, minimum: 0, maximum: 255)

    /// A multitouch device's axes: `ABS_X`/`ABS_Y` and then `legacy`, the
    /// `slots`, then `before`, `ABS_MT_POSITION_X`/`_Y` over the same ranges
    /// and resolutions as `ABS_X`/`ABS_Y`, `ABS_MT_TRACKING_ID` and `after`.
    private static func axes(
        x: ClosedRange<Int32>, y: ClosedRange<Int32>, resolution: (x: Int32, y: Int32), slots: Int32,
        legacy: [AbsoluteAxis] = [], before: [AbsoluteAxis] = [], after: [AbsoluteAxis] = []
    ) -> [AbsoluteAxis] {
        func position(_ xCode: UInt16, _ yCode: UInt16) -> [AbsoluteAxis] {
            [AbsoluteAxis(code: xCode, minimum: x.lowerBound, maximum: x.upperBound, resolution: resolution.x),
             AbsoluteAxis(code: yCode, minimum: y.lowerBound, maximum: y.upperBound, resolution: resolution.y)]
        }
        var axes = position(AbsCode.x, AbsCode.y) + legacy
        axes.append(AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: slots - 1))
        axes += before + position(AbsCode.mtPositionX, AbsCode.mtPositionY)
        axes.append(AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535))
        return axes + after
    }

    /// The three devices above.
    public static let all: [DeviceDescription] = [touchpad, touchscreen, twoSlotTouchpad]
}
