import Foundation
import Tactile

/// The events of one device in an Android `getevent -lt` trace, as they were
/// printed: protocol A stays protocol A here. ``Recording/init(getevent:options:)``
/// turns a trace into a recording a `TouchAssembler` can read.
///
/// `getevent -lt` prints one event per line, with the kernel timestamp,
/// optionally the device node (when it watches several), the type, the code
/// (by name with `-l`, else in hex) and the value in hex (two's complement,
/// `ffffffff` = -1; keys as `DOWN`, `UP`, `REPEAT` with `-l`):
///
/// ```
/// [    1193.605705] EV_ABS       ABS_MT_POSITION_X    00000213
/// [    1193.605731] EV_SYN       SYN_MT_REPORT        00000000
/// [  212989.315368] /dev/input/event1: EV_KEY  BTN_TOUCH  DOWN
/// ```
///
/// The `add device N: /dev/input/eventN` blocks getevent prints first are read
/// for the device names (`name: "…"`); their other lines are skipped.
public struct GeteventTrace: Hashable, Sendable {
    /// How a trace's multitouch events are organised.
    public enum MultitouchProtocol: String, Hashable, Sendable {
        /// `SYN_MT_REPORT` after each contact, no slots.
        case a
        /// Slots (`ABS_MT_SLOT`) and tracking ids: what the kernel sends today.
        case b
        /// Tracking ids and partial updates as in protocol B, but never an
        /// `ABS_MT_SLOT`: one contact in the implied slot 0.
        case bWithoutSlots
        /// No `ABS_MT_*` events at all (a single-touch device, or keys only).
        case none
    }

    /// The device node the events came from, when getevent printed one.
    public var devicePath: String?
    /// The name getevent printed for that device in its `add device` block, if it did.
    public var deviceName: String?
    /// The events, in file order, with the kernel's timestamps.
    public var events: [InputEvent]
    /// The device nodes that sent events, in order of appearance (empty when
    /// the trace names none).
    public var devicesSeen: [String]

    public init(devicePath: String? = nil, deviceName: String? = nil, events: [InputEvent], devicesSeen: [String] = []) {
        self.devicePath = devicePath
        self.deviceName = deviceName
        self.events = events
        self.devicesSeen = devicesSeen
    }

    /// The protocol the events follow, judged from the codes they use.
    public var multitouchProtocol: MultitouchProtocol {
        var sawMultitouch = false
        var sawSlot = false
        for event in events {
            if event.type == .syn, event.code == SynCode.mtReport { return .a }
            guard event.type == .abs else { continue }
            if event.code == AbsCode.mtSlot { sawSlot = true }
            if ProtocolAConverter.isContactCode(event.code) { sawMultitouch = true }
        }
        if sawSlot { return .b }
        return sawMultitouch ? .bWithoutSlots : .none
    }
}

/// Reads Android `getevent -lt` traces (see ``GeteventTrace``).
///
/// Every failure is a ``RecordingError`` naming the file and line; malformed
/// input never traps.
public enum GeteventReader {
    /// Reads the trace at `path`. `devicePath` picks a device when the trace
    /// holds several; by default the first one that sends `ABS_MT_*` events
    /// (else the first one) is taken.
    public static func read(contentsOf path: String, devicePath: String? = nil) throws(RecordingError) -> GeteventTrace {
        try parse(bytes: RecordingFile.bytes(at: path), file: path, devicePath: devicePath)
    }

    /// Parses trace text; `file` names it in errors.
    public static func parse(_ text: String, file: String = "<text>", devicePath: String? = nil) throws(RecordingError) -> GeteventTrace {
        try parse(bytes: Array(text.utf8), file: file, devicePath: devicePath)
    }

    /// Parses trace bytes, which need not be valid UTF-8: a line that is not text is reported as such.
    public static func parse(bytes: [UInt8], file: String = "<bytes>", devicePath: String? = nil) throws(RecordingError) -> GeteventTrace {
        var lines: [RawLine] = []
        var names: [String: String] = [:]
        var lastAdded: String?
        var sawContent = false
        for line in TextLine.split(bytes) {
            let text: String
            switch line.text() {
            case .success(let value): text = value
            case .failure(let notText):
                throw RecordingError(file: file, line: line.number, problem: .notText, message: "expected a line of text, found \(notText.description)")
            }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            sawContent = true
            if text.hasPrefix("add device") {
                lastAdded = text.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
                continue
            }
            if text.first == " " || text.first == "\t", !trimmed.hasPrefix("[") {
                if trimmed.hasPrefix("name:"), let device = lastAdded {
                    names[device] = unquoted(String(trimmed.dropFirst("name:".count)).trimmingCharacters(in: .whitespaces))
                }
                continue  // the rest of an `add device` block
            }
            if text.hasPrefix("could not") || text.hasPrefix("remove device") { continue }
            lines.append(try RawLine(text, number: line.number, file: file))
        }
        guard sawContent else {
            throw RecordingError(file: file, line: 1, problem: .empty, message: "expected getevent lines `[ <sec>.<usec>] EV_<TYPE> <CODE> <value>`, found an empty file")
        }
        guard !lines.isEmpty else {
            throw RecordingError(file: file, line: 1, problem: .empty, message: "expected getevent event lines `[ <sec>.<usec>] EV_<TYPE> <CODE> <value>`, found only device descriptions")
        }

        var devicesSeen: [String] = []
        for line in lines {
            if let device = line.device, !devicesSeen.contains(device) { devicesSeen.append(device) }
        }
        let chosen: String?
        if let devicePath {
            guard devicesSeen.contains(devicePath) else {
                let seen = devicesSeen.isEmpty ? "none (the lines name no device)" : devicesSeen.joined(separator: ", ")
                throw RecordingError(file: file, line: nil, problem: .invalidValue, message: "expected events from \(devicePath), found events from \(seen)")
            }
            chosen = devicePath
        } else if devicesSeen.count > 1 {
            chosen = devicesSeen.first { device in lines.contains { $0.device == device && $0.isMultitouch } } ?? devicesSeen.first
        } else {
            chosen = devicesSeen.first
        }
        var events: [InputEvent] = []
        events.reserveCapacity(lines.count)
        for line in lines where chosen == nil || line.device == nil || line.device == chosen {
            events.append(try line.event(file: file))
        }
        return GeteventTrace(devicePath: chosen, deviceName: chosen.flatMap { names[$0] } ?? (names.count == 1 ? names.values.first : nil), events: events, devicesSeen: devicesSeen)
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return text }
        return String(text.dropFirst().dropLast())
    }

    /// An event line split into its fields; names are resolved later, only
    /// for the device that is kept.
    private struct RawLine {
        var number: Int
        var seconds: Int64
        var microseconds: Int32
        var device: String?
        var type: Substring
        var code: Substring
        var value: Substring

        static let form = "a getevent line `[ <sec>.<usec>] [/dev/input/eventN:] EV_<TYPE> <CODE> <value>`"

        init(_ text: String, number: Int, file: String) throws(RecordingError) {
            self.number = number
            func fail(_ problem: RecordingError.Problem, _ message: String) -> RecordingError {
                RecordingError(file: file, line: number, problem: problem, message: message)
            }
            var rest = Substring(text).drop { $0 == " " || $0 == "\t" }
            guard rest.first == "[" else {
                throw fail(.missingField, "expected a timestamp `[ <sec>.<usec>]` at the start of \(Self.form) (record with `getevent -lt`), found \(Self.quoted(rest))")
            }
            guard let close = rest.firstIndex(of: "]") else {
                throw fail(.missingField, "expected `]` after the timestamp in \(Self.form), found end of line")
            }
            let stamp = rest[rest.index(after: rest.startIndex)..<close].trimmingCharacters(in: .whitespaces)
            guard let time = Self.timestamp(stamp) else {
                throw fail(.invalidNumber, "expected the timestamp as <seconds>.<microseconds> (up to six digits after the point) in \(Self.form), found \(Self.quoted(Substring(stamp)))")
            }
            (seconds, microseconds) = time
            rest = rest[rest.index(after: close)...]
            var fields = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if let first = fields.first, first.hasSuffix(":") {
                device = String(first.dropLast())
                fields.removeFirst()
            } else {
                device = nil
            }
            let names = ["the event type", "the event code", "the event value"]
            guard fields.count >= 3 else {
                throw fail(.missingField, "expected \(names[fields.count]) in \(Self.form), found end of line")
            }
            guard fields.count == 3 else {
                throw fail(.extraField, "expected end of line after the event value in \(Self.form), found \(Self.quoted(fields[3]))")
            }
            type = fields[0]
            code = fields[1]
            value = fields[2]
        }

        /// Whether the line carries an `ABS_MT_*` event, judged from its text.
        var isMultitouch: Bool {
            if code.hasPrefix("ABS_MT_") { return true }
            guard type == "EV_ABS" || type == "0003", let value = UInt16(code, radix: 16) else { return false }
            return value >= AbsCode.mtSlot && value <= AbsCode.mtToolY
        }

        func event(file: String) throws(RecordingError) -> InputEvent {
            func fail(_ problem: RecordingError.Problem, _ message: String) -> RecordingError {
                RecordingError(file: file, line: number, problem: problem, message: message)
            }
            let eventType: EventType
            if let named = EventCodeNames.type(named: String(type)) {
                eventType = named
            } else if let raw = Self.hex(type, digits: 4), raw <= UInt32(EventType.max.rawValue) {
                eventType = EventType(rawValue: UInt16(raw))
            } else {
                throw fail(.invalidValue, "expected the event type as a name such as EV_ABS or as four hex digits in \(Self.form), found \(quoted(type))")
            }
            let eventCode: UInt16
            if let named = EventCodeNames.code(named: String(code), type: eventType) {
                eventCode = named
            } else if let raw = Self.hex(code, digits: 4) {
                eventCode = UInt16(raw)
            } else {
                throw fail(.invalidValue, "expected the event code as a name of \(EventCodeNames.name(of: eventType)) or as four hex digits in \(Self.form), found \(quoted(code))")
            }
            let eventValue: Int32
            switch value {
            case "DOWN" where eventType == .key: eventValue = 1
            case "UP" where eventType == .key: eventValue = 0
            case "REPEAT" where eventType == .key: eventValue = 2
            default:
                guard let raw = Self.hex(value, digits: 8) else {
                    let keys = eventType == .key ? " (or DOWN, UP, REPEAT)" : ""
                    throw fail(.invalidNumber, "expected the event value as up to eight hex digits\(keys) in \(Self.form), found \(quoted(value))")
                }
                eventValue = Int32(bitPattern: raw)
            }
            return InputEvent(seconds: seconds, microseconds: microseconds, type: eventType, code: eventCode, value: eventValue)
        }

        /// Up to `digits` hexadecimal digits.
        private static func hex(_ text: Substring, digits: Int) -> UInt32? {
            guard !text.isEmpty, text.count <= digits, text.allSatisfy(\.isHexDigit) else { return nil }
            return UInt32(text, radix: 16)
        }

        /// `<seconds>.<fraction>` with one to six digits of fraction, exactly.
        private static func timestamp(_ text: String) -> (Int64, Int32)? {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 15, parts[0].allSatisfy(\.isASCIIDigit),
                  (1...6).contains(parts[1].count), parts[1].allSatisfy(\.isASCIIDigit),
                  let seconds = Int64(parts[0]), let fraction = Int32(parts[1])
            else { return nil }
            var micro = fraction
            for _ in parts[1].count..<6 { micro *= 10 }
            return (seconds, micro)
        }

        private func quoted(_ text: Substring) -> String { Self.quoted(text) }

        static func quoted(_ text: Substring) -> String {
            "\"" + String(text.prefix(40)) + (text.count > 40 ? "…" : "") + "\""
        }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}

extension Recording {
    /// How a ``GeteventTrace`` becomes a recording.
    public struct GeteventOptions: Hashable, Sendable {
        /// The name of the synthesized device; by default the name getevent
        /// printed for it, else "Android touchscreen (getevent)".
        public var deviceName: String?
        /// Slots of the synthesized device (protocol A contacts are spread over them).
        public var slotCount: Int
        /// For protocol A traces without tracking ids: how far (device units)
        /// a contact may move between frames and stay the same (see `ProtocolAConverter`).
        public var maximumMatchDistance: Double?
        /// A description to use instead of the synthesized one.
        public var device: DeviceDescription?
        /// The screen the recording maps onto.
        public var screen: Screen

        public init(deviceName: String? = nil, slotCount: Int = 10, maximumMatchDistance: Double? = nil, device: DeviceDescription? = nil, screen: Screen = .standard) {
            self.deviceName = deviceName
            self.slotCount = max(1, slotCount)
            self.maximumMatchDistance = maximumMatchDistance
            self.device = device
            self.screen = screen
        }
    }

    /// A recording of an Android `getevent` trace.
    ///
    /// The events become protocol B (`ProtocolAConverter` for protocol A;
    /// an explicit slot 0 for ``GeteventTrace/MultitouchProtocol/bWithoutSlots``;
    /// protocol B and single-touch traces as they are), with `BTN_TOUCH`
    /// following the contacts, and timestamps kept. getevent prints no device
    /// description, so one is synthesized unless `options.device` gives it: a
    /// direct touchscreen with `options.slotCount` slots whose axes reach the
    /// observed maximum rounded up to the next `2ⁿ − 1` (a Galaxy S trace
    /// reaching x = 1019 gets 0…1023), resolution 0 (unknown), and every code
    /// the events use.
    public init(getevent trace: GeteventTrace, options: GeteventOptions = GeteventOptions()) {
        let events: [InputEvent]
        switch trace.multitouchProtocol {
        case .a:
            events = ProtocolAConverter.convert(
                trace.events,
                configuration: .init(slotCount: options.slotCount, maximumMatchDistance: options.maximumMatchDistance))
        case .bWithoutSlots:
            events = Self.placedInSlotZero(trace.events)
        case .b, .none:
            events = trace.events
        }
        let name = options.deviceName ?? trace.deviceName ?? "Android touchscreen (getevent)"
        let device = options.device ?? ObservedDevice.touchscreen(name: name, events: events, slotCount: options.slotCount)
        self.init(device: device, screen: options.screen, events: events)
    }

    /// Protocol B without slot events: everything happens in slot 0. The
    /// values pass through the emitter (which adds the slot and `BTN_TOUCH`);
    /// frames keep their `SYN_REPORT` times.
    private static func placedInSlotZero(_ input: [InputEvent]) -> [InputEvent] {
        var emitter = ProtocolBEmitter(slotCount: 1, synthesizesTouchButton: true)
        var frame: [InputEvent] = []
        for event in input {
            guard event.isReport else {
                frame.append(event)
                continue
            }
            let time = ProtocolBEmitter.Time(event)
            for item in frame {
                if item.type == .abs, item.code == AbsCode.mtTrackingID {
                    if item.value < 0 {
                        emitter.lift(slot: 0, time: time)
                    } else {
                        emitter.begin(slot: 0, trackingID: item.value, time: time)
                    }
                } else if item.type == .abs, ProtocolAConverter.isContactCode(item.code) {
                    emitter.set(item.code, item.value, slot: 0, time: time)
                } else if !(item.type == .key && item.code == KeyCode.touch) {
                    emitter.passThrough(item, time: time)
                }
            }
            frame.removeAll(keepingCapacity: true)
            emitter.endFrame(time: time)
        }
        return emitter.takeOutput()
    }
}
