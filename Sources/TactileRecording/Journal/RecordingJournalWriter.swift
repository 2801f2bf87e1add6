// The journal writer: appends events frame by frame to a new 0600 file and syncs it at least every second.
import Foundation
import Tactile

extension RecordingJournal {
    /// Appends events to a new journal file (created 0600, never replacing
    /// one) and syncs it to disk at least every ``syncInterval`` seconds of
    /// its clock, so that a crash loses at most that much.
    ///
    /// Events are buffered until their frame ends (`SYN_REPORT`), then
    /// written; ``tick()`` writes and syncs when due even without new events.
    public final class Writer {
        /// The journal's path.
        public let path: String
        /// The longest time between syncs of written data, in seconds of ``clock``.
        public let syncInterval: Double
        /// The time now, in seconds; injected by tests.
        public let clock: () -> Double
        /// How many times the file was synced (the header's sync included).
        public private(set) var syncCount = 0
        /// How many events were appended.
        public private(set) var eventCount = 0
        /// How many appended events are on disk as of the last sync.
        public private(set) var syncedEventCount = 0

        private var fileDescriptor: Int32
        private var pending: [UInt8] = []
        private var pendingEvents = 0
        private var writtenEvents = 0
        private var lastSync: Double

        /// The monotonic clock in seconds.
        public static func monotonicSeconds() -> Double {
            MonotonicClock.seconds()
        }

        /// Creates the journal at `path` with `header` as its first line, synced.
        public init(path: String, header: Header, syncInterval: Double = 1.0,
                    clock: @escaping () -> Double = Writer.monotonicSeconds) throws(RecordingError) {
            self.path = path
            self.syncInterval = syncInterval
            self.clock = clock
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                let code = errno
                throw RecordingError(file: path, line: nil, problem: code == EEXIST ? .exists : .unreadable,
                                     message: "cannot create the journal: \(String(cString: strerror(code)))")
            }
            fileDescriptor = descriptor
            lastSync = clock()
            pending = Array(try RecordingJournal.line(for: header).utf8) + [0x0A]
            try flush()
            try sync()
        }

        deinit {
            if fileDescriptor >= 0 { _ = Glibc.close(fileDescriptor) }
        }

        /// Appends `event`; at a `SYN_REPORT` the frame is written, and the
        /// file synced when ``syncInterval`` has passed since the last sync.
        public func append(_ event: InputEvent) throws(RecordingError) {
            pending.append(contentsOf: RecordingJournal.line(for: event).utf8)
            pending.append(0x0A)
            pendingEvents += 1
            eventCount += 1
            if event.isReport {
                try flush()
                try syncIfDue()
            }
        }

        /// Syncs what was written when ``syncInterval`` has passed since the last sync.
        public func tick() throws(RecordingError) {
            try syncIfDue()
        }

        /// Writes and syncs everything appended, then closes the file.
        public func close() throws(RecordingError) {
            guard fileDescriptor >= 0 else { return }
            try flush()
            try sync()
            _ = Glibc.close(fileDescriptor)
            fileDescriptor = -1
        }

        /// Closes the file and removes it.
        public func remove() {
            if fileDescriptor >= 0 {
                _ = Glibc.close(fileDescriptor)
                fileDescriptor = -1
            }
            unlink(path)
        }

        /// When ``tick()`` next has something to sync (on ``clock``'s scale):
        /// ``syncInterval`` after the last sync while events written since wait
        /// for it, `nil` when everything written is synced. A reader loop
        /// waits until then at the most, and needs no tick of its own.
        ///
        /// ```swift
        /// let wake = journal.nextSyncDue ?? .infinity   // sleep until input or then
        /// ```
        public var nextSyncDue: Double? {
            writtenEvents > syncedEventCount ? lastSync + syncInterval : nil
        }

        private func syncIfDue() throws(RecordingError) {
            guard writtenEvents > syncedEventCount, clock() - lastSync >= syncInterval else { return }
            try sync()
        }

        private func flush() throws(RecordingError) {
            guard fileDescriptor >= 0 else { return }
            var offset = 0
            while offset < pending.count {
                let written = pending.withUnsafeBytes { buffer in
                    write(fileDescriptor, buffer.baseAddress.map { $0 + offset }, pending.count - offset)
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    throw RecordingError(file: path, line: nil, problem: .unreadable, message: "cannot write the journal: \(String(cString: strerror(errno)))")
                }
                offset += written
            }
            pending.removeAll(keepingCapacity: true)
            writtenEvents += pendingEvents
            pendingEvents = 0
        }

        private func sync() throws(RecordingError) {
            guard fileDescriptor >= 0 else { return }
            if fsync(fileDescriptor) != 0 {
                throw RecordingError(file: path, line: nil, problem: .unreadable, message: "cannot sync the journal: \(String(cString: strerror(errno)))")
            }
            syncCount += 1
            syncedEventCount = writtenEvents
            lastSync = clock()
        }
    }
}
