// What a uinput device announces, set on a libevdev description; and uinput's failures in words that say what to do.
import TactileService
import CLibevdev
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// Sets a `DeviceDescription` on a libevdev description, for
/// `libevdev_uinput_create_from_device`: name, ids, properties, keys, the
/// absolute axes with their full `input_absinfo` (resolution included) and
/// the other codes (`EV_REL`, `EV_MSC`, `EV_SW`, `EV_LED`, `EV_SND`).
/// `EV_REP` is left out: uinput cannot set it, and enabling it would turn on
/// the kernel's autorepeat for the keys the service presses.
enum UInputCapabilities {
    static func configure(_ evdev: OpaquePointer, as description: DeviceDescription, operation: String) throws(OutputError) {
        libevdev_set_name(evdev, description.name)
        libevdev_set_id_bustype(evdev, Int32(description.identity.bustype))
        libevdev_set_id_vendor(evdev, Int32(description.identity.vendor))
        libevdev_set_id_product(evdev, Int32(description.identity.product))
        libevdev_set_id_version(evdev, Int32(description.identity.version))
        for property in description.properties where libevdev_enable_property(evdev, UInt32(property)) != 0 {
            throw OutputError(operation: operation, reason: "input property \(property) is beyond INPUT_PROP_MAX")
        }
        for key in description.keys {
            try enable(evdev, .key, key, operation: operation)
        }
        for axis in description.axes {
            var info = input_absinfo(value: axis.minimum, minimum: axis.minimum, maximum: axis.maximum,
                                     fuzz: axis.fuzz, flat: axis.flat, resolution: axis.resolution)
            guard axis.code <= AbsCode.max, libevdev_enable_event_code(evdev, UInt32(EventType.abs.rawValue), UInt32(axis.code), &info) == 0 else {
                throw OutputError(operation: operation, reason: "cannot announce \(EventCodeNames.qualifiedName(type: .abs, code: axis.code))")
            }
        }
        for set in description.otherCodes where ![EventType.syn, .key, .abs, .rep].contains(set.type) {
            for code in set.codes {
                try enable(evdev, set.type, code, operation: operation)
            }
        }
    }

    private static func enable(_ evdev: OpaquePointer, _ type: EventType, _ code: UInt16, operation: String) throws(OutputError) {
        guard libevdev_enable_event_code(evdev, UInt32(type.rawValue), UInt32(code), nil) == 0 else {
            throw OutputError(operation: operation, reason: "cannot announce \(EventCodeNames.qualifiedName(type: type, code: code))")
        }
    }
}

/// uinput's failures, in words that say what to do.
enum UInputProblem {
    /// Why the uinput node could not be opened.
    static func openReason(_ code: Int32, path: String) -> String {
        let shown = TextFormat.visible(path)
        switch code {
        case ENOENT:
            return "\(shown) does not exist: load the uinput module (sudo modprobe uinput; "
                + "dist/install.sh also puts dist/tactile-uinput.conf in /etc/modules-load.d/ to load it at every boot)"
        case EACCES, EPERM:
            return "\(shown): permission denied: install dist/70-tactile.rules, which lets the user at the seat open uinput "
                + "(dist/install.sh does, and reloads udev; log out and in if it still fails)"
        case ENODEV, ENXIO:
            return "\(shown) has no uinput driver behind it: sudo modprobe uinput"
        default:
            return "\(shown): \(text(code))"
        }
    }

    /// Why uinput refused to create a device.
    static func createReason(_ code: Int32, path: String) -> String {
        switch code {
        case ENODEV:
            return "uinput created the device but its node was not found under /sys/devices/virtual/input"
        case EINVAL:
            return "uinput refused the device's setup (\(text(code))): an axis range or a code the kernel does not take"
        case ENOMEM, ENOSPC:
            return "uinput has no room for another device (\(text(code)))"
        default:
            return "\(TextFormat.visible(path)): \(text(code))"
        }
    }

    /// `strerror` in lower case, else the number.
    static func text(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message).lowercased()
    }
}
