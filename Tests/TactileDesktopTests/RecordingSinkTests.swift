// The recording sink keeps every device and event in order, and its evemu output reads back as it was.
import Foundation
import Tactile
import TactileConsole
import TactileRecording
import TactileService
import TactileTestSupport
import Testing

@Suite struct RecordingSinkTests {
    static let press: [InputEvent] = [
        InputEvent(seconds: 5, microseconds: 1000, type: .key, code: 125, value: 1),
        InputEvent(seconds: 5, microseconds: 1000, type: .syn, code: SynCode.report, value: 0),
        InputEvent(seconds: 5, microseconds: 2000, type: .key, code: 125, value: 0),
        InputEvent(seconds: 5, microseconds: 2000, type: .syn, code: SynCode.report, value: 0),
    ]
    static let cancel: [InputEvent] = [
        InputEvent(seconds: 5, microseconds: 3000, type: .abs, code: AbsCode.mtSlot, value: 1),
        InputEvent(seconds: 5, microseconds: 3000, type: .abs, code: AbsCode.mtToolType, value: 2),
        InputEvent(seconds: 5, microseconds: 3000, type: .syn, code: SynCode.report, value: 0),
    ]

    @Test func keepsDevicesAndEventsInOrder() throws {
        let sink = RecordingSink()
        let panel = UInputSinkTests.panel
        let copy = try sink.create(.touchCopy(of: panel), name: "Panel (Tactile)")
        let keyboard = try sink.create(.keyboard, name: "Tactile keyboard")
        try sink.write(Array(Self.press[0..<2]), to: keyboard)
        try sink.write(Self.cancel, to: copy)
        try sink.write(Array(Self.press[2...]), to: keyboard)

        #expect(copy == VirtualDeviceID(rawValue: 1) && keyboard == VirtualDeviceID(rawValue: 2))
        #expect(sink.description(of: copy) == VirtualDeviceTemplate.touchCopy(of: panel).description(name: "Panel (Tactile)"))
        #expect(sink.description(of: keyboard)?.keys.count == 248)
        #expect(sink.events(of: keyboard) == Self.press)
        #expect(sink.events(of: copy) == Self.cancel)
        #expect(sink.createdNodes.isEmpty)
        #expect(sink.devices.map(\.template) == [.touchCopy(of: panel), .keyboard])

        sink.destroy(keyboard)
        #expect(sink.device(keyboard)?.destroyed == true)
        #expect(throws: OutputError.self) { try sink.write(Self.press, to: keyboard) }
        #expect(throws: OutputError.self) { try sink.write(Self.press, to: VirtualDeviceID(rawValue: 9)) }
        #expect(sink.events(of: keyboard) == Self.press, "what was written stays")
    }

    @Test func itsEvemuTextReadsBackAsWritten() throws {
        let sink = RecordingSink()
        let copy = try sink.create(.touchCopy(of: UInputSinkTests.panel), name: "Panel (Tactile)")
        let pointer = try sink.create(.pointer(x: AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 1919),
                                               y: AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 1079)), name: "Tactile pointer")
        try sink.write(Self.cancel, to: copy)
        try sink.write([InputEvent(seconds: 6, microseconds: 0, type: .rel, code: 0x08, value: -1),
                        InputEvent(seconds: 6, microseconds: 0, type: .syn, code: SynCode.report, value: 0)], to: pointer)

        for device in sink.devices {
            let read = try EvemuReader.parse(EvemuWriter.text(for: device.evemu))
            #expect(read.device == device.description)
            #expect(read.events == device.events)
        }
        let text = sink.evemuText
        #expect(text.hasPrefix("# Tactile virtual#1\n# EVEMU 1.3\n"))
        #expect(text.contains("# Tactile virtual#2\n# EVEMU 1.3\n"))
        #expect(text.contains("N: Tactile pointer\n"))
        #expect(text.contains("E: 5.003000 0003 0037 0002"))
    }

    @Test func savesOneRecordingPerDeviceInADirectory() throws {
        let sink = RecordingSink()
        let copy = try sink.create(.touchCopy(of: UInputSinkTests.panel), name: "Panel 10.1 (Tactile)")
        let keyboard = try sink.create(.keyboard, name: "Tactile keyboard")
        try sink.write(Self.cancel, to: copy)
        try sink.write(Self.press, to: keyboard)
        try TemporaryDirectory.with(prefix: "tactile-recording-sink") { directory in
            let paths = try sink.save(to: directory)
            #expect(paths == [directory + "/1-panel-10-1-tactile.evemu", directory + "/2-tactile-keyboard.evemu"])
            let touch = try EvemuReader.read(contentsOf: paths[0])
            #expect(touch.device == sink.description(of: copy))
            #expect(touch.events == Self.cancel)
            #expect(try EvemuReader.read(contentsOf: paths[1]).events == Self.press)
            #expect(throws: OutputError.self) { try sink.save(to: directory) }  // the files are there
            #expect(try sink.save(to: directory, overwrite: true) == paths)
        }
    }

    @Test func printsReadableLinesForADryRun() throws {
        var lines: [String] = []
        let sink = PrintingSink { lines.append($0) }
        let keyboard = try sink.create(.keyboard, name: "Tactile keyboard")
        try sink.write(Self.press, to: keyboard)
        #expect(lines == [
            "create virtual#1 \"Tactile keyboard\" (keyboard)",
            "5.001000 Tactile keyboard: KEY_LEFTMETA down",
            "5.002000 Tactile keyboard: KEY_LEFTMETA up",
        ])
        #expect(sink.recording.events(of: keyboard) == Self.press)
    }
}
