#if canImport(Glibc)
import Glibc
#endif

/// Why a device could not be opened or read, with what to do about it.
public enum EvdevError: Error, Equatable, CustomStringConvertible {
    /// The node does not exist.
    case notFound(path: String)
    /// The user may not read the node.
    case permissionDenied(path: String)
    /// The node exists but is not an evdev device.
    case notAnEvdevNode(path: String)
    /// The device went away (unplugged, driver unbound).
    case deviceGone(path: String)
    /// Any other system error.
    case system(path: String, operation: String, errno: Int32)

    /// Maps a C `errno` from `operation` on `path` to an error.
    public init(errno code: Int32, path: String, operation: String) {
        switch code {
        case ENOENT: self = .notFound(path: path)
        case EACCES, EPERM: self = .permissionDenied(path: path)
        case ENOTTY, EINVAL: self = .notAnEvdevNode(path: path)
        case ENODEV: self = .deviceGone(path: path)
        default: self = .system(path: path, operation: operation, errno: code)
        }
    }

    public var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such device node"
        case .permissionDenied(let path):
            return "\(path): permission denied — add yourself to the 'input' group (sudo usermod -aG input $USER, then log in again) or install a udev rule granting access"
        case .notAnEvdevNode(let path):
            return "\(path): not an evdev input device"
        case .deviceGone(let path):
            return "\(path): the device disappeared (unplugged or unbound)"
        case .system(let path, let operation, let code):
            return "\(path): \(operation) failed: \(String(cString: strerror(code)))"
        }
    }
}
