// The virtual devices one touch device's output goes to: its copy, the keyboard, its pointer.

/// The virtual devices one touch device's output goes to.
public struct DeviceOutputs: Hashable, Sendable {
    /// The copy unclaimed touches pass through (`nil`: the device is not grabbed, nothing is passed on).
    public var touchCopy: VirtualDeviceID?
    /// The keyboard for chords (shared by every device).
    public var keyboard: VirtualDeviceID?
    /// The absolute pointer for clicks and scrolling, in this device's units.
    public var pointer: VirtualDeviceID?

    /// Outputs: any of the copy, the keyboard and the pointer (`nil`: none).
    public init(touchCopy: VirtualDeviceID? = nil, keyboard: VirtualDeviceID? = nil, pointer: VirtualDeviceID? = nil) {
        self.touchCopy = touchCopy
        self.keyboard = keyboard
        self.pointer = pointer
    }
}
