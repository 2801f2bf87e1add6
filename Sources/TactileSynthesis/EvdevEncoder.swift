// The kernel's side of protocol B for synthesized contacts: slots, tracking ids, fuzz and the evdev events of each frame.
import Tactile

/// One finger a device senses in a frame, in device units.
package struct SensedContact {
    /// Identifies the finger for as long as it is down.
    package var key: Int
    /// Where it is, how it presses, and the slot a driver numbering its contacts puts it in.
    package var finger: FingerScript.Finger

    package init(key: Int, finger: FingerScript.Finger) {
        self.key = key
        self.finger = finger
    }

    package init(key: Int, x: Int32, y: Int32, pressure: Int32, touchMajor: Int32) {
        self.init(key: key, finger: FingerScript.Finger(x: x, y: y, pressure: pressure, touchMajor: touchMajor))
    }
}

/// The kernel's side of multitouch protocol B: turns what a device senses in
/// each scan into the events a client reads from `/dev/input/eventN`.
///
/// It follows `drivers/input/input.c` and `input-mt.c`: a new finger takes
/// the lowest slot that is free and was not released in the same frame
/// (`input_mt_get_slot_by_key`); tracking ids come from one counter that
/// grows by one per new contact, modulo 2¹⁶; values are filtered per slot,
/// so only changes are sent (with the axis fuzz applied as
/// `input_defuzz_abs_event` does); `ABS_MT_SLOT` is sent only before an
/// event for a slot other than the last one sent; keys are sent when they
/// change. Pointer emulation (`input_mt_report_pointer_emulation`) then sends
/// `BTN_TOUCH`, the `BTN_TOOL_*` finger count (FINGER, DOUBLETAP, TRIPLETAP,
/// QUADTAP, QUINTTAP, in the kernel's order, so a change presses the new tool
/// and releases the old one in the order of those calls) and `ABS_X`/`ABS_Y`/`ABS_PRESSURE`
/// of the oldest contact. A device that counts more fingers than it has
/// slots reports the count after the pointer axes, as the Synaptics PS/2
/// driver does; a HID device reports it before. `MSC_TIMESTAMP` follows in
/// microseconds since the first frame after a pause of more than a second
/// (`hid-multitouch`, 100 µs steps). A frame in which nothing changed is not
/// delivered at all: the kernel drops a `SYN_REPORT` that would be alone.
///
/// A finger that lands while every slot is taken shows only in the count
/// (`BTN_TOUCH` stays down while the device counts any finger); it is
/// tracked, as a new contact with a new tracking id, from the first frame
/// after a slot frees up, as a Synaptics pad starts reporting the finger it
/// could not report when another lifts. Events for codes the device does
/// not declare are not sent.
package struct EvdevEncoder {
    private struct Slot {
        var key: Int?
        var values: [UInt16: Int32] = [:]
        var releasedInFrame = false
    }

    private static let trackingMask: Int32 = 0xFFFF
    private static let tools: [(count: Int, code: UInt16)] = [
        (1, KeyCode.toolFinger), (2, KeyCode.toolDoubleTap), (3, KeyCode.toolTripleTap),
        (4, KeyCode.toolQuadTap), (5, KeyCode.toolQuintTap),
    ]

    let device: DeviceDescription
    private let multitouch: Bool
    private let countAfterPointer: Bool
    private let declaredAbs: Set<UInt16>
    private let declaredKeys: Set<UInt16>
    private let timestamps: Bool
    private var slots: [Slot]
    /// The slot a client applies per-slot events to until `ABS_MT_SLOT` names another
    /// (one out of the device's range: the next event names its slot).
    package var emittedSlot: Int
    private var absValues: [UInt16: Int32] = [:]
    private var keysDown: Set<UInt16> = []
    private var untracked: Set<Int> = []
    private var lastFrame: Int64?
    private var burstStart: Int64 = 0
    /// The tracking id the next new contact gets.
    package private(set) var nextTrackingID: Int32
    /// Whether the positions the device holds before its first contacts are
    /// unknown to the reader, so that each slot's first position (and the
    /// first `ABS_X`/`ABS_Y`) is sent even when it is 0: a device whose
    /// slots last held other positions. Off, every value starts at 0 as on
    /// a device never touched, and a first position of 0 is not sent (the
    /// kernel drops a value equal to the last), which a reader that never
    /// read the slots' values (`EVIOCGMTSLOTS`) cannot place: TactileTesting's
    /// tester turns it on, so a finger drawn on an edge is sent there.
    package var sendsFirstPositions = false

    /// A freshly opened device: every slot empty, `currentSlot` current (as the
    /// kernel left it for a client opening the device), every value 0.
    package init(device: DeviceDescription, firstTrackingID: Int32, currentSlot: Int = 0) {
        self.device = device
        multitouch = device.slotCount > 0 && device.axis(AbsCode.mtPositionX) != nil && device.axis(AbsCode.mtPositionY) != nil
        let toolCount = device.keys.compactMap(KeyCode.fingerCount(ofTool:)).max() ?? 0
        countAfterPointer = multitouch && toolCount > device.slotCount
        declaredAbs = Set(device.axes.map(\.code))
        declaredKeys = Set(device.keys)
        timestamps = device.hasCode(MscCode.timestamp, type: .msc)
        slots = Array(repeating: Slot(), count: multitouch ? device.slotCount : 1)
        nextTrackingID = firstTrackingID & Self.trackingMask
        emittedSlot = min(max(0, currentSlot), slots.count - 1)
    }

    /// Where the finger `key` is tracked: its slot and tracking id, or `nil` when it is not.
    func assignment(of key: Int) -> (slot: Int, trackingID: Int32)? {
        guard let index = slots.firstIndex(where: { $0.key == key }) else { return nil }
        return (index, slots[index].values[AbsCode.mtTrackingID] ?? -1)
    }

    /// The events of one frame at `time` (microseconds) in which `contacts` are
    /// down, in the order the kernel sends them, ending with `SYN_REPORT`;
    /// empty when nothing changed and the device sends no timestamp.
    package mutating func encode(time: Int64, contacts: [SensedContact]) -> [InputEvent] {
        var output: [(type: EventType, code: UInt16, value: Int32)] = []
        let byKey = Dictionary(contacts.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

        assignSlots(contacts, byKey: byKey)

        for index in slots.indices {
            if slots[index].releasedInFrame {
                setSlotValue(index, AbsCode.mtTrackingID, -1, &output)
            } else if let key = slots[index].key, let contact = byKey[key] {
                if (slots[index].values[AbsCode.mtTrackingID] ?? -1) < 0 {
                    setSlotValue(index, AbsCode.mtTrackingID, nextTrackingID, &output)
                    nextTrackingID = (nextTrackingID &+ 1) & Self.trackingMask
                }
                setSlotValue(index, AbsCode.mtToolType, contact.finger.toolType, &output)
                setSlotValue(index, AbsCode.mtPositionX, contact.finger.x, &output)
                setSlotValue(index, AbsCode.mtPositionY, contact.finger.y, &output)
                setSlotValue(index, AbsCode.mtPressure, contact.finger.pressure, &output)
                setSlotValue(index, AbsCode.mtTouchMajor, contact.finger.touchMajor, &output)
            }
        }

        // Pointer emulation.
        let fingers = contacts.count
        setKey(KeyCode.touch, fingers > 0, &output)
        if !countAfterPointer { reportCount(fingers, &output) }
        let pressureSource = multitouch ? AbsCode.mtPressure : AbsCode.pressure
        if let oldest = oldestSlot() {
            let values = slots[oldest].values
            setAbs(AbsCode.x, values[AbsCode.mtPositionX] ?? 0, &output)
            setAbs(AbsCode.y, values[AbsCode.mtPositionY] ?? 0, &output)
            if declaredAbs.contains(pressureSource) {
                setAbs(AbsCode.pressure, values[AbsCode.mtPressure] ?? 0, &output)
            }
        } else if declaredAbs.contains(pressureSource) {
            setAbs(AbsCode.pressure, 0, &output)
        }
        if countAfterPointer { reportCount(fingers, &output) }

        if timestamps {
            if lastFrame.map({ time - $0 > 1_000_000 }) ?? true { burstStart = time }
            output.append((.msc, MscCode.timestamp, Int32(clamping: (time - burstStart) / 100 * 100)))
        }
        lastFrame = time
        guard !output.isEmpty else { return [] }
        output.append((.syn, SynCode.report, 0))
        let (seconds, microseconds) = Self.split(time)
        return output.map { InputEvent(seconds: seconds, microseconds: microseconds, type: $0.type, code: $0.code, value: $0.value) }
    }

    /// Lifts free their slots, which stay unavailable until the next frame;
    /// new fingers, and fingers counted but not tracked so far, take free slots in landing order.
    private mutating func assignSlots(_ contacts: [SensedContact], byKey: [Int: SensedContact]) {
        // Lifts free their slots, which stay unavailable until the next frame.
        for index in slots.indices {
            slots[index].releasedInFrame = false
            if let key = slots[index].key, byKey[key] == nil {
                slots[index].key = nil
                slots[index].releasedInFrame = true
            }
        }
        // New fingers, and fingers counted but not tracked so far, take free slots in landing order.
        untracked = untracked.filter { byKey[$0] != nil }
        for contact in contacts where assignment(of: contact.key) == nil {
            if let wanted = contact.finger.slot {
                // A slot the driver names: lifted and landed in one frame, the kernel keeps its tracking id.
                if slots.indices.contains(wanted), slots[wanted].key == nil {
                    slots[wanted].key = contact.key
                    slots[wanted].releasedInFrame = false
                    untracked.remove(contact.key)
                } else {
                    untracked.insert(contact.key)
                }
            } else if let free = slots.indices.first(where: { slots[$0].key == nil && !slots[$0].releasedInFrame }) {
                slots[free].key = contact.key
                untracked.remove(contact.key)
            } else {
                untracked.insert(contact.key)
            }
        }
    }

    /// The tracked slot whose tracking id is oldest, counting modulo 2¹⁶ back from the next id.
    private func oldestSlot() -> Int? {
        var best: (slot: Int, age: Int32)?
        for index in slots.indices where slots[index].key != nil {
            let id = slots[index].values[AbsCode.mtTrackingID] ?? -1
            guard id >= 0 else { continue }
            let age = (nextTrackingID &- id) & Self.trackingMask
            if best.map({ age > $0.age }) ?? true { best = (index, age) }
        }
        return best?.slot
    }

    private mutating func reportCount(_ fingers: Int, _ output: inout [(type: EventType, code: UInt16, value: Int32)]) {
        for tool in Self.tools {
            setKey(tool.code, fingers == tool.count, &output)
        }
    }

    private mutating func setSlotValue(_ index: Int, _ code: UInt16, _ value: Int32, _ output: inout [(type: EventType, code: UInt16, value: Int32)]) {
        let unknown = sendsFirstPositions && slots[index].values[code] == nil && Self.isPosition(code)
        let old = slots[index].values[code] ?? (code == AbsCode.mtTrackingID ? -1 : 0)
        guard multitouch, declaredAbs.contains(code) else {
            slots[index].values[code] = value  // kept for pointer emulation on single-touch devices
            return
        }
        let new = unknown ? value : Self.defuzz(value, old: old, fuzz: device.axis(code)?.fuzz ?? 0)
        guard new != old || unknown else { return }
        slots[index].values[code] = new
        if index != emittedSlot {
            emittedSlot = index
            output.append((.abs, AbsCode.mtSlot, Int32(index)))
        }
        output.append((.abs, code, new))
    }

    /// Whether `code` is a position axis (`ABS_MT_POSITION_X/Y`, `ABS_X/Y`).
    private static func isPosition(_ code: UInt16) -> Bool {
        code == AbsCode.mtPositionX || code == AbsCode.mtPositionY || code == AbsCode.x || code == AbsCode.y
    }

    private mutating func setAbs(_ code: UInt16, _ value: Int32, _ output: inout [(type: EventType, code: UInt16, value: Int32)]) {
        guard declaredAbs.contains(code) else { return }
        let unknown = sendsFirstPositions && absValues[code] == nil && Self.isPosition(code)
        let old = absValues[code] ?? 0
        let new = unknown ? value : Self.defuzz(value, old: old, fuzz: device.axis(code)?.fuzz ?? 0)
        guard new != old || unknown else { return }
        absValues[code] = new
        output.append((.abs, code, new))
    }

    private mutating func setKey(_ code: UInt16, _ down: Bool, _ output: inout [(type: EventType, code: UInt16, value: Int32)]) {
        guard declaredKeys.contains(code), keysDown.contains(code) != down else { return }
        if down { keysDown.insert(code) } else { keysDown.remove(code) }
        output.append((.key, code, down ? 1 : 0))
    }

    /// `input_defuzz_abs_event`: small changes are ignored or damped.
    static func defuzz(_ value: Int32, old: Int32, fuzz: Int32) -> Int32 {
        guard fuzz > 0 else { return value }
        let v = Int64(value), o = Int64(old), f = Int64(fuzz)
        if v > o - f / 2 && v < o + f / 2 { return old }
        if v > o - f && v < o + f { return Int32(clamping: (o * 3 + v) / 4) }
        if v > o - f * 2 && v < o + f * 2 { return Int32(clamping: (o + v) / 2) }
        return value
    }

    /// Seconds and microseconds of a time in microseconds.
    static func split(_ time: Int64) -> (Int64, Int32) {
        var seconds = time / 1_000_000
        var micro = time % 1_000_000
        if micro < 0 {
            micro += 1_000_000
            seconds -= 1
        }
        return (seconds, Int32(micro))
    }
}
