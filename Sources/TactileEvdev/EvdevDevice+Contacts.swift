// What a device holds right now: the contacts down, where it sits (its phys string) and its serial (uniq).
import CLibevdev
import Tactile

extension EvdevDevice {
    /// How many contacts are down on the device, as libevdev's state holds
    /// them after the events read so far (when opened: the kernel's). A
    /// device without slots counts `BTN_TOUCH`.
    ///
    /// A service grabs a device only while this is 0, so that no finger is
    /// cut in two between the app and the service.
    ///
    /// ```swift
    /// if device.contactsDown == 0 { try device.grab() }
    /// ```
    public var contactsDown: Int {
        let slots = libevdev_get_num_slots(handle)
        guard slots > 0, kernelDescription.axis(AbsCode.mtTrackingID) != nil else {
            return libevdev_get_event_value(handle, UInt32(EventType.key.rawValue), UInt32(KeyCode.touch)) != 0 ? 1 : 0
        }
        var count = 0
        for slot in 0..<slots where libevdev_get_slot_value(handle, UInt32(slot), UInt32(AbsCode.mtTrackingID)) >= 0 {
            count += 1
        }
        return count
    }

    /// The device's physical location string (`EVIOCGPHYS`), such as
    /// `usb-0000:00:14.0-4/input0`; `nil` when it has none. A virtual device
    /// created by the gesture service carries the service's own.
    public var physicalLocation: String? {
        guard let phys = libevdev_get_phys(handle) else { return nil }
        let text = String(cString: phys)
        return text.isEmpty ? nil : text
    }

    /// The device's unique identifier (`EVIOCGUNIQ`), usually a serial
    /// number; `nil` when it has none, as most touchscreens have. Unlike
    /// ``physicalLocation`` it stays the same on another port.
    ///
    /// ```swift
    /// print(device.uniqueIdentifier ?? "no serial")
    /// ```
    public var uniqueIdentifier: String? {
        guard let uniq = libevdev_get_uniq(handle) else { return nil }
        let text = String(cString: uniq)
        return text.isEmpty ? nil : text
    }
}

extension EvdevDevice {
    /// The slot the device's next per-slot events apply to (libevdev's
    /// current slot after the events read so far); 0 without slots.
    public var currentSlot: Int {
        libevdev_get_num_slots(handle) > 0 ? Int(max(0, libevdev_get_current_slot(handle))) : 0
    }
}
