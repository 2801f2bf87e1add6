// The evemu writer: a device header as evemu-describe writes it, then E: lines with evemu's comments.
import Tactile

/// Writes evemu recordings that `evemu-play` and ``EvemuReader`` read back:
/// a version comment, the device header and one `E:` line per event, each
/// with evemu's readable `# …` description.
///
/// For every recording `r`, `EvemuReader.parse(EvemuWriter.text(for: r)) == r`,
/// with two limits of the format: line breaks in the device name become
/// spaces, and codes of `EV_SYN` in `DeviceDescription/otherCodes` are not
/// kept (evemu's `B: 00` line lists event types). A `DeviceKind` other than
/// the one the bits imply travels in a `# Tactile-Kind:` comment. Axis values
/// (``EvemuRecording/axisValues``) go, when there are any, into evemu's
/// comment block (`#     Event code 47 (ABS_MT_SLOT)`, `#       Value        1`),
/// where evemu-record writes them and ``EvemuReader`` finds them. The
/// screen, labels and golden log of a ``Recording`` are not part of an
/// ``EvemuRecording``: ``RecordingExporter`` adds them as `# Tactile-…`
/// comment lines after the version comment.
///
/// ```swift
/// let evemu = EvemuRecording(device: recording.device, events: recording.events)
/// print(EvemuWriter.text(for: evemu))
/// try EvemuWriter.write(evemu, to: "session.evemu")   // atomic, 0600; refuses to overwrite
/// ```
public enum EvemuWriter {
    /// The file format version written in the first line.
    public static let formatVersion = "1.3"

    /// The whole recording: header, then events.
    public static func text(for recording: EvemuRecording) -> String {
        text(for: recording, comments: [])
    }

    /// The whole recording with `comments` (whole `#` lines, without line
    /// breaks) after the version comment: what ``RecordingExporter`` adds.
    static func text(for recording: EvemuRecording, comments: [String]) -> String {
        var text = header(for: recording.device, axisValues: recording.axisValues, comments: comments)
        text += eventLines(recording.events)
        return text
    }

    /// Writes the recording to `path` atomically, mode 0600, never through a
    /// symbolic link, replacing a file there only when `overwrite` is true
    /// (else ``RecordingError/Problem/exists``); refused with
    /// ``RecordingError/Problem/notRepresentable`` when ``EvemuReader`` would
    /// not take the text back (see ``RecordingExporter/text(for:as:file:)``).
    public static func write(_ recording: EvemuRecording, to path: String, overwrite: Bool = false) throws(RecordingError) {
        try RecordingLimits.checkDevice(recording.device, file: path, format: .evemu)
        try RecordingLimits.checkEvents(recording.events, file: path, format: .evemu)
        try RecordingAtomicFile.write(Array(text(for: recording).utf8), to: path, overwrite: overwrite)
    }

    /// The device header: comments, `N:`, `I:`, `P:`, `B:` and `A:` lines, as
    /// `evemu-describe` writes them. Non-empty `axisValues` add evemu's
    /// comment block for the absolute axes (value, range, fuzz, flat, resolution).
    public static func header(for device: DeviceDescription, axisValues: AxisValues = AxisValues()) -> String {
        header(for: device, axisValues: axisValues, comments: [])
    }

    static func header(for device: DeviceDescription, axisValues: AxisValues, comments: [String]) -> String {
        let name = String(device.name.map { $0.isNewline ? " " : $0 })
        let id = device.identity
        var lines = ["# EVEMU \(formatVersion)"] + comments
        lines.append("# Input device name: \"\(name)\"")
        lines.append("# Input device ID: bus 0x\(hex(id.bustype)) vendor 0x\(hex(id.vendor)) product 0x\(hex(id.product)) version 0x\(hex(id.version))")
        if let size = sizeInMillimetres(device) {
            lines.append("# Size in mm: \(size.width)x\(size.height)")
        }
        if !axisValues.isEmpty {
            lines.append("# Supported events:")
            lines.append("#   Event type \(EventType.abs.rawValue) (EV_ABS)")
            for axis in device.axes {
                lines.append("#     Event code \(axis.code) (\(EventCodeNames.name(ofCode: axis.code, type: .abs)))")
                for (name, value) in [("Value", axisValues[axis.code]), ("Min", axis.minimum), ("Max", axis.maximum),
                                      ("Fuzz", axis.fuzz), ("Flat", axis.flat), ("Resolution", axis.resolution)] {
                    let number = String(value)
                    lines.append("#       \(name)" + String(repeating: " ", count: max(1, 17 - name.count - number.count)) + number)
                }
            }
        }
        lines.append("# Written by Tactile; kind: \(device.kind.rawValue), slots: \(device.slotCount)")
        if device.kind != DeviceDescription.classify(properties: device.properties, keys: device.keys, axes: device.axes) {
            lines.append("\(EvemuParser.kindComment) \(device.kind.rawValue)")
        }
        lines.append("N: \(name)")
        lines.append("I: \(hex(id.bustype, width: 4)) \(hex(id.vendor, width: 4)) \(hex(id.product, width: 4)) \(hex(id.version, width: 4))")
        for row in rows(CodeBitmask.bytes(for: device.properties, minimumBytes: 8)) {
            lines.append("P: " + row)
        }
        for (type, bytes) in masks(for: device) {
            for row in rows(bytes) {
                lines.append("B: \(hex(type.rawValue, width: 2)) " + row)
            }
        }
        for axis in device.axes {
            lines.append("A: \(hex(axis.code, width: 2)) \(axis.minimum) \(axis.maximum) \(axis.fuzz) \(axis.flat) \(axis.resolution)")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// One `E:` line per event, in evemu's layout: `E: <sec>.<usec> <type> <code> <value>`
    /// with type and code as four hex digits, the value as `%04d`, then a tab and a description.
    public static func eventLines<S: Sequence>(_ events: S) -> String where S.Element == InputEvent {
        var text = ""
        var lastReport: Int64?
        for event in events {
            text += "E: \(event.seconds).\(decimal(Int64(event.microseconds), width: 6)) "
            text += "\(hex(event.type.rawValue, width: 4)) \(hex(event.code, width: 4)) \(paddedValue(event.value))\t"
            text += comment(for: event, lastReport: &lastReport)
            text += "\n"
        }
        return text
    }

    // MARK: - Pieces

    /// evemu's descriptions: a rule for `EV_SYN`, `TYPE / CODE value` otherwise.
    private static func comment(for event: InputEvent, lastReport: inout Int64?) -> String {
        let codeName = EventCodeNames.name(ofCode: event.code, type: event.type)
        guard event.type == .syn else {
            return "# \(EventCodeNames.name(of: event.type)) / \(TextFormat.leftAligned(codeName, toWidth: 20)) \(event.value)"
        }
        if event.code == SynCode.mtReport {
            return "# ++++++++++++ \(codeName) (\(event.value)) ++++++++++"
        }
        let millis = event.timeInMicroseconds / 1000
        let delta = lastReport.map { millis - $0 } ?? 0
        lastReport = millis
        return "# ------------ \(codeName) (\(event.value)) ---------- +\(delta)ms"
    }

    /// The bitmask of each event type evemu lists, in evemu's widths (keys
    /// take 12 lines, force feedback 2, the others 1), widened for codes beyond.
    private static func masks(for device: DeviceDescription) -> [(EventType, [UInt8])] {
        var codes: [EventType: [UInt16]] = [.key: device.keys, .abs: device.axes.map(\.code)]
        for set in device.otherCodes where set.type != .syn {
            codes[set.type, default: []].append(contentsOf: set.codes)
        }
        var typeBits: [UInt16] = [EventType.syn.rawValue]
        for (type, list) in codes where !list.isEmpty { typeBits.append(type.rawValue) }
        var result: [(EventType, [UInt8])] = [(.syn, CodeBitmask.bytes(for: typeBits, minimumBytes: 8))]
        let standard: [(EventType, Int)] = [(.key, 96), (.rel, 2), (.abs, 8), (.msc, 1), (.sw, 3), (.led, 2), (.snd, 1), (.rep, 1), (.ff, 16)]
        for (type, bytes) in standard {
            result.append((type, CodeBitmask.bytes(for: codes[type] ?? [], minimumBytes: bytes)))
        }
        let listed = Set(standard.map(\.0))
        for (type, list) in codes.sorted(by: { $0.key < $1.key }) where !listed.contains(type) && !list.isEmpty {
            result.append((type, CodeBitmask.bytes(for: list, minimumBytes: 8)))
        }
        return result
    }

    /// Bytes as lines of eight two-digit hex numbers.
    private static func rows(_ bytes: [UInt8]) -> [String] {
        stride(from: 0, to: bytes.count, by: 8).map { start in
            bytes[start..<min(start + 8, bytes.count)].map { hex(UInt16($0), width: 2) }.joined(separator: " ")
        }
    }

    private static func sizeInMillimetres(_ device: DeviceDescription) -> (width: Int, height: Int)? {
        guard let x = device.axis(AbsCode.x), let y = device.axis(AbsCode.y), x.resolution > 0, y.resolution > 0 else { return nil }
        let width = Int(x.span) / Int(x.resolution), height = Int(y.span) / Int(y.resolution)
        return width > 0 && height > 0 ? (width, height) : nil
    }

    /// `%04d`: at least four characters, the sign counting as one.
    private static func paddedValue(_ value: Int32) -> String {
        value < 0 ? "-" + decimal(-Int64(value), width: 3) : decimal(Int64(value), width: 4)
    }

    private static func decimal(_ value: Int64, width: Int) -> String {
        TextFormat.decimal(value, width: width)
    }

    private static func hex(_ value: UInt16, width: Int = 2) -> String {
        TextFormat.hex(value, width: width)
    }
}
