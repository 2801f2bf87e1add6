// Whether the user may open a node as the service does: the kernel's answer, or one judged from the mode bits (tests).
import TactileService
#if canImport(Glibc)
import Glibc
#endif

/// What the service opens a node for.
public enum DoctorAccessNeed: Hashable, Sendable {
    /// Reading (and grabbing) a touch device.
    case read
    /// Reading and writing `/dev/uinput`.
    case readWrite

    var mode: Int32 {
        switch self {
        case .read: R_OK
        case .readWrite: R_OK | W_OK
        }
    }
}

/// Ways to judge whether the user may open a node.
///
/// ```swift
/// let kernel = DoctorAccess.kernel()                       // this process's own access, ACLs included
/// let ada = DoctorAccess.modeBits(for: DoctorUser(uid: 1000, name: "ada", groups: [1000]))
/// ada("/dev/uinput", .readWrite)                            // judged from owner, group and mode alone
/// ```
package enum DoctorAccess {
    /// The kernel's answer for this process (`faccessat` with the effective
    /// ids), which counts ACLs such as the one `uaccess` gives the seat's user.
    public static func kernel() -> @Sendable (String, DoctorAccessNeed) -> Bool {
        { path, need in faccessat(AT_FDCWD, path, need.mode, AT_EACCESS) == 0 }
    }

    /// An answer worked out from the node's owner, group and mode bits for
    /// `user`, who need not be this process's: for made-up trees in tests.
    /// ACLs are not seen; root may do anything.
    public static func modeBits(for user: DoctorUser) -> @Sendable (String, DoctorAccessNeed) -> Bool {
        { path, need in
            var info = stat()
            guard stat(path, &info) == 0 else { return false }
            if user.isRoot { return true }
            let shift: mode_t = info.st_uid == user.uid ? 6 : (user.groups.contains(info.st_gid) ? 3 : 0)
            let bits = (info.st_mode >> shift) & 0o7
            let wanted: mode_t = need == .read ? 0o4 : 0o6
            return bits & wanted == wanted
        }
    }
}
