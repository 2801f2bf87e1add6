// Device descriptions the tests share: small hand-made touchpads and touchscreens, and the umockdev Synaptics touchpad.
import Tactile

/// Small, fully specified devices for hand-written event streams, and the
/// Synaptics touchpad of the umockdev fixture.
public enum TestDevices {
    /// A 100 × 50 mm clickpad (positions 0…999 × 0…499) with two slots that counts up to three fingers
    /// (`BTN_TOOL_TRIPLETAP`), 10 units per mm.
    public static let touchpad = DeviceDescription(
        name: "Test Touchpad",
        identity: DeviceIdentity(bustype: 0x11, vendor: 0x2, product: 0x7, version: 0x1b1),
        properties: [InputProperty.pointer, InputProperty.buttonPad],
        keys: [KeyCode.buttonLeft, KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.touch],
        axes: [
            AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 999, resolution: 10),
            AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 499, resolution: 10),
            AbsoluteAxis(code: AbsCode.pressure, minimum: 0, maximum: 255),
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 1),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 999, resolution: 10),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 499, resolution: 10),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
            AbsoluteAxis(code: AbsCode.mtPressure, minimum: 0, maximum: 255),
        ],
        otherCodes: [EventCodeSet(type: .msc, codes: [MscCode.timestamp])]
    )

    /// A 10-slot touchscreen, 1920 × 1080 positions (0…1919, 0…1079), no resolution.
    public static let touchscreen = DeviceDescription(
        name: "Test Touchscreen",
        properties: [InputProperty.direct],
        keys: [KeyCode.touch],
        axes: [
            AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 1919, resolution: 0),
            AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 1079, resolution: 0),
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 9),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 1919, resolution: 0),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 1079, resolution: 0),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
        ]
    )

    /// A single-touch resistive screen: `ABS_X`/`ABS_Y` and `BTN_TOUCH`, 4 units per mm.
    public static let singleTouch = DeviceDescription(
        name: "Test Single-Touch Screen",
        properties: [InputProperty.direct],
        keys: [KeyCode.touch],
        axes: [
            AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 799, resolution: 4),
            AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 599, resolution: 4),
        ]
    )

    /// A 200 × 100 mm touchscreen (positions 0…1999 × 0…999), 10 units per mm,
    /// on a 2000 × 1000 pt screen (1 unit = 1 pt, 10 pt per mm): round numbers for recognizer tests.
    public static let panel = DeviceDescription(
        name: "Test Panel",
        properties: [InputProperty.direct],
        keys: [KeyCode.touch],
        axes: [
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 9),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 1999, resolution: 10),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 999, resolution: 10),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
        ]
    )

    /// A 100 × 70 mm clickpad with five slots, tool types and pressure, 10
    /// units per mm: tall enough for thumb detection.
    public static let tallTouchpad = DeviceDescription(
        name: "Test Tall Touchpad",
        properties: [InputProperty.pointer, InputProperty.buttonPad],
        keys: [KeyCode.buttonLeft, KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.touch],
        axes: [
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 4),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 1000, resolution: 10),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 700, resolution: 10),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
            AbsoluteAxis(code: AbsCode.mtPressure, minimum: 0, maximum: 255),
            AbsoluteAxis(code: AbsCode.mtToolType, minimum: 0, maximum: 2),
        ]
    )

    /// litest's Synaptics RMI4 clickpad (`litest-device-synaptics-rmi4.c`,
    /// "Synaptics TM3053-004"): 0…1940 × 0…1062 at 20 units per mm, so
    /// 97 × 53.1 mm; five slots, pressure, touch size and tool type; on the
    /// RMI4 bus, so libinput takes it for a laptop's own touchpad. Thumb
    /// detection (≥ 50 mm high) and side palm bands (≥ 70 mm wide, 7.76 mm)
    /// apply; no top band (not over 55 mm high).
    public static let litestSynapticsRMI4 = DeviceDescription(
        name: "Synaptics TM3053-004",
        identity: DeviceIdentity(bustype: 0x1d, vendor: 0x6cb, product: 0x0, version: 0x0),
        properties: [InputProperty.pointer, InputProperty.buttonPad],
        keys: [KeyCode.buttonLeft, KeyCode.toolFinger, KeyCode.toolQuintTap, KeyCode.touch,
               KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.toolQuadTap],
        axes: [
            AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 1940, resolution: 20),
            AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 1062, resolution: 20),
            AbsoluteAxis(code: AbsCode.pressure, minimum: 0, maximum: 255),
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 4),
            AbsoluteAxis(code: AbsCode.mtTouchMajor, minimum: 0, maximum: 15),
            AbsoluteAxis(code: AbsCode.mtTouchMinor, minimum: 0, maximum: 15),
            AbsoluteAxis(code: AbsCode.mtOrientation, minimum: 0, maximum: 1),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 1940, resolution: 20),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 1062, resolution: 20),
            AbsoluteAxis(code: AbsCode.mtToolType, minimum: 0, maximum: 2),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
            AbsoluteAxis(code: AbsCode.mtPressure, minimum: 0, maximum: 255),
        ]
    )

    /// litest's Apple clickpad (`litest-device-bcm5974.c`): -4824…4824 ×
    /// -172…4290, sixteen slots, touch and width sizes, no MT pressure; USB,
    /// Apple's vendor id. The kernel reports no resolution; these are the
    /// ones libinput's Apple size hint (`AttrSizeHint=104x75`) gives, rounded
    /// to 93 and 60 units per mm: 103.7 × 74.4 mm. libinput (and Tactile by
    /// default) gives Apple's touchpads no palm bands.
    public static let litestBCM5974 = DeviceDescription(
        name: "bcm5974",
        identity: DeviceIdentity(bustype: 0x3, vendor: 0x5ac, product: 0x249, version: 0x0),
        properties: [InputProperty.buttonPad],
        keys: [KeyCode.buttonLeft, KeyCode.toolFinger, KeyCode.toolQuintTap, KeyCode.touch,
               KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.toolQuadTap],
        axes: [
            AbsoluteAxis(code: AbsCode.x, minimum: -4824, maximum: 4824, resolution: 93),
            AbsoluteAxis(code: AbsCode.y, minimum: -172, maximum: 4290, resolution: 60),
            AbsoluteAxis(code: AbsCode.pressure, minimum: 0, maximum: 256, fuzz: 5),
            AbsoluteAxis(code: AbsCode.toolWidth, minimum: 0, maximum: 16),
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 15),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: -4824, maximum: 4824, fuzz: 17, resolution: 93),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: -172, maximum: 4290, fuzz: 17, resolution: 60),
            AbsoluteAxis(code: AbsCode.mtOrientation, minimum: -16384, maximum: 16384, fuzz: 3276),
            AbsoluteAxis(code: AbsCode.mtTouchMajor, minimum: 0, maximum: 2048, fuzz: 81),
            AbsoluteAxis(code: AbsCode.mtTouchMinor, minimum: 0, maximum: 2048, fuzz: 81),
            AbsoluteAxis(code: AbsCode.mtWidthMajor, minimum: 0, maximum: 2048, fuzz: 81),
            AbsoluteAxis(code: AbsCode.mtWidthMinor, minimum: 0, maximum: 2048, fuzz: 81),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
        ]
    )

    /// The screen ``panel`` maps onto.
    public static let panelScreen = Screen(width: 2000, height: 1000, dotsPerInch: 254)

    /// The Synaptics touchpad of the umockdev fixture (`Fixtures/synaptics-touchpad.*`), as a description.
    public static let synaptics = DeviceDescription(
        name: "SynPS/2 Synaptics TouchPad",
        identity: DeviceIdentity(bustype: 0x11, vendor: 0x2, product: 0x7, version: 0x1b1),
        properties: [InputProperty.pointer, InputProperty.buttonPad],
        keys: [KeyCode.buttonLeft, KeyCode.toolFinger, KeyCode.toolQuintTap, KeyCode.touch,
               KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.toolQuadTap],
        axes: [
            AbsoluteAxis(code: AbsCode.x, minimum: 1472, maximum: 5768, resolution: 65),
            AbsoluteAxis(code: AbsCode.y, minimum: 1408, maximum: 5062, resolution: 136),
            AbsoluteAxis(code: AbsCode.pressure, minimum: 0, maximum: 255),
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 1),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 1472, maximum: 5768, resolution: 65),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 1408, maximum: 5062, resolution: 136),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
            AbsoluteAxis(code: AbsCode.mtPressure, minimum: 0, maximum: 255),
        ]
    )
}
