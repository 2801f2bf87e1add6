// The evdev codes the engine reads, by name (SYN_*, ABS_*, BTN_*, INPUT_PROP_*).

/// `SYN_*` codes of `EV_SYN` events.
public enum SynCode {
    /// Ends a frame: everything since the previous report happened at once.
    public static let report: UInt16 = 0
    public static let config: UInt16 = 1
    /// Ends one contact in multitouch protocol A.
    public static let mtReport: UInt16 = 2
    /// The kernel's buffer overflowed: events up to the next report are incomplete.
    public static let dropped: UInt16 = 3
}

/// `ABS_*` codes of `EV_ABS` events (the subset a touch device uses).
public enum AbsCode {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let pressure: UInt16 = 0x18
    public static let distance: UInt16 = 0x19
    public static let toolWidth: UInt16 = 0x1c
    public static let misc: UInt16 = 0x28
    public static let mtSlot: UInt16 = 0x2f
    public static let mtTouchMajor: UInt16 = 0x30
    public static let mtTouchMinor: UInt16 = 0x31
    public static let mtWidthMajor: UInt16 = 0x32
    public static let mtWidthMinor: UInt16 = 0x33
    public static let mtOrientation: UInt16 = 0x34
    public static let mtPositionX: UInt16 = 0x35
    public static let mtPositionY: UInt16 = 0x36
    public static let mtToolType: UInt16 = 0x37
    public static let mtBlobID: UInt16 = 0x38
    public static let mtTrackingID: UInt16 = 0x39
    public static let mtPressure: UInt16 = 0x3a
    public static let mtDistance: UInt16 = 0x3b
    public static let mtToolX: UInt16 = 0x3c
    public static let mtToolY: UInt16 = 0x3d
    /// `ABS_MAX`.
    public static let max: UInt16 = 0x3f
}

/// `KEY_*`/`BTN_*` codes of `EV_KEY` events (the subset a touch device uses).
public enum KeyCode {
    public static let buttonLeft: UInt16 = 0x110
    public static let buttonRight: UInt16 = 0x111
    public static let buttonMiddle: UInt16 = 0x112
    public static let toolPen: UInt16 = 0x140
    public static let toolRubber: UInt16 = 0x141
    public static let toolFinger: UInt16 = 0x145
    public static let toolQuintTap: UInt16 = 0x148
    public static let touch: UInt16 = 0x14a
    public static let stylus: UInt16 = 0x14b
    public static let stylus2: UInt16 = 0x14c
    public static let toolDoubleTap: UInt16 = 0x14d
    public static let toolTripleTap: UInt16 = 0x14e
    public static let toolQuadTap: UInt16 = 0x14f
    /// `KEY_MAX`.
    public static let max: UInt16 = 0x2ff

    /// The number of fingers a `BTN_TOOL_*` code announces, or `nil` for other codes.
    @inlinable
    public static func fingerCount(ofTool code: UInt16) -> Int? {
        switch code {
        case toolFinger: return 1
        case toolDoubleTap: return 2
        case toolTripleTap: return 3
        case toolQuadTap: return 4
        case toolQuintTap: return 5
        default: return nil
        }
    }
}

/// `MSC_*` codes of `EV_MSC` events.
public enum MscCode {
    public static let serial: UInt16 = 0x00
    public static let scan: UInt16 = 0x04
    public static let timestamp: UInt16 = 0x05
    public static let max: UInt16 = 0x07
}

/// `INPUT_PROP_*` device properties.
public enum InputProperty {
    /// Needs a pointer on screen (touchpads, mice).
    public static let pointer: UInt16 = 0x00
    /// Touches land directly on the screen (touchscreens, tablets with displays).
    public static let direct: UInt16 = 0x01
    /// A clickpad: the whole surface is a button.
    public static let buttonPad: UInt16 = 0x02
    /// Reports a bounding box instead of true touch positions.
    public static let semiMT: UInt16 = 0x03
    public static let topButtonPad: UInt16 = 0x04
    public static let pointingStick: UInt16 = 0x05
    public static let accelerometer: UInt16 = 0x06
    /// `INPUT_PROP_MAX`.
    public static let max: UInt16 = 0x1f
}
