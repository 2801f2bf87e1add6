// Waiting for a device's events: PollLoop waits in slices, hang-ups, and noticing a removed or replaced node.
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
        return try PollLoop.run(stop: nil, onStop: .timeout, failure: pollFailure) { ready throws(EvdevError) in waitTurn(ready, deadline: deadline) }
    }

    /// Reads events and hands each to `body` until `body` returns `false`, no
    /// event arrives for `idleTimeout` seconds (`nil`: wait forever), or the
    /// device goes away. On a hang-up the events still buffered are delivered
    /// first, so the caller keeps everything received.
    public func readEvents(idleTimeout: Double? = nil, _ body: (InputEvent) -> Bool) throws(EvdevError) -> ReadLoopEnd {
        while true {
            switch try nextEvent() {
            case .event(let event):
                if !body(event) { return .stopped }
            case .endOfStream:
                return .deviceGone
            case .wouldBlock:
                switch try poll(timeout: idleTimeout) {
                case .readable:
                    continue
                case .timeout:
                    return .timedOut
                case .hangup:
                    while case .event(let event) = try nextEvent() {
                        if !body(event) { return .stopped }
                    }
                    isGone = true
                    return .deviceGone
                }
            }
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
        return try await PollLoop.run(stop: nil, onStop: .timeout, queue: pollQueue, failure: pollFailure) { ready throws(EvdevError) in
            waitTurn(ready, deadline: deadline)
        }
    }

    /// One turn of ``poll(timeout:)``: what the last wait said of the device
    /// (nothing on the first turn, which always waits), or another wait, in
    /// slices of ``nodeCheckInterval`` so the node is checked between them.
    private func waitTurn(_ ready: PollLoop.Ready, deadline: Double?) -> PollLoop.Next<PollResult> {
        if let revents = ready.first {
            if let result = readiness(revents) { return .end(result) }
            if let deadline, MonotonicClock.seconds() >= deadline { return .end(.timeout) }
        }
        return .wait(on: [fileDescriptor], until: min(deadline ?? .infinity, MonotonicClock.seconds() + Self.nodeCheckInterval))
    }

    /// A failed wait, as this device's error.
    private func pollFailure(_ code: Int32) -> EvdevError { EvdevError(errno: code, path: path, operation: "poll") }

    /// What a wait of ``PollLoop`` that included this device's descriptor
    /// says of it (`revents`, `nil` when the wait did not include it):
    /// readable, hung up (also when its node was removed, checked at most every
    /// ``nodeCheckInterval`` seconds), or `nil` when nothing happened to it.
    package func readiness(_ revents: Int16?) -> PollResult? {
        if let revents, PollLoop.hungUp(revents) { return .hangup }
        if let revents, revents != 0 { return .readable }
        if isGone { return .hangup }
        if nodeWasRemoved() {
            nodeRemoved = true
            return .hangup
        }
        return nil
    }

    /// When the node is next due to be checked (a driver's wait ends by
    /// then), `nil` for a device opened without a node to check.
    package var nextNodeCheck: Double? {
        nodeIdentity == nil ? nil : max(lastNodeCheck + Self.nodeCheckInterval, MonotonicClock.seconds())
    }

    /// The answer when no waiting is needed: events pending, or the device gone.
    private func pollAtOnce() -> PollResult? {
        if convertedIndex < converted.count || pendingIndex < pending.count || reader.hasEvent {
            return .readable
        }
        if isGone || nodeRemoved { return .hangup }
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
