// A stop request from any thread that ends a live session's wait at once: a flag and an eventfd.
import CLibevdev
import Tactile
#if canImport(Glibc)
import Glibc
#endif

extension LiveSession {
    /// A stop request that may come from any thread (a signal-handling
    /// thread, a UI). Raising it wakes the session's wait at once: its
    /// wake descriptor (an `eventfd`) becomes readable, and stays so, and
    /// every wait of the session's poll loop includes it, so a session that waits for
    /// input or a deadline needs no periodic check to see a stop.
    ///
    /// ```swift
    /// let session = LiveSession(device: device, window: window)
    /// let stop = session.stopSignal
    /// Thread.detachNewThread { sleep(10); stop.requestStop() }
    /// let outcome = try session.run()   // ends 10 s later with reason .stopped
    /// ```
    public final class StopSignal: @unchecked Sendable {
        private var mutex = pthread_mutex_t()
        private var requested = false
        /// Readable once a stop is requested (`-1` when `eventfd` failed:
        /// waits then last at most ``LiveSession/checkInterval``).
        package let wakeDescriptor: Int32

        /// A signal not yet raised.
        public init() {
            pthread_mutex_init(&mutex, nil)
            wakeDescriptor = tactile_wake_eventfd()
        }

        deinit {
            if wakeDescriptor >= 0 { close(wakeDescriptor) }
            pthread_mutex_destroy(&mutex)
        }

        /// Asks the session to end; it finishes its input and returns from `LiveSession.run()`.
        public func requestStop() {
            pthread_mutex_lock(&mutex)
            let first = !requested
            requested = true
            pthread_mutex_unlock(&mutex)
            guard first, wakeDescriptor >= 0 else { return }
            var one: UInt64 = 1
            _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
        }

        /// Whether a stop was requested.
        public var isStopRequested: Bool {
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            return requested
        }
    }
}
