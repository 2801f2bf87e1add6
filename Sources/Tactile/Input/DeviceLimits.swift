// The kernel's limits on what a device can announce, checked where a description enters Tactile.

/// What a Linux input device can announce, from the kernel's own checks, so
/// that a description read from a file or a node is refused when it claims
/// more than any device can have — before anything sizes memory by it.
///
/// Every reader checks each axis as it reads it (``AbsoluteAxis/limitProblem``)
/// and refuses the file with the field and the limit; the live path checks a
/// node's slot axis before libevdev reads it. A description built in code is
/// not refused, but ``DeviceDescription/slotCount`` never exceeds
/// ``maximumSlots``, so nothing downstream allocates more.
///
/// ```swift
/// let axis = AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 49_999_999)
/// print(axis.limitProblem ?? "fine")
/// // ABS_MT_SLOT 0…49999999 is 50000000 slots; Linux gives a device at most 1024
/// ```
public enum DeviceLimits {
    /// The most multitouch slots a device can have: the kernel's
    /// `input_mt_init_slots` refuses more than 1024 (uinput devices, 100).
    public static let maximumSlots = 1024
}

extension AbsoluteAxis {
    /// Why no Linux device could announce this axis, or `nil` when one could.
    ///
    /// Only what would make Tactile size memory wrongly is refused: a slot
    /// axis (`ABS_MT_SLOT`) must start at 0, as the kernel always reports it,
    /// and give at most ``DeviceLimits/maximumSlots`` slots. Other axes with
    /// odd ranges (maximum below minimum, zero span) are real on broken
    /// hardware and are handled where they are used.
    public var limitProblem: String? {
        guard code == AbsCode.mtSlot else { return nil }
        let name = EventCodeNames.name(ofCode: code, type: .abs)
        if minimum != 0 {
            return "\(name) \(minimum)…\(maximum) does not start at 0; Linux numbers slots from 0"
        }
        let slots = Int(maximum) + 1
        if slots > DeviceLimits.maximumSlots {
            return "\(name) \(minimum)…\(maximum) is \(slots) slots; Linux gives a device at most \(DeviceLimits.maximumSlots)"
        }
        return nil
    }
}
