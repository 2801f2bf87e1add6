// The one loop every driver waits in: poll(2) on its descriptors and its stop signal, until its next deadline.
import Dispatch
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// The one loop of every live driver (a ``LiveSession``, `tactile record`,
/// the gesture service): a turn handles what is waiting and what is due and
/// says what to wait for next; the loop then sleeps in `poll(2)` until one of
/// those descriptors has input or hangs up, the turn's deadline comes, or the
/// stop signal is raised (its ``StopSignal/wakeDescriptor`` is in
/// every wait). Nothing else wakes it, so an idle driver costs nothing: no
/// fixed tick, only the deadlines its turns compute (a recognizer's timer,
/// a limit), as libinput arms a timerfd.
///
/// ```swift
/// let reason = try PollLoop.run(stop: stop, onStop: "stopped", failure: { EvdevError(errno: $0, path: path, operation: "poll") }) { ready in
///     if ready.first.map(PollLoop.hungUp) == true { return .end("gone") }
///     while case .event(let event) = try device.nextEvent() { handle(event) }
///     return .wait(on: [device.fileDescriptor], until: nil)
/// }
/// ```
package enum PollLoop {
    /// What a turn asks for next.
    package enum Next<End> {
        /// Sleep until one of `descriptors` has input or hangs up, `deadline`
        /// (``MonotonicClock`` seconds; `nil`: none) comes, or a stop is requested.
        case wait(on: [Int32], until: Double?)
        /// The loop ends with this.
        case end(End)
    }

    /// What `poll(2)` said of each descriptor of the last wait, in order
    /// (`POLLIN`, `POLLHUP`…; 0 when not ready). Empty on the first turn;
    /// all 0 when the wait ended at its deadline.
    package typealias Ready = [Int16]

    /// Whether a descriptor's readiness is a hang-up (`POLLHUP`, `POLLERR`,
    /// `POLLNVAL`): an unplugged device, a revoked descriptor, a closed node.
    package static func hungUp(_ revents: Int16) -> Bool { revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 }

    /// Whether `descriptor` has hung up now (a wait that does not wait).
    package static func isHungUp(_ descriptor: Int32) -> Bool {
        guard case .success(let ready) = wait([descriptor], until: 0, stop: nil) else { return false }
        return ready.first.map(hungUp) ?? false
    }

    /// Runs `turn` until it ends the loop, or `stop` is raised (the loop then
    /// ends with `onStop`; without a stop signal, only `turn` ends it). A
    /// failed `poll(2)` (other than `EINTR`) throws `failure(errno)`.
    package static func run<End, Failure: Error>(
        stop: StopSignal?, onStop: End, failure: (Int32) -> Failure,
        _ turn: (Ready) throws(Failure) -> Next<End>
    ) throws(Failure) -> End {
        var ready: Ready = []
        while true {
            if stop?.isStopRequested == true { return onStop }
            switch try turn(ready) {
            case .end(let end):
                return end
            case .wait(let descriptors, let deadline):
                switch wait(descriptors, until: deadline, stop: stop) {
                case .success(let result): ready = result
                case .failure(let error): throw failure(error.code)
                }
            }
        }
    }

    /// ``run(stop:onStop:failure:_:)`` without blocking the calling thread:
    /// each wait happens on `queue` while the task is suspended (it stays on
    /// its actor). A cancelled task ends the loop as a stop does.
    nonisolated(nonsending)
    package static func run<End, Failure: Error>(
        stop: StopSignal?, onStop: End, queue: DispatchQueue, failure: (Int32) -> Failure,
        _ turn: (Ready) throws(Failure) -> Next<End>
    ) async throws(Failure) -> End {
        var ready: Ready = []
        while true {
            if stop?.isStopRequested == true || Task.isCancelled { return onStop }
            switch try turn(ready) {
            case .end(let end):
                return end
            case .wait(let descriptors, let deadline):
                // A cancelled task raises the stop, which ends the wait on the queue (without one,
                // the wait's deadline does).
                let result = await withTaskCancellationHandler {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Result<Ready, WaitError>, Never>) in
                        queue.async { continuation.resume(returning: wait(descriptors, until: deadline, stop: stop)) }
                    }
                } onCancel: {
                    stop?.requestStop()
                }
                switch result {
                case .success(let result): ready = result
                case .failure(let error): throw failure(error.code)
                }
            }
        }
    }

    /// Why a wait failed: `poll(2)`'s `errno`.
    package struct WaitError: Error {
        package var code: Int32
    }

    /// One wait: `poll(2)` on `descriptors` and the stop's descriptor until
    /// `deadline`; a signal's `EINTR` waits again for the time left. Returns
    /// the readiness of `descriptors` (the stop's is not included).
    package static func wait(_ descriptors: [Int32], until deadline: Double?, stop: StopSignal?) -> Result<Ready, WaitError> {
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let wake = stop?.wakeDescriptor ?? -1
        // poll(2) passes over a negative descriptor.
        polled.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0))
        var limit = deadline
        if stop != nil, wake < 0 { limit = min(limit ?? .infinity, MonotonicClock.seconds() + StopSignal.checkInterval) }
        while true {
            let rc = poll(&polled, nfds_t(polled.count), milliseconds(until: limit))
            if rc >= 0 { return .success(polled.dropLast().map(\.revents)) }
            let code = errno
            guard code == EINTR else { return .failure(WaitError(code: code)) }
        }
    }

    /// `poll(2)`'s timeout for `deadline`: -1 for none, 0 when it passed,
    /// rounded up so a wait never ends before its deadline.
    static func milliseconds(until deadline: Double?) -> Int32 {
        guard let deadline, deadline.isFinite else { return -1 }
        let left = ((deadline - MonotonicClock.seconds()) * 1000).rounded(.up)
        return Int32(max(0, min(left, Double(Int32.max))))
    }
}
