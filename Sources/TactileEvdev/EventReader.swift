// Whole events only, each byte read once: what a node gives, a part of an event kept until its rest comes.
import CLibevdev
#if canImport(Glibc)
import Glibc
#endif

/// Reads a device node, whole events only, each byte once.
///
/// libevdev reads its descriptor itself, and refuses a read that ends inside
/// an event (`EINVAL`), dropping the bytes it read, which also misaligns
/// every read after it. A kernel evdev node never ends a read there; an
/// emulated one may (umockdev's pty, on a busy machine: the writer's bytes
/// arrive in two parts), and a device then looked like "not an evdev input
/// device". So ``EvdevDevice`` reads the node here, a batch of events at a
/// time, and hands out the whole events one by one; a part stays until the
/// next read completes it. libevdev reads nothing while events flow: it keeps
/// the device's state (``EvdevDevice`` gives it each event) and the node for
/// its ioctls, and reads only to drain the node in a resync after `SYN_DROPPED`.
struct EventReader {
    /// The device node's descriptor.
    let source: Int32
    /// Bytes read from the node: ``start`` is where the next event begins,
    /// ``end`` where what was read ends (then at most one event's first part).
    private var bytes: [UInt8]
    private var start = 0
    private var end = 0
    /// The last read brought less than it asked for: the node had nothing
    /// more then, so the next ``next()`` that finds nothing read answers
    /// ``Outcome/nothing`` without reading (the caller waits first).
    private var emptied = false

    private static let eventSize = MemoryLayout<input_event>.size
    /// Events read from the node at once, at the most.
    private static let batch = 64

    /// What ``next()`` found.
    enum Outcome {
        /// The next whole event.
        case event(input_event)
        /// Nothing whole to hand out yet (nothing read, or only a part of an event).
        case nothing
        /// The node hung up or its device went away.
        case endOfStream
        /// The node's read failed with this `errno`.
        case failed(Int32)
    }

    /// A reader of `source`, which stays open and owned by the caller.
    init(source: Int32) {
        self.source = source
        bytes = [UInt8](repeating: 0, count: Self.eventSize * Self.batch)
    }

    /// Whether a whole event was read and not handed out yet.
    var hasEvent: Bool { end - start >= Self.eventSize }

    /// The next whole event: one already read, or else what one read of the
    /// node brings (none when the last read emptied the node: a wait comes
    /// first, so a wake-up costs one read). An end that comes after events is
    /// answered once those were handed out.
    mutating func next() -> Outcome {
        if !hasEvent {
            if emptied {
                emptied = false
                return .nothing
            }
            if let ended = read() { return ended }
        }
        guard hasEvent else { return .nothing }
        let event = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: input_event.self) }
        start += Self.eventSize
        return .event(event)
    }

    /// Forgets what was read and not handed out (after `SYN_DROPPED`, whose
    /// resync drains the node): a part of an event too, whose rest the drain takes.
    mutating func discard() {
        start = 0
        end = 0
        emptied = false
    }

    /// One read of the node after what is left of the last (at most a part of
    /// an event, moved to the front): `nil` when bytes came or none were
    /// waiting, otherwise how the node ended.
    private mutating func read() -> Outcome? {
        let left = end - start, from = start, source = source
        if from > 0 {
            bytes.withUnsafeMutableBytes { buffer in
                // Overlapping regions are allowed (memmove).
                if let base = buffer.baseAddress, left > 0 { base.copyMemory(from: base + from, byteCount: left) }
            }
            start = 0
            end = left
        }
        let room = bytes.count - left
        let (count, code) = bytes.withUnsafeMutableBytes { buffer in
            let count = Glibc.read(source, buffer.baseAddress.map { $0 + left }, room)
            return (count, errno)
        }
        if count > 0 {
            end += count
            emptied = count < room
            return nil
        }
        if count == 0 { return .endOfStream }
        switch code {
        case EAGAIN, EINTR:
            // A hung-up descriptor may answer EAGAIN too: without this, a reader would go round for ever.
            return PollLoop.isHungUp(source) ? .endOfStream : nil
        case ENODEV, EIO: return .endOfStream
        default: return .failed(code)
        }
    }
}
