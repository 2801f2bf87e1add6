// Devices no Linux device could be, in every format: refused with the field and the limit, or replayed without a trap.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

/// A recording is refused when its device claims more than any Linux device
/// can have (more slots than the kernel allows, a slot axis that does not
/// start at 0), with a message naming the axis and the limit; absurd values
/// elsewhere (an Int32-wide pressure axis) replay without a trap.
@MainActor
@Suite struct DeviceLimitTests {
    /// The touchpad tap of the corpus with its slot axis changed by `change`.
    static func recording(_ change: (inout AbsoluteAxis) -> Void, code: UInt16 = AbsCode.mtSlot) throws -> Recording {
        var recording = try Recording(contentsOf: Repository.recordings + "/synthetic/touchpad-pans.json")
        let index = try #require(recording.device.axes.firstIndex { $0.code == code })
        change(&recording.device.axes[index])
        return recording
    }

    /// The corpus touchpad's recording in each format a reader and a writer
    /// share, its slot axis (0…4) given `minimum…maximum` in the text: the
    /// writers refuse to write what the readers refuse.
    static func texts(slots minimum: Int32 = 0, _ maximum: Int32) throws -> [(RecordingFormat, String)] {
        let recording = try recording { _ in }
        func replacing(_ text: String, _ original: String, _ replacement: String) throws -> String {
            try #require(text.contains(original), "\(original)")
            return text.replacingOccurrences(of: original, with: replacement)
        }
        return [
            (.tactile, try replacing(try RecordingWriter.text(for: recording), "{\"code\": 47, \"minimum\": 0, \"maximum\": 4,",
                                     "{\"code\": 47, \"minimum\": \(minimum), \"maximum\": \(maximum),")),
            (.evemu, try replacing(try RecordingExporter.text(for: recording, as: .evemu), "A: 2f 0 4 0 0 0", "A: 2f \(minimum) \(maximum) 0 0 0")),
            (.libinputRecord, try replacing(try RecordingExporter.text(for: recording, as: .libinputRecord), "47: [0, 4, 0, 0, 0]",
                                            "47: [\(minimum), \(maximum), 0, 0, 0]")),
        ]
    }

    @Test("a slot axis of 0…2³¹−1 is refused in every format, naming the limit", arguments: [Int32.max, 49_999_999, 1024])
    func tooManySlots(maximum: Int32) throws {
        for (format, text) in try Self.texts(maximum) {
            let error = try #require(throws: RecordingError.self) { try RecordingImporter.parse(text, file: "slots", as: format) }
            #expect(error.problem == .outOfRange, "\(format): \(error)")
            #expect(error.message.contains("\(Int(maximum) + 1) slots; Linux gives a device at most 1024"), "\(format): \(error)")
            #expect(error.line != nil || error.path != nil, "\(format): \(error) says where")
        }
    }

    @Test("what the readers refuse, the writers do not write", arguments: [RecordingFormat.tactile, .evemu, .libinputRecord])
    func writersRefuse(format: RecordingFormat) throws {
        let recording = try Self.recording { $0.maximum = 49_999_999 }
        let error = try #require(throws: RecordingError.self) {
            _ = format == .tactile ? try RecordingWriter.text(for: recording) : try RecordingExporter.text(for: recording, as: format)
        }
        #expect(error.problem == .notRepresentable, "\(error)")
        #expect(error.message.contains("50000000 slots"), "\(error)")
    }

    @Test("1024 slots, the most Linux allows, are read")
    func mostSlots() throws {
        for (format, text) in try Self.texts(1023) {
            let read = try RecordingImporter.parse(text, file: "slots", as: format)
            #expect(read.device.slotCount == 1024, "\(format)")
        }
    }

    @Test("a slot axis that does not start at 0 is refused")
    func slotsFromOne() throws {
        for (format, text) in try Self.texts(slots: 1, 4) {
            let error = try #require(throws: RecordingError.self) { try RecordingImporter.parse(text, file: "slots", as: format) }
            #expect(error.message.contains("does not start at 0"), "\(format): \(error)")
            if format == .tactile { #expect(error.path == "device.axes[3]", "\(error)") }
        }
    }

    @Test("a description built in code never sizes more than 1024 slots")
    func builtInCode() throws {
        let recording = try Self.recording { $0.maximum = .max }
        #expect(recording.device.slotCount == DeviceLimits.maximumSlots)
        let outcome = RecordingReplay.run(recording)
        #expect(outcome.log.records.count > 0)
    }

    @Test("an Int32-wide pressure axis replays without a trap", arguments: [AbsCode.mtPressure, AbsCode.pressure])
    func widePressure(code: UInt16) throws {
        var recording = try Self.recording({ axis in
            axis.minimum = .min
            axis.maximum = .max
        }, code: code)
        recording.device.kind = .touchpad
        let outcome = RecordingReplay.run(recording)
        #expect(outcome.log.records.count > 0)
    }
}
