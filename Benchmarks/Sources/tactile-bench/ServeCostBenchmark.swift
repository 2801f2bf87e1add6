// The serve group's cost rows: tactile serve beside Debian's lisgd, idle and touching, on the same testbed and stream.
import Foundation
import Tactile
import TactileBenchSupport
import TactileRecording
import TactileService

/// What the gesture service costs the machine, beside lisgd (Debian's
/// libinput synthetic gesture daemon, the smallest daemon that does the same
/// job) run at the same time on the same stream.
///
/// One umockdev testbed (tools/umockdev-testbed.py, /dev/uinput emulated)
/// holds the same touchscreen twice: `tactiled --device event5` (the
/// service's own binary, as its systemd unit runs it: `tactile serve`'s
/// options and run without Foundation) takes one node, `lisgd -d event6`
/// the other. The helper writes the same frames
/// to both nodes at the same moments (`--paced-events`, stamped with
/// CLOCK_MONOTONIC as the kernel does): nothing for a while once both have
/// their node open (idle), then ``ServeWorkload`` (touching), then nothing
/// again (idle). At each phase's edges this tool reads both processes from
/// /proc (``ProcProbe``): wake-ups (context switches of every thread), CPU
/// time, and at the end the peak resident set (VmHWM).
///
/// lisgd reads its node through libinput's path backend, which takes a
/// node only when udev has initialized it: it runs as compare-libinput.py
/// runs `libinput debug-events`, through `tools/compare-libinput.py
/// --testbed-exec NODE -- lisgd …`, which gives the testbed's device the
/// pty's own numbers and writes its udev data to /run/udev/data, in a
/// private mount namespace (`unshare --mount`; `--map-root-user` when not
/// root) because umockdev before 0.17.18 reads the real /run.
///
/// Start-up is from the moment the program is executed (a stamp written
/// just before the exec) to, for tactile, its log line saying it took the
/// device (`…: taken`: opened, grabbed, its uinput copy made); lisgd says
/// nothing, so for it, to the moment its node is seen open in
/// /proc/PID/fd; tactile's own open of its node is given beside. Both are
/// polled every 2 ms. lisgd starts first and tactile 2 s after lisgd has
/// its node (``ServeCostRun/referenceSettling``), so that neither start
/// competes with the other.
enum ServeCostBenchmark {
    static let node = "/dev/input/event5"
    static let referenceNode = "/dev/input/event6"
    /// The goals: wake-ups per second while idle, and % of a core while touching.
    static let wakeupGoal = 1.0
    static let touchingGoal = 1.0
    /// Own work per frame above the floor, at most this many times lisgd's above its own.
    static let ownWorkGoal = 1.5
    /// Bytes read while touching, at most this many times the bytes fed (each byte once).
    static let readGoal = 1.0
    /// Peak resident memory, bytes, and start-up, milliseconds: a daemon's.
    static let memoryGoal = 12_000_000
    static let startupGoal = 30.0

    /// How long each phase lasts, and how many runs the figures are the median of.
    struct Plan {
        var idle: Double
        /// From both nodes open to the first idle phase: the programs' own start-up work.
        var settle: Double
        var runs: Int
        var workload: ServeWorkload

        init(quick: Bool) {
            idle = quick ? 1.5 : 20
            settle = quick ? 0.5 : 1
            runs = quick ? 1 : 3
            workload = ServeWorkload(cycles: 3, quick: quick)
        }

        /// The touching phase: the stream and the pause after its last frame.
        var touching: Double { workload.duration + 0.3 }
    }

    /// One program's figures in one run.
    struct Figures {
        var idleWakeups: Double
        var idleWakeupsBefore: Double
        var idleWakeupsAfter: Double
        /// Milliseconds of CPU per second, idle.
        var idleCPU: Double
        /// Percent of a core, touching.
        var touchingCPU: Double
        /// Microseconds of CPU per frame of the stream, touching.
        var touchingPerFrame: Double
        /// Bytes read while touching ÷ the bytes of the events fed to its node.
        var readPerFed: Double
        var peakBytes: Int
        /// Milliseconds from the exec to the device taken (tactile) or opened (lisgd).
        var startup: Double
        /// Milliseconds on a CPU from the exec to the device taken (tactile), opened (lisgd) or ready (a floor).
        var startupCPU: Double
        /// Milliseconds from the exec to the node seen open.
        var opened: Double

        /// Each figure's median over `runs`.
        static func median(_ runs: [Figures]) -> Figures {
            func middle(_ key: (Figures) -> Double) -> Double {
                let sorted = runs.map(key).sorted()
                return sorted[sorted.count / 2]
            }
            return Figures(idleWakeups: middle(\.idleWakeups), idleWakeupsBefore: middle(\.idleWakeupsBefore),
                           idleWakeupsAfter: middle(\.idleWakeupsAfter), idleCPU: middle(\.idleCPU),
                           touchingCPU: middle(\.touchingCPU), touchingPerFrame: middle(\.touchingPerFrame),
                           readPerFed: middle(\.readPerFed), peakBytes: Int(middle { Double($0.peakBytes) }),
                           startup: middle(\.startup), startupCPU: middle(\.startupCPU), opened: middle(\.opened))
        }
    }

    /// lisgd could not be measured (it did not take its node); the run goes on without it.
    struct ReferenceFailure: Error {
        var reason: String
    }

    /// Why lisgd cannot run here, or `nil` when it can.
    static func lisgdMissing() -> String? {
        guard BenchProcess.which("lisgd") != nil else { return "lisgd is not installed (apt install lisgd)" }
        guard BenchProcess.which("unshare") != nil else { return "unshare (util-linux) is missing: lisgd's udev data needs it" }
        guard access(ServeBenchmark.repository + "/tools/compare-libinput.py", X_OK) == 0 else {
            return "tools/compare-libinput.py is not there: lisgd's testbed needs it"
        }
        return nil
    }

    /// The rows. `required` (the group was asked for by name): a missing
    /// testbed helper is an error rather than a row that says so.
    static func rows(quick: Bool, required: Bool, files: BenchFiles) throws -> [BenchRow] {
        let directory = try files.temporaryDirectory() + "/serve-cost"
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw BenchError("cannot create \(directory): \(String(cString: strerror(errno)))")
        }
        let helper = ServeBenchmark.repository + "/tools/umockdev-testbed.py"
        if let missing = ServeBenchmark.helperMissing(helper, directory: directory) {
            if required { throw BenchError("the serve group needs the umockdev testbed helper: \(missing)") }
            return [BenchRow(measure: "serve cost: the service (tactiled) beside lisgd, idle and touching", result: "not measured: \(missing)",
                             reference: "–", ratio: nil, ratioUnit: "")]
        }
        let tactile = try ServeBenchmark.serviceBinary(directory: directory)
        let plan = Plan(quick: quick)
        var referenceProblem = lisgdMissing()
        let floor = ServeFloor.build(in: directory)
        var runs: [ServeCostRun.Measured] = []
        for index in 0..<plan.runs {
            let run = ServeCostRun(plan: plan, tactile: tactile, directory: directory + "/run\(index)", floor: try? floor.get())
            do {
                runs.append(try run.measure(withReference: referenceProblem == nil))
            } catch let failure as ReferenceFailure {
                referenceProblem = failure.reason
                runs.append(try run.measure(withReference: false))
            }
        }
        let lisgdRuns = runs.compactMap(\.lisgd)
        var floors: [ServeFloor: Figures] = [:]
        for kind in ServeFloor.allCases {
            let measured = runs.compactMap { $0.floors[kind] }
            if !measured.isEmpty { floors[kind] = Figures.median(measured) }
        }
        let measured = Measured(tactile: Figures.median(runs.map(\.tactile)), lisgd: lisgdRuns.isEmpty ? nil : Figures.median(lisgdRuns),
                                floors: floors, referenceProblem: referenceProblem,
                                floorProblem: floors.count == ServeFloor.allCases.count ? nil : floorProblem(floor))
        return table(measured, plan: plan)
    }

    /// Why the floors were not measured.
    static func floorProblem(_ build: Result<String, BenchError>) -> String {
        if case .failure(let error) = build { return error.description }
        return "the floor programs did not run"
    }

    /// The medians of every run, and why a reference is missing.
    struct Measured {
        var tactile: Figures
        var lisgd: Figures?
        var floors: [ServeFloor: Figures]
        var referenceProblem: String?
        var floorProblem: String?
    }
}
