// Kernel names of the codes the service writes, keyboard keys included (libevdev's tables), both ways.
import CLibevdev
import Tactile

/// The kernel names of event codes, from libevdev's tables, which know every
/// key (`KEY_LEFTMETA`), falling back to `EventCodeNames` (which names the
/// codes touch devices use) and to hex.
///
/// ```swift
/// OutputEventNames.name(type: .key, code: 125)              // "KEY_LEFTMETA"
/// OutputEventNames.code(named: "KEY_LEFTMETA", type: .key)  // 125
/// ```
public enum OutputEventNames {
    /// The name of `code` within `type`.
    public static func name(type: EventType, code: UInt16) -> String {
        if let name = libevdev_event_code_get_name(UInt32(type.rawValue), UInt32(code)) {
            return String(cString: name)
        }
        return EventCodeNames.name(ofCode: code, type: type)
    }

    /// The code named `name` within `type` (`"KEY_A"`, `"REL_WHEEL"`, `"ABS_MT_TOOL_TYPE"`), if known.
    public static func code(named name: String, type: EventType) -> UInt16? {
        let code = libevdev_event_code_from_name(UInt32(type.rawValue), name)
        if code >= 0, code <= Int32(UInt16.max) { return UInt16(code) }
        return EventCodeNames.code(named: name, type: type)
    }
}
