// Log lines on their way to a file descriptor: a bounded queue the input loop only adds to, written by a thread of its own.
import Tactile
import TactileService
#if canImport(Glibc)
import Glibc
#endif

/// Lines on their way to a file descriptor (standard error, standard output)
/// without the caller ever waiting for the write.
///
/// ``enqueue(_:)`` only adds the line to a bounded queue and returns: it
/// never blocks on the descriptor (the lock it takes is held by the writer
/// only to take lines out, never during a write) and never grows the queue
/// beyond ``maximumLines`` lines or ``maximumBytes`` bytes (besides the
/// batch the writer took out and is writing, at most as much). A thread of the
/// queue's own does the blocking writes, escaping each line as it goes
/// (`TextFormat.visible`, backslashes kept). When the reader stalls (Ctrl-S
/// in a terminal, a pager, a stuck journal) the queue fills up; lines that
/// do not fit are dropped and counted (``droppedCount``), and once there is
/// room again one line says how many were dropped, where they were.
/// ``flush(timeout:)`` waits for the lines queued, but at most `timeout`
/// seconds, so an exit never hangs on a reader that does not read.
///
/// A queue lives as long as its writer thread, which is the rest of the
/// process: make one per descriptor and keep it.
///
/// ```swift
/// let log = LogQueue(fileDescriptor: STDERR_FILENO)
/// log.enqueue("tactile serve: config reloaded")   // returns at once
/// _ = log.flush(timeout: 0.5)                     // at the end: a bounded wait
/// ```
public final class LogQueue: @unchecked Sendable {
    // Everything mutable is guarded by `mutex`; the writer thread alone touches `batch` and `buffer`.

    /// The most lines waiting at once.
    public let maximumLines: Int
    /// The most bytes waiting at once (lines counted as given, before escaping).
    public let maximumBytes: Int
    /// The longest line kept whole, in bytes: a longer one is cut there, with `…`.
    public static let maximumLineBytes = 4096

    private enum Entry {
        case line(String)
        /// This many lines were dropped here.
        case dropped(Int)
    }

    private let fileDescriptor: Int32
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when an entry is queued (the writer waits on it).
    private let queued = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Broadcast when the writer finished a batch (``flush(timeout:)`` waits on it).
    private let written = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// A ring of `maximumLines` slots: `count` entries from `head`.
    private var ring: [Entry?]
    private var head = 0
    private var count = 0
    private var bytes = 0
    /// Lines dropped since the last notice was queued.
    private var pendingDrops = 0
    private var totalDropped = 0
    /// Whether the writer holds a batch it has not finished writing.
    private var writing = false
    private var batch: [Entry] = []
    private var buffer: [UInt8] = []

    /// A queue writing to `fileDescriptor` (not closed by the queue), holding
    /// at most `maximumLines` lines and `maximumBytes` bytes; its writer thread starts at once.
    public init(fileDescriptor: Int32, maximumLines: Int = 1024, maximumBytes: Int = 256 * 1024) {
        self.fileDescriptor = fileDescriptor
        self.maximumLines = max(2, maximumLines)
        self.maximumBytes = max(2 * Self.maximumLineBytes, maximumBytes)
        ring = Array(repeating: nil, count: self.maximumLines)
        batch.reserveCapacity(self.maximumLines + 1)
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(queued, &attributes)
        pthread_cond_init(written, &attributes)
        pthread_condattr_destroy(&attributes)
        // The thread keeps the queue alive (its closure holds it): it runs for the rest of the process.
        // No thread: lines stay queued (and then dropped) rather than written on the caller's path.
        DetachedThread.start(name: "tactile.log") { self.runWriter() }
    }

    /// How many lines were dropped so far because the queue was full.
    public var droppedCount: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return totalDropped
    }

    /// Queues `line` (a line break is added when written) and returns at
    /// once; when the queue is full the line is dropped and counted.
    public func enqueue(_ line: String) {
        var line = line
        if line.utf8.count > Self.maximumLineBytes {
            line = String(decoding: line.utf8.prefix(Self.maximumLineBytes - 3), as: UTF8.self) + "…"
        }
        let size = line.utf8.count + 1
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        // After drops, the notice takes a slot (and a line's worth of bytes) before the line.
        let needed = pendingDrops > 0 ? 2 : 1
        let neededBytes = pendingDrops > 0 ? size + 64 : size
        guard count + needed <= maximumLines, bytes + neededBytes <= maximumBytes else {
            pendingDrops += 1
            totalDropped += 1
            return
        }
        if pendingDrops > 0 {
            push(.dropped(pendingDrops), size: 64)
            pendingDrops = 0
        }
        push(.line(line), size: size)
        pthread_cond_signal(queued)
    }

    /// Waits until every line queued so far is written, at most `timeout`
    /// seconds; `true` when they were.
    @discardableResult
    public func flush(timeout: Double) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let seconds = max(0, timeout)
        let nanoseconds = Int(deadline.tv_nsec) + Int((seconds - seconds.rounded(.down)) * 1e9)
        deadline.tv_sec += Int(seconds.rounded(.down)) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while count > 0 || pendingDrops > 0 || writing {
            if pthread_cond_timedwait(written, mutex, &deadline) == ETIMEDOUT { break }
        }
        return count == 0 && pendingDrops == 0 && !writing
    }

    /// The notice for `count` dropped lines.
    static func droppedLine(_ count: Int) -> String {
        "(\(count) log line\(count == 1 ? "" : "s") dropped here: the log was not read fast enough)"
    }

    // MARK: The writer

    private func push(_ entry: Entry, size: Int) {
        ring[(head + count) % maximumLines] = entry
        count += 1
        bytes += size
    }

    private func runWriter() {
        pthread_mutex_lock(mutex)
        while true {
            while count == 0 && pendingDrops == 0 { pthread_cond_wait(queued, mutex) }
            batch.removeAll(keepingCapacity: true)
            while count > 0 {
                if let entry = ring[head] { batch.append(entry) }
                ring[head] = nil
                head = (head + 1) % maximumLines
                count -= 1
            }
            bytes = 0
            if pendingDrops > 0 {
                // Dropped after everything taken: said after it.
                batch.append(.dropped(pendingDrops))
                pendingDrops = 0
            }
            writing = true
            pthread_mutex_unlock(mutex)
            write(batch)
            pthread_mutex_lock(mutex)
            writing = false
            pthread_cond_broadcast(written)
        }
    }

    private func write(_ entries: [Entry]) {
        buffer.removeAll(keepingCapacity: true)
        for entry in entries {
            switch entry {
            case .line(let line): buffer.append(contentsOf: TextFormat.visible(line, escapingBackslash: false).utf8)
            case .dropped(let count): buffer.append(contentsOf: Self.droppedLine(count).utf8)
            }
            buffer.append(UInt8(ascii: "\n"))
        }
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { raw in
                Glibc.write(fileDescriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                // A descriptor someone made non-blocking: wait here, on this thread.
                var entry = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, -1)
            } else {
                return  // Closed or failing: these lines are lost, as they would be anyway.
            }
        }
    }
}
