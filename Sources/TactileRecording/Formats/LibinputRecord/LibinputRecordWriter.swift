// The libinput record writer: a recording as `libinput record` YAML, with libinput's comments, one entry per frame.
import Tactile

/// Writes a recording as `libinput record` YAML (format version 1), in the
/// layout libinput writes: the device description with its readable comment
/// block, then one `- evdev:` entry per frame, each event with libinput's
/// `# EV_ABS / ABS_MT_SLOT 0` description.
///
/// ``LibinputRecordReader`` reads the text back to the same device and events
/// (`EV_SYN` codes, which the device description never lists, are written as
/// libinput does: all of 0…15). Timestamps are written as they are; libinput
/// itself writes them relative to the first event, which a recording read
/// from a libinput record already is.
public enum LibinputRecordWriter {
    /// The text of `recording` as one recorded device: its device and
    /// events. ``write(_:to:overwrite:)`` and
    /// ``RecordingExporter/text(for:as:file:)`` add its screen, labels and
    /// golden log as comment lines (see ``RecordingExporter``).
    public static func text(for recording: Recording, node: String = "/dev/input/event0") -> String {
        text(for: recording, node: node, comments: [])
    }

    /// The text with `comments` (whole `#` lines, without line breaks) in the
    /// comment block it starts with: what ``RecordingExporter`` adds.
    static func text(for recording: Recording, node: String = "/dev/input/event0", comments: [String]) -> String {
        let device = recording.device
        var out = "# libinput record\n"
        out += "# Written by Tactile\n"
        for comment in comments { out += comment + "\n" }
        out += "version: 1\n"
        out += "ndevices: 1\n"
        out += "libinput:\n  version: \"unknown\"\n  git: \"unknown\"\n"
        out += "system:\n  os: \"unknown\"\n  kernel: \"unknown\"\n  dmi: \"unknown\"\n"
        out += "devices:\n"
        out += "- node: \(quoted(node))\n"
        out += "  evdev:\n"
        out += descriptionComments(device)
        out += "    name: \(quoted(device.name))\n"
        let id = device.identity
        out += "    id: [\(id.bustype), \(id.vendor), \(id.product), \(id.version)]\n"
        out += "    codes:\n"
        for (type, codes) in codesByType(device) {
            let list = codes.map(String.init).joined(separator: ", ")
            out += "      \(type.rawValue): [\(list)] # \(EventCodeNames.name(of: type))\n"
        }
        if !device.axes.isEmpty {
            out += "    absinfo:\n"
            for axis in device.axes {
                out += "      \(axis.code): [\(axis.minimum), \(axis.maximum), \(axis.fuzz), \(axis.flat), \(axis.resolution)]\n"
            }
        }
        out += "    properties: [\(device.properties.map(String.init).joined(separator: ", "))]\n"
        out += "  udev:\n    properties:\n"
        for property in udevProperties(device, transform: recording.transform) {
            out += "    - \(property)\n"
        }
        out += "  quirks:\n"
        out += "  events:\n"
        out += eventEntries(recording.events)
        return out
    }

    /// Writes `recording` to `path` atomically, mode 0600, never through a
    /// symbolic link, replacing a file there only when `overwrite` is true
    /// (else ``RecordingError/Problem/exists``); refused with
    /// ``RecordingError/Problem/notRepresentable`` when a reader would not
    /// take the text back (see ``RecordingExporter/text(for:as:file:)``).
    public static func write(_ recording: Recording, to path: String, overwrite: Bool = false) throws(RecordingError) {
        try RecordingAtomicFile.write(Array(RecordingExporter.text(for: recording, as: .libinputRecord, file: path).utf8), to: path, overwrite: overwrite)
    }

    // MARK: - Pieces

    private static func codesByType(_ device: DeviceDescription) -> [(EventType, [UInt16])] {
        var result: [(EventType, [UInt16])] = [(.syn, Array(0...15))]
        if !device.keys.isEmpty { result.append((.key, device.keys)) }
        if !device.axes.isEmpty { result.append((.abs, device.axes.map(\.code))) }
        for set in device.otherCodes where set.type != .syn && set.type != .key && set.type != .abs && !set.codes.isEmpty {
            result.append((set.type, set.codes))
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// The comment block libinput writes above the description.
    private static func descriptionComments(_ device: DeviceDescription) -> String {
        let id = device.identity
        var lines = [
            "# Name: \(oneLine(device.name))",
            "# ID: bus 0x\(hex(id.bustype)) vendor 0x\(hex(id.vendor)) product 0x\(hex(id.product)) version 0x\(hex(id.version))",
            "# Supported Events:",
        ]
        for (type, codes) in codesByType(device) {
            lines.append("# Event type \(type.rawValue) (\(EventCodeNames.name(of: type)))")
            guard type != .syn else { continue }
            for code in codes {
                lines.append("#   Event code \(code) (\(EventCodeNames.name(ofCode: code, type: type)))")
                if type == .abs, let axis = device.axis(code) {
                    lines.append("#       Min \(axis.minimum) Max \(axis.maximum) Fuzz \(axis.fuzz) Flat \(axis.flat) Resolution \(axis.resolution)")
                }
            }
        }
        lines.append("# Properties:")
        for property in device.properties {
            lines.append("#    Property \(property) (\(EventCodeNames.name(ofProperty: property)))")
        }
        return lines.map { "    " + $0 + "\n" }.joined()
    }

    /// The properties udev would give the device; a turned touchscreen's
    /// transform as `LIBINPUT_CALIBRATION_MATRIX`, which libinput applies.
    private static func udevProperties(_ device: DeviceDescription, transform: SurfaceTransform) -> [String] {
        var properties = ["ID_INPUT=1"]
        switch device.kind {
        case .touchscreen: properties.append("ID_INPUT_TOUCHSCREEN=1")
        case .touchpad: properties.append("ID_INPUT_TOUCHPAD=1")
        case .other: break
        }
        if !transform.isIdentity { properties.append("LIBINPUT_CALIBRATION_MATRIX=\(transform)") }
        return properties
    }

    /// One `- evdev:` entry per frame (a frame ends with `SYN_REPORT`; events
    /// after the last one form a last entry).
    private static func eventEntries(_ events: [InputEvent]) -> String {
        var out = ""
        var open = false
        var lastReport: Int64?
        for event in events {
            if !open {
                out += "  - evdev:\n"
                open = true
            }
            out += "    - [\(pad(String(event.seconds), 3)), \(pad(String(event.microseconds), 6)), "
            out += "\(pad(String(event.type.rawValue), 3)), \(pad(String(event.code), 3)), \(pad(String(event.value), 7))] # "
            if event.isReport {
                let millis = event.timeInMicroseconds / 1000
                let delta = lastReport.map { millis - $0 } ?? 0
                lastReport = millis
                out += "------------ SYN_REPORT (\(event.value)) ---------- \(delta >= 0 ? "+" : "")\(delta)ms\n"
                open = false
            } else {
                let code = EventCodeNames.name(ofCode: event.code, type: event.type)
                out += "\(EventCodeNames.name(of: event.type)) / \(TextFormat.leftAligned(code, toWidth: 20)) \(event.value)\n"
            }
        }
        return out
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        TextFormat.padded(text, toWidth: width, with: " ")
    }

    private static func hex(_ value: UInt16) -> String { TextFormat.hex(value) }

    private static func oneLine(_ text: String) -> String {
        // A comment holds text only: control characters (which the reader refuses) escaped, as in messages.
        TextFormat.visible(text)
    }

    /// A YAML double-quoted string (JSON's quoting, which YAML 1.2 reads the same).
    static func quoted(_ text: String) -> String { JSONText.quote(text) }
}
