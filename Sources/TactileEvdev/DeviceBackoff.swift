// How soon a node is taken again after its device failed: a delay per node, doubling while it keeps failing.
/// The waits between attempts to take a node whose device
/// failed (a read error, or a hang-up while its node stays), per node: the
/// first retry after ``firstDelay``, each further failure doubling the wait
/// up to ``longestDelay``. A device that worked ``resetAfter`` seconds
/// before it failed starts again from the first delay, and a node that goes
/// away is forgotten, so a device unplugged and plugged in again comes back
/// at once. Times are monotonic seconds (the clock for devices, not engine
/// time). The gesture service and a ``FollowingSession`` keep one each, in
/// their ``Rediscovery``.
///
/// ```swift
/// var backoff = DeviceBackoff()
/// backoff.taken("/dev/input/event5", at: 10)
/// let step = backoff.failed("/dev/input/event5", at: 10.1)   // delay 0.25, a new step: say it
/// backoff.isWaiting("/dev/input/event5", at: 10.2)            // true: not taken before 10.35
/// ```
package struct DeviceBackoff {
    /// The first wait after a failure, in seconds.
    package static let firstDelay = 0.25
    /// The longest wait.
    package static let longestDelay = 30.0
    /// A device that worked this long before failing waits only ``firstDelay`` again.
    package static let resetAfter = 10.0

    /// What one failure leads to.
    package struct Step: Equatable {
        /// Seconds until the node is taken again.
        package var delay: Double
        /// How many failures in a row, this one included.
        package var failures: Int
        /// Whether the wait changed (the first failure, or a longer wait): said in the log, once.
        package var isNew: Bool
    }

    private struct Node {
        var delay: Double
        var failures: Int
        var retryAt: Double
    }

    private var nodes: [String: Node] = [:]
    private var takenAt: [String: Double] = [:]

    /// No node has failed yet.
    package init() {}

    /// `path`'s device was taken at `now`.
    package mutating func taken(_ path: String, at now: Double) {
        takenAt[path] = now
    }

    /// `path`'s device failed at `now`: how long to wait before taking it again.
    package mutating func failed(_ path: String, at now: Double) -> Step {
        let worked = takenAt[path].map { now - $0 } ?? 0
        takenAt[path] = nil
        guard var node = nodes[path], worked < Self.resetAfter else {
            nodes[path] = Node(delay: Self.firstDelay, failures: 1, retryAt: now + Self.firstDelay)
            return Step(delay: Self.firstDelay, failures: 1, isNew: true)
        }
        let longer = min(Self.longestDelay, node.delay * 2)
        let isNew = longer != node.delay
        node.delay = longer
        node.failures += 1
        node.retryAt = now + longer
        nodes[path] = node
        return Step(delay: longer, failures: node.failures, isNew: isNew)
    }

    /// Whether `path` must not be taken yet at `now`.
    package func isWaiting(_ path: String, at now: Double) -> Bool {
        guard let node = nodes[path] else { return false }
        return now < node.retryAt
    }

    /// How many times in a row `path`'s device failed (0: it has not, or it worked since).
    package func failures(of path: String) -> Int {
        nodes[path]?.failures ?? 0
    }

    /// The earliest time a node waiting after `now` may be taken again.
    package func nextRetry(after now: Double) -> Double? {
        nodes.values.map(\.retryAt).filter { $0 > now }.min()
    }

    /// `path` went away: a device that comes back there is taken at once.
    package mutating func forget(_ path: String) {
        nodes[path] = nil
        takenAt[path] = nil
    }

    /// Forgets every node not in `present`.
    package mutating func keep(only present: Set<String>) {
        for path in nodes.keys where !present.contains(path) { forget(path) }
        for path in takenAt.keys where !present.contains(path) { takenAt[path] = nil }
    }
}
