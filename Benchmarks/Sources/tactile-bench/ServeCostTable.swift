// The serve cost rows as the table shows them: tactile's figure, lisgd's beside it, the floors under both.
import TactileBenchSupport
import Tactile

extension ServeCostBenchmark {
    /// The seven rows: tactile's figure, lisgd's beside it, tactile ÷ lisgd.
    static func table(_ measured: Measured, plan: Plan) -> [BenchRow] {
        let tactile = measured.tactile, lisgd = measured.lisgd
        let runs = plan.runs > 1 ? "; median of \(plan.runs) runs" : ""
        func reference(_ text: (Figures) -> String) -> String {
            lisgd.map { "lisgd: " + text($0) } ?? "lisgd not measured: " + (measured.referenceProblem ?? "no run")
        }
        func ratio(_ key: (Figures) -> Double) -> Double? {
            guard let lisgd, key(lisgd) > 0 else { return nil }
            return key(tactile) / key(lisgd)
        }
        let idle = number(plan.idle, 0), touching = number(plan.touching, 1)
        let floors = ServeFloor.allCases.compactMap { kind in
            measured.floors[kind].map { "\(kind.label) \(number($0.touchingCPU, 2)) %" }
        }.joined(separator: ", ")
        let floorText = floors.isEmpty ? "" : "; floors: " + floors
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
                        + "in \(touching) s, to every program at once\(runs))",
                     result: "\(number(tactile.touchingCPU, 2)) % of a core",
                     reference: reference { "\(number($0.touchingCPU, 2)) %" } + floorText,
                     ratio: ratio(\.touchingCPU), ratioUnit: "× lisgd",
                     target: "≤ \(number(touchingGoal, 0)) % of a core", met: tactile.touchingCPU <= touchingGoal),
            ownWorkRow(measured, plan: plan, runs: runs),
            BenchRow(measure: "serve cost: bytes read while touching (rchar of /proc/PID/io ÷ the bytes of the events fed to its node\(runs))",
                     result: "\(number(tactile.readPerFed, 2))× the bytes fed",
                     reference: reference { "\(number($0.readPerFed, 2))×" }
                        + (measured.floors[.read].map { "; the read-only floor \(number($0.readPerFed, 2))×" } ?? ""),
                     ratio: ratio(\.readPerFed), ratioUnit: "× lisgd",
                     target: "≤ \(number(readGoal, 2))× (each byte once)", met: tactile.readPerFed <= readGoal + 0.005),
            BenchRow(measure: "serve cost: peak resident memory (VmHWM after the run\(runs))",
                     result: BenchFormat.megabytes(tactile.peakBytes),
                     reference: reference { BenchFormat.megabytes($0.peakBytes) }
                        + (measured.floors[.copy].map { "; the read + copy floor " + BenchFormat.megabytes($0.peakBytes) } ?? ""),
                     ratio: ratio { Double($0.peakBytes) }, ratioUnit: "× lisgd",
                     target: "≤ \(BenchFormat.megabytes(memoryGoal))", met: tactile.peakBytes <= memoryGoal),
            startupRow(measured, runs: runs),
        ]
    }

    /// Start-up beside lisgd's and the read + copy floor's, each with its
    /// CPU time until then (from the stamp's own thread time: the part of
    /// the start no emulator's round trip lengthens). On the testbed's
    /// emulated uinput the floor's own devices take most of the time, so the
    /// goal is met by 30 ms in all or 30 ms above that floor.
    static func startupRow(_ measured: Measured, runs: String) -> BenchRow {
        let tactile = measured.tactile
        let floor = measured.floors[.copy]?.startup
        let above = floor.map { tactile.startup - $0 }
        let lisgd = measured.lisgd.map { "lisgd: \(number($0.startup, 0)) ms (\(number($0.startupCPU, 0)) on a CPU)" }
            ?? "lisgd not measured: " + (measured.referenceProblem ?? "no run")
        return BenchRow(measure: "serve cost: start-up (exec → tactile's `taken` log line; lisgd: exec → its node open, "
                            + "seen in /proc/PID/fd; the read + copy floor: exec → its node grabbed, its copy, a 248-key keyboard "
                            + "and a pointer made\(runs))",
                        result: "\(number(tactile.startup, 0)) ms (\(number(tactile.startupCPU, 0)) on a CPU; node open at \(number(tactile.opened, 0)) ms"
                            + (above.map { "; \(number($0, 0)) ms above the floor" } ?? "") + ")",
                        reference: lisgd + (measured.floors[.copy].map {
                            "; the read + copy floor \(number($0.startup, 0)) ms (\(number($0.startupCPU, 0)) on a CPU)"
                        } ?? ""),
                        ratio: measured.lisgd.flatMap { $0.startup > 0 ? tactile.startup / $0.startup : nil }, ratioUnit: "× lisgd",
                        target: "≤ \(number(startupGoal, 0)) ms, or ≤ \(number(startupGoal, 0)) ms above the floor",
                        met: tactile.startup <= startupGoal || (above.map { $0 <= startupGoal } ?? false))
    }

    /// Own work per frame: CPU per frame while touching less the floor's,
    /// tactile above read + copy (it passes on what it does not claim),
    /// lisgd above read only.
    static func ownWorkRow(_ measured: Measured, plan: Plan, runs: String) -> BenchRow {
        let measure = "serve cost: own work per frame above the floor (CPU while touching ÷ \(plan.workload.frames) frames, less the "
            + "floor's: tactile above read + copy, recognizing the whole default config; lisgd above read only, recognizing its "
            + "8 swipes\(runs))"
        guard let copy = measured.floors[.copy], let read = measured.floors[.read] else {
            return BenchRow(measure: measure, result: "not measured: " + (measured.floorProblem ?? "no floor"),
                            reference: "–", ratio: nil, ratioUnit: "")
        }
        let own = measured.tactile.touchingPerFrame - copy.touchingPerFrame
        let result = "\(number(own, 1)) µs (\(number(measured.tactile.touchingPerFrame, 1)) µs less the floor's \(number(copy.touchingPerFrame, 1)))"
        guard let lisgd = measured.lisgd else {
            return BenchRow(measure: measure, result: result, reference: "lisgd not measured: " + (measured.referenceProblem ?? "no run"),
                            ratio: nil, ratioUnit: "")
        }
        let reference = lisgd.touchingPerFrame - read.touchingPerFrame
        let ratio = reference > 0 ? own / reference : nil
        return BenchRow(measure: measure, result: result,
                        reference: "lisgd: \(number(reference, 1)) µs (\(number(lisgd.touchingPerFrame, 1)) less \(number(read.touchingPerFrame, 1)))",
                        ratio: ratio, ratioUnit: "× lisgd", target: "≤ \(FixedDecimal.format(ownWorkGoal, places: 1))× lisgd",
                        met: ratio.map { $0 <= ownWorkGoal } ?? false)
    }

    /// `value` with `places` decimals, as every row shows its figures.
    private static func number(_ value: Double, _ places: Int) -> String { FixedDecimal.format(value, places: places) }
}
