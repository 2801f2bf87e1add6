// Why a device could not be opened or read, and what to do about it.
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// Why a device could not be opened or read, with what to do about it.
public enum EvdevError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The node does not exist.
    case notFound(path: String)
    /// The user may not read the node (or list the directory).
    case permissionDenied(path: String)
    /// The node exists but is not an evdev device.
    case notAnEvdevNode(path: String)
    /// The device went away (unplugged, driver unbound).
    case deviceGone(path: String)
    /// The device is an evdev node but reports no touch positions, and touch was required.
    case noTouchCapability(path: String, name: String)
    /// The device announces what no Linux device can have (more than
    /// `DeviceLimits.maximumSlots` slots), so it is not read.
    case unsupportedDevice(path: String, problem: String)
    /// Another program holds an exclusive grab on the device (`EVIOCGRAB` failed with `EBUSY`).
    case busy(path: String)
    /// The directory that should hold the device nodes (normally `/dev/input`) does not exist.
    case noInputDirectory(path: String)
    /// Any other system error.
    case system(path: String, operation: String, errno: Int32)

    /// Maps a C `errno` from `operation` on `path` to an error.
    public init(errno code: Int32, path: String, operation: String) {
        switch code {
        case ENOENT: self = .notFound(path: path)
        case EACCES, EPERM: self = .permissionDenied(path: path)
        case ENOTTY, EINVAL: self = .notAnEvdevNode(path: path)
        case ENODEV: self = .deviceGone(path: path)
        case EBUSY: self = .busy(path: path)
        default: self = .system(path: path, operation: operation, errno: code)
        }
    }

    /// A stable, machine-readable name for the case (`notFound`, `permissionDenied`, …),
    /// for JSON output and scripts.
    public var reason: String {
        switch self {
        case .notFound: return "notFound"
        case .permissionDenied: return "permissionDenied"
        case .notAnEvdevNode: return "notAnEvdevNode"
        case .deviceGone: return "deviceGone"
        case .noTouchCapability: return "noTouchCapability"
        case .unsupportedDevice: return "unsupportedDevice"
        case .busy: return "busy"
        case .noInputDirectory: return "noInputDirectory"
        case .system: return "system"
        }
    }

    /// The path the error is about.
    public var path: String {
        switch self {
        case .notFound(let path), .permissionDenied(let path), .notAnEvdevNode(let path), .deviceGone(let path),
             .noTouchCapability(let path, _), .unsupportedDevice(let path, _), .busy(let path), .noInputDirectory(let path), .system(let path, _, _):
            return path
        }
    }

    /// What went wrong, and what to do about it; safe to print on a terminal
    /// (control characters in the path and the device's name escaped: `\x1b`,
    /// see `TextFormat.visible`).
    public var description: String {
        let path = TextFormat.visible(self.path)
        switch self {
        case .notFound:
            return "\(path): no such device node — check the path; `tactile devices` lists the input devices"
        case .permissionDenied:
            return "\(path): permission denied — add yourself to the 'input' group (sudo usermod -aG input $USER, then log in again) or install a udev rule granting access"
        case .notAnEvdevNode:
            return "\(path): not an evdev input device — give a /dev/input/eventN node (`tactile devices` lists them)"
        case .deviceGone:
            return "\(path): the device disappeared (unplugged or unbound) — reconnect it and open it again"
        case .noTouchCapability(_, let name):
            return "\(path) (\"\(TextFormat.visible(name))\"): reports no touch positions — choose a touchpad or touchscreen (`tactile devices` lists them)"
        case .unsupportedDevice(_, let problem):
            return "\(path): \(TextFormat.visible(problem)) — not read (a device that announces this is broken or emulated)"
        case .busy:
            return "\(path): another program holds an exclusive grab on the device — close it, or open the device without grabbing"
        case .noInputDirectory:
            return "\(path): no such directory — this system exposes no evdev devices here (in a container, pass /dev/input through)"
        case .system(_, let operation, let code):
            return "\(path): \(TextFormat.visible(operation)) failed: \(String(cString: strerror(code)))"
        }
    }
}
