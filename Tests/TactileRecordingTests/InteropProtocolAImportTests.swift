// Protocol-A devices read from files: every importer turns them into the 10-slot protocol-B device.
import Tactile
import TactileRecording
import Testing

/// Protocol-A devices read from files: every importer turns them into the
/// protocol-B device the converted stream belongs to (10 slots, as libinput
/// gets through mtdev), so the assembler sees each finger.
@Suite("Interop: protocol A devices on import")
struct InteropProtocolAImportTests {
    /// The N-Trig two-finger recording kept in `Recordings/evemu/`.
    static let ntrigTwoFingers = BundledRecordings.path("touchscreen-ntrig-two-finger-touch-release.evemu")

    /// What the assembler makes of a recording, with its diagnostics.
    private static func assemble(_ recording: Recording) -> (statistics: TouchStatistics, diagnostics: AssemblerDiagnostics) {
        var assembler = TouchAssembler(device: recording.device, screen: recording.screen)
        _ = assembler.process(recording.events)
        return (TouchStatistics(recording), assembler.diagnostics)
    }

    @Test("a protocol-A description becomes a protocol-B one with 10 slots and tracking ids")
    func description() throws {
        let evemu = try EvemuReader.read(contentsOf: Self.ntrigTwoFingers)
        #expect(evemu.device.usesProtocolA)
        #expect(evemu.device.slotCount == 0)
        let converted = evemu.device.convertedToProtocolB()
        #expect(!converted.usesProtocolA)
        #expect(converted.slotCount == 10)
        #expect(converted.axis(AbsCode.mtTrackingID) == AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535))
        #expect(converted.kind == .touchscreen)
        #expect(converted.keys == evemu.device.keys, "keys pass through as mtdev leaves them")
        #expect(converted.convertedToProtocolB() == converted, "a protocol-B device is left alone")
    }

    @Test("the N-Trig two-finger touch and release shows two touches, both at once")
    func ntrigTwoFingers() throws {
        let recording = try Recording(contentsOf: Self.ntrigTwoFingers)
        #expect(recording.device.slotCount == 10)
        #expect(!recording.events.contains { $0.type == .syn && $0.code == SynCode.mtReport })
        let (statistics, diagnostics) = Self.assemble(recording)
        #expect(statistics.touches == 2, "\(statistics)")
        #expect(statistics.ended == 2, "\(statistics)")
        #expect(statistics.maximumSimultaneous == 2, "\(statistics)")
        #expect(diagnostics.count(.unsupportedProtocol) == 0)
        #expect(diagnostics.count(.undeclaredCode) == 0, "\(diagnostics.summary)")
    }

    @Test("the N-Trig split files (.desc beside .events) convert the same way",
          .enabled(if: InteropData.external("evemu-devices/touchscreens/N-Trig MultiTouch.desc") != nil,
                   "shared/external/evemu-devices is not beside the package"))
    @MainActor
    func ntrigSplitFiles() throws {
        let directory = try #require(InteropData.external("evemu-devices/touchscreens"))
        let split = try Recording(contentsOf: directory + "/N-Trig MultiTouch.2-fingers-touch-release.events")
        let combined = try Recording(contentsOf: Self.ntrigTwoFingers)
        #expect(split.device == combined.device)
        #expect(split.events == combined.events)

        let drag = try Recording(contentsOf: directory + "/N-Trig MultiTouch.1-finger-drag-NW-SE.events")
        let (statistics, diagnostics) = Self.assemble(drag)
        #expect(statistics.touches == 1, "\(statistics)")
        #expect(statistics.ended == 1, "\(statistics)")
        #expect(diagnostics.count(.unsupportedProtocol) == 0)
        let log = RecordingReplay.run(drag).log
        #expect(log.records.contains { $0.recognizer == "pan" && $0.state == .began })
    }

    @Test("bcm5974's three-finger click shows three fingers at once",
          .enabled(if: InteropData.external("evemu-devices/touchpads/bcm5974.three-finger-click.events") != nil,
                   "shared/external/evemu-devices is not beside the package"))
    func bcm5974() throws {
        let path = try #require(InteropData.external("evemu-devices/touchpads/bcm5974.three-finger-click.events"))
        let recording = try Recording(contentsOf: path)
        #expect(recording.device.kind == .touchpad)
        #expect(recording.device.slotCount == 10)
        let (statistics, diagnostics) = Self.assemble(recording)
        #expect(statistics.maximumSimultaneous == 3, "\(statistics)")
        #expect(statistics.touches == 4, "\(statistics)")
        #expect(diagnostics.count(.unsupportedProtocol) == 0)
        #expect(diagnostics.count(.undeclaredCode) == 0, "\(diagnostics.summary)")
    }

    @Test("a libinput record of a protocol-A device is converted too")
    func libinputRecord() throws {
        let evemu = try EvemuReader.read(contentsOf: Self.ntrigTwoFingers)
        let yaml = LibinputRecordWriter.text(for: Recording(device: evemu.device, events: evemu.events))
        let recording = try RecordingImporter.parse(yaml, file: "ntrig.yml", as: .libinputRecord)
        #expect(recording.device == evemu.device.convertedToProtocolB())
        #expect(recording.events == ProtocolAConverter.convert(evemu.events, configuration: .device))
        #expect(TouchStatistics(recording).maximumSimultaneous == 2)
    }

    @Test("a Tactile JSON recording that still holds protocol A is kept as it is; convertingProtocolA() converts it and drops its stale golden log")
    func jsonKeptAndConvertible() throws {
        let evemu = try EvemuReader.read(contentsOf: Self.ntrigTwoFingers)
        var old = Recording(device: evemu.device, events: evemu.events)
        old.expected = []
        let read = try RecordingReader.read(bytes: try RecordingWriter.bytes(for: old))
        #expect(read.device.usesProtocolA)
        var assembler = TouchAssembler(device: read.device)
        _ = assembler.process(read.events)
        let message = try #require(assembler.diagnostics.firstOccurrence[.unsupportedProtocol])
        #expect(message.contains("tactile convert"))
        let converted = read.convertingProtocolA()
        #expect(converted.expected == nil)
        #expect(TouchStatistics(converted).maximumSimultaneous == 2)
        #expect(converted.convertingProtocolA() == converted)
    }
}
