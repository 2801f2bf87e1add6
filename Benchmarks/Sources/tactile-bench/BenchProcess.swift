// Runs a child process and reports its status, output and peak resident memory.
import Foundation
import TactileBenchSupport

/// Runs a program to completion and reports its exit status, its output
/// and its peak resident set size (from `wait4`'s resource usage), which
/// is why it does not use Foundation's `Process`.
enum BenchProcess {
    /// What a child did.
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
        /// Peak resident set size of the child, in bytes.
        var peakResidentBytes: Int
    }

    /// Runs `arguments` (the first is the program's path) with standard output
    /// and error captured in files of `directory`; `discardOutput` sends
    /// standard output to /dev/null instead. With a `timeout` (seconds), the
    /// child runs in a process group of its own, and the whole group is
    /// killed (SIGKILL) when it outlives the timeout: that throws, naming the
    /// program and quoting what it printed.
    static func run(_ arguments: [String], directory: String, discardOutput: Bool = false, timeout: Double? = nil) throws -> Result {
        let outPath = discardOutput ? "/dev/null" : directory + "/child.out"
        let errPath = directory + "/child.err"
        let pid = try start(arguments, standardOutput: outPath, standardError: errPath, ownGroup: timeout != nil)
        func contents(_ path: String) -> String {
            guard path != "/dev/null", let data = FileManager.default.contents(atPath: path) else { return "" }
            return String(decoding: data, as: UTF8.self)
        }
        var status: Int32 = 0
        var usage = rusage()
        if let timeout {
            let deadline = BenchClock.now() + UInt64(timeout * 1e9)
            while true {
                let waited = wait4(pid, &status, WNOHANG, &usage)
                if waited == pid { break }
                if waited < 0, errno != EINTR { throw BenchError("waiting for \(arguments[0]): \(String(cString: strerror(errno)))") }
                if BenchClock.now() > deadline {
                    kill(-pid, SIGKILL)
                    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
                    throw BenchError("\(arguments[0]) still ran after \(Int(timeout)) s and was killed; it printed:\n"
                                     + contents(errPath) + contents(outPath))
                }
                usleep(20_000)
            }
        } else {
            while wait4(pid, &status, 0, &usage) < 0 {
                guard errno == EINTR else { throw BenchError("waiting for \(arguments[0]): \(String(cString: strerror(errno)))") }
            }
        }
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(status: exit, standardOutput: contents(outPath), standardError: contents(errPath),
                      peakResidentBytes: usage.ru_maxrss * 1024)
    }

    /// Starts `arguments` (the first is the program's path, looked up on
    /// `PATH`) with standard input from /dev/null and standard output and
    /// error written to these files, and returns at once with its pid;
    /// `ownGroup`: in a process group of its own (whose id is the pid), so
    /// that the whole group can be signalled.
    static func start(_ arguments: [String], standardOutput: String, standardError: String, ownGroup: Bool) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if ownGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var pid = pid_t()
        let rc = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        guard rc == 0 else { throw BenchError("cannot run \(arguments[0]): \(String(cString: strerror(rc)))") }
        return pid
    }

    /// The running executable's own path (to run it as a child).
    static var selfPath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The first executable named `name` on `PATH`.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
