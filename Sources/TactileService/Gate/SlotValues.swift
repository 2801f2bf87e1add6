// The values one multitouch slot holds: its tracking id and every ABS_MT_* axis.
import Tactile

/// What one slot holds, as the kernel keeps it: the tracking id and the
/// value of every per-slot axis (`ABS_MT_TOUCH_MAJOR` … `ABS_MT_TOOL_Y`).
/// A fresh slot holds 0 everywhere and tracking id -1, as a new device does.
struct SlotValues: Hashable {
    /// The first per-slot code (`ABS_MT_TOUCH_MAJOR`); `ABS_MT_SLOT` itself is not a per-slot value.
    static let firstCode = AbsCode.mtTouchMajor
    /// The last per-slot code (`ABS_MT_TOOL_Y`).
    static let lastCode = AbsCode.mtToolY
    static let count = Int(lastCode - firstCode) + 1

    private var values: [Int32]

    init() {
        values = Array(repeating: 0, count: Self.count)
        values[Int(AbsCode.mtTrackingID - Self.firstCode)] = -1
    }

    /// Whether `code` is a per-slot axis.
    static func holds(_ code: UInt16) -> Bool { code >= firstCode && code <= lastCode }

    subscript(code: UInt16) -> Int32 {
        get { values[Int(code - Self.firstCode)] }
        set { values[Int(code - Self.firstCode)] = newValue }
    }

    var trackingID: Int32 {
        get { self[AbsCode.mtTrackingID] }
        set { self[AbsCode.mtTrackingID] = newValue }
    }

    /// Whether a contact is down in the slot.
    var isActive: Bool { trackingID >= 0 }

    /// The events that take a slot holding `self` to `target`: the tracking
    /// id first (a contact begins or ends before its axes move), then every
    /// other axis that differs, by code. Codes the device lacks are skipped.
    /// A contact that begins gets its tool type before its tracking id, and
    /// one that replaces another in the slot comes after the other's end:
    /// libinput judges a new touch a palm or not by the tool type the slot
    /// holds when the tracking id arrives.
    func changes(to target: SlotValues, codes: [UInt16]) -> [(code: UInt16, value: Int32)] {
        var result: [(code: UInt16, value: Int32)] = []
        let tool = AbsCode.mtToolType
        let begins = target.isActive && trackingID != target.trackingID
        // One contact straight after another: the first ends before the next begins.
        if begins && isActive { result.append((AbsCode.mtTrackingID, -1)) }
        if begins, codes.contains(tool), self[tool] != target[tool] { result.append((tool, target[tool])) }
        if trackingID != target.trackingID { result.append((AbsCode.mtTrackingID, target.trackingID)) }
        for code in codes where code != AbsCode.mtTrackingID && !(begins && code == tool) && self[code] != target[code] {
            result.append((code, target[code]))
        }
        return result
    }
}
