// Starting the programs of command actions: posix_spawnp on a queue of its own, children reaped off the input loop.
import Synchronization
import Tactile
import TactileEvdev
import TactileService
#if canImport(Glibc)
import Dispatch
import Glibc
#endif

/// Starts programs with `posix_spawnp`, on a queue of its own: no shell, so
/// nothing in an argument is ever interpreted; standard input is
/// `/dev/null`, output is the service's; the environment is the service's
/// with the request's variables added; every signal at its default action
/// and none blocked (the service ignores those it stops on). At most ``queueLimit`` requests
/// wait to start; children are reaped off the input loop, so none lingers
/// as a zombie and none is waited for.
///
/// ```swift
/// let runner = SpawningCommandRunner()
/// _ = runner.run(CommandRequest(arguments: ["notify-send", "hello"], binding: "greet", time: 1))
/// for line in runner.collect() { print(line) }
/// ```
@MainActor
public final class SpawningCommandRunner: CommandRunner {
    /// Requests that may wait to be started at once.
    public static let queueLimit = 64

    private var budget = CommandBudget()
    private let children = SpawnedChildren()

    /// A runner with no child running.
    public init() {}

    /// Commands started (or waiting to start) and not finished yet.
    public var runningCount: Int {
        _ = collect()
        return budget.running.values.reduce(0, +)
    }

    public func run(_ request: CommandRequest) -> CommandOutcome {
        guard let program = request.arguments.first, !program.isEmpty else { return .failed("no program to run") }
        absorbFinished()
        if let refusal = budget.admit(request).refusal { return refusal }
        guard children.enqueue(request, limit: Self.queueLimit) else {
            budget.finished(binding: request.binding)
            return .skipped("\(Self.queueLimit) commands are waiting to start")
        }
        return .started
    }

    /// Signals `news` whenever a program could not start (a line for
    /// ``collect()``): the gesture service's loop sleeps until then.
    package func signalProblems(to news: Wakeup) {
        children.signalProblems(to: news)
    }

    public func collect() -> [String] {
        absorbFinished()
        return children.takeProblems()
    }

    private func absorbFinished() {
        for binding in children.takeFinished() { budget.finished(binding: binding) }
    }
}

/// The children a ``SpawningCommandRunner`` started, kept on its queue:
/// spawned there, reaped there every 50 ms while any runs. The reaping is
/// the only periodic work, and only while a child runs: with none, nothing
/// is scheduled and the queue sleeps.
final class SpawnedChildren: Sendable {
    private struct State {
        var waiting = 0
        var running: [pid_t: String] = [:]
        var reaping = false
        var finished: [String] = []
        var problems: [String] = []
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "tactile.commands")
    /// Signalled when a problem is queued.
    private let news = Mutex<Wakeup?>(nil)

    func signalProblems(to wakeup: Wakeup) { news.withLock { $0 = wakeup } }

    /// Queues `request` to be spawned, unless `limit` wait already.
    func enqueue(_ request: CommandRequest, limit: Int) -> Bool {
        let admitted = state.withLock { state in
            guard state.waiting < limit else { return false }
            state.waiting += 1
            return true
        }
        if admitted { queue.async { self.spawn(request) } }
        return admitted
    }

    func takeFinished() -> [String] { state.withLock { state in defer { state.finished = [] }; return state.finished } }
    func takeProblems() -> [String] { state.withLock { state in defer { state.problems = [] }; return state.problems } }

    private func spawn(_ request: CommandRequest) {
        let result = Self.spawnProcess(request)
        let startReaping = state.withLock { state -> Bool in
            state.waiting -= 1
            switch result {
            case .success(let pid):
                state.running[pid] = request.binding
            case .failure(let problem):
                state.finished.append(request.binding)
                state.problems.append("\(TextFormat.visible(request.binding)): \(problem.message)")
            }
            guard !state.reaping, !state.running.isEmpty else { return false }
            state.reaping = true
            return true
        }
        if case .failure = result { news.withLock { $0 }?.signal() }
        if startReaping { scheduleReap() }
    }

    /// Reaps in 50 ms; scheduled only while a child runs (``reap()`` stops
    /// once none is left), so an idle service is never woken for it.
    private func scheduleReap() {
        queue.asyncAfter(deadline: .now() + .milliseconds(50)) { self.reap() }
    }

    private func reap() {
        let pids = state.withLock { Array($0.running.keys) }
        var done: [pid_t] = []
        for pid in pids {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno == ECHILD) { done.append(pid) }
        }
        let again = state.withLock { state -> Bool in
            for pid in done {
                if let binding = state.running.removeValue(forKey: pid) { state.finished.append(binding) }
            }
            state.reaping = !state.running.isEmpty
            return state.reaping
        }
        if again { scheduleReap() }
    }

    private struct SpawnFailure: Error { var message: String }

    /// `posix_spawnp` with standard input on `/dev/null` and the request's variables added.
    private static func spawnProcess(_ request: CommandRequest) -> Result<pid_t, SpawnFailure> {
        guard let program = request.arguments.first else { return .failure(SpawnFailure(message: "no program to run")) }
        var cArguments: [UnsafeMutablePointer<CChar>?] = request.arguments.map { strdup($0) }
        cArguments.append(nil)
        defer { for pointer in cArguments { free(pointer) } }
        var variables: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if request.environment[name] == nil { variables.append(text) }
            index += 1
        }
        variables += request.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) }
        cEnvironment.append(nil)
        defer { for pointer in cEnvironment { free(pointer) } }
        // Every signal at its default and none blocked, or SIGTERM would not end the child (ChildSpawn).
        var pid: pid_t = 0
        let status = ChildSpawn.withSetUp { actions, attributes in posix_spawnp(&pid, program, &actions, &attributes, cArguments, cEnvironment) }
        guard status == 0 else {
            return .failure(SpawnFailure(message: "cannot start \(TextFormat.visible(program)): \(String(cString: strerror(status)))"))
        }
        return .success(pid)
    }
}
