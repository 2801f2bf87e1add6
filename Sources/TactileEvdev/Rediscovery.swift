// When a driver that finds devices looks at the input directory again: a slow rescan, quick ones for unready nodes, backoff retries.

/// When a driver that finds its devices itself (the gesture service, a
/// ``FollowingSession``) looks at the input directory again, beside what
/// inotify tells it (``InputDirectoryWatch``): one rule for both.
///
/// - A slow rescan every ``rescanInterval`` seconds, for file systems that
///   do not tell.
/// - A node that appeared but cannot be opened yet (udev still setting its
///   permissions, a testbed still loading it) is looked at again every
///   ``quickRescanInterval`` seconds during its first ``quickRescanPeriod``.
/// - A node whose device failed waits as its ``DeviceBackoff`` says.
///
/// Times are monotonic seconds. No tick: a driver's wait ends at
/// ``nextScan(at:)``, which is as far off as the slow rescan while nothing is pending.
///
/// ```swift
/// var rediscovery = Rediscovery(rescanInterval: 5, now: MonotonicClock.seconds())
/// if rediscovery.isDue(at: now) { scan(); rediscovery.scanned(at: MonotonicClock.seconds()) }
/// let deadline = rediscovery.nextScan(at: MonotonicClock.seconds())   // the wait's deadline
/// ```
package struct Rediscovery {
    /// How soon a node that appeared unready is looked at again, in seconds.
    package static let quickRescanInterval = 0.25
    /// For how long after it was first met unready, in seconds.
    package static let quickRescanPeriod = 10.0

    /// Seconds between slow rescans.
    package let rescanInterval: Double
    /// The waits of nodes whose device failed.
    package var backoff = DeviceBackoff()
    /// Nodes that could not be opened yet, and since when.
    package private(set) var unready: [String: Double] = [:]
    private var next: Double

    /// A first slow rescan `rescanInterval` seconds after `now`.
    package init(rescanInterval: Double, now: Double) {
        self.rescanInterval = rescanInterval
        next = now + rescanInterval
    }

    /// Whether a rescan is due at `now`.
    package func isDue(at now: Double) -> Bool { now >= next }

    /// A rescan ended at `now`: the next slow one is ``rescanInterval`` later.
    package mutating func scanned(at now: Double) { next = now + rescanInterval }

    /// The node `path` could not be opened at `now`; returns whether it is
    /// the first time in a row (say it then, if at all).
    @discardableResult
    package mutating func notReady(_ path: String, at now: Double) -> Bool {
        guard unready[path] == nil else { return false }
        unready[path] = now
        return true
    }

    /// The node `path` could be opened.
    package mutating func ready(_ path: String) { unready[path] = nil }

    /// Forgets the nodes not in `present` (gone: one that comes back is new).
    package mutating func keep(only present: Set<String>) {
        for path in unready.keys where !present.contains(path) { unready[path] = nil }
        backoff.keep(only: present)
    }

    /// When to scan next, seen at `now`: the slow rescan, sooner while a
    /// node is in its quick period or a failed node's wait ends.
    package mutating func nextScan(at now: Double) -> Double {
        if unready.values.contains(where: { now - $0 < Self.quickRescanPeriod }) {
            next = min(next, now + Self.quickRescanInterval)
        }
        if let retry = backoff.nextRetry(after: now) { next = min(next, retry) }
        return next
    }
}
