// The evemu recordings bundled in Recordings/evemu: each parses with its known device and events, and round-trips.
import Foundation
import Tactile
import TactileRecording
import Testing

@Suite("Bundled recordings")
struct BundledRecordingTests {
    @Test("every evemu file in Recordings/evemu/ is listed here", .tags(.bundled))
    func allListed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: BundledRecordings.directory)
            .filter { $0.hasSuffix(".evemu") }
        #expect(Set(files) == Set(BundledRecordings.expectations.map(\.file)))
    }

    @Test("parses with the recorded device and every event", .tags(.bundled), arguments: BundledRecordings.expectations)
    func parses(_ expected: BundledRecordings.Expectation) throws {
        let recording = try EvemuReader.read(contentsOf: BundledRecordings.path(expected.file))
        #expect(recording.device.name == expected.deviceName)
        #expect(recording.device.slotCount == expected.slotCount)
        #expect(recording.device.kind == (expected.isTouchscreen ? .touchscreen : .touchpad))
        #expect(recording.events.count == expected.eventCount)
        #expect(recording.device.positionAxes != nil)
        #expect(recording.device.hasKey(KeyCode.touch))
        #expect(recording.events.last?.isReport == true, "a recording ends with a complete frame")
    }

    @Test("writing and reading back gives the same recording, and the same text again", .tags(.bundled), arguments: BundledRecordings.expectations)
    func roundTrip(_ expected: BundledRecordings.Expectation) throws {
        let original = try EvemuReader.read(contentsOf: BundledRecordings.path(expected.file))
        let text = EvemuWriter.text(for: original)
        let reread = try EvemuReader.parse(text, file: "written")
        #expect(reread == original)
        #expect(EvemuWriter.text(for: reread) == text)
    }

    @Test("the evemu 1.0 two-finger scroll keeps its old-format details", .tags(.bundled))
    func oldFormatDetails() throws {
        let recording = try EvemuReader.read(contentsOf: BundledRecordings.path("touchpad-two-finger-scroll.evemu"))
        let device = recording.device
        #expect(device.identity == DeviceIdentity(bustype: 0x11, vendor: 0x2, product: 0x7, version: 0x1b1))
        #expect(device.properties == [InputProperty.pointer, InputProperty.buttonPad])
        #expect(device.axis(AbsCode.mtPositionX) == AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 1472, maximum: 5472, fuzz: 8, flat: 0, resolution: 0))
        #expect(device.keys.contains(KeyCode.toolTripleTap))
        #expect(device.otherCodes.isEmpty)
        let first = try #require(recording.events.first)
        #expect(first == InputEvent(seconds: 1_358_916_661, microseconds: 266_155, type: .abs, code: AbsCode.mtSlot, value: 0))
    }

    @Test("the evemu 1.3 touchscreen keeps relative times, padded negative values and no comment text", .tags(.bundled))
    func newFormatDetails() throws {
        let recording = try EvemuReader.read(contentsOf: BundledRecordings.path("touchscreen-two-finger-touch-release.evemu"))
        #expect(recording.device.properties == [InputProperty.direct])
        #expect(recording.device.axis(AbsCode.mtToolType)?.maximum == 2)
        let first = try #require(recording.events.first)
        #expect(first == InputEvent(seconds: 0, microseconds: 1, type: .abs, code: AbsCode.mtTrackingID, value: 7))
        let lifts = recording.events.filter { $0.type == .abs && $0.code == AbsCode.mtTrackingID && $0.value == -1 }
        #expect(lifts.count == 2, "`-001` is -1")
    }
}

extension Tag {
    @Tag static var bundled: Self
}
