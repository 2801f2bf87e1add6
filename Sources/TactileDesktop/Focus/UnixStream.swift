// A connected UNIX stream socket, read until data, a stop or a timeout.
import Tactile
import TactileEvdev
import TactileService
#if canImport(Glibc)
import Glibc
#endif

/// A client connection to a UNIX stream socket (a compositor's IPC).
struct UnixStream: ~Copyable {
    let descriptor: Int32
    let path: String

    /// Connects to `path`.
    init(path: String) throws(FocusError) {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw FocusError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            close(descriptor)
            throw FocusError("\(path): a socket path longer than \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw FocusError("cannot connect to \(path): \(reason)")
        }
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8]) throws(FocusError) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.send(descriptor, base + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw FocusError("\(path): write failed: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// Up to `limit` bytes once some are there; empty at the end of the
    /// stream; nil when none came within `timeout` milliseconds (`-1`: no
    /// limit) or once `stop` was raised. A signal's `EINTR` waits again for
    /// the time left (``PollLoop``'s wait).
    func read(limit: Int = 65_536, timeout: Int32, stop: StopSignal? = nil) throws(FocusError) -> [UInt8]? {
        let deadline = timeout < 0 ? nil : MonotonicClock.seconds() + Double(timeout) / 1000
        let ready: PollLoop.Ready
        switch PollLoop.wait([descriptor], until: deadline, stop: stop) {
        case .success(let result): ready = result
        case .failure(let error): throw FocusError("\(path): poll failed: \(String(cString: strerror(error.code)))")
        }
        guard ready.first.map({ $0 != 0 }) == true else { return nil }
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, limit, 0) }
        if count < 0, errno == EINTR { return nil }
        guard count >= 0 else { throw FocusError("\(path): read failed: \(String(cString: strerror(errno)))") }
        return Array(buffer.prefix(count))
    }
}
