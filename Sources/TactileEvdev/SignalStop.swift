// Stopping a live session on SIGINT/SIGTERM, in a form a user can copy.
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

extension StopSignal {
    /// Raises this stop signal when the process receives one of `signals`
    /// (Ctrl-C's `SIGINT` and `SIGTERM` by default) instead of letting them
    /// kill it, so the session ends cleanly: touches cancelled, timers
    /// run out, everything received kept. Cancel the returned handle to give
    /// the signals their default action back.
    ///
    /// ```swift
    /// let interrupt = session.stopSignal.stopOnSignals()
    /// defer { interrupt.cancel() }
    /// let outcome = try session.run()   // Ctrl-C returns with reason .stopped
    /// ```
    public func stopOnSignals(_ signals: [Int32] = [SIGINT, SIGTERM]) -> SignalStopHandle {
        SignalStopHandle(signals: signals, stop: self)
    }
}

/// Signal handling installed by ``StopSignal/stopOnSignals(_:)``.
public final class SignalStopHandle: @unchecked Sendable {
    // Only `cancel()` mutates, under the lock; the sources are thread-safe.
    private var sources: [any DispatchSourceSignal]
    private let signals: [Int32]
    private var lock = pthread_mutex_t()

    init(signals: [Int32], stop: StopSignal) {
        self.signals = signals
        pthread_mutex_init(&lock, nil)
        sources = signals.map { number in
            // Ignored as a signal, delivered as an event to the source.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.requestStop() }
            source.resume()
            return source
        }
    }

    /// Stops handling the signals and restores their default action.
    public func cancel() {
        pthread_mutex_lock(&lock)
        let current = sources
        sources = []
        pthread_mutex_unlock(&lock)
        guard !current.isEmpty else { return }
        for source in current { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }

    deinit {
        cancel()
        pthread_mutex_destroy(&lock)
    }
}
