// Runs a binding's command: a program and its arguments, no shell, off the input loop, within the binding's limits.
import Dispatch
import Synchronization
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// Runs the programs of `command` actions.
///
/// A runner never makes the input loop wait: it admits a request within
/// its binding's limits (instances at once, starts per
/// second) and starts it elsewhere. What happened meanwhile (a program that
/// could not start) comes back through ``collect()``, which the service
/// calls on every turn of its loop.
@MainActor
public protocol CommandRunner: AnyObject {
    /// Asks for `request`'s program to run, within its binding's limits; never waits for it.
    func run(_ request: CommandRequest) -> CommandOutcome
    /// What happened off the input loop since the last call, one log line
    /// each (a program that could not start); finished commands are counted off.
    func collect() -> [String]
}

/// Runs nothing and keeps what it was asked to run, within the same limits
/// as the live runner (each command counts as finished at once): dry runs,
/// `check`, tests.
@MainActor
public final class RecordingCommandRunner: CommandRunner {
    /// Every command it was asked to run and admitted, in order.
    public private(set) var commands: [[String]] = []
    /// Every request admitted, in order (with its environment).
    public private(set) var requests: [CommandRequest] = []
    /// How many requests a limit skipped.
    public private(set) var skipped = 0
    private var budget = CommandBudget()

    /// A runner that has run nothing.
    public init() {}

    /// Keeps `request` when its limits admit it, and runs nothing.
    public func run(_ request: CommandRequest) -> CommandOutcome {
        if let refusal = budget.admit(request).refusal {
            skipped += 1
            return refusal
        }
        budget.finished(binding: request.binding)
        commands.append(request.arguments)
        requests.append(request)
        return .started
    }

    /// Nothing happens elsewhere: always empty.
    public func collect() -> [String] { [] }
}
