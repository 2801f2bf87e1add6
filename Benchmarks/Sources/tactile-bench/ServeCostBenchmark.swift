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
/// holds the same touchscreen twice: `tactile serve --device event5` takes
/// one node, `lisgd -d event6` the other. The helper writes the same frames
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
/// polled every 2 ms. lisgd starts first and tactile once lisgd has its
/// node, so that neither start competes with the other.
enum ServeCostBenchmark {
    static let node = "/dev/input/event5"
    static let referenceNode = "/dev/input/event6"
    /// The goals: wake-ups per second while idle, and % of a core while touching.
    static let wakeupGoal = 1.0
    static let touchingGoal = 1.0

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
        var peakBytes: Int
        /// Milliseconds from the exec to the device taken (tactile) or opened (lisgd).
        var startup: Double
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
                           touchingCPU: middle(\.touchingCPU), peakBytes: Int(middle { Double($0.peakBytes) }),
                           startup: middle(\.startup), opened: middle(\.opened))
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
            return [BenchRow(measure: "serve cost: tactile serve beside lisgd, idle and touching", result: "not measured: \(missing)",
                             reference: "–", ratio: nil, ratioUnit: "")]
        }
        let tactile = try ServeBenchmark.tactileBinary(directory: directory)
        let plan = Plan(quick: quick)
        var referenceProblem = lisgdMissing()
        var tactileRuns: [Figures] = [], lisgdRuns: [Figures] = []
        for index in 0..<plan.runs {
            let run = ServeCostRun(plan: plan, tactile: tactile, directory: directory + "/run\(index)")
            do {
                let (own, reference) = try run.measure(withReference: referenceProblem == nil)
                tactileRuns.append(own)
                if let reference { lisgdRuns.append(reference) }
            } catch let failure as ReferenceFailure {
                referenceProblem = failure.reason
                tactileRuns.append(try run.measure(withReference: false).0)
            }
        }
        return table(tactile: Figures.median(tactileRuns), lisgd: lisgdRuns.isEmpty ? nil : Figures.median(lisgdRuns),
                     referenceProblem: referenceProblem, plan: plan)
    }

    /// The five rows: tactile's figure, lisgd's beside it, tactile ÷ lisgd.
    static func table(tactile: Figures, lisgd: Figures?, referenceProblem: String?, plan: Plan) -> [BenchRow] {
        let runs = plan.runs > 1 ? "; median of \(plan.runs) runs" : ""
        func reference(_ text: (Figures) -> String) -> String {
            lisgd.map { "lisgd: " + text($0) } ?? "lisgd not measured: " + (referenceProblem ?? "no run")
        }
        func ratio(_ key: (Figures) -> Double) -> Double? {
            guard let lisgd, key(lisgd) > 0 else { return nil }
            return key(tactile) / key(lisgd)
        }
        func number(_ value: Double, _ places: Int) -> String { FixedDecimal.format(value, places: places) }
        let idle = number(plan.idle, 0), touching = number(plan.touching, 1)
        return [
            BenchRow(measure: "serve cost: wake-ups per second idle (context switches of every thread; 2 × \(idle) s without touches\(runs))",
                     result: "\(number(tactile.idleWakeups, 1))/s (before touching \(number(tactile.idleWakeupsBefore, 1)), "
                        + "after \(number(tactile.idleWakeupsAfter, 1)))",
                     reference: reference { "\(number($0.idleWakeups, 1))/s" }, ratio: ratio(\.idleWakeups), ratioUnit: "× lisgd",
                     target: "≤ \(number(wakeupGoal, 0))/s", met: tactile.idleWakeups <= wakeupGoal),
            BenchRow(measure: "serve cost: CPU idle (time on a CPU, every thread; the same idle phases\(runs))",
                     result: "\(number(tactile.idleCPU, 2)) ms/s", reference: reference { "\(number($0.idleCPU, 2)) ms/s" },
                     ratio: ratio(\.idleCPU), ratioUnit: "× lisgd"),
            BenchRow(measure: "serve cost: CPU touching (ServeWorkload, \(plan.workload.gestures) gestures, \(plan.workload.frames) frames "
                        + "in \(touching) s, to both at once\(runs))",
                     result: "\(number(tactile.touchingCPU, 2)) % of a core", reference: reference { "\(number($0.touchingCPU, 2)) %" },
                     ratio: ratio(\.touchingCPU), ratioUnit: "× lisgd",
                     target: "≤ \(number(touchingGoal, 0)) % of a core", met: tactile.touchingCPU <= touchingGoal),
            BenchRow(measure: "serve cost: peak resident memory (VmHWM after the run\(runs))",
                     result: BenchFormat.megabytes(tactile.peakBytes), reference: reference { BenchFormat.megabytes($0.peakBytes) },
                     ratio: ratio { Double($0.peakBytes) }, ratioUnit: "× lisgd"),
            BenchRow(measure: "serve cost: start-up (exec → tactile's `taken` log line; lisgd: exec → its node open, "
                        + "seen in /proc/PID/fd\(runs))",
                     result: "\(number(tactile.startup, 0)) ms (node open at \(number(tactile.opened, 0)) ms)",
                     reference: reference { "\(number($0.startup, 0)) ms" }, ratio: ratio(\.startup), ratioUnit: "× lisgd"),
        ]
    }
}
