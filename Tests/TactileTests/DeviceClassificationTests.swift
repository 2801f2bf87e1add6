// Device classification: touchpads, touchscreens and the devices that are neither; descriptions round-trip through Codable.
import TactileTestSupport
import Testing
@testable import Tactile

@Suite("Device classification")
struct DeviceClassificationTests {
    @Test("touchpads, touchscreens, mice with touch surfaces, pens and keyboards")
    func kinds() {
        #expect(TestDevices.touchpad.kind == .touchpad)
        #expect(TestDevices.touchscreen.kind == .touchscreen)
        #expect(TestDevices.singleTouch.kind == .touchscreen)
        let mt = [AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 15),
                  AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 100),
                  AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 100)]
        let mouse = DeviceDescription(name: "Touch Mouse", keys: [KeyCode.buttonLeft], axes: mt,
                                      otherCodes: [EventCodeSet(type: .rel, codes: [0, 1])])
        #expect(mouse.kind == .other)
        let pen = DeviceDescription(name: "Pen", keys: [KeyCode.toolPen, KeyCode.touch, KeyCode.stylus],
                                    axes: [AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 100),
                                           AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 100)])
        #expect(pen.kind == .other)
        let resistive = DeviceDescription(name: "eGalax", keys: [KeyCode.buttonLeft, KeyCode.toolPen, KeyCode.touch],
                                          axes: [AbsoluteAxis(code: AbsCode.x, minimum: 42, maximum: 1981),
                                                 AbsoluteAxis(code: AbsCode.y, minimum: 42, maximum: 1981)])
        #expect(resistive.kind == .touchscreen)
        #expect(DeviceDescription(name: "Keyboard", keys: [30, 31]).kind == .other)
        #expect(TestDevices.touchpad.slotCount == 2)
        #expect(TestDevices.touchpad.maximumFingerCount == 3)
    }

    @Test("descriptions round-trip through Codable")
    func codable() throws {
        let data = try JSONEncoderForTests.encode(TestDevices.touchpad)
        #expect(try JSONEncoderForTests.decode(DeviceDescription.self, from: data) == TestDevices.touchpad)
    }
}
