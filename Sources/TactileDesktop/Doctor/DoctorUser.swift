// Who `tactile doctor` judges for: the user's id, name and groups.
import TactileService
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// The user `tactile doctor` judges access for: the one who runs it (the
/// service runs as the same user), or a made-up one in tests.
///
/// ```swift
/// let ada = DoctorUser(uid: 1000, name: "ada", groups: [1000, 27])
/// ada.isRoot   // false
/// ```
public struct DoctorUser: Hashable, Sendable {
    /// The user id.
    public var uid: UInt32
    /// The login name (or the id, as text, when the password database has none).
    public var name: String
    /// The primary group and every supplementary group.
    public var groups: [UInt32]

    /// A user with these ids.
    public init(uid: UInt32, name: String, groups: [UInt32]) {
        self.uid = uid
        self.name = name
        self.groups = groups
    }

    /// Whether this is root, for whom access says nothing about a user's session.
    public var isRoot: Bool { uid == 0 }

    /// The effective user of this process, with its groups.
    public static func current() -> DoctorUser {
        let uid = geteuid()
        var groups = [UInt32(getegid())]
        let count = getgroups(0, nil)
        if count > 0 {
            var list = [gid_t](repeating: 0, count: Int(count))
            let read = getgroups(count, &list)
            if read > 0 { groups += list.prefix(Int(read)).map { UInt32($0) }.filter { !groups.contains($0) } }
        }
        return DoctorUser(uid: uid, name: userName(of: uid) ?? String(uid), groups: groups)
    }

    /// The login name of `uid` from the password database.
    ///
    /// ```swift
    /// DoctorUser.userName(of: 0)   // "root"
    /// ```
    public static func userName(of uid: UInt32) -> String? {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }

    /// The name of group `gid` from the group database.
    ///
    /// ```swift
    /// DoctorUser.groupName(of: 0)   // "root"
    /// ```
    public static func groupName(of gid: UInt32) -> String? {
        guard let entry = getgrgid(gid), let name = entry.pointee.gr_name else { return nil }
        return String(cString: name)
    }

    /// The home directory of `uid` from the password database.
    static func homeDirectory(of uid: UInt32) -> String? {
        guard let entry = getpwuid(uid), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }
}
