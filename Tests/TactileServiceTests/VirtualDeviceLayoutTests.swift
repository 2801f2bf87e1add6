// The virtual devices' capabilities: a touch copy can cancel, the pointer clicks and scrolls.
import Tactile
import TactileService
import Testing

@Suite struct VirtualDeviceLayoutTests {
    @Test func touchCopyAddsThePalmToolTypeOnlyWhenMissing() {
        let source = DeviceDescription(
            name: "panel", properties: [InputProperty.direct], keys: [KeyCode.touch],
            axes: [AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 100), AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 100),
                   AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 9),
                   AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 100, resolution: 10),
                   AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 100, resolution: 10),
                   AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535)])
        let copy = VirtualDeviceTemplate.touchCopy(of: source).description(name: "panel (Tactile)")
        #expect(copy.axis(AbsCode.mtToolType)?.maximum == 2)
        #expect(copy.kind == .touchscreen)
        #expect(copy.axis(AbsCode.mtPositionX)?.resolution == 10)
        let again = VirtualDeviceTemplate.touchCopy(of: copy).description(name: "x")
        #expect(again.axes == copy.axes)
    }
}
