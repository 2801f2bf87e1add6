// The frame a live source feeds after SYN_DROPPED: libevdev's whole state as ordinary events.
import CLibevdev
import Tactile

/// Builds the frame a live source feeds after `SYN_DROPPED`: libevdev's whole
/// current state as ordinary events, so that `TouchAssembler` restores every
/// finger at once.
///
/// The frame holds, in kernel order: for each slot `ABS_MT_SLOT`, then
/// `ABS_MT_TRACKING_ID` and, for an occupied slot, every other `ABS_MT_*`
/// value the device has (positions, pressure, tool type…); `ABS_MT_SLOT`
/// back to libevdev's current slot; every key (`BTN_TOUCH`, `BTN_TOOL_*`,
/// buttons) pressed or released; the single-touch axes (`ABS_X`, `ABS_Y`,
/// `ABS_PRESSURE`…); and a closing `SYN_REPORT`. Every event has the given time.
enum ResyncFrame {
    /// The frame for the libevdev `handle` (any libevdev context: from a device,
    /// or built with `libevdev_new` for tests).
    static func events(from handle: OpaquePointer, seconds: Int64, microseconds: Int32) -> [InputEvent] {
        var events: [InputEvent] = []
        func add(_ type: EventType, _ code: UInt16, _ value: Int32) {
            events.append(InputEvent(seconds: seconds, microseconds: microseconds, type: type, code: code, value: value))
        }
        let abs = UInt32(EventType.abs.rawValue)
        let key = UInt32(EventType.key.rawValue)
        let hasAbs = { (code: UInt16) in libevdev_has_event_code(handle, abs, UInt32(code)) != 0 }

        let slotCount = libevdev_get_num_slots(handle)
        if slotCount > 0, hasAbs(AbsCode.mtSlot) {
            let perSlotCodes = (AbsCode.mtTouchMajor...AbsCode.max)
                .filter { $0 != AbsCode.mtTrackingID && hasAbs($0) }
            for slot in 0..<slotCount {
                add(.abs, AbsCode.mtSlot, slot)
                let trackingID = libevdev_get_slot_value(handle, UInt32(slot), UInt32(AbsCode.mtTrackingID))
                add(.abs, AbsCode.mtTrackingID, trackingID)
                guard trackingID >= 0 else { continue }
                for code in perSlotCodes {
                    add(.abs, code, libevdev_get_slot_value(handle, UInt32(slot), UInt32(code)))
                }
            }
            let current = libevdev_get_current_slot(handle)
            if current >= 0, current < slotCount { add(.abs, AbsCode.mtSlot, current) }
        }
        if libevdev_has_event_type(handle, key) != 0 {
            for code in 0...KeyCode.max where libevdev_has_event_code(handle, key, UInt32(code)) != 0 {
                add(.key, code, libevdev_get_event_value(handle, key, UInt32(code)))
            }
        }
        for code in 0..<AbsCode.mtSlot where hasAbs(code) {
            add(.abs, code, libevdev_get_event_value(handle, abs, UInt32(code)))
        }
        add(.syn, SynCode.report, 0)
        return events
    }
}
