// The reMarkable record reader: remarkable-shortcuts' JSON lines into protocol B events on a made-up touchscreen.
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
/// The device is made up from the events (see ``Recording/TraceOptions``),
/// named ``deviceName`` with 32 slots unless told otherwise.
///
/// Every failure is a ``RecordingError`` naming the file and line.
public enum RemarkableRecordReader {
    /// The default device name. The reMarkable 2's touchscreen driver calls itself `pt_mt`.
    public static let deviceName = "reMarkable 2 touchscreen (pt_mt)"

    /// The panel's axes as its touchscreen announces them: 1404 × 1872
    /// positions (the display's pixels), resolution unknown (0).
    public static let panelAxes: [AbsoluteAxis] = [
        AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 1403),
        AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 1871),
    ]

    /// Reads the record at `path`.
    public static func read(contentsOf path: String, options: Recording.TraceOptions = Recording.TraceOptions()) throws(RecordingError) -> Recording {
        try parse(bytes: RecordingFile.bytes(at: path), file: path, options: options)
    }

    /// Parses record text; `file` names it in errors.
    public static func parse(_ text: String, file: String = "<text>", options: Recording.TraceOptions = Recording.TraceOptions()) throws(RecordingError) -> Recording {
        try parse(bytes: Array(text.utf8), file: file, options: options)
    }

    /// Parses record bytes, which need not be valid UTF-8.
    public static func parse(bytes: [UInt8], file: String = "<bytes>", options: Recording.TraceOptions = Recording.TraceOptions()) throws(RecordingError) -> Recording {
        let slotCount = options.slots(standard: 32)
        var emitter = ProtocolBEmitter(slotCount: slotCount, synthesizesTouchButton: true)
        /// The tracking id each slot's last contact had when it lifted.
        var liftedIDs = [Int32?](repeating: nil, count: slotCount)
        var sawLine = false
        for line in TextLine.split(bytes) {
            let text = try line.requireText(file: file)
            if text.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            sawLine = true
            let frame = try RemarkableFrame(text, file: file, line: line.number, slotCount: slotCount)
            let time: ProtocolBEmitter.Time = (frame.seconds, frame.microseconds)
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
            name: options.deviceName ?? deviceName, identity: DeviceIdentity(bustype: 0x18), events: events,
            slotCount: slotCount, knownAxes: panelAxes)
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
}
