// errno in words, as the file readers and writers put it in their messages.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `errno` values in the words recording errors use.
enum ErrnoText {
    /// `code` in words: `permission denied`, `no such file`….
    static func reason(_ code: Int32, notFound: String = "no such file or directory") -> String {
        switch code {
        case ENOENT: return notFound
        case EACCES, EPERM: return "permission denied"
        case ENOSPC: return "no space left on the device"
        case EISDIR: return "a directory"
        default:
            guard let text = strerror(code) else { return "error \(code)" }
            return String(cString: text).lowercased()
        }
    }
}
