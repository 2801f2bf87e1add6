// What /proc tells of a running process: its threads' wake-ups and CPU time, its peak memory, what it has open.
import Foundation
import TactileBenchSupport

/// Reads another process's costs from /proc, without disturbing it.
///
/// A wake-up is a context switch of one of its threads (voluntary: it slept
/// and was woken; nonvoluntary: it was preempted), summed over
/// /proc/PID/task/*/status; CPU time is each thread's time on a CPU in
/// nanoseconds (the first field of /proc/PID/task/TID/schedstat). A thread
/// that ends takes its counts with it, so a ``ProcProbe/Tracker`` polls
/// often and adds up each thread's growth since it last saw it: a thread
/// that ends loses at most what it did since the last poll.
enum ProcProbe {
    /// One thread's counters.
    struct Counters: Equatable {
        var switches: Int
        var cpuNanoseconds: Double
    }

    /// The whole of a small /proc file (their size is 0 to `stat`).
    static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Foundation.read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value of `key:` in a /proc status file, its first word as a number.
    static func field(_ key: String, in status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return nil }
        return line.dropFirst(key.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
    }

    /// The thread ids of `pid` (empty once it has gone).
    static func threads(of pid: pid_t) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    }

    /// Each live thread's counters.
    static func counters(of pid: pid_t) -> [String: Counters] {
        var result: [String: Counters] = [:]
        for thread in threads(of: pid) {
            let base = "/proc/\(pid)/task/\(thread)/"
            guard let status = read(base + "status"),
                  let voluntary = field("voluntary_ctxt_switches", in: status),
                  let preempted = field("nonvoluntary_ctxt_switches", in: status) else { continue }
            let onCPU = read(base + "schedstat")?.split(separator: " ").first.flatMap { Double($0) } ?? 0
            result[thread] = Counters(switches: voluntary + preempted, cpuNanoseconds: onCPU)
        }
        return result
    }

    /// The bytes `pid` has read through read(2) and its kin (`rchar` of /proc/PID/io).
    static func readBytes(of pid: pid_t) -> Int? {
        read("/proc/\(pid)/io").flatMap { field("rchar", in: $0) }
    }

    /// Peak resident set size (VmHWM), in bytes.
    static func peakResident(of pid: pid_t) -> Int? {
        read("/proc/\(pid)/status").flatMap { field("VmHWM", in: $0) }.map { $0 * 1024 }
    }

    /// The command name (`comm`) of `pid`.
    static func name(of pid: pid_t) -> String? {
        read("/proc/\(pid)/comm")?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `pid` and every process below it.
    static func family(of pid: pid_t) -> [pid_t] {
        var found: [pid_t] = []
        var pending = [pid]
        while let current = pending.popLast() {
            found.append(current)
            for thread in threads(of: current) {
                let children = read("/proc/\(current)/task/\(thread)/children") ?? ""
                pending += children.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
        }
        return found
    }

    /// The path of the program `pid` runs.
    static func executable(of pid: pid_t) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    }

    /// The variable `name` of the environment `pid` was started with.
    static func environment(_ name: String, of pid: pid_t) -> String? {
        guard let text = read("/proc/\(pid)/environ") else { return nil }
        return text.split(separator: "\0").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }

    /// Where `node` of the umockdev testbed `pid` runs on really is (a pty,
    /// /dev/pts/N: umockdev presents an event node as one).
    static func testbedNode(_ node: String, of pid: pid_t) -> String? {
        guard let root = environment("UMOCKDEV_DIR", of: pid) else { return nil }
        return try? FileManager.default.destinationOfSymbolicLink(atPath: root + node)
    }

    /// Whether `pid` has `target` open.
    static func holds(_ pid: pid_t, _ target: String) -> Bool {
        let directory = "/proc/\(pid)/fd"
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).contains {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + $0)) == target
        }
    }

    /// Adds up a process's wake-ups and CPU time across polls (see ``ProcProbe``).
    struct Tracker {
        let pid: pid_t
        private var last: [String: Counters] = [:]
        /// Everything seen since the first poll.
        private(set) var total = Counters(switches: 0, cpuNanoseconds: 0)
        private var started = false

        init(pid: pid_t) { self.pid = pid }

        /// Reads every thread and adds what each did since the last poll
        /// (a thread first seen after the first poll counts from its start).
        mutating func poll() {
            let now = ProcProbe.counters(of: pid)
            for (thread, counters) in now {
                let before = last[thread] ?? (started ? Counters(switches: 0, cpuNanoseconds: 0) : counters)
                total.switches += max(0, counters.switches - before.switches)
                total.cpuNanoseconds += max(0, counters.cpuNanoseconds - before.cpuNanoseconds)
            }
            if !now.isEmpty { last = now }
            started = true
        }
    }
}
