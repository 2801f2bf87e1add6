// `tactile uinput-probe` (hidden): creates the service's uinput devices for a recording's device and writes given events, for the tests.
import ArgumentParser
import Foundation
import Tactile
import TactileRecording
import TactileDesktop
import TactileService

/// `tactile uinput-probe RECORDING [--uinput PATH] [--event DEVICE,TYPE,CODE,VALUE ...]`:
/// creates, through a `UInputSink`, a touch copy of the recording's device,
/// a keyboard and a pointer (its axes the device's position axes), writes
/// each `--event` to its device in order, destroys the three and prints one
/// JSON line per device created (`{"device":"touch","id":1,"node":"/dev/input/event100"}`),
/// then `{"done":true}`; on failure `{"error":"…"}` and exit status 1.
/// Hidden from help: the uinput tests run it under an emulated /dev/uinput
/// (`tools/umockdev-testbed.py --uinput`).
///
/// ```
/// tactile uinput-probe panel.evemu --event touch,EV_ABS,ABS_MT_SLOT,0 --event keyboard,EV_KEY,KEY_LEFTMETA,1
/// ```
struct UInputProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uinput-probe",
        abstract: "Create the service's uinput devices for a recording's device and write events (for tests).",
        shouldDisplay: false
    )

    @Argument(help: "The recording whose device the touch copy copies.")
    var recording: String

    @Option(help: ArgumentHelp("The uinput node.", valueName: "path"))
    var uinput = UInputSink.defaultPath

    @Option(name: .customLong("event"),
            help: ArgumentHelp("An event to write: touch|keyboard|pointer, type, code, value (names or numbers).",
                               valueName: "device,type,code,value"))
    var events: [String] = []

    private struct Line: Encodable {
        var device: String?
        var id: Int?
        var node: String?
        var done: Bool?
        var error: String?
    }

    func run() throws {
        do throws(ProbeFailure) {
            try probe()
        } catch {
            emit(Line(error: error.message))
            throw ExitCode.failure
        }
    }

    private func probe() throws(ProbeFailure) {
        let source: DeviceDescription
        do throws(RecordingError) {
            source = try Recording.open(recording).recording.device
        } catch {
            throw ProbeFailure(message: error.description)
        }
        let parsed = try events.map(Self.parse)
        let axes = source.positionAxes ?? (AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 4095),
                                           AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 4095))
        let sink = UInputSink(path: uinput)
        var created: [String: VirtualDeviceID] = [:]
        do throws(OutputError) {
            for (label, template, name) in [("touch", VirtualDeviceTemplate.touchCopy(of: source),
                                             VirtualDeviceName.make(source.name, suffix: " (Tactile)")),
                                            ("keyboard", .keyboard, "Tactile keyboard"),
                                            ("pointer", .pointer(x: axes.x, y: axes.y), "Tactile pointer")] {
                let id = try sink.create(template, name: name)
                created[label] = id
                emit(Line(device: label, id: id.rawValue, node: sink.node(of: id)))
            }
            for (label, event) in parsed {
                // Every label `parse` accepts was created above.
                try sink.write([event], to: created[label] ?? VirtualDeviceID(rawValue: 0))
            }
        } catch {
            throw ProbeFailure(message: error.description)
        }
        for id in created.values.sorted() { sink.destroy(id) }
        emit(Line(done: true))
    }

    /// `DEVICE,TYPE,CODE,VALUE` → the device label and the event (time 0).
    private static func parse(_ text: String) throws(ProbeFailure) -> (String, InputEvent) {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 4, ["touch", "keyboard", "pointer"].contains(fields[0]),
              let type = EventCodeNames.type(named: fields[1]) ?? UInt16(fields[1]).map(EventType.init(rawValue:)),
              let code = OutputEventNames.code(named: fields[2], type: type) ?? UInt16(fields[2]),
              let value = Int32(fields[3]) else {
            throw ProbeFailure(message: "expected --event touch|keyboard|pointer,TYPE,CODE,VALUE, found \(TextFormat.visible(text))")
        }
        return (fields[0], InputEvent(seconds: 0, microseconds: 0, type: type, code: code, value: value))
    }

    private func emit(_ line: Line) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(line) else { return }
        print(String(decoding: data, as: UTF8.self))
    }

    private struct ProbeFailure: Error {
        var message: String
    }
}
