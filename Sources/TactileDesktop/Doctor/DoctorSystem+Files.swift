// Reading the small files the doctor looks at: sysfs attributes, udev's database, units, configs.
import TactileService
import Tactile
#if canImport(Glibc)
import Glibc
#endif

extension DoctorSystem {
    /// The text of the file at `path` (already under ``root`` if a system
    /// path), at most `limit` bytes; `nil` when it cannot be read or is not
    /// a regular file (a FIFO is never opened for reading and waited on).
    public func text(at path: String, limit: Int = 1 << 20) -> String? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < limit {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, min($0.count, limit - bytes.count)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of a system file, read under ``root``.
    func systemText(_ path: String, limit: Int = 1 << 20) -> String? {
        text(at: systemPath(path), limit: limit)
    }

    /// Whether something (a link too, even one that leads nowhere) is at `path`.
    public func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The names in a directory, sorted; empty when it cannot be listed.
    func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// How a node stands, for a message: `crw-rw---- root:input`.
    func ownership(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let type: Character = switch info.st_mode & S_IFMT {
        case S_IFCHR: "c"
        case S_IFBLK: "b"
        case S_IFDIR: "d"
        default: "-"
        }
        let letters: [Character] = ["r", "w", "x"]
        var mode = String(type)
        for bit in (0..<9).reversed() {
            mode.append(info.st_mode & (1 << mode_t(bit)) != 0 ? letters[(8 - bit) % 3] : "-")
        }
        let owner = DoctorUser.userName(of: info.st_uid) ?? String(info.st_uid)
        let group = DoctorUser.groupName(of: info.st_gid) ?? String(info.st_gid)
        return "\(mode) \(owner):\(group)"
    }

    /// The group of the node at `path` and whether ``user`` is in it.
    func group(of path: String) -> (name: String, member: Bool)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (DoctorUser.groupName(of: info.st_gid) ?? String(info.st_gid), user.groups.contains(info.st_gid))
    }
}

extension DoctorSystem {
    /// Where the symbolic link at `path` points, as written; nil when it is no link.
    func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
