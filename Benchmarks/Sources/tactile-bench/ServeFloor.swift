// The serve cost rows' floors: the least a program can do with the same stream, built from Benchmarks/Floor.
import Foundation
import TactileBenchSupport

/// The two floor programs the serve cost rows run beside tactile serve and
/// lisgd on the same testbed (Benchmarks/Floor/serve-floor.c, built here
/// with the toolchain's clang at -O2): `read` reads its node and drops the
/// events, the least lisgd must do; `copy` also grabs its node and writes
/// every event to a uinput copy, the least tactile serve must do (it passes
/// on what it does not claim). Each program's own work per frame is its CPU
/// time while touching less its floor's, over the frames of the stream.
enum ServeFloor: String, CaseIterable {
    case read
    case copy

    /// The testbed node this floor reads.
    var node: String {
        switch self {
        case .read: "/dev/input/event7"
        case .copy: "/dev/input/event8"
        }
    }

    /// The name of its start stamp (`NAME.start` in the run's directory).
    var stampName: String { "floor-" + rawValue }

    /// Its name in the rows.
    var label: String {
        switch self {
        case .read: "read only"
        case .copy: "read + copy"
        }
    }

    /// The bytes of one `struct input_event` on a 64-bit machine, as the testbed writes them.
    static let eventSize = 24

    /// The floor program's source.
    static var source: String { ServeBenchmark.repository + "/Benchmarks/Floor/serve-floor.c" }

    /// A C compiler: `CC`, else the clang beside `swift` (Swift's toolchains ship one), else `cc`.
    static func compiler() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["CC"], !given.isEmpty { return BenchProcess.which(given) ?? given }
        let swift = environment["SWIFT"].flatMap { $0.isEmpty ? nil : $0 } ?? BenchProcess.which("swift")
        if let swift {
            let beside = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("clang").path
            if access(beside, X_OK) == 0 { return beside }
        }
        return BenchProcess.which("clang") ?? BenchProcess.which("cc")
    }

    /// Builds the floor program into `directory`: its path, or why it cannot be built.
    static func build(in directory: String) -> Result<String, BenchError> {
        guard access(source, R_OK) == 0 else { return .failure(BenchError("\(source) is not there")) }
        guard let compiler = compiler() else { return .failure(BenchError("no C compiler (clang or cc) to build \(source)")) }
        let program = directory + "/serve-floor"
        do {
            let build = try BenchProcess.run([compiler, "-O2", "-o", program, source], directory: directory, timeout: 120)
            guard build.status == 0 else {
                return .failure(BenchError("\(compiler) could not build \(source): \(build.standardError.suffix(2000))"))
            }
        } catch {
            return .failure(BenchError("cannot run \(compiler): \(error)"))
        }
        return .success(program)
    }

    /// The pid of this floor among `family` (the program `path` run with this mode).
    func pid(in family: [pid_t], program path: String) -> pid_t? {
        let program = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return family.first { pid in
            guard ProcProbe.executable(of: pid) == program, let line = ProcProbe.read("/proc/\(pid)/cmdline") else { return false }
            return line.split(separator: "\0").dropFirst().first == Substring(rawValue)
        }
    }
}
