import Foundation
import Tactile

/// Reads the touch records of `remarkable-shortcuts` (reMarkable 2): JSON
/// lines, one per frame, with the Unix time and, per slot, the fields that
/// changed in that frame.
///
/// ```
/// [1677239444.394294, {"0": {"id": 3613, "x": 184, "y": 732, "pressure": 69}}]
/// [1677239444.493553, {"0": {"id": -1}}]
/// ```
///
/// `id` is the tracking id (`-1` lifts the contact); `x`, `y`, `pressure`,
/// `orientation`, `touch_major`, `touch_minor` and the other `ABS_MT_*` axes
/// by their lower-case names without the prefix are the slot's values. The
/// records are protocol B re-encoded, so they become protocol-B events again:
/// `ABS_MT_SLOT` when the slot changes, the tracking id first, then the
/// values that changed, `BTN_TOUCH` following the contacts and `SYN_REPORT`,
/// all at the line's time (to the microsecond, read from the text exactly).
///
/// The recorder has one quirk the reader undoes: when a frame lifts one
/// contact and moves others, it writes the lift as a line of its own and
/// then, at the same time, a line that brings the lifted slot back with its
/// old tracking id and old values (46 times in `monkey-touch.record`). The
/// kernel never gives a tracking id back once lifted, so a slot entry whose
/// id is the one its slot just lifted is skipped.
///
/// Every failure is a ``RecordingError`` naming the file and line.
public enum RemarkableRecordReader {
    /// How a record becomes a recording.
    public struct Options: Hashable, Sendable {
        /// The name of the synthesized device.
        public var deviceName: String
        /// Slots of the synthesized device; every slot in the record must be below it.
        public var slotCount: Int
        /// A description to use instead of the synthesized one.
        public var device: DeviceDescription?
        /// The screen the recording maps onto.
        public var screen: Screen

        public init(deviceName: String = RemarkableRecordReader.deviceName, slotCount: Int = 32, device: DeviceDescription? = nil, screen: Screen = .standard) {
            self.deviceName = deviceName
            self.slotCount = max(1, slotCount)
            self.device = device
            self.screen = screen
        }
    }

    /// The default device name. The reMarkable 2's touchscreen driver calls itself `pt_mt`.
    public static let deviceName = "reMarkable 2 touchscreen (pt_mt)"

    /// The panel's axes as its touchscreen announces them: 1404 × 1872
    /// positions (the display's pixels), resolution unknown (0).
    public static let panelAxes: [AbsoluteAxis] = [
        AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 1403),
        AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 1871),
    ]

    /// Reads the record at `path`.
    public static func read(contentsOf path: String, options: Options = Options()) throws(RecordingError) -> Recording {
        try parse(bytes: RecordingFile.bytes(at: path), file: path, options: options)
    }

    /// Parses record text; `file` names it in errors.
    public static func parse(_ text: String, file: String = "<text>", options: Options = Options()) throws(RecordingError) -> Recording {
        try parse(bytes: Array(text.utf8), file: file, options: options)
    }

    /// Parses record bytes, which need not be valid UTF-8.
    public static func parse(bytes: [UInt8], file: String = "<bytes>", options: Options = Options()) throws(RecordingError) -> Recording {
        var emitter = ProtocolBEmitter(slotCount: options.slotCount, synthesizesTouchButton: true)
        /// The tracking id each slot's last contact had when it lifted.
        var liftedIDs = [Int32?](repeating: nil, count: options.slotCount)
        var sawLine = false
        for line in TextLine.split(bytes) {
            let text: String
            switch line.text() {
            case .success(let value): text = value
            case .failure(let notText):
                throw RecordingError(file: file, line: line.number, problem: .notText, message: "expected a line of text, found \(notText.description)")
            }
            if text.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            sawLine = true
            let frame = try Frame(text, file: file, line: line.number, slotCount: options.slotCount)
            let time = ProtocolBEmitter.Time(seconds: frame.seconds, microseconds: frame.microseconds)
            for (slot, fields) in frame.slots {
                if let id = fields.trackingID {
                    if id < 0 {
                        if emitter.trackingID(inSlot: slot) >= 0 { liftedIDs[slot] = emitter.trackingID(inSlot: slot) }
                        emitter.lift(slot: slot, time: time)
                        continue
                    }
                    // A contact coming back to life is the recorder's echo of a lift, not a touch.
                    if emitter.trackingID(inSlot: slot) < 0, liftedIDs[slot] == id { continue }
                    liftedIDs[slot] = nil
                    emitter.begin(slot: slot, trackingID: id, time: time)
                }
                for (code, value) in fields.values {
                    emitter.set(code, value, slot: slot, time: time)
                }
            }
            emitter.endFrame(time: time)
        }
        guard sawLine else {
            throw RecordingError(file: file, line: 1, problem: .empty, message: "expected JSON lines `[<unix time>, {\"<slot>\": {…}}]`, found an empty file")
        }
        let events = emitter.takeOutput()
        let device = options.device ?? ObservedDevice.touchscreen(
            name: options.deviceName, identity: DeviceIdentity(bustype: 0x18), events: events,
            slotCount: options.slotCount, knownAxes: panelAxes)
        return Recording(device: device, screen: options.screen, events: events)
    }

    /// The fields of `ABS_MT_*` axes a record may hold, by their record names.
    static func code(ofField name: String) -> UInt16? {
        switch name {
        case "x": return AbsCode.mtPositionX
        case "y": return AbsCode.mtPositionY
        case "id", "slot": return nil
        default:
            guard name == name.lowercased(), let code = EventCodeNames.code(named: "ABS_MT_" + name.uppercased(), type: .abs),
                  ProtocolAConverter.isContactCode(code), code != AbsCode.mtTrackingID
            else { return nil }
            return code
        }
    }

    /// One line of a record.
    private struct Frame {
        var seconds: Int64
        var microseconds: Int32
        /// Slots in ascending order with their fields.
        var slots: [(Int, Fields)]

        struct Fields {
            var trackingID: Int32?
            /// Values in a fixed order: position, pressure, then the others by code.
            var values: [(UInt16, Int32)]
        }

        static let form = "a record line `[<unix time>, {\"<slot>\": {\"id\": …, \"x\": …}}]`"

        init(_ text: String, file: String, line: Int, slotCount: Int) throws(RecordingError) {
            func fail(_ problem: RecordingError.Problem, _ message: String) -> RecordingError {
                RecordingError(file: file, line: line, problem: problem, message: message)
            }
            let json: Any
            do {
                json = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [])
            } catch {
                throw fail(.syntax, "expected \(Self.form) in JSON, found text that is not JSON: \(Self.quoted(text))")
            }
            guard let array = json as? [Any] else {
                throw fail(.wrongType, "expected \(Self.form), found a JSON value that is not an array")
            }
            guard array.count == 2 else {
                throw fail(array.count < 2 ? .missingField : .extraField, "expected \(Self.form) with two elements, found \(array.count)")
            }
            guard let time = Self.timestamp(in: text) else {
                throw fail(.invalidNumber, "expected the Unix time as a number `<seconds>.<fraction>` first in \(Self.form), found \(Self.quoted(text))")
            }
            (seconds, microseconds) = time
            guard let slotObject = array[1] as? [String: Any] else {
                throw fail(.wrongType, "expected an object of slots `{\"<slot>\": {…}}` as the second element of \(Self.form)")
            }
            var slots: [(Int, Fields)] = []
            for (key, value) in slotObject {
                guard let slot = Int(key), slot >= 0, String(slot) == key else {
                    throw fail(.invalidValue, "expected slot numbers as keys (\"0\", \"1\", …) in \(Self.form), found \"\(key)\"")
                }
                guard slot < slotCount else {
                    throw fail(.outOfRange, "expected slots below \(slotCount), found slot \(slot)")
                }
                guard let object = value as? [String: Any] else {
                    throw fail(.wrongType, "expected an object of fields for slot \(slot), found something else")
                }
                var fields = Fields(trackingID: nil, values: [])
                for (name, raw) in object {
                    guard let number = Self.integer(raw) else {
                        throw fail(.wrongType, "expected an integer for \"\(name)\" of slot \(slot), found \(Self.describe(raw))")
                    }
                    if name == "id" {
                        guard number >= -1, number <= Int64(Int32.max) else {
                            throw fail(.outOfRange, "expected \"id\" of slot \(slot) to be -1 or a tracking id up to \(Int32.max), found \(number)")
                        }
                        fields.trackingID = Int32(number)
                        continue
                    }
                    guard let code = RemarkableRecordReader.code(ofField: name) else {
                        throw fail(.unknownField, "expected a field id, x, y, pressure, orientation, touch_major, touch_minor (or another ABS_MT_ axis in lower case) for slot \(slot), found \"\(name)\"")
                    }
                    guard let value = Int32(exactly: number) else {
                        throw fail(.outOfRange, "expected \"\(name)\" of slot \(slot) to fit 32 bits, found \(number)")
                    }
                    fields.values.append((code, value))
                }
                fields.values.sort { Self.rank($0.0) < Self.rank($1.0) }
                slots.append((slot, fields))
            }
            self.slots = slots.sorted { $0.0 < $1.0 }
        }

        /// Position first, then pressure, then the other axes by code.
        private static func rank(_ code: UInt16) -> Int {
            switch code {
            case AbsCode.mtPositionX: return 0
            case AbsCode.mtPositionY: return 1
            case AbsCode.mtPressure: return 2
            default: return 3 + Int(code)
            }
        }

        /// The first element as written: `<seconds>[.<fraction>]`, rounded to
        /// the microsecond without going through a `Double`.
        private static func timestamp(in text: String) -> (Int64, Int32)? {
            guard let open = text.firstIndex(of: "[") else { return nil }
            let rest = text[text.index(after: open)...].drop { $0 == " " || $0 == "\t" }
            let token = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            let parts = token.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 15, let seconds = Int64(parts[0]) else { return nil }
            guard parts.count == 2 else { return (seconds, 0) }
            let digits = parts[1]
            guard !digits.isEmpty, digits.count <= 18, let fraction = Int64(digits) else { return nil }
            // Scale the fraction to microseconds, rounding half up.
            var micro = fraction
            if digits.count < 6 {
                for _ in digits.count..<6 { micro *= 10 }
            } else if digits.count > 6 {
                var divisor: Int64 = 1
                for _ in 6..<digits.count { divisor *= 10 }
                micro = (fraction + divisor / 2) / divisor
            }
            guard micro == 1_000_000 else { return (seconds, Int32(micro)) }
            return (seconds + 1, 0)
        }

        private static func integer(_ raw: Any) -> Int64? {
            guard let number = raw as? NSNumber, !isBoolean(number) else { return nil }
            let double = number.doubleValue
            guard double.rounded() == double, abs(double) < 9.0e15 else { return nil }
            return number.int64Value
        }

        /// JSON's `true` and `false` come as numbers of C type `char`; numbers never do.
        private static func isBoolean(_ number: NSNumber) -> Bool {
            String(cString: number.objCType) == "c"
        }

        private static func describe(_ raw: Any) -> String {
            switch raw {
            case let number as NSNumber: return isBoolean(number) ? "a boolean" : "\(number)"
            case let string as String: return "the string \"\(string.prefix(20))\""
            case is NSNull: return "null"
            case is [Any]: return "an array"
            default: return "an object"
            }
        }

        private static func quoted(_ text: String) -> String {
            "\"" + String(text.prefix(40)) + (text.count > 40 ? "…" : "") + "\""
        }
    }
}
