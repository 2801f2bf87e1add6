// The kiosk's 800 × 480 panel, as a Raspberry Pi's 7" display reports it, with and without a resolution.
import Tactile

/// An 800 × 480 touchscreen panel with ten slots, as the kiosk of issue 46
/// (a Raspberry Pi's 7" display): one device unit per screen point on its
/// native 800 × 480 screen.
nonisolated enum KioskPanel {
    /// The panel, reporting 5 units per millimetre: 160 × 96 mm.
    static let device = panel(resolution: 5)
    /// The same panel reporting no resolution, as the FT5406 driver does: it is sized by the screen it covers.
    static let withoutResolution = panel(resolution: 0)
    /// Its screen as made (landscape): 800 × 480 pt over 160 × 96 mm, 5 pt per mm.
    static let screen = Screen(width: 800, height: 480, dotsPerInch: 127)

    private static func panel(resolution: Int32) -> DeviceDescription {
        DeviceDescription(
            name: "Kiosk Panel",
            properties: [InputProperty.direct],
            keys: [KeyCode.touch],
            axes: [
                AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 799, resolution: resolution),
                AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 479, resolution: resolution),
                AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 9),
                AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 799, resolution: resolution),
                AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 479, resolution: resolution),
                AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
            ]
        )
    }
}
