// One run of the serve cost rows: the testbed, the two programs started, their phases read from /proc.
import Foundation
import Tactile
import TactileBenchSupport
import TactileRecording
import TactileService

/// One run of ``ServeCostBenchmark``: writes the testbed (the touchscreen at
/// both nodes), starts tools/umockdev-testbed.py with a launcher that
/// starts lisgd and then `tactile serve`, waits until both have their node,
/// and reads them at the edges of the phases the helper's paced frames make.
struct ServeCostRun {
    typealias Figures = ServeCostBenchmark.Figures
    let plan: ServeCostBenchmark.Plan
    let tactile: String
    let directory: String
    /// The floor program (``ServeFloor``), or `nil` when it could not be built.
    let floor: String?

    /// The counters of every program at one moment (tactile, lisgd, the floors, as ``Started/pids`` orders them).
    struct Snapshot {
        var time: UInt64
        var counters: [ProcProbe.Counters]
        /// Bytes each has read (`rchar` of /proc/PID/io).
        var read: [Int]
    }

    /// What one run measured: each program's figures.
    struct Measured {
        var tactile: Figures
        var lisgd: Figures?
        var floors: [ServeFloor: Figures]
    }

    /// What the start-up loop found.
    /// A moment of a program's start: CLOCK_MONOTONIC nanoseconds, and the
    /// CPU time of its threads then (nanoseconds; for a stamp, the CPU time
    /// of the thread that is about to exec, which its schedstat goes on counting).
    struct Moment {
        var time: UInt64
        var cpu: Double

        /// Now, with `pid`'s CPU time.
        static func now(_ pid: pid_t) -> Moment {
            Moment(time: BenchClock.now(), cpu: ProcProbe.counters(of: pid).values.reduce(0) { $0 + $1.cpuNanoseconds })
        }

        /// The stamp at `path`: `TIME CPU`, written just before the exec.
        static func stamp(at path: String) -> Moment? {
            guard let words = ProcProbe.read(path)?.split(separator: " "), words.count == 2,
                  let time = UInt64(words[0]), let cpu = Double(words[1]) else { return nil }
            return Moment(time: time, cpu: cpu)
        }
    }

    struct Started {
        var tactile: pid_t
        var lisgd: pid_t?
        var tactileTaken: Moment
        /// CLOCK_MONOTONIC nanoseconds.
        var tactileOpened: UInt64
        var lisgdOpened: Moment?
        /// CLOCK_MONOTONIC seconds of the first paced frame.
        var firstFrame: Double
        /// Each floor, and when it said it was ready.
        var floors: [(floor: ServeFloor, pid: pid_t, ready: Moment)]

        /// Every program measured: tactile, lisgd (when it runs), the floors.
        var pids: [pid_t] { [tactile] + (lisgd.map { [$0] } ?? []) + floors.map(\.pid) }
        /// The order ``ServeCostRun/stop(helper:programs:)`` ends them in: tactile last, its end ends the testbed.
        var stopOrder: [pid_t] { (lisgd.map { [$0] } ?? []) + floors.map(\.pid) + [tactile] }
    }

    private var helperErrors: String { directory + "/helper.err" }

    /// tactile's figures, lisgd's (`withReference`) and the floors' (when built).
    func measure(withReference: Bool) throws -> Measured {
        try? FileManager.default.removeItem(atPath: directory)
        guard mkdir(directory, 0o700) == 0 else { throw BenchError("cannot create \(directory): \(String(cString: strerror(errno)))") }
        let command = try prepare(withReference: withReference)
        let helper = try BenchProcess.start(command, standardOutput: directory + "/helper.out", standardError: helperErrors, ownGroup: true)
        var started: Started?
        defer { stop(helper: helper, programs: started?.stopOrder ?? []) }
        let begun = try waitForStart(helper: helper, withReference: withReference)
        started = begun
        var trackers = begun.pids.map { ProcProbe.Tracker(pid: $0) }
        func snapshot(at seconds: Double) -> Snapshot {
            let target = UInt64(seconds * 1e9)
            while BenchClock.now() < target {
                for index in trackers.indices { trackers[index].poll() }
                let left = target > BenchClock.now() ? target - BenchClock.now() : 0
                usleep(UInt32(min(left / 1000, 100_000)))
            }
            for index in trackers.indices { trackers[index].poll() }
            return Snapshot(time: BenchClock.now(), counters: trackers.map(\.total), read: begun.pids.map { ProcProbe.readBytes(of: $0) ?? 0 })
        }
        let first = begun.firstFrame
        let edges = [snapshot(at: first - plan.idle), snapshot(at: first), snapshot(at: first + plan.touching),
                     snapshot(at: first + plan.touching + plan.idle)]
        let peaks = trackers.map { ProcProbe.peakResident(of: $0.pid) ?? 0 }
        let errors = ProcProbe.read(helperErrors) ?? ""
        guard errors.contains("umockdev-testbed: paced frames written") else {
            throw BenchError("the testbed did not write every frame of the stream; it printed:\n\(errors.suffix(4000))")
        }
        func stamp(_ name: String) throws -> Moment {
            guard let stamp = Moment.stamp(at: directory + "/\(name).start") else { throw BenchError("\(name) left no start stamp in \(directory)") }
            return stamp
        }
        let own = figures(edges, index: 0, peak: peaks[0], startup: begun.tactileTaken, opened: begun.tactileOpened, stamp: try stamp("tactile"))
        let reference = try begun.lisgdOpened.map {
            figures(edges, index: 1, peak: peaks[1], startup: $0, opened: $0.time, stamp: try stamp("lisgd"))
        }
        let floorsFrom = begun.lisgd == nil ? 1 : 2
        var floors: [ServeFloor: Figures] = [:]
        for (offset, entry) in begun.floors.enumerated() {
            floors[entry.floor] = figures(edges, index: floorsFrom + offset, peak: peaks[floorsFrom + offset],
                                          startup: entry.ready, opened: entry.ready.time, stamp: try stamp(entry.floor.stampName))
        }
        return Measured(tactile: own, lisgd: reference, floors: floors)
    }

    /// One program's figures from the four snapshots.
    func figures(_ edges: [Snapshot], index: Int, peak: Int, startup: Moment, opened: UInt64, stamp: Moment) -> Figures {
        func seconds(_ from: Int, _ to: Int) -> Double { Double(edges[to].time - edges[from].time) / 1e9 }
        func switches(_ from: Int, _ to: Int) -> Double { Double(edges[to].counters[index].switches - edges[from].counters[index].switches) }
        func cpu(_ from: Int, _ to: Int) -> Double { edges[to].counters[index].cpuNanoseconds - edges[from].counters[index].cpuNanoseconds }
        let idleSeconds = seconds(0, 1) + seconds(2, 3)
        let fed = plan.workload.events.count * ServeFloor.eventSize
        func milliseconds(_ moment: UInt64) -> Double { moment > stamp.time ? Double(moment - stamp.time) / 1e6 : 0 }
        return Figures(idleWakeups: (switches(0, 1) + switches(2, 3)) / idleSeconds,
                       idleWakeupsBefore: switches(0, 1) / seconds(0, 1), idleWakeupsAfter: switches(2, 3) / seconds(2, 3),
                       idleCPU: (cpu(0, 1) + cpu(2, 3)) / 1e6 / idleSeconds,
                       touchingCPU: 100 * cpu(1, 2) / 1e9 / seconds(1, 2),
                       touchingPerFrame: cpu(1, 2) / 1e3 / Double(plan.workload.frames),
                       readPerFed: Double(edges[2].read[index] - edges[1].read[index]) / Double(fed), peakBytes: peak,
                       startup: milliseconds(startup.time), startupCPU: max(0, startup.cpu - stamp.cpu) / 1e6,
                       opened: milliseconds(opened))
    }

    /// Writes the testbed, the config and the launcher; returns the helper's command.
    func prepare(withReference: Bool) throws -> [String] {
        var testbeds: [(node: String, files: TestbedFiles)] = []
        let nodes = [ServeCostBenchmark.node] + (withReference ? [ServeCostBenchmark.referenceNode] : [])
            + (floor == nil ? [] : ServeFloor.allCases.map(\.node))
        for (index, node) in nodes.enumerated() {
            do throws(TestbedError) {
                let writer = try TestbedWriter(device: ServeWorkload.device, events: plan.workload.events, node: node,
                                               phys: "usb-bench/input\(index)")
                testbeds.append((node, try writer.write(to: directory, name: "panel\(index)", overwrite: true)))
            } catch {
                throw BenchError("cannot write the serve cost testbed: \(error)")
            }
        }
        let config = directory + "/gestures.toml"
        guard FileManager.default.createFile(atPath: config, contents: Data(ConfigLoader.defaultText.utf8)) else {
            throw BenchError("cannot write \(config)")
        }
        let launcher = directory + "/launch.sh"
        guard FileManager.default.createFile(atPath: launcher, contents: Data(launcherText(config: config, withReference: withReference).utf8)) else {
            throw BenchError("cannot write \(launcher)")
        }
        var command = [ServeBenchmark.repository + "/tools/umockdev-testbed.py", "--uinput"]
        for (node, files) in testbeds {
            command += ["-d", files.umockdev, "-i", "\(node)=\(files.ioctl)", "--paced-events", "\(node)=\(files.events)"]
        }
        return command + ["--paced-delay", FixedDecimal.format(plan.settle + plan.idle, places: 2), "--", "/bin/sh", launcher]
    }

    /// The launcher, run under the testbed: the floors (``ServeFloor``) on
    /// their nodes; once this tool has seen them ready (the file
    /// `go-reference`), lisgd on the reference node (through
    /// compare-libinput.py's --testbed-exec, see ``ServeCostBenchmark``);
    /// once it has seen lisgd open its node (the file `go`), `tactile serve`
    /// on the other: no start competes with another. Each is stamped
    /// (CLOCK_MONOTONIC, into NAME.start) just before its exec.
    func launcherText(config: String, withReference: Bool) -> String {
        func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let stamp = "import os, sys, time; open(sys.argv[1], 'w').write('%d %d' % (time.clock_gettime_ns(time.CLOCK_MONOTONIC), "
            + "time.clock_gettime_ns(time.CLOCK_THREAD_CPUTIME_ID))); "
            + "os.execvp(sys.argv[2], sys.argv[2:])"
        var lines = ["#!/bin/sh", "stamp=" + quoted(stamp)]
        if let floor {
            lines += ServeFloor.allCases.map { kind in
                "python3 -c \"$stamp\" " + [directory + "/\(kind.stampName).start", floor, kind.rawValue, kind.node].map(quoted)
                    .joined(separator: " ") + " &"
            }
        }
        lines.append("while [ ! -e \(quoted(directory + "/go-reference")) ]; do sleep 0.01; done")
        if withReference {
            let namespace = ["unshare", "--mount", "--propagation", "private"] + (geteuid() == 0 ? [] : ["--map-root-user"])
            let node = ServeCostBenchmark.referenceNode
            // lisgd's gestures: one-finger swipes in from each edge, three-finger swipes; each runs `true`.
            let gestures = ["1,LR,L,*,R,true", "1,RL,R,*,R,true", "1,DU,B,*,R,true", "1,UD,T,*,R,true",
                            "3,LR,*,*,R,true", "3,RL,*,*,R,true", "2,UD,*,*,R,true", "2,DU,*,*,R,true"]
            let lisgd = ["lisgd", "-d", node, "-w", "1920", "-h", "1080"] + gestures.flatMap { ["-g", $0] }
            let words = namespace + ["python3", ServeBenchmark.repository + "/tools/compare-libinput.py", "--testbed-exec", node, "--",
                                     "python3", "-c", "$stamp", directory + "/lisgd.start"] + lisgd
            lines.append("COMPARE_LIBINPUT_PRIVATE_RUN=1 " + words.map { $0 == "$stamp" ? "\"$stamp\"" : quoted($0) }.joined(separator: " ") + " &")
        }
        lines.append("while [ ! -e \(quoted(directory + "/go")) ]; do sleep 0.01; done")
        let serve = [tactile, "--device", ServeCostBenchmark.node, "--config", config]
        lines.append("exec python3 -c \"$stamp\" " + ([directory + "/tactile.start"] + serve).map(quoted).joined(separator: " "))
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ServeCostRun {
    /// Waits until lisgd (`withReference`) and the floors have their nodes
    /// open and tactile has taken its own, and the helper has said when its
    /// first frame comes; starts tactile (the file `go`) ``referenceSettling``
    /// after lisgd has its node: libinput goes on setting the device up
    /// through the same testbed helper that answers tactile's ioctls.
    func waitForStart(helper: pid_t, withReference: Bool) throws -> Started {
        let begin = BenchClock.now()
        func resolved(_ path: String?) -> String? { path.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } }
        let lisgdPath = withReference ? resolved(BenchProcess.which("lisgd")) : nil, tactilePath = resolved(tactile)
        var tactilePid: pid_t?, lisgdPid: pid_t?
        var tactileOpened: UInt64?, tactileTaken: Moment?, lisgdOpened: Moment?
        var firstFrame: Double?
        var floors: [(floor: ServeFloor, pid: pid_t, ready: Moment)] = []
        var referenceLet = false, started = false
        var floorsReady: Bool { floors.count == (floor == nil ? 0 : ServeFloor.allCases.count) }
        func opened(_ pid: pid_t, _ node: String) -> Bool {
            ProcProbe.testbedNode(node, of: pid).map { ProcProbe.holds(pid, $0) } ?? false
        }
        while true {
            let now = BenchClock.now()
            let errors = ProcProbe.read(helperErrors) ?? ""
            var status: Int32 = 0
            if waitpid(helper, &status, WNOHANG) == helper {
                throw BenchError("the testbed ended before tactile serve took its node; it printed:\n\(errors.suffix(4000))")
            }
            let family = ProcProbe.family(of: helper)
            if let lisgdPath, lisgdPid == nil { lisgdPid = family.first { resolved(ProcProbe.executable(of: $0)) == lisgdPath } }
            if tactilePid == nil { tactilePid = family.first { resolved(ProcProbe.executable(of: $0)) == tactilePath } }
            if let lisgdPid, lisgdOpened == nil, opened(lisgdPid, ServeCostBenchmark.referenceNode) {
                lisgdOpened = Moment.now(lisgdPid)
            }
            if let lisgdOpened, !started, now >= lisgdOpened.time + Self.referenceSettling {
                started = FileManager.default.createFile(atPath: directory + "/go", contents: Data())
            }
            if let tactilePid, tactileOpened == nil, opened(tactilePid, ServeCostBenchmark.node) { tactileOpened = now }
            if let floor {
                for kind in ServeFloor.allCases where !floors.contains(where: { $0.floor == kind })
                    && errors.contains("serve-floor: \(kind.node): ready") {
                    guard let pid = kind.pid(in: family, program: floor) else { continue }
                    floors.append((kind, pid, Moment.now(pid)))
                }
            }
            if let line = errors.split(separator: "\n").first(where: { $0.hasPrefix("serve-floor: cannot") }) {
                throw BenchError("a floor program failed: \(line)")
            }
            if !referenceLet, floorsReady {
                referenceLet = true
                _ = FileManager.default.createFile(atPath: directory + "/go-reference", contents: Data())
                if !withReference { _ = FileManager.default.createFile(atPath: directory + "/go", contents: Data()) }
            }
            if let tactilePid, tactileTaken == nil, errors.contains("\(ServeCostBenchmark.node): taken") { tactileTaken = Moment.now(tactilePid) }
            if firstFrame == nil, let line = errors.split(separator: "\n").first(where: { $0.contains("paced nodes open at") }),
               let word = line.split(separator: " ").last {
                firstFrame = Double(word)
            }
            if withReference, lisgdOpened == nil, now - begin > 15_000_000_000 {
                throw ServeCostBenchmark.ReferenceFailure(reason: "lisgd did not open its node within 15 s ("
                    + (errors.split(separator: "\n").last.map(String.init) ?? "it printed nothing") + ")")
            }
            if now - begin > 60_000_000_000 {
                throw BenchError("tactile serve did not take its node within 60 s; the testbed printed:\n\(errors.suffix(4000))")
            }
            if let tactilePid, let tactileTaken, let firstFrame, withReference == (lisgdOpened != nil), floorsReady {
                return Started(tactile: tactilePid, lisgd: lisgdPid, tactileTaken: tactileTaken, tactileOpened: tactileOpened ?? tactileTaken.time,
                               lisgdOpened: lisgdOpened, firstFrame: firstFrame, floors: floors)
            }
            usleep(2000)
        }
    }

    /// How long after lisgd has its node tactile starts (nanoseconds): lisgd's
    /// set-up after the open, answered by the same testbed helper, made
    /// tactile's start 25-40 ms longer when it began at the open (82 ms
    /// without lisgd against 107-121 ms beside it, full runs).
    static let referenceSettling: UInt64 = 2_000_000_000

    /// Ends the programs (SIGTERM: lisgd first, then tactile, whose end ends
    /// the launcher and the helper, which removes its testbed); the whole
    /// group is killed if the helper still runs 20 s later.
    func stop(helper: pid_t, programs: [pid_t]) {
        for pid in programs { kill(pid, SIGTERM) }
        if programs.isEmpty { kill(-helper, SIGTERM) }
        let deadline = BenchClock.now() + 20_000_000_000
        var status: Int32 = 0
        while BenchClock.now() < deadline {
            let waited = waitpid(helper, &status, WNOHANG)
            if waited == helper || (waited < 0 && errno != EINTR) { return }
            usleep(10_000)
        }
        kill(-helper, SIGKILL)
        while waitpid(helper, &status, 0) < 0 && errno == EINTR {}
    }
}
