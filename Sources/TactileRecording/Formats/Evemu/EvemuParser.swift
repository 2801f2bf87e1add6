// The evemu parser: an optional device header (N:, I:, P:, B:, A:, L:, S:) then E: lines, every variant evemu wrote.
import Tactile

/// Reads evemu text line by line: an optional device header (`N:`, `I:`,
/// then `P:`, `B:`, `A:`, `L:`, `S:` in any order) followed by `E:` events,
/// with `#` comments and blank lines anywhere.
///
/// It accepts every variant in the evemu-devices collection: `# EVEMU 1.x`
/// version comments or none (evemu 1.0), `A:` lines with or without the
/// resolution field, no `P:` line, a `B: 00` line that lists event types
/// rather than `SYN_*` codes (ignored, as evemu does), event lines with a
/// trailing `# …` description, zero-padded and negative values, and epoch or
/// relative timestamps. The comment block evemu 1.2 and later write before
/// the header lines gives each axis's value when recording began
/// (`#     Event code 47 (ABS_MT_SLOT)` then `#       Value        1`); those
/// values are kept (``EvemuRecording/axisValues``), other comments are not.
struct EvemuParser {
    /// The comment that carries a `DeviceKind` the bits alone would not give.
    static let kindComment = "# Tactile-Kind:"

    private enum Stage { case start, needsIdentity, header, events }

    private let file: String
    private var stage = Stage.start
    private var nameLine = 0

    private var name = ""
    private var identity = DeviceIdentity()
    private var kind: DeviceKind?
    private var propertyBytes: [UInt8] = []
    private var typeMasks: [UInt16: [UInt8]] = [:]
    /// The line of the first `B:` line of each type, for messages.
    private var typeMaskLines: [UInt16: Int] = [:]
    private var axes: [UInt16: AbsoluteAxis] = [:]
    private var events: [InputEvent] = []
    /// `Value` lines of the comment block, by axis code.
    private var commentValues: [UInt16: Int32] = [:]
    /// Where the comment block is: in `EV_ABS`, at which code.
    private var commentType: Int?
    private var commentCode: Int?

    private init(file: String) {
        self.file = file
    }

    /// Parses a whole file. `device` describes text that has no header of its own.
    static func parse(_ bytes: [UInt8], file: String, device: DeviceDescription?) throws(RecordingError) -> EvemuRecording {
        var parser = EvemuParser(file: file)
        let lines = TextLine.split(bytes)
        var sawContent = false
        for line in lines {
            _ = try line.requireText(file: file)
            if line.isBlank { continue }
            sawContent = true
            try parser.take(line, device: device)
        }
        let end = (lines.last?.number ?? 0) + 1
        switch parser.stage {
        case .start:
            if let device { return EvemuRecording(device: device, events: []) }
            if !sawContent {
                throw RecordingError(file: file, line: 1, problem: .empty, message: "expected an evemu recording starting with `N: <device name>`, found an empty file")
            }
            throw RecordingError(file: file, line: end, problem: .missingHeader, message: "expected a device header `N: <device name>`, found only comments")
        case .needsIdentity:
            throw RecordingError(file: file, line: end, problem: .missingHeader, message: "expected `I: <bus> <vendor> <product> <version>` after `N:` on line \(parser.nameLine), found end of file")
        case .header, .events:
            if parser.nameLine == 0, let device { return EvemuRecording(device: device, events: parser.events) }
            let parsed = try parser.makeDevice()
            return EvemuRecording(device: parsed, axisValues: parser.axisValues(of: parsed), events: parser.events)
        }
    }

    // MARK: - Lines

    private mutating func take(_ line: TextLine, device: DeviceDescription?) throws(RecordingError) {
        if line.isComment {
            try takeComment(line)
            return
        }
        guard let prefix = line.prefix else {
            let fields = EvemuLineFields(file: file, line: line, form: "")
            throw fields.error(.unknownLine, "expected a line starting with N:, I:, P:, B:, A:, L:, S:, E: or #, found \(fields.quoted(line.trimmedStart))")
        }
        if prefix == "E:" {
            try takeEvent(line, device: device)
            return
        }
        try checkHeaderPlace(prefix, line)
        switch prefix {
        case "N:": takeName(line)
        case "I:": try takeIdentity(line)
        case "P:": try takeProperties(line)
        case "B:": try takeMask(line)
        case "A:": try takeAxis(line)
        case "L:", "S:": try takeState(line, prefix: prefix)
        default:
            let fields = EvemuLineFields(file: file, line: line, form: "")
            throw fields.error(.unknownLine, "expected a line starting with N:, I:, P:, B:, A:, L:, S:, E: or #, found \(fields.quoted(line.trimmedStart))")
        }
    }

    /// Header lines come in order: `N:` first, `I:` next, the rest before any event.
    private mutating func checkHeaderPlace(_ prefix: String, _ line: TextLine) throws(RecordingError) {
        func fail(_ problem: RecordingError.Problem, _ message: String) -> RecordingError {
            RecordingError(file: file, line: line.number, problem: problem, message: message)
        }
        switch (stage, prefix) {
        case (.start, "N:"):
            return
        case (.start, _):
            throw fail(.missingHeader, "expected `N: <device name>` before `\(prefix)`, found `\(prefix)` first")
        case (.needsIdentity, "I:"):
            return
        case (.needsIdentity, _):
            throw fail(.missingHeader, "expected `I: <bus> <vendor> <product> <version>` after `N:` on line \(nameLine), found `\(prefix)`")
        case (.header, "N:"):
            throw fail(.misplacedLine, "expected one device per recording, found a second `N:` (the first is on line \(nameLine))")
        case (.header, "I:"):
            throw fail(.misplacedLine, "expected one `I:` line after `N:` on line \(nameLine), found another")
        case (.header, _):
            return
        case (.events, _):
            throw fail(.misplacedLine, "expected only `E:` lines after the first event, found the header line `\(prefix)`")
        }
    }

    private mutating func takeComment(_ line: TextLine) throws(RecordingError) {
        guard stage != .events else { return }
        takeCommentValue(line)
        guard line.trimmedStart.starts(with: Self.kindComment.utf8) else { return }
        let value = String(decoding: line.trimmedStart.dropFirst(Self.kindComment.utf8.count), as: UTF8.self)
        let word = value.split(separator: " ").first.map(String.init) ?? ""
        guard let parsed = DeviceKind(rawValue: word) else {
            let expected = DeviceKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw RecordingError(file: file, line: line.number, problem: .invalidNumber, message: "expected a device kind (\(expected)) after `\(Self.kindComment)`, found \"\(word)\"")
        }
        kind = parsed
    }

    /// Follows evemu's comment block (`#   Event type 3 (EV_ABS)`,
    /// `#     Event code 47 (ABS_MT_SLOT)`, `#       Value        1`) and keeps
    /// each absolute axis's value. Comments are free text: a line that does
    /// not fit is passed over.
    private mutating func takeCommentValue(_ line: TextLine) {
        let words = String(decoding: line.trimmedStart.dropFirst(), as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard words.count >= 2 else { return }
        switch (words[0], words[1]) {
        case ("Event", "type") where words.count >= 3:
            commentType = Int(words[2])
            commentCode = nil
        case ("Event", "code") where words.count >= 3:
            commentCode = Int(words[2])
        case ("Value", _):
            guard commentType == Int(EventType.abs.rawValue), let code = commentCode, (0...Int(AbsCode.max)).contains(code),
                  let value = Int32(words[1]) else { return }
            commentValues[UInt16(code)] = value
        default:
            break
        }
    }

    /// The comment block's values of the axes `device` has.
    private func axisValues(of device: DeviceDescription) -> AxisValues {
        AxisValues(commentValues.map { (code: $0.key, value: $0.value) }.filter { device.axis($0.code) != nil })
    }

    private mutating func takeName(_ line: TextLine) {
        var rest = line.afterPrefix
        if rest.first == UInt8(ascii: " ") { rest = rest.dropFirst() }
        name = String(decoding: rest, as: UTF8.self)
        nameLine = line.number
        stage = .needsIdentity
    }

    private mutating func takeIdentity(_ line: TextLine) throws(RecordingError) {
        let fields = EvemuLineFields(file: file, line: line, form: "the id line `I: <bus> <vendor> <product> <version>`")
        try fields.require(["the bus type", "the vendor id", "the product id", "the version"])
        identity = DeviceIdentity(
            bustype: UInt16(try fields.hex(0, "the bus type", maximum: 0xffff)),
            vendor: UInt16(try fields.hex(1, "the vendor id", maximum: 0xffff)),
            product: UInt16(try fields.hex(2, "the product id", maximum: 0xffff)),
            version: UInt16(try fields.hex(3, "the version", maximum: 0xffff))
        )
        stage = .header
    }

    private static let maskByteNames = (1...8).map { "mask byte \($0)" }

    private mutating func takeProperties(_ line: TextLine) throws(RecordingError) {
        let fields = EvemuLineFields(file: file, line: line, form: "the property line `P: <8 hex bytes>`")
        try fields.require(Self.maskByteNames)
        for index in 0..<8 {
            propertyBytes.append(UInt8(try fields.hex(index, Self.maskByteNames[index], maximum: 0xff)))
        }
    }

    private mutating func takeMask(_ line: TextLine) throws(RecordingError) {
        let fields = EvemuLineFields(file: file, line: line, form: "the bitmask line `B: <type> <8 hex bytes>`")
        try fields.require(["the event type"] + Self.maskByteNames)
        let type = UInt16(try fields.hex(0, "the event type", maximum: UInt64(EventType.max.rawValue)))
        var bytes: [UInt8] = []
        for index in 1...8 {
            bytes.append(UInt8(try fields.hex(index, Self.maskByteNames[index - 1], maximum: 0xff)))
        }
        typeMasks[type, default: []].append(contentsOf: bytes)
        if typeMaskLines[type] == nil { typeMaskLines[type] = line.number }
    }

    private static let axisFieldNames = ["the axis code", "the minimum", "the maximum", "the fuzz", "the flat", "the resolution"]

    private mutating func takeAxis(_ line: TextLine) throws(RecordingError) {
        let fields = EvemuLineFields(file: file, line: line, form: "the axis line `A: <code> <min> <max> <fuzz> <flat> [<resolution>]`")
        let names = Self.axisFieldNames
        try fields.require(names, minimum: 5)
        let code = UInt16(try fields.hex(0, names[0], maximum: UInt64(AbsCode.max)))
        let axis = AbsoluteAxis(
            code: code,
            minimum: try fields.int32(1, names[1]),
            maximum: try fields.int32(2, names[2]),
            fuzz: try fields.int32(3, names[3]),
            flat: try fields.int32(4, names[4]),
            resolution: fields.count > 5 ? try fields.int32(5, names[5]) : 0
        )
        if let problem = axis.limitProblem { throw fields.error(.outOfRange, "expected a device Linux could have: \(problem)") }
        axes[code] = axis
    }

    /// `L:` (LED) and `S:` (switch) states: checked, not kept.
    private mutating func takeState(_ line: TextLine, prefix: String) throws(RecordingError) {
        let what = prefix == "L:" ? "LED" : "switch"
        let fields = EvemuLineFields(file: file, line: line, form: "the \(what) line `\(prefix) <code> <state>`")
        try fields.require(["the \(what) code", "the state"])
        _ = try fields.hex(0, "the \(what) code", maximum: 0xffff)
        _ = try fields.int32(1, "the state")
    }

    private static let eventFieldNames = ["the timestamp", "the event type", "the event code", "the event value"]

    private mutating func takeEvent(_ line: TextLine, device: DeviceDescription?) throws(RecordingError) {
        switch stage {
        case .start where device == nil:
            throw RecordingError(
                file: file, line: line.number, problem: .missingHeader,
                message: "expected a device header `N: <device name>` before the first event (or a NAME.desc beside an events-only file), found `E:`")
        case .needsIdentity:
            throw RecordingError(
                file: file, line: line.number, problem: .missingHeader,
                message: "expected `I: <bus> <vendor> <product> <version>` after `N:` on line \(nameLine), found `E:`")
        default:
            break
        }
        stage = .events
        let fields = EvemuLineFields(file: file, line: line, form: "the event line `E: <sec>.<usec> <type> <code> <value>`")
        let names = Self.eventFieldNames
        try fields.require(names)
        let time = try fields.timestamp(0, names[0])
        let type = UInt16(try fields.hex(1, names[1], maximum: UInt64(EventType.max.rawValue)))
        let code = UInt16(try fields.hex(2, names[2], maximum: 0xffff))
        let value = try fields.int32(3, names[3])
        events.append(InputEvent(seconds: time.seconds, microseconds: time.microseconds, type: EventType(rawValue: type), code: code, value: value))
    }

    // MARK: - Device

    private func makeDevice() throws(RecordingError) -> DeviceDescription {
        var keys: [UInt16] = []
        var other: [EventCodeSet] = []
        for (type, bytes) in typeMasks.sorted(by: { $0.key < $1.key }) {
            let codes = CodeBitmask.codes(in: bytes)
            switch EventType(rawValue: type) {
            case .syn:
                continue  // evemu 1.0 wrote the event types here; newer versions a fixed 0b
            case .key:
                keys = codes
            case .abs:
                if let missing = codes.first(where: { axes[$0] == nil }) {
                    throw RecordingError(
                        file: file, line: typeMaskLines[type], problem: .inconsistentHeader,
                        message: "expected an `A:` line for \(EventCodeNames.name(ofCode: missing, type: .abs)), which `B: 03` announces, found none")
                }
            default:
                if !codes.isEmpty { other.append(EventCodeSet(type: EventType(rawValue: type), codes: codes)) }
            }
        }
        return DeviceDescription(
            name: name,
            identity: identity,
            properties: CodeBitmask.codes(in: propertyBytes),
            keys: keys,
            axes: axes.values.sorted { $0.code < $1.code },
            otherCodes: other,
            kind: kind
        )
    }
}
