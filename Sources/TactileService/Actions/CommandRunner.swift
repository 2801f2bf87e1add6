// Runs a binding's command: a program and its arguments, no shell.
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// Runs the programs of `command` actions.
@MainActor
public protocol CommandRunner: AnyObject {
    /// Starts `arguments[0]` (looked up on `PATH`) with the rest as its
    /// arguments, without waiting for it. Returns why it could not start, or `nil`.
    func run(_ arguments: [String]) -> String?
    /// Collects the programs that finished (the service calls it on every
    /// turn of its loop); runners that start nothing have nothing to do.
    func reap()
}

extension CommandRunner {
    /// Nothing to collect.
    public func reap() {}
}

/// Starts programs with `posix_spawnp`: no shell, so nothing in an argument
/// is ever interpreted; standard input is `/dev/null`, output is the
/// service's. Finished children are reaped by ``reap()`` (the service calls
/// it on every turn of its loop), so none lingers as a zombie.
@MainActor
public final class SpawningCommandRunner: CommandRunner {
    /// Children started and not reaped yet.
    public private(set) var running: Set<pid_t> = []

    /// A runner with no child running.
    public init() {}

    /// Spawns `arguments[0]` (looked up on `PATH`) with the rest as its arguments; returns why it could not start, or `nil`.
    public func run(_ arguments: [String]) -> String? {
        guard let program = arguments.first, !program.isEmpty else { return "no program to run" }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        cArguments.append(nil)
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, program, &actions, nil, cArguments, environ)
        guard status == 0 else {
            return "cannot start \(TextFormat.visible(program)): \(String(cString: strerror(status)))"
        }
        running.insert(pid)
        return nil
    }

    /// Reaps the children that finished.
    public func reap() {
        for pid in running {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno == ECHILD) { running.remove(pid) }
        }
    }
}

/// Runs nothing and keeps what it was asked to run (dry runs, `check`, tests).
@MainActor
public final class RecordingCommandRunner: CommandRunner {
    /// Every command it was asked to run, in order.
    public private(set) var commands: [[String]] = []
    /// A runner that has run nothing.
    public init() {}
    /// Keeps `arguments` in ``commands`` and runs nothing; always `nil`.
    public func run(_ arguments: [String]) -> String? {
        commands.append(arguments)
        return nil
    }
}
