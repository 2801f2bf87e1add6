// What the event checks know about the device (announced types and codes, slots) and the warnings so far.
import Tactile

/// What the event checks know about the device, and the warnings so far.
struct EventChecks {
    /// Codes per type that the bitmap covers (`KEY_MAX` + 1); higher ones are unknown.
    static let codeLimit = Int(KeyCode.max) + 1
    static let wordsPerType = codeLimit / 64
    /// One bit per (type < 32, code < ``codeLimit``) the device announces.
    var knownCodes: [UInt64]
    /// One bit per event type Linux defines.
    var knownTypes: UInt32
    /// One bit per `ABS_*` code the device announces (all are below 64).
    var absCodes: UInt64 = 0
    var slotMinimum: Int32
    var slotMaximum: Int32
    var warnings: [RecordingWarning] = []

    init() {
        knownCodes = Array(repeating: 0, count: 32 * Self.wordsPerType)
        knownTypes = 0
        slotMinimum = 0
        slotMaximum = -1
    }

    init(device: DeviceDescription) {
        self.init()
        let defined: [EventType] = [.syn, .key, .rel, .abs, .msc, .sw, .led, .snd, .rep, .ff, .pwr, .ffStatus]
        for type in defined { knownTypes |= 1 << UInt32(type.rawValue) }
        func add(_ type: EventType, _ code: UInt16) {
            guard type.rawValue < 32, Int(code) < Self.codeLimit else { return }
            let bit = Int(type.rawValue) * Self.wordsPerType * 64 + Int(code)
            knownCodes[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        for code in [SynCode.report, SynCode.config, SynCode.mtReport, SynCode.dropped] { add(.syn, code) }
        for code in device.keys { add(.key, code) }
        for axis in device.axes {
            add(.abs, axis.code)
            if axis.code < 64 { absCodes |= 1 << UInt64(axis.code) }
        }
        for set in device.otherCodes {
            for code in set.codes { add(set.type, code) }
        }
        if let slot = device.axis(AbsCode.mtSlot) {
            slotMinimum = slot.minimum
            slotMaximum = slot.maximum
        }
    }
}
