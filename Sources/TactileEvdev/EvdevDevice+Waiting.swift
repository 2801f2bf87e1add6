// Waiting for a device's events: poll(2) in slices, hang-ups, and noticing a removed or replaced node.
import CLibevdev
import Dispatch
import Tactile
#if canImport(Glibc)
import Glibc
#endif

extension EvdevDevice {
    /// Waits until events are waiting, `timeout` seconds pass (`nil`: forever),
    /// or the device hangs up or its node is removed (see ``EvdevDevice``).
    ///
    /// Returns ``PollResult/readable`` at once while resync or converted events are pending.
    public func poll(timeout: Double?) throws(EvdevError) -> PollResult {
        if let ready = pollAtOnce() { return ready }
        let deadline = timeout.map { MonotonicClock.seconds() + max(0, $0) }
        while true {
            let slice = Self.pollSlice(fileDescriptor, milliseconds: sliceMilliseconds(until: deadline))
            if let result = try conclude(slice, deadline: deadline) { return result }
        }
    }

    /// `poll(timeout:)` without blocking the caller's thread: the waits in
    /// `poll(2)` happen on a thread of the device's own, while the calling
    /// task is suspended (it stays on its actor, the main actor for a
    /// ``LiveSession``). A cancelled task gets ``PollResult/timeout`` at the
    /// next slice (at most ``nodeCheckInterval`` seconds).
    ///
    /// ```swift
    /// while case .event(let event) = try device.nextEvent() { process(event) }
    /// if try await device.poll(timeout: 0.5) == .hangup { print("gone") }
    /// ```
    nonisolated(nonsending)
    public func poll(timeout: Double?) async throws(EvdevError) -> PollResult {
        if let ready = pollAtOnce() { return ready }
        let deadline = timeout.map { MonotonicClock.seconds() + max(0, $0) }
        let descriptor = fileDescriptor
        let queue = pollQueue
        while true {
            if Task.isCancelled { return .timeout }
            let milliseconds = sliceMilliseconds(until: deadline)
            let slice = await withCheckedContinuation { (continuation: CheckedContinuation<PollSlice, Never>) in
                queue.async { continuation.resume(returning: Self.pollSlice(descriptor, milliseconds: milliseconds)) }
            }
            if let result = try conclude(slice, deadline: deadline) { return result }
        }
    }

    /// What one `poll(2)` call said.
    struct PollSlice: Sendable {
        var rc: Int32
        var revents: Int16
        var error: Int32

        /// Whether the descriptor hung up (`POLLHUP`, `POLLERR`, `POLLNVAL`): an
        /// unplugged device, a revoked descriptor, a testbed's node closing.
        var hungUp: Bool { rc > 0 && revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 }
    }

    /// The answer when no waiting is needed: events pending, or the device gone.
    private func pollAtOnce() -> PollResult? {
        if convertedIndex < converted.count || pendingIndex < pending.count || libevdev_has_event_pending(handle) > 0 {
            return .readable
        }
        if isGone || nodeRemoved { return .hangup }
        return nil
    }

    /// The next wait, in slices of at most ``nodeCheckInterval`` so the node is checked between them.
    private func sliceMilliseconds(until deadline: Double?) -> Int32 {
        var wait = Self.nodeCheckInterval
        if let deadline { wait = min(wait, max(0, deadline - MonotonicClock.seconds())) }
        return Int32((wait * 1000).rounded(.up))
    }

    /// One `poll(2)` of `descriptor` for input, for at most `milliseconds`.
    static func pollSlice(_ descriptor: Int32, milliseconds: Int32) -> PollSlice {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let rc = Glibc.poll(&request, 1, milliseconds)
        return PollSlice(rc: rc, revents: request.revents, error: rc < 0 ? errno : 0)
    }

    /// What a slice means: a result, or `nil` to wait again.
    private func conclude(_ slice: PollSlice, deadline: Double?) throws(EvdevError) -> PollResult? {
        if slice.rc < 0 {
            if slice.error == EINTR { return nil }
            throw EvdevError(errno: slice.error, path: path, operation: "poll")
        }
        if slice.hungUp { return .hangup }
        if slice.rc > 0 { return .readable }
        if nodeWasRemoved() {
            nodeRemoved = true
            return .hangup
        }
        if let deadline, MonotonicClock.seconds() >= deadline { return .timeout }
        return nil
    }

    /// Whether ``path`` no longer exists or names another file than the one
    /// opened; checked at most every ``nodeCheckInterval`` seconds (`false` in between).
    private func nodeWasRemoved() -> Bool {
        guard let nodeIdentity else { return false }
        let now = MonotonicClock.seconds()
        guard now - lastNodeCheck >= Self.nodeCheckInterval else { return false }
        lastNodeCheck = now
        switch NodeIdentity.of(path) {
        case .success(let identity): return identity != nodeIdentity
        case .failure(let failure): return failure.missing
        }
    }


    /// What identifies a node: the file (`st_dev`, `st_ino`) and the device it names (`st_rdev`).
    struct NodeIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
        var deviceNumber: UInt64

        /// The identity of `path` now, or why `stat` failed.
        static func of(_ path: String) -> Result<NodeIdentity, StatFailure> {
            var info = stat()
            guard stat(path, &info) == 0 else {
                let code = errno
                return .failure(StatFailure(missing: code == ENOENT || code == ENOTDIR))
            }
            return .success(NodeIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), deviceNumber: UInt64(info.st_rdev)))
        }
    }

    /// Why `stat` failed: the path is missing, or something else (not taken as removal).
    struct StatFailure: Error {
        var missing: Bool
    }
}
