// TouchAssembler: protocol B streams, other devices and finger counts.

import TactileTestSupport
import Testing
@testable import Tactile

@Suite("TouchAssembler: protocol B")
struct ProtocolBTests {
    @Test("two touches land, then a partial update moves only one of them")
    func partialUpdates() throws {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        var script = EventScript()
        script.frame(at: 1.0) {
            $0.slot(0).track(10).x(100).y(100)
            $0.slot(1).track(11).x(500).y(250)
            $0.key(KeyCode.touch, 1).key(KeyCode.toolDoubleTap, 1)
        }
        script.frame(at: 1.01) { $0.x(520) }  // still slot 1, only X changes
        let frames = assembler.frames(script)
        #expect(frames.count == 2)
        #expect(frames[0].phases == ["0:began", "1:began"])
        #expect(frames[1].phases == ["0:stationary", "1:moved"])
        let moved = frames[1].touches[1]
        #expect(moved.trackingID == 11)
        #expect(moved.surfaceLocation == Point(x: 52, y: 25))  // 10 units per mm
        #expect(moved.location.isClose(to: Point(x: 998.4, y: 540)))
        #expect(moved.id == frames[0].touches[1].id)
        #expect(moved.beganAt == 1.0)
        #expect(moved.timestamp == 1.01)
        #expect(assembler.diagnostics.isEmpty)
    }

    @Test("slot 0 is implied before the first ABS_MT_SLOT")
    func implicitSlotZero() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        var script = EventScript()
        script.frame(at: 0) { $0.track(3).x(10).y(20).key(KeyCode.touch, 1) }
        let frames = assembler.frames(script)
        #expect(frames[0].phases == ["0:began"])
        #expect(frames[0].touches[0].surfaceLocation == Point(x: 1, y: 2))
    }

    @Test("a touch that begins and ends within one frame is reported once, ended")
    func beginAndEndInOneFrame() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        var script = EventScript()
        script.frame(at: 2.0) { $0.slot(0).track(4).x(300).y(200).lift() }
        script.frame(at: 2.01)
        let frames = assembler.frames(script)
        #expect(frames[0].phases == ["0:ended"])
        #expect(frames[0].touches[0].beganAt == 2.0)
        #expect(frames[0].touches[0].surfaceLocation == Point(x: 30, y: 20))
        #expect(frames[1].touches.isEmpty, "no stuck touch afterwards")
    }

    @Test("a new tracking id in an occupied slot ends the old touch and begins a new one")
    func trackingIDReplacement() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(5).x(100).y(100) }
        script.frame(at: 0.01) { $0.track(6).x(900) }  // no -1 in between
        let frames = assembler.frames(script)
        #expect(frames[1].phases == ["0:ended", "0:began"])
        #expect(frames[1].touches[0].trackingID == 5)
        #expect(frames[1].touches[0].surfaceLocation.x == 10, "the old touch ends where it was")
        #expect(frames[1].touches[1].trackingID == 6)
        #expect(frames[1].touches[1].surfaceLocation.x == 90)
        #expect(frames[1].touches[0].id != frames[1].touches[1].id)
    }

    @Test("a tracking id reused after a lift is a new touch; a repeated id is not")
    func trackingIDReuse() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(5).x(100).y(100) }
        script.frame(at: 0.01) { $0.track(5) }  // same id again: nothing new
        script.frame(at: 0.02) { $0.lift() }
        script.frame(at: 0.03) { $0.track(5) }  // same id, new finger; position unchanged, so not resent
        let frames = assembler.frames(script)
        #expect(frames.map(\.phases) == [["0:began"], ["0:stationary"], ["0:ended"], ["0:began"]])
        #expect(frames[3].touches[0].id != frames[0].touches[0].id)
        #expect(frames[3].touches[0].surfaceLocation == Point(x: 10, y: 10), "the slot keeps its last position")
        #expect(assembler.diagnostics.isEmpty)
    }
}

@Suite("TouchAssembler: other devices and finger counts")
struct DeviceVariantTests {
    @Test("single-touch devices: ABS_X/ABS_Y with BTN_TOUCH")
    func singleTouch() {
        var assembler = TouchAssembler(device: TestDevices.singleTouch, screen: Screen(width: 800, height: 600))
        var script = EventScript()
        script.frame(at: 0) { $0.key(KeyCode.touch, 1).abs(AbsCode.x, 400).abs(AbsCode.y, 300) }
        script.frame(at: 0.02) { $0.abs(AbsCode.x, 440) }
        script.frame(at: 0.04) { $0.abs(AbsCode.pressure, 9) }  // undeclared: counted, ignored
        script.frame(at: 0.06) { $0.key(KeyCode.touch, 0) }
        let frames = assembler.frames(script)
        #expect(frames.map(\.phases) == [["0:began"], ["0:moved"], ["0:stationary"], ["0:ended"]])
        #expect(frames[1].touches[0].surfaceLocation == Point(x: 110, y: 75))
        #expect(frames[1].touches[0].location.isClose(to: Point(x: 440, y: 300)))
        #expect(frames[3].fingerCount == 0)
        #expect(assembler.diagnostics.count(.undeclaredCode) == 1)
    }

    @Test("three fingers on a two-slot touchpad: the frame counts three")
    func moreFingersThanSlots() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        var script = EventScript()
        script.frame(at: 0) {
            $0.slot(0).track(1).x(100).y(100).slot(1).track(2).x(300).y(100)
            $0.key(KeyCode.touch, 1).key(KeyCode.toolDoubleTap, 1)
        }
        script.frame(at: 0.01) { $0.key(KeyCode.toolDoubleTap, 0).key(KeyCode.toolTripleTap, 1) }
        script.frame(at: 0.02) { $0.key(KeyCode.toolTripleTap, 0).key(KeyCode.toolDoubleTap, 1) }
        let frames = assembler.frames(script)
        #expect(frames.map(\.fingerCount) == [2, 3, 2])
        #expect(frames[1].touches.count == 2, "only two positions are known")
    }

    @Test("tool keys add nothing on a device with a slot for every finger they count (N-Trig's BTN_TOOL_DOUBLETAP for one finger)")
    func redundantToolKeys() {
        var device = TestDevices.touchscreen
        device.keys = [KeyCode.touch, KeyCode.toolDoubleTap]
        var assembler = TouchAssembler(device: device)
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(1).x(100).y(100).key(KeyCode.touch, 1).key(KeyCode.toolDoubleTap, 1) }
        script.frame(at: 0.01) { $0.slot(1).track(2).x(300).y(100) }
        #expect(assembler.frames(script).map(\.fingerCount) == [1, 2])
    }

    @Test("an untracked finger taking a freed slot keeps the time it landed")
    func untrackedFingerHandover() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        var script = EventScript()
        script.frame(at: 0) {
            $0.slot(0).track(1).x(100).y(100).slot(1).track(2).x(300).y(100)
            $0.key(KeyCode.touch, 1).key(KeyCode.toolTripleTap, 1)
        }
        script.frame(at: 0.3) { $0.slot(0).lift().key(KeyCode.toolTripleTap, 0).key(KeyCode.toolDoubleTap, 1) }
        script.frame(at: 0.31) { $0.slot(0).track(3).x(500).y(100) }  // the third finger, down since 0
        script.frame(at: 0.5) { $0.slot(0).lift().key(KeyCode.toolDoubleTap, 0).key(KeyCode.toolFinger, 1) }
        script.frame(at: 0.6) { $0.slot(0).track(4).x(700).y(100).key(KeyCode.toolFinger, 0).key(KeyCode.toolDoubleTap, 1) }  // a new finger
        let frames = assembler.frames(script)
        #expect(frames[2].touches.first { $0.trackingID == 3 }?.beganAt == 0)
        #expect(frames[4].touches.first { $0.trackingID == 4 }?.beganAt == 0.6)
    }

    @Test("a hovering finger (BTN_TOOL_FINGER without BTN_TOUCH) is no touch")
    func hoverIsNotATouch() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        var script = EventScript()
        script.frame(at: 0) { $0.key(KeyCode.toolFinger, 1) }
        #expect(assembler.frames(script)[0].fingerCount == 0)
    }

    @Test("no resolution: a touchscreen covers its screen, each axis sized by it, warned once")
    func estimatedResolution() throws {
        var assembler = TouchAssembler(device: TestDevices.touchscreen, screen: .standard)
        #expect(assembler.mapping.sizeSource == .screen && assembler.mapping.isEstimated)
        #expect(abs(assembler.mapping.surfaceSize.width - 508) < 0.01, "a touchscreen covers its 1920 pt, 96 dpi screen")
        #expect(abs(assembler.mapping.surfaceSize.height - 285.75) < 0.01, "and its 1080 pt")
        #expect(assembler.diagnostics.count(.resolutionEstimated) == 1)
        var script = EventScript()
        script.frame(at: 0) { $0.track(1).x(960).y(540) }
        let touch = assembler.frames(script)[0].touches[0]
        #expect(abs(touch.surfaceLocation.x - 960 * 508 / 1919) < 0.01)
        #expect(abs(touch.surfaceLocation.y - 540 * 285.75 / 1079) < 0.01)
        #expect(touch.location.isClose(to: Point(x: 960, y: 540)))
        #expect(assembler.diagnostics.count(.resolutionEstimated) == 1)
        let message = try #require(assembler.diagnostics.firstOccurrence[.resolutionEstimated])
        #expect(message == "Test Touchscreen: no axis resolution; sized as its screen (1920×1080 pt at 96 dpi), 508 × 286 mm; "
            + "pass --screen/--dpi or give the recording its screen for real millimetres")
    }

    @Test("a square-unit panel without resolution gets non-square units from a wide screen")
    func nonSquareUnits() {
        var device = TestDevices.touchscreen
        device.axes = device.axes.map { axis in
            var axis = axis
            if axis.code == AbsCode.mtPositionX || axis.code == AbsCode.mtPositionY { axis.maximum = 4095 }
            return axis
        }
        let mapping = SurfaceMapping(device: device, screen: .standard)
        #expect(abs(mapping.surfaceSize.width - 508) < 1e-9 && abs(mapping.surfaceSize.height - 285.75) < 1e-9, "not 508 × 508")
        #expect(abs(mapping.unitsPerMillimetreX - 4095 / 508) < 1e-9 && abs(mapping.unitsPerMillimetreY - 4095 / 285.75) < 1e-9)
        let portrait = SurfaceMapping(device: device, screen: Screen(width: 800, height: 1280, dotsPerInch: 160))
        #expect(abs(portrait.surfaceSize.width - 127) < 1e-9 && abs(portrait.surfaceSize.height - 203.2) < 1e-9)
    }

    @Test("touchpads without resolution are taken as 100 mm wide, units square, warned with the size")
    func estimatedTouchpad() throws {
        var device = TestDevices.touchpad
        device.axes = device.axes.map { axis in
            var axis = axis
            axis.resolution = 0
            return axis
        }
        let assembler = TouchAssembler(device: device)
        #expect(assembler.mapping.sizeSource == .typicalTouchpad)
        #expect(assembler.mapping.surfaceSize == Size(width: 100, height: 100 * 499 / 999))
        let message = try #require(assembler.diagnostics.firstOccurrence[.resolutionEstimated])
        #expect(message.contains("typical touchpad, 100 mm along its longer side: 100 × 50 mm"))
    }

    @Test("one axis without resolution takes the other's")
    func oneAxisEstimated() throws {
        var device = TestDevices.touchpad
        device.axes = device.axes.map { axis in
            var axis = axis
            if axis.code == AbsCode.mtPositionY { axis.resolution = 0 }
            return axis
        }
        let assembler = TouchAssembler(device: device)
        #expect(assembler.mapping.sizeSource == .otherAxis)
        #expect(assembler.mapping.surfaceSize == Size(width: 99.9, height: 49.9))
        let message = try #require(assembler.diagnostics.firstOccurrence[.resolutionEstimated])
        #expect(message.contains("no resolution on ABS_MT_POSITION_Y; taken as ABS_MT_POSITION_X's"))
    }
}
