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
    /// standard output to /dev/null instead.
    static func run(_ arguments: [String], directory: String, discardOutput: Bool = false) throws -> Result {
        let outPath = discardOutput ? "/dev/null" : directory + "/child.out"
        let errPath = directory + "/child.err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let rc = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
        guard rc == 0 else { throw BenchError("cannot run \(arguments[0]): \(String(cString: strerror(rc)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("waiting for \(arguments[0]): \(String(cString: strerror(errno)))") }
        }
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        func contents(_ path: String) -> String {
            guard path != "/dev/null", let data = FileManager.default.contents(atPath: path) else { return "" }
            return String(decoding: data, as: UTF8.self)
        }
        return Result(status: exit, standardOutput: contents(outPath), standardError: contents(errPath),
                      peakResidentBytes: usage.ru_maxrss * 1024)
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
