import Foundation
import TactileTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A local UNIX-socket server speaking whatever its handler speaks: the
/// tests' stand-in for a compositor's IPC (sway's, Hyprland's). Each
/// connection is handed to `handler` on a thread of its own.
nonisolated final class FakeUnixServer: @unchecked Sendable {
    let path: String
    private let listener: Int32

    init(path: String, handler: @escaping @Sendable (FakeConnection) -> Void) throws {
        self.path = path
        unlink(path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        listener = descriptor
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            let bytes = Array(path.utf8)
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else { throw TestFailure("cannot listen on \(path): \(String(cString: strerror(errno)))") }
        Thread.detachNewThread {
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                Thread.detachNewThread { handler(FakeConnection(descriptor: connection)) }
            }
        }
    }

    func close() {
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
        unlink(path)
    }
}

/// One client of a ``FakeUnixServer``.
nonisolated final class FakeConnection: @unchecked Sendable {
    let descriptor: Int32
    init(descriptor: Int32) { self.descriptor = descriptor }

    func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Exactly `count` bytes, or nil at the end.
    func read(_ count: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        while bytes.count < count {
            var buffer = [UInt8](repeating: 0, count: count - bytes.count)
            let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard got > 0 else { return nil }
            bytes += buffer.prefix(got)
        }
        return bytes
    }

    /// Whatever comes in one read (nil at the end).
    func readSome() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return got > 0 ? Array(buffer.prefix(got)) : nil
    }

    func close() { Glibc.close(descriptor) }
}

/// Waits up to `seconds` for `condition`, checking every 10 ms.
nonisolated func eventually(_ seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}
