// Interop: evemu import and libinput record export.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

@Suite("Interop: evemu and libinput record export")
struct InteropEvemuTests {
    static let bundled = InteropData.files(in: BundledRecordings.directory, extension: "evemu")

    @Test("every bundled recording is found")
    func bundledRecordingsExist() {
        #expect(Self.bundled.count == BundledRecordings.expectations.count)
    }

    @Test("evemu → model keeps device, events and timestamps; protocol A becomes protocol B", arguments: bundled)
    func evemuToModel(path: String) throws {
        let evemu = try EvemuReader.read(contentsOf: path)
        let recording = Recording(evemu: evemu)
        #expect(recording.labels.isEmpty && recording.expected == nil)
        if evemu.device.usesProtocolA {
            #expect(recording.device == evemu.device.convertedToProtocolB())
            #expect(recording.events == ProtocolAConverter.convert(evemu.events, configuration: .device))
            #expect(!recording.events.contains { $0.type == .syn && $0.code == SynCode.mtReport })
        } else {
            #expect(recording.device == evemu.device)
            #expect(recording.events == evemu.events)
            #expect(EvemuRecording(recording) == evemu)
        }
    }

    @Test("model → evemu → model gives the same device and events", arguments: bundled)
    func modelEvemuRoundTrip(path: String) throws {
        let recording = try Recording(contentsOf: path)
        let text = try RecordingExporter.evemuText(for: recording)
        let back = try RecordingImporter.parse(text, file: "round-trip.evemu", as: .evemu)
        #expect(back.device == recording.device)
        #expect(back.events == recording.events)
        #expect(back == recording)
    }

    @Test("model → libinput record → model gives the same device and events (or is refused when it begins in a slot other than 0, which libinput record cannot say)",
          arguments: bundled)
    func modelLibinputRoundTrip(path: String) throws {
        let recording = try Recording(contentsOf: path)
        if recording.axisValues.slot != 0 {
            let error = #expect(throws: RecordingError.self) { try RecordingExporter.text(for: recording, as: .libinputRecord) }
            #expect(error?.problem == .notRepresentable && error?.path == "axisValues")
            return
        }
        let text = try RecordingExporter.text(for: recording, as: .libinputRecord)
        #expect(RecordingFormat.sniff(Array(text.utf8)) == .libinputRecord)
        let back = try RecordingImporter.parse(text, file: "round-trip.yml", as: .libinputRecord)
        #expect(back.device == recording.device)
        #expect(back.events == recording.events)
    }

    @Test("a model with labels, a creation time and a screen gets all of them back from evemu, in comment lines evemu skips")
    func labelsComeBack() throws {
        let evemu = try EvemuReader.read(contentsOf: BundledRecordings.path("touchscreen-two-finger-touch-release.evemu"))
        var recording = Recording(evemu: evemu, screen: Screen(width: 800, height: 600))
        recording.labels = [RecordingLabel(gesture: "two-finger-touch", fingers: 2, recognizers: ["tap"])]
        recording.created = "2026-11-21T12:00:00Z"
        let text = try RecordingExporter.evemuText(for: recording)
        let back = try RecordingImporter.parse(text, as: .evemu)
        #expect(back == recording)
        #expect(back.screen == Screen(width: 800, height: 600))
        // The EvemuRecording (the format's own parts) has no place for them: evemu itself skips the lines.
        #expect(try EvemuReader.parse(text) == EvemuRecording(recording))
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("# Tactile-") }.count == 3)
    }

    @Test("a made-up device with quotes in its name, negative values and MSC_TIMESTAMP round-trips")
    func unusualDevice() throws {
        let device = DeviceDescription(
            name: "Odd \"pad\"", identity: DeviceIdentity(bustype: 3, vendor: 0x1234, product: 0xabcd, version: 1),
            properties: [InputProperty.pointer],
            keys: [KeyCode.touch, KeyCode.toolFinger, KeyCode.toolDoubleTap],
            axes: [
                AbsoluteAxis(code: AbsCode.x, minimum: -100, maximum: 100, fuzz: 2, flat: 1, resolution: 10),
                AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 50, resolution: 10),
                AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 1),
                AbsoluteAxis(code: AbsCode.mtPositionX, minimum: -100, maximum: 100, resolution: 10),
                AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 50, resolution: 10),
                AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
            ],
            otherCodes: [EventCodeSet(type: .msc, codes: [MscCode.timestamp])])
        let events: [InputEvent] = [
            .at(10.5, .abs, AbsCode.mtSlot, 0), .at(10.5, .abs, AbsCode.mtTrackingID, 7),
            .at(10.5, .abs, AbsCode.mtPositionX, -42), .at(10.5, .abs, AbsCode.mtPositionY, 3),
            .at(10.5, .key, KeyCode.touch, 1), .at(10.5, .msc, MscCode.timestamp, 123456), .at(10.5, .syn, SynCode.report, 0),
            .at(10.52, .abs, AbsCode.mtTrackingID, -1), .at(10.52, .key, KeyCode.touch, 0), .at(10.52, .syn, SynCode.report, 0),
        ]
        let recording = Recording(device: device, events: events)
        for format in RecordingExporter.formats {
            let back = try RecordingImporter.parse(try RecordingExporter.text(for: recording, as: format), as: format)
            #expect(back.device == device, "\(format)")
            #expect(back.events == events, "\(format)")
        }
    }

    @Test("the exporter writes files named for their format and the importer reads them back")
    func exportToFiles() throws {
        let recording = try Recording(contentsOf: BundledRecordings.path("touchpad-double-tap.evemu"))
        try TemporaryDirectory.with { directory in
            for name in ["out.evemu", "out.yml"] {
                let path = directory + "/" + name
                try RecordingExporter.write(recording, to: path)
                let back = try Recording(contentsOf: path)
                #expect(back.device == recording.device, "\(name)")
                #expect(back.events == recording.events, "\(name)")
            }
            #expect(throws: RecordingError.self) { try RecordingExporter.write(recording, to: directory + "/out.bin") }
            let error = try #require(throws: RecordingError.self) { try RecordingExporter.write(recording, to: directory + "/out.json") }
            #expect(error.problem == .unknownFormat)
        }
    }

    @Test("events for umockdev carry unpadded microseconds, which a C base-detecting parse reads as decimal")
    func umockdevEvents() throws {
        let recording = try Recording(contentsOf: BundledRecordings.path("touchpad-two-finger-scroll.evemu"))
        let lines = RecordingExporter.umockdevEventsText(for: recording).split(separator: "\n")
        #expect(lines.count == recording.events.count)
        for (line, event) in zip(lines, recording.events) {
            let fields = line.split(separator: " ")
            #expect(fields.count == 5 && fields[0] == "E:")
            let time = fields[1].split(separator: ".")
            #expect(Int64(time[0]) == event.seconds)
            #expect(time[1] == "0" || !time[1].hasPrefix("0"), "\(line)")
            #expect(Int32(time[1]) == event.microseconds)
            #expect(UInt16(fields[2], radix: 16) == event.type.rawValue && fields[2].count == 4)
            #expect(UInt16(fields[3], radix: 16) == event.code && fields[3].count == 4)
            #expect(Int32(fields[4]) == event.value)
        }
        #expect(lines.contains { $0.hasPrefix("E: 1358916662.9829 ") })
    }

    @Test("the evemu text can be replayed: evemu's own layout, one E: line per event")
    func evemuLayout() throws {
        let recording = try Recording(contentsOf: BundledRecordings.path("touchscreen-four-finger-drag.evemu"))
        let text = try RecordingExporter.evemuText(for: recording)
        let lines = text.split(separator: "\n")
        #expect(lines.first == "# EVEMU 1.3")
        #expect(lines.filter { $0.hasPrefix("E: ") }.count == recording.events.count)
        #expect(lines.contains { $0.hasPrefix("N: Atmel maXTouch Touchscreen") })
    }
}
