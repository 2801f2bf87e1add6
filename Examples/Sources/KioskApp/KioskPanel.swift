// The kiosk's hardware: a Raspberry Pi's 7" touchscreen, as its kernel driver announces it, and its display.
import Tactile

/// The panel the kiosk is built for: the Raspberry Pi 7" touchscreen
/// (FT5406 controller), as its kernel driver announces it: ten slots,
/// positions 0…800 × 0…480 on the display's pixels, no resolution (so
/// millimetres come from the display it covers), a direct device.
public enum KioskPanel {
    /// The touchscreen's evdev description.
    public static let device = DeviceDescription(
        name: "raspberrypi-ts",
        properties: [InputProperty.direct],
        keys: [KeyCode.touch],
        axes: [
            AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 800),
            AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 480),
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 9),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 800),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 480),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
        ]
    )

    /// The display as made: 800 × 480 pixels over its 154.08 × 85.92 mm active area (132 dpi).
    public static let display = Screen(width: 800, height: 480, dotsPerInch: 132)
}
