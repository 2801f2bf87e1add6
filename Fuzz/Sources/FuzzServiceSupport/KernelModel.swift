// What a client of an evdev node holds after a stream of events: the kernel's view of a multitouch device.
import Tactile

/// The state an evdev client sees, as the kernel keeps it (`input_handle_abs_event`):
/// `ABS_MT_SLOT` out of the device's slots is ignored, per-slot values go to
/// the current slot, and a value equal to the one held is dropped (so is a
/// key that does not change). Tracking ids ≥ 0 are contacts.
package struct KernelModel {
    package let slotCount: Int
    private(set) var slots: [[UInt16: Int32]]
    package private(set) var slot: Int
    private(set) var keys: [UInt16: Bool] = [:]

    package init(slotCount: Int, slot: Int = 0) {
        self.slotCount = max(1, slotCount)
        slots = Array(repeating: [:], count: self.slotCount)
        self.slot = min(max(0, slot), self.slotCount - 1)
    }

    /// A per-slot value of the current slot (tracking id -1 and 0 otherwise before any).
    package func value(_ code: UInt16, slot: Int? = nil) -> Int32 {
        slots[slot ?? self.slot][code] ?? (code == AbsCode.mtTrackingID ? -1 : 0)
    }

    package var activeCount: Int { slots.indices.reduce(0) { $0 + (value(AbsCode.mtTrackingID, slot: $1) >= 0 ? 1 : 0) } }
    package var firstActiveSlot: Int? { slots.indices.first { value(AbsCode.mtTrackingID, slot: $0) >= 0 } }
    package func key(_ code: UInt16) -> Bool { keys[code] ?? false }

    /// Applies `event`; false when the kernel drops it (a repeated value).
    @discardableResult
    package mutating func apply(_ event: InputEvent) -> Bool {
        switch event.type {
        case .abs where event.code == AbsCode.mtSlot:
            if (0..<slotCount).contains(Int(event.value)) { slot = Int(event.value) }
            return false
        case .abs where event.code >= AbsCode.mtTouchMajor && event.code <= AbsCode.mtToolY:
            guard value(event.code) != event.value else { return false }
            slots[slot][event.code] = event.value
            return true
        case .key:
            let down = event.value != 0
            guard key(event.code) != down else { return false }
            keys[event.code] = down
            return true
        default:
            return true
        }
    }
}
