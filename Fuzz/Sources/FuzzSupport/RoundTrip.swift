// The convert oracle: what a writer wrote must read back to the same device and events (or the writer refuses).
import Tactile
import TactileRecording

/// Writes a recording in every format Tactile writes and reads each text
/// back. A writer that throws refused, which is fine; a reader that refuses
/// what a writer wrote, or reads back other events or another device, is a
/// finding and stops the process with `fatalError` (so libFuzzer keeps the input).
public enum RoundTrip {
    public static func check(_ recording: Recording) {
        // Tactile JSON: keeps everything.
        if let bytes = try? RecordingWriter.bytes(for: recording) {
            let back = read(bytes, as: .tactile, writer: "RecordingWriter (Tactile JSON)")
            compare(recording, back, format: .tactile)
        }
        for format in RecordingExporter.formats {
            guard let text = try? RecordingExporter.text(for: recording, as: format) else { continue }
            let back = read(Array(text.utf8), as: format, writer: "RecordingExporter (\(format))")
            compare(recording, back, format: format)
        }
    }

    private static func read(_ bytes: [UInt8], as format: RecordingFormat, writer: String) -> Recording {
        do {
            return try RecordingImporter.parse(bytes: bytes, file: "roundtrip", as: format)
        } catch {
            fatalError("round trip: \(writer) wrote \(bytes.count) bytes that the \(format) reader refuses: \(error)")
        }
    }

    private static func compare(_ original: Recording, _ back: Recording, format: RecordingFormat) {
        if back.events != original.events {
            let first = zip(original.events, back.events).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(original.events.count, back.events.count)
            let was = first < original.events.count ? "\(original.events[first])" : "nothing"
            let now = first < back.events.count ? "\(back.events[first])" : "nothing"
            fatalError("round trip through \(format): \(original.events.count) events became \(back.events.count); event \(first) was \(was), read back \(now)")
        }
        let expected = comparable(original.device, format: format), found = comparable(back.device, format: format)
        if expected != found {
            fatalError("round trip through \(format): the device changed:\n  wrote \(expected)\n  read  \(found)")
        }
        if back.axisValues != original.axisValues, format != .libinputRecord {
            fatalError("round trip through \(format): axis values \(original.axisValues) became \(back.axisValues)")
        }
    }

    /// The device less what a format documents it does not keep: evemu turns line
    /// breaks in the name into spaces and keeps no `EV_SYN` codes; libinput record
    /// lists all `EV_SYN` codes whatever the device said.
    private static func comparable(_ device: DeviceDescription, format: RecordingFormat) -> DeviceDescription {
        var device = device
        if format != .tactile { device.otherCodes.removeAll { $0.type == .syn } }
        if format == .evemu { device.name = String(device.name.map { $0.isNewline ? " " : $0 }) }
        return device
    }
}
