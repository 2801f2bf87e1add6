// Interop: format detection, the importer and forced formats.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

@Suite("Interop: format detection, the importer and forced formats")
struct InteropFormatTests {
    static let samples: [(text: String, format: RecordingFormat?)] = [
        ("{\n  \"format\": \"tactile-recording\",\n", .tactile),
        ("# EVEMU 1.3\n# Input device name: \"x\"\nN: x\n", .evemu),
        ("N: SynPS/2 Synaptics TouchPad\nI: 0011 0002 0007 01b1\n", .evemu),
        ("# recorded yesterday\nE: 0.000001 0003 0039 5\n", .evemu),
        ("# libinput record\nversion: 1\n", .libinputRecord),
        ("version: 1\nndevices: 1\n", .libinputRecord),
        ("[    1193.605705] EV_ABS       ABS_MT_POSITION_X    00000213\n", .getevent),
        ("add device 1: /dev/input/event2\n  name: \"ts\"\n", .getevent),
        ("/dev/input/event2: 0003 0035 00000213\n", .getevent),
        ("[1677239444.394294, {\"0\": {\"id\": 3613}}]\n", .remarkable),
        ("[1677239444, {}]\n", .remarkable),
        ("hello world\n", nil),
        ("", nil),
    ]

    @Test("content is recognised by its first lines", arguments: samples.indices)
    func sniffing(_ index: Int) {
        let sample = Self.samples[index]
        #expect(RecordingFormat.sniff(Array(sample.text.utf8)) == sample.format, "\(sample.text.debugDescription)")
    }

    @Test("extensions name formats, whatever their case")
    func extensions() {
        #expect(RecordingFormat(pathExtensionOf: "a/b.JSON") == .tactile)
        #expect(RecordingFormat(pathExtensionOf: "x.evemu") == .evemu)
        #expect(RecordingFormat(pathExtensionOf: "Touchpad.desc") == .evemu)
        #expect(RecordingFormat(pathExtensionOf: "pad.two-finger.events") == .evemu)
        #expect(RecordingFormat(pathExtensionOf: "3m_0596_0500_0.ev") == .evemu)
        #expect(RecordingFormat(pathExtensionOf: "r.yaml") == .libinputRecord)
        #expect(RecordingFormat(pathExtensionOf: "r.yml") == .libinputRecord)
        #expect(RecordingFormat(pathExtensionOf: "trace.txt") == .getevent)
        #expect(RecordingFormat(pathExtensionOf: "x.record") == .remarkable)
        #expect(RecordingFormat(pathExtensionOf: "x.bin") == nil)
        #expect(RecordingFormat(pathExtensionOf: "noextension") == nil)
    }

    @Test("content decides over the extension; the extension decides when the content says nothing")
    func detection() throws {
        try TemporaryDirectory.with { directory in
            let evemuInTxt = directory + "/pad.txt"
            try "N: Pad\nI: 0003 0001 0002 0003\n".write(toFile: evemuInTxt, atomically: true, encoding: .utf8)
            #expect(try RecordingFormat.detect(contentsOf: evemuInTxt) == .evemu)
            let blankRecord = directory + "/odd.record"
            try "\n\n".write(toFile: blankRecord, atomically: true, encoding: .utf8)
            #expect(try RecordingFormat.detect(contentsOf: blankRecord) == .remarkable)
            let unknown = directory + "/mystery.bin"
            try "hello\n".write(toFile: unknown, atomically: true, encoding: .utf8)
            let error = try #require(throws: RecordingError.self) { try RecordingFormat.detect(contentsOf: unknown) }
            #expect(error.problem == .unknownFormat)
            #expect(error.file == unknown)
            #expect(error.message.contains(".evemu"))
        }
    }

    @Test("the one call reads every bundled evemu file as the evemu reader does", arguments: InteropEvemuTests.bundled)
    func openReadsEvemu(path: String) throws {
        let direct = Recording(evemu: try EvemuReader.read(contentsOf: path))
        #expect(try Recording(contentsOf: path) == direct)
        #expect(try Recording(contentsOf: path, options: .init(format: .evemu)) == direct)
    }

    @Test("the importer parses Tactile JSON too, through the recording reader, keeping its screen")
    func importerParsesTactileJSON() throws {
        let text = RecordingFormatFixtures.tapText
        let direct = try RecordingReader.read(bytes: Array(text.utf8))
        let phone = Screen(width: 480, height: 800, dotsPerInch: 233)
        #expect(try RecordingImporter.parse(text, as: .tactile, options: .init(screen: phone)) == direct)
        #expect(direct.screen == .standard)

        let ntrig = try EvemuReader.read(contentsOf: InteropProtocolAImportTests.ntrigTwoFingers)
        let old = Recording(device: ntrig.device, events: ntrig.events)
        let converted = try RecordingImporter.parse(bytes: try RecordingWriter.bytes(for: old), as: .tactile)
        #expect(converted == old.convertingProtocolA(), "protocol A is converted, as every importer does")

        let broken = RecordingFormatFixtures.tapText(replacing: "[0, 8000, 0, 0, 0]", with: "[0, 8000, 0, \"x\", 0]")
        let error = try #require(throws: RecordingError.self) { try RecordingImporter.parse(broken, file: "bad.json", as: .tactile) }
        #expect(error.file == "bad.json")
        #expect(error.line == 37)
        #expect(error.path == "events[6][3]")
    }

    @Test("a forced format wins over detection")
    func forcedFormat() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/trace.record"
            try "[    1.000000] EV_ABS ABS_MT_TRACKING_ID 00000001\n[    1.000000] EV_SYN SYN_REPORT 00000000\n"
                .write(toFile: path, atomically: true, encoding: .utf8)
            #expect(try Recording(contentsOf: path).events.count > 0)
            let error = try #require(throws: RecordingError.self) { try Recording(contentsOf: path, options: .init(format: .remarkable)) }
            #expect(error.line == 1)
        }
    }

    @Test("a missing file is reported as such")
    func missingFile() throws {
        let error = try #require(throws: RecordingError.self) { try Recording(contentsOf: "/nonexistent/x.yml") }
        #expect(error.problem == .unreadable)
    }
}
