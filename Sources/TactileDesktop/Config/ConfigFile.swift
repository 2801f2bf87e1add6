// Reading a config file's text: a regular file only, one nobody else could write, size-limited, UTF-8 checked with the place of a bad byte.
import TactileService
import Glibc
import Tactile

/// Reads a config file's bytes as text, refusing what is no config and
/// what another user could have written (`ConfigOwnership`).
enum ConfigFile {
    struct Failure: Error {
        var message: String
        var location: SourceLocation
    }

    /// The text of the regular file at `path`, at most `limit` bytes of UTF-8,
    /// if `owner` trusts it (the file opened is the one judged).
    static func read(_ path: String, limit: Int, owner: ConfigOwnership = ConfigOwnership()) -> Result<String, Failure> {
        let start = SourceLocation(file: path, line: 1, column: 1)
        func fail(_ message: String) -> Result<String, Failure> { .failure(Failure(message: message, location: start)) }
        var info = stat()
        guard stat(path, &info) == 0 else { return fail("cannot read the config: \(errorText(errno))") }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            let what = switch type {
            case S_IFDIR: "a directory"
            case S_IFCHR: "a character device"
            case S_IFBLK: "a block device"
            case S_IFIFO: "a FIFO"
            case S_IFSOCK: "a socket"
            default: "not a regular file"
            }
            return fail("cannot read the config: it is \(what), not a regular file")
        }
        if let problem = owner.problem(with: path) { return fail(problem.description) }
        guard Int(info.st_size) <= limit else {
            return fail("the config is \(info.st_size) bytes; at most \(limit) are read (a gestures.toml is a few kilobytes)")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return fail("cannot read the config: \(errorText(errno))") }
        defer { close(descriptor) }
        // The file judged above, not one put in its place since.
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, opened.st_dev == info.st_dev, opened.st_ino == info.st_ino else {
            return fail("cannot read the config: it was replaced while it was opened")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= limit {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return fail("cannot read the config: \(errorText(errno))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        guard bytes.count <= limit else { return fail("the config is over \(limit) bytes (a gestures.toml is a few kilobytes)") }
        return decode(bytes, file: path)
    }

    /// `bytes` as text, or where the first byte that is not UTF-8 is.
    static func decode(_ bytes: [UInt8], file: String) -> Result<String, Failure> {
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var line = 1, column = 1, offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
                if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .error:
                let byte = offset < bytes.count ? bytes[offset] : 0
                let hex = String(byte, radix: 16, uppercase: true)
                return .failure(Failure(message: "the config is not UTF-8 text (byte 0x\(hex.count < 2 ? "0" + hex : hex) at offset \(offset))",
                                        location: SourceLocation(file: file, line: line, column: column)))
            case .emptyInput:
                return .success(String(decoding: bytes, as: UTF8.self))
            }
        }
    }

    static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
