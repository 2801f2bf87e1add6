// How many commands a binding may start: at most N running at once, at most 10 started per second.

/// The limits every binding's commands live within, whatever the config:
/// at most ``CommandRequest/maximumInstances`` of a binding's commands
/// running at once, and at most ``perSecond`` started in any second of the
/// device's clock. A gesture that acts on every frame (a `changed` command,
/// a step with a small `every`) or a jump of a thousand steps cannot then
/// flood the machine with processes.
///
/// The rate is counted in device time (the firings'), so a replay and
/// `tactile check` meet the same limits as the live service.
///
/// ```swift
/// var budget = CommandBudget()
/// if let reason = budget.admit(request) { report(reason) } else { spawn(request) }
/// budget.finished(binding: request.binding)   // when the child exits
/// ```
package struct CommandBudget {
    /// Commands a binding may start in one second (what the loader's warnings say too).
    static let perSecond = Binding.commandsPerSecond

    /// Running commands, by binding.
    package private(set) var running: [String: Int] = [:]
    /// When each binding's last commands started (at most ``perSecond``), oldest first.
    private var starts: [String: [Double]] = [:]
    /// When each binding last had a skip said (one line a second, not one per skip), and how many since.
    private var skips: [String: (said: Double, since: Int)] = [:]

    /// A budget with nothing running yet.
    package init() {}

    /// Admits `request` (counting it as running) or says why it is skipped;
    /// `nil` for a skip already said this second (skip it quietly).
    package mutating func admit(_ request: CommandRequest) -> Admission {
        let binding = request.binding
        var recent = starts[binding, default: []]
        recent.removeAll { request.time - $0 >= 1 || $0 > request.time }
        starts[binding] = recent
        let reason: String?
        if running[binding, default: 0] >= max(1, request.maximumInstances) {
            let instances = max(1, request.maximumInstances)
            reason = instances == 1 ? "its command is still running (instances = 1)" : "\(instances) of its commands are still running (instances = \(instances))"
        } else if recent.count >= Self.perSecond {
            reason = "\(Self.perSecond) commands started in the last second (the most a gesture may start)"
        } else {
            reason = nil
        }
        guard let reason else {
            recent.append(request.time)
            starts[binding] = recent
            running[binding, default: 0] += 1
            return .admitted
        }
        if let last = skips[binding], request.time - last.said < 1, last.said <= request.time {
            skips[binding] = (last.said, last.since + 1)
            return .skippedQuietly
        }
        let earlier = skips[binding]?.since ?? 0
        skips[binding] = (request.time, 0)
        return .skipped(earlier > 0 ? reason + " (\(earlier) more skipped before)" : reason)
    }

    /// One of `binding`'s commands ended (or never started).
    package mutating func finished(binding: String) {
        guard let count = running[binding] else { return }
        running[binding] = count > 1 ? count - 1 : nil
    }

    /// What ``admit(_:)`` decided.
    package enum Admission: Hashable {
        case admitted
        case skipped(String)
        case skippedQuietly

        /// What a runner answers for a request not admitted (`nil`: admitted).
        package var refusal: CommandOutcome? {
            switch self {
            case .admitted: nil
            case .skipped(let reason): .skipped(reason)
            case .skippedQuietly: .skipped(nil)
            }
        }
    }
}
