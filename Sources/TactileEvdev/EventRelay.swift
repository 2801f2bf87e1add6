// Whole events only: what a node gives, moved into the pipe libevdev reads, a part of an event kept until its rest comes.
import CLibevdev
#if canImport(Glibc)
import Glibc
#endif

/// Moves what a device node gives into the pipe that libevdev reads, whole
/// events only.
///
/// libevdev reads its descriptor itself, and refuses a read that ends inside
/// an event (`EINVAL`), dropping the bytes it read, which also misaligns
/// every read after it. A kernel evdev node never ends a read there; an
/// emulated one may (umockdev's pty, on a busy machine: the writer's bytes
/// arrive in two parts), and a device then looked like "not an evdev input
/// device". So ``EvdevDevice`` reads the node here: whole events go on to
/// libevdev through a pipe, and a part stays in ``carry`` until the next read
/// completes it. libevdev keeps the real node for its ioctls (a resync after
/// `SYN_DROPPED` switches it back for the while).
struct EventRelay: ~Copyable {
    /// The device node's descriptor.
    let source: Int32
    /// The pipe libevdev reads from (`read`), and this relay writes to.
    let pipe: (read: Int32, write: Int32)
    /// Bytes read from the node not yet in the pipe: whole events the pipe had
    /// no room for, then at most one event's first part.
    private(set) var carry: [UInt8] = []

    private static let eventSize = MemoryLayout<input_event>.size
    /// Events read from the node at once, at the most.
    private static let batch = 64

    /// What a ``pump()`` did.
    enum Outcome: Equatable {
        /// Whole events are in the pipe for libevdev.
        case moved
        /// Nothing whole to pass on yet (nothing read, or only a part of an event).
        case nothing
        /// The node hung up or its device went away.
        case endOfStream
        /// The node's read failed with this `errno`.
        case failed(Int32)
    }

    /// A relay from `source`, with a new non-blocking pipe; `nil` when no pipe can be made (`errno` set).
    init?(source: Int32) {
        var ends: [Int32] = [-1, -1]
        guard tactile_pipe(&ends) == 0 else { return nil }
        self.source = source
        self.pipe = (ends[0], ends[1])
        carry.reserveCapacity(Self.eventSize * Self.batch)
    }

    deinit {
        close(pipe.read)
        close(pipe.write)
    }

    /// Reads what the node has (unless the pipe is backed up) and passes the
    /// whole events on to the pipe. An end that comes after events is
    /// answered by the next call, once those were read.
    mutating func pump() -> Outcome {
        var moved = flush()
        if carry.count < Self.eventSize * Self.batch {
            switch read() {
            case nil: break
            case .moved?: moved = flush() || moved
            case let ended?: if !moved { return ended }
            }
        }
        return moved ? .moved : .nothing
    }

    /// One read of the node into ``carry``: `.moved` when bytes came, `nil`
    /// when none were waiting, otherwise how the node ended.
    private mutating func read() -> Outcome? {
        let room = Self.eventSize * Self.batch
        let (count, code) = withUnsafeTemporaryAllocation(byteCount: room, alignment: 8) { buffer in
            let count = Glibc.read(source, buffer.baseAddress, room)
            let code = errno
            if count > 0 { carry.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count])) }
            return (count, code)
        }
        if count > 0 { return .moved }
        if count == 0 { return .endOfStream }
        switch code {
        case EAGAIN, EINTR:
            // A hung-up descriptor may answer EAGAIN too: without this, a reader would go round for ever.
            return PollLoop.isHungUp(source) ? .endOfStream : nil
        case ENODEV, EIO: return .endOfStream
        default: return .failed(code)
        }
    }

    /// Writes whole events of ``carry`` to the pipe, at most `PIPE_BUF`
    /// bytes at once, so that a write is all or nothing and never leaves a
    /// part of an event in the pipe; returns whether any went.
    private mutating func flush() -> Bool {
        let whole = min(carry.count - carry.count % Self.eventSize, Self.atomicWrite)
        guard whole > 0 else { return false }
        let written = carry.withUnsafeBytes { write(pipe.write, $0.baseAddress, whole) }
        guard written == whole else { return false }
        carry.removeFirst(whole)
        return true
    }

    /// The most whole events a pipe takes in one atomic write (`PIPE_BUF`, 4096 on Linux).
    private static let atomicWrite = Int(PIPE_BUF) - Int(PIPE_BUF) % eventSize
}
