// The axis values a recording began with: read from evemu's comments, kept by every format, used by the assembler.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

/// The axis values a recording began with (above all the current slot): read
/// from evemu's comment block, kept through every format that has a place
/// for them, and used by the assembler.
@Suite("Recordings keep the axis values they began with")
struct AxisValuesRecordingTests {
    /// The hand-made fixture: its first events belong to slot 1.
    static let fixture = InteropData.fixture("evemu-begins-in-slot-1.evemu")
    static let expected = AxisValues([AbsCode.x: 520, AbsCode.y: 300, AbsCode.mtSlot: 1])

    @Test("evemu's comment block gives the values; the assembler starts in slot 1 and sees both fingers")
    func evemuComments() throws {
        let evemu = try EvemuReader.read(contentsOf: Self.fixture)
        #expect(evemu.axisValues == Self.expected)
        let recording = Recording(evemu: evemu)
        #expect(recording.axisValues == Self.expected)
        let statistics = TouchStatistics(recording)
        #expect(statistics.touches == 2 && statistics.ended == 2 && statistics.maximumSimultaneous == 2, "\(statistics)")
        #expect(recording.summary.maxTouches == 2)
        var fromSlotZero = recording
        fromSlotZero.axisValues = AxisValues()
        #expect(TouchStatistics(fromSlotZero).maximumSimultaneous == 1, "read from slot 0, a finger is lost")
    }

    @Test("comment lines that are not evemu's block, or values for axes the device lacks, are passed over")
    func oddComments() throws {
        let text = """
            # EVEMU 1.3
            #   Event type 3 (EV_ABS)
            #     Event code 47 (ABS_MT_SLOT)
            #       Value        one
            #     Event code 53 (ABS_MT_POSITION_X)
            #       Value       12
            #     Event code 99 (nothing)
            #       Value       12
            #   Event type 1 (EV_KEY)
            #     Event code 0 (ABS_X)
            #       Value        7
            # Value 5
            N: Pad
            I: 0003 0001 0002 0003
            A: 2f 0 1 0 0 0
            A: 00 0 100 0 0 0
            E: 0.000001 0000 0000 0000
            E: 0.000002 0003 002f 0001\r
            """
        let evemu = try EvemuReader.parse(text)
        #expect(evemu.axisValues.isEmpty, "\(evemu.axisValues)")
    }

    @Test("a .desc with the comment block gives its values to the events beside it")
    func splitFiles() throws {
        let text = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let description = lines.filter { !$0.hasPrefix("E:") }.joined(separator: "\n")
        let events = lines.filter { $0.hasPrefix("E:") }.joined(separator: "\n") + "\n"
        try TemporaryDirectory.with { directory in
            try description.write(toFile: directory + "/Pad.desc", atomically: false, encoding: .utf8)
            try events.write(toFile: directory + "/Pad.two-fingers.events", atomically: false, encoding: .utf8)
            let recording = try EvemuReader.read(contentsOf: directory + "/Pad.two-fingers.events")
            #expect(recording.axisValues == Self.expected)
        }
    }

    @Test("evemu text written with values reads back the same; without values no block is written")
    func evemuRoundTrip() throws {
        let original = try EvemuReader.read(contentsOf: Self.fixture)
        let text = EvemuWriter.text(for: original)
        #expect(text.contains("#     Event code 47 (ABS_MT_SLOT)\n#       Value"))
        #expect(try EvemuReader.parse(text) == original)
        var plain = original
        plain.axisValues = AxisValues()
        #expect(!EvemuWriter.text(for: plain).contains("Event code"))
        #expect(try EvemuReader.parse(EvemuWriter.text(for: plain)) == plain)
    }

    @Test("Tactile JSON: version 2 with axisValues, read back the same; version 1 without")
    func json() throws {
        let recording = try Recording(contentsOf: Self.fixture)
        let text = try RecordingWriter.text(for: recording)
        #expect(text.contains("\"version\": 2,"))
        #expect(text.contains("\"axisValues\": [{\"code\": 0, \"value\": 520}, {\"code\": 1, \"value\": 300}, {\"code\": 47, \"value\": 1}],\n  \"summary\""))
        let result = try RecordingReader.readWithWarnings(bytes: Array(text.utf8))
        #expect(result.version == 2)
        #expect(result.recording == recording)
        #expect(try RecordingReader.header(bytes: Array(text.utf8)).axisValues == Self.expected)

        var plain = recording
        plain.axisValues = AxisValues()
        let plainText = try RecordingWriter.text(for: plain)
        #expect(plainText.contains("\"version\": 1,") && !plainText.contains("axisValues"))
    }

    @Test("a streamed replay starts in the recording's slot too")
    @MainActor
    func streamedReplay() throws {
        let recording = try Recording(contentsOf: Self.fixture)
        try TemporaryDirectory.with { directory in
            let path = directory + "/slot-1.json"
            try RecordingWriter.write(recording, to: path)
            let stream = try RecordingReader.events(contentsOf: path)
            let streamed = RecordingReplay.run(device: stream.header.device, screen: stream.header.screen,
                                               axisValues: stream.header.axisValues, events: stream)
            let whole = RecordingReplay.run(recording)
            #expect(streamed.log.records == whole.log.records)
            #expect(whole.log.records.contains { $0.recognizer == "pan" && $0.state == .began && $0.touches == 2 })
            #expect(whole.diagnostics.isEmpty, "\(whole.diagnostics.summary)")
        }
    }

    @Test("a journal keeps the values and a recovered recording has them")
    func journal() throws {
        let recording = try Recording(contentsOf: Self.fixture)
        let header = RecordingJournal.Header(device: recording.device, screen: recording.screen, axisValues: recording.axisValues)
        var text = try RecordingJournal.line(for: header) + "\n"
        for event in recording.events { text += RecordingJournal.line(for: event) + "\n" }
        let recovered = try RecordingJournal.recover(bytes: Array(text.utf8))
        #expect(recovered.recording.axisValues == Self.expected)
        #expect(recovered.recording.events == recording.events)
        let plain = try RecordingJournal.line(for: RecordingJournal.Header(device: recording.device))
        #expect(!plain.contains("axisValues"), "no key when all axes were at 0")
    }

    @Test("inputactions stroke_n_3 begins in slot 1 and, so read, shows its three fingers",
          .enabled(if: InteropData.external("inputactions-evemu/touchpad/stroke_n_3") != nil,
                   "shared/external/inputactions-evemu is not beside the package"))
    func strokeN3() throws {
        let path = try #require(InteropData.external("inputactions-evemu/touchpad/stroke_n_3"))
        let recording = try Recording(contentsOf: path)
        #expect(recording.axisValues.slot == 1)
        let statistics = TouchStatistics(recording)
        #expect(statistics.maximumSimultaneous == 3, "\(statistics)")
        #expect(statistics.touches == 3 && statistics.ended == 3, "\(statistics)")
        var fromSlotZero = recording
        fromSlotZero.axisValues = AxisValues()
        #expect(TouchStatistics(fromSlotZero).maximumSimultaneous < 3, "slot 0 loses a finger, as libinput does without the slot")
    }
}
