// An evdev event type (EV_*).

/// An evdev event type (`EV_*` in `linux/input-event-codes.h`).
public struct EventType: RawRepresentable, Hashable, Sendable, Codable, Comparable {
    public var rawValue: UInt16

    @inlinable
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `EV_SYN`: frame boundaries and dropped-event markers.
    public static let syn = EventType(rawValue: 0x00)
    /// `EV_KEY`: keys and buttons, including `BTN_TOUCH` and the `BTN_TOOL_*` finger counts.
    public static let key = EventType(rawValue: 0x01)
    /// `EV_REL`: relative axes.
    public static let rel = EventType(rawValue: 0x02)
    /// `EV_ABS`: absolute axes, including the `ABS_MT_*` multitouch axes.
    public static let abs = EventType(rawValue: 0x03)
    /// `EV_MSC`: miscellaneous (`MSC_TIMESTAMP`, `MSC_SCAN`).
    public static let msc = EventType(rawValue: 0x04)
    /// `EV_SW`: switches.
    public static let sw = EventType(rawValue: 0x05)
    /// `EV_LED`.
    public static let led = EventType(rawValue: 0x11)
    /// `EV_SND`.
    public static let snd = EventType(rawValue: 0x12)
    /// `EV_REP`: key repeat settings.
    public static let rep = EventType(rawValue: 0x14)
    /// `EV_FF`: force feedback.
    public static let ff = EventType(rawValue: 0x15)
    /// `EV_PWR`.
    public static let pwr = EventType(rawValue: 0x16)
    /// `EV_FF_STATUS`.
    public static let ffStatus = EventType(rawValue: 0x17)
    /// `EV_MAX`: the highest type the kernel defines.
    public static let max = EventType(rawValue: 0x1f)

    public static func < (lhs: EventType, rhs: EventType) -> Bool { lhs.rawValue < rhs.rawValue }
}
