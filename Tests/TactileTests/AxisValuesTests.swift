// Axis values and the slot the events begin in.
import Foundation
import Tactile
import TactileTestSupport
import Testing

@Suite("Axis values and the slot the events begin in")
struct AxisValuesTests {
    @Test("values read 0 unless set; setting 0 removes, so equal snapshots compare equal")
    func zerosAreAbsent() {
        var values = AxisValues()
        #expect(values.isEmpty && values[AbsCode.mtSlot] == 0 && values.slot == 0)
        values[AbsCode.mtSlot] = 1
        values[AbsCode.x] = 1677
        #expect(values.count == 2 && values.slot == 1)
        #expect(values.entries.map(\.code) == [AbsCode.x, AbsCode.mtSlot], "ascending by code")
        values[AbsCode.x] = 0
        #expect(values == AxisValues([AbsCode.mtSlot: 1, AbsCode.y: 0]))
        #expect(values.description == "ABS_MT_SLOT 1")
        #expect(AxisValues().description == "none")
    }

    @Test("Codable as a list of {code, value}, ascending")
    func codable() throws {
        let values = AxisValues([AbsCode.mtSlot: 1, AbsCode.x: -5])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(values), as: UTF8.self)
        #expect(text == #"[{"code":0,"value":-5},{"code":47,"value":1}]"#)
        #expect(try JSONDecoder().decode(AxisValues.self, from: Data(text.utf8)) == values)
    }

    /// Slot 1 gets a touch with no `ABS_MT_SLOT` first, then slot 0 gets one.
    private var beginsInSlotOne: EventScript {
        var script = EventScript()
        script.frame(at: 0.00) { $0.track(5).x(100).y(100) }
        script.frame(at: 0.01) { $0.slot(0).track(6).x(500).y(300).slot(1).x(110) }
        script.frame(at: 0.02) { $0.slot(0).lift().slot(1).lift() }
        return script
    }

    @Test("events before the first ABS_MT_SLOT apply to the slot the axis values give")
    func startsInGivenSlot() {
        var assembler = TouchAssembler(device: TestDevices.touchpad, axisValues: AxisValues([AbsCode.mtSlot: 1]))
        let frames = assembler.frames(beginsInSlotOne)
        #expect(frames.map(\.phases) == [["1:began"], ["0:began", "1:moved"], ["0:ended", "1:ended"]])
        #expect(frames[1].activeTouches.count == 2)
        #expect(assembler.diagnostics.isEmpty, "\(assembler.diagnostics.summary)")
    }

    @Test("without them the stream is read from slot 0, and a finger is lost")
    func slotZeroByDefault() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        let frames = assembler.frames(beginsInSlotOne)
        #expect(frames.map { $0.activeTouches.count }.max() == 1)
        #expect(assembler.diagnostics.count(.releaseWithoutTouch) == 1)
    }

    @Test("a starting slot beyond the device's is reported, and its events ignored until a slot is named")
    func slotOutOfRange() {
        var assembler = TouchAssembler(device: TestDevices.touchpad, axisValues: AxisValues([AbsCode.mtSlot: 7]))
        let frames = assembler.frames(beginsInSlotOne)
        #expect(frames[0].touches.isEmpty)
        #expect(frames[1].phases == ["0:began"])
        #expect(assembler.diagnostics.count(.slotOutOfRange) == 1)
        #expect(assembler.diagnostics.firstOccurrence[.slotOutOfRange]?.contains("ABS_MT_SLOT 7 when the events began") == true)
    }

    @Test("a single-touch device has no slots to start in")
    func singleTouchIgnoresSlot() {
        var script = EventScript()
        script.frame(at: 0) { $0.abs(AbsCode.x, 100).abs(AbsCode.y, 100).key(KeyCode.touch, 1) }
        var assembler = TouchAssembler(device: TestDevices.singleTouch, axisValues: AxisValues([AbsCode.mtSlot: 3]))
        #expect(assembler.frames(script).map(\.phases) == [["0:began"]])
        #expect(assembler.diagnostics.isEmpty)
    }
}
