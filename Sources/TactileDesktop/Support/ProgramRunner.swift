// Runs a program the service or `tactile doctor` asks (busctl, kscreen-doctor, systemctl): found on PATH, output collected, stopped when slow.
import TactileService
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program and collects what it prints: the doctor asks systemctl and
/// loginctl, the pointer mapper the desktop's monitors (busctl, kscreen-doctor).
enum ProgramRunner {
    /// The most kept of each output stream.
    static let outputLimit = 1 << 20

    /// Runs a program (its arguments) and returns what it printed, nil when it could not be run.
    typealias Run = @Sendable ([String]) -> DoctorCommandResult?

    /// ``run(_:environment:timeout:)`` in the session `environment`, stopped after 3 seconds: how the desktop is asked.
    static func session(_ environment: [String: String]) -> Run {
        { arguments in run(arguments, environment: environment, timeout: 3) }
    }

    /// Runs `arguments` (the program found on `environment`'s `PATH`) with
    /// `environment` and `LC_ALL=C`, standard input `/dev/null`; kills it
    /// after `timeout` seconds (a user bus that does not answer). `nil`
    /// when the program is not found or cannot be started.
    static func run(_ arguments: [String], environment: [String: String], timeout: Double) -> DoctorCommandResult? {
        guard let name = arguments.first, let executable = locate(name, path: environment["PATH"]) else { return nil }
        guard let output = makePipe() else { return nil }
        guard let errors = makePipe() else {
            output.forEach { close($0) }
            return nil
        }
        let pid = spawn(executable, arguments, environment: environment, output: output[1], errors: errors[1])
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard let pid else { return nil }
        let printed = collect([output[0], errors[0]], until: MonotonicClock.seconds() + timeout)
        if printed.timedOut { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return DoctorCommandResult(status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
                                   output: String(decoding: printed.streams[0], as: UTF8.self),
                                   errorOutput: String(decoding: printed.streams[1], as: UTF8.self))
    }

    /// A pipe whose ends are closed in the child (it gets them as its output through `dup2`).
    private static func makePipe() -> [Int32]? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    /// `posix_spawn` with standard input on `/dev/null`, standard output and
    /// error on the pipes, every signal at its default.
    private static func spawn(_ executable: String, _ arguments: [String], environment: [String: String],
                              output: Int32, errors: Int32) -> pid_t? {
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var variables = environment
        variables["LC_ALL"] = "C"
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in cEnvironment { free(pointer) } }
        return ChildSpawn.withSetUp { actions, attributes in
            posix_spawn_file_actions_adddup2(&actions, output, 1)
            posix_spawn_file_actions_adddup2(&actions, errors, 2)
            var pid: pid_t = 0
            return posix_spawn(&pid, executable, &actions, &attributes, &cArguments, &cEnvironment) == 0 ? pid : nil
        }
    }

    /// Reads every descriptor to its end (keeping at most ``outputLimit``
    /// bytes of each), or until `deadline` (monotonic seconds).
    private static func collect(_ descriptors: [Int32], until deadline: Double) -> (streams: [[UInt8]], timedOut: Bool) {
        var streams = [[UInt8]](repeating: [], count: descriptors.count)
        var open = Set(descriptors.indices)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !open.isEmpty {
            let left = deadline - MonotonicClock.seconds()
            if left <= 0 { return (streams, true) }
            var polled = open.sorted().map { pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), Int32((left * 1000).rounded(.up)))
            if ready < 0 && errno != EINTR { return (streams, false) }
            for entry in polled where entry.revents != 0 {
                guard let index = descriptors.firstIndex(of: entry.fd) else { continue }
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if streams[index].count < outputLimit { streams[index] += buffer.prefix(min(count, outputLimit - streams[index].count)) }
                } else if count == 0 || errno != EINTR {
                    open.remove(index)
                }
            }
        }
        return (streams, false)
    }

    /// The first executable `name` on `path` (a name with a slash is taken as it is).
    static func locate(_ name: String, path: String?) -> String? {
        func executable(_ candidate: String) -> Bool {
            var info = stat()
            return stat(candidate, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(candidate, X_OK) == 0
        }
        if name.contains("/") { return executable(name) ? name : nil }
        let directories = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        return directories.map { $0 + "/" + name }.first(where: executable)
    }

}

extension DoctorCommandResult {
    /// Why a run failed, in a few words: the first line of its standard
    /// error (made printable), else its exit status.
    var failureReason: String {
        errorOutput.split(separator: "\n").first.map { TextFormat.visible(String($0)) } ?? "status \(status)"
    }
}
