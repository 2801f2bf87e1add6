// Writing protocol-B events the way the kernel does, for the protocol-A converter.

/// Writes multitouch protocol B the way the kernel does: `ABS_MT_SLOT` only
/// when the slot changes, a value only when it differs from the slot's last
/// one, `ABS_MT_TRACKING_ID` to start and (`-1`) to end a contact, and —
/// when asked — `BTN_TOUCH` 1 when the first contact lands and 0 when the
/// last one lifts, before each `SYN_REPORT`.
///
/// A slot forgets its values when its contact lifts, so a new contact in it
/// always announces its whole state. Every event of a frame carries the
/// frame's time.
package struct ProtocolBEmitter: Sendable {
    /// Whether `BTN_TOUCH` follows the contact count.
    package let synthesizesTouchButton: Bool

    private var values: [[UInt16: Int32]]
    private var trackingIDs: [Int32]
    private var currentSlot: Int?
    private var touchDown = false
    package private(set) var output: [InputEvent] = []
    private var frameEvents: [InputEvent] = []

    package init(slotCount: Int, synthesizesTouchButton: Bool) {
        self.synthesizesTouchButton = synthesizesTouchButton
        let slots = min(max(1, slotCount), DeviceLimits.maximumSlots)
        values = Array(repeating: [:], count: slots)
        trackingIDs = Array(repeating: -1, count: slots)
    }

    package var slotCount: Int { trackingIDs.count }

    /// The tracking id in `slot`, or -1 when it holds no contact.
    package func trackingID(inSlot slot: Int) -> Int32 { trackingIDs[slot] }

    /// The last value of `code` in `slot`, if one was sent since the contact began.
    package func value(_ code: UInt16, inSlot slot: Int) -> Int32? { values[slot][code] }

    /// The number of slots holding a contact.
    package var activeCount: Int { trackingIDs.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) } }

    /// Starts a contact with `trackingID` in `slot`; a slot still holding
    /// another contact is taken over (the kernel sends just the new id).
    package mutating func begin(slot: Int, trackingID: Int32, time: Time) {
        guard trackingIDs[slot] != trackingID else { return }
        select(slot, time)
        if trackingIDs[slot] >= 0 { values[slot] = [:] }
        trackingIDs[slot] = trackingID
        append(time, .abs, AbsCode.mtTrackingID, trackingID)
    }

    /// Ends the contact in `slot`, if there is one.
    package mutating func lift(slot: Int, time: Time) {
        guard trackingIDs[slot] >= 0 else { return }
        select(slot, time)
        trackingIDs[slot] = -1
        values[slot] = [:]
        append(time, .abs, AbsCode.mtTrackingID, -1)
    }

    /// Sets an `ABS_MT_*` value (other than the slot and the tracking id) of `slot`.
    package mutating func set(_ code: UInt16, _ value: Int32, slot: Int, time: Time) {
        guard values[slot][code] != value else { return }
        select(slot, time)
        values[slot][code] = value
        append(time, .abs, code, value)
    }

    /// An event that is not part of the slot state, passed on in the frame.
    package mutating func passThrough(_ event: InputEvent, time: Time) {
        append(time, event.type, event.code, event.value)
    }

    /// Ends the frame: `BTN_TOUCH` if the contact count crossed zero, then `SYN_REPORT`.
    package mutating func endFrame(time: Time) {
        if synthesizesTouchButton {
            let down = activeCount > 0
            if down != touchDown {
                touchDown = down
                append(time, .key, KeyCode.touch, down ? 1 : 0)
            }
        }
        append(time, .syn, SynCode.report, 0)
        output.append(contentsOf: frameEvents)
        frameEvents.removeAll(keepingCapacity: true)
    }

    /// Takes the events of the frames ended so far.
    package mutating func takeOutput() -> [InputEvent] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    private mutating func select(_ slot: Int, _ time: Time) {
        guard currentSlot != slot else { return }
        currentSlot = slot
        append(time, .abs, AbsCode.mtSlot, Int32(slot))
    }

    private mutating func append(_ time: Time, _ type: EventType, _ code: UInt16, _ value: Int32) {
        frameEvents.append(InputEvent(seconds: time.seconds, microseconds: time.microseconds, type: type, code: code, value: value))
    }

    /// A kernel timestamp, as events carry it: a pair the emitter stamps its events with.
    package typealias Time = (seconds: Int64, microseconds: Int32)

    /// The timestamp `event` carries.
    package static func time(of event: InputEvent) -> Time { (event.seconds, event.microseconds) }
}
