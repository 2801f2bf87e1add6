// A stop request from any thread that ends a device loop's wait at once: a flag and a Wakeup never drained.
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// A stop request that may come from any thread (a signal-handling
/// thread, a UI), for every loop that reads devices: a ``LiveSession``, a
/// ``FollowingSession``, the gesture service's loop, `tactile record`.
/// Raising it wakes the session's wait at once: its
/// wake descriptor (an `eventfd`) becomes readable, and stays so, and
/// every wait of the session's poll loop includes it, so a session that waits for
/// input or a deadline needs no periodic check to see a stop. It is a
/// `Wakeup` (package) that is never drained.
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
    /// Signalled once, when the stop is requested, and never drained.
    package let wakeup = Wakeup()
    /// Readable once a stop is requested (`-1` when `eventfd` failed:
    /// waits then last at most ``checkInterval``).
    package var wakeDescriptor: Int32 { wakeup.descriptor }

    /// The longest single wait when the stop signal has no descriptor to
    /// wake the wait (`eventfd` failed); otherwise a stop ends a wait at once
    /// and an idle loop sleeps until its device or its next deadline.
    ///
    /// ```swift
    /// let wait = min(timeout, StopSignal.checkInterval)   // a loop that cannot be woken looks this often
    /// ```
    public static let checkInterval = 0.1

    /// A signal not yet raised.
    public init() {
        pthread_mutex_init(&mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(&mutex)
    }

    /// Asks the loop to end; a session finishes its input and returns from `LiveSession.run()`.
    public func requestStop() {
        pthread_mutex_lock(&mutex)
        let first = !requested
        requested = true
        pthread_mutex_unlock(&mutex)
        if first { wakeup.signal() }
    }

    /// Whether a stop was requested.
    public var isStopRequested: Bool {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return requested
    }
}
