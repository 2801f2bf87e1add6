// Small files of sysfs and the udev database, read whole.
#if canImport(Glibc)
import Glibc
#endif

/// Small files of sysfs and the udev database, read whole: the one reader
/// of the display's connectors, a node's name and its udev properties.
///
/// ```swift
/// let status = SysfsFile.text("/sys/class/drm/card0-eDP-1/status")   // "connected\n"
/// ```
package enum SysfsFile {
    /// The file's bytes (at most `limit`), or `nil` when it cannot be read.
    package static func bytes(_ path: String, limit: Int = 65536) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < limit {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count <= 0 { break }
            bytes += buffer[0..<min(count, limit - bytes.count)]
        }
        return bytes
    }

    /// The file's text (UTF-8, invalid bytes replaced), or `nil` when it cannot be read.
    package static func text(_ path: String, limit: Int = 65536) -> String? {
        bytes(path, limit: limit).map { String(decoding: $0, as: UTF8.self) }
    }
}
