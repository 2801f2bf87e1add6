// Commands within their limits: a step's command runs once per firing, a per-frame command at most ten times a second.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Tactile
@testable import TactileDesktop
import TactileService
import TactileTestSupport
import Testing

@Suite struct CommandLimitTests {
    static let location = SourceLocation(file: "test.toml", line: 1, column: 1)

    static func pan(step: StepAction? = nil, changed: [ServiceAction] = [], instances: Int = 1) -> GestureConfig {
        var binding = Binding(name: "scrub", recognizer: RecognizerSpec(kind: .pan, parameters: [
            Parameter(name: "fingers", value: .integer(1), location: location),
        ]), actions: changed.isEmpty ? [:] : [.changed: changed], step: step, location: location)
        binding.maximumInstances = instances
        return GestureConfig(bindings: [binding])
    }

    @Test func aJumpOfAThousandStepsRunsItsCommandOnceAndPressesItsKeysAtMostSixteenTimes() throws {
        let step = StepAction(measure: .horizontal, every: 0.1,
                              increase: [.command(["volume", "up"]), .key(KeyChord(keys: [115], text: "volumeup"))], decrease: [])
        var stream = PanelStream()
        stream.frame(land: [0: (20, 50)])
        for index in 1...10 { stream.frame(move: [0: (20 + Double(index) * 0.5, 50)]) }
        stream.frame(move: [0: (140, 50)])   // one frame, 115 mm: 1150 steps of 0.1 mm
        stream.frame(lift: [0])
        let run = try ServiceRun(config: Self.pan(step: step), events: stream.events)
        // One command per firing that crossed steps, never one per step; the jump's says how many it stands for.
        #expect(run.commands.commands.count <= 12, "\(run.commands.commands.count) commands")
        let jump = try #require(run.commands.requests.max { Int($0.environment["TACTILE_STEPS"] ?? "0")! < Int($1.environment["TACTILE_STEPS"] ?? "0")! })
        #expect(jump.environment["TACTILE_STEPS"] == "1000", "\(jump.environment)")
        #expect(jump.environment["TACTILE_GESTURE"] == "scrub" && jump.environment["TACTILE_PHASE"] == "step")
        // The jump's firing pressed the key 16 times, not 1000.
        let keys = run.events(of: run.outputs.keyboard).filter { $0.type == .key && $0.value == 1 && $0.time == jump.time }
        #expect(keys.count == 16, "\(keys.count) key presses")
    }

    @Test func aCommandOnEveryFrameStartsAtMostTenASecond() throws {
        var stream = PanelStream()
        stream.stroke(slot: 0, from: (20, 50), to: (170, 60), frames: 150)   // 1.5 s of frames, 100 a second
        let run = try ServiceRun(config: Self.pan(changed: [.command(["notify-send", "moved"])]), events: stream.events)
        let started = run.commands.commands.count
        #expect(started >= 10 && started <= 20, "\(started) started")
        #expect(run.commands.skipped > 100, "\(run.commands.skipped) skipped")
        // Skips are said, but not one line each: at most one a second.
        let said = run.reports.filter { $0.contains("skipped:") }
        #expect(!said.isEmpty && said.count <= 3, "\(said)")
        #expect(said.first?.contains("10 commands started in the last second") == true, "\(said)")
    }

    @Test func theBudgetAdmitsInstancesAndARateAndSaysWhy() {
        let runner = RecordingCommandRunner()
        // Recorded commands finish at once: only the rate binds.
        var outcomes: [CommandOutcome] = []
        for index in 0..<25 {
            outcomes.append(runner.run(CommandRequest(arguments: ["true"], binding: "b", time: 1 + Double(index) * 0.01)))
        }
        #expect(outcomes.filter { $0 == .started }.count == 10)
        #expect(outcomes[10] == .skipped("10 commands started in the last second (the most a gesture may start)"))
        #expect(outcomes[11] == .skipped(nil))
        // A second later the rate admits again; another binding has its own.
        #expect(runner.run(CommandRequest(arguments: ["true"], binding: "b", time: 2.2)) == .started)
        #expect(runner.run(CommandRequest(arguments: ["true"], binding: "c", time: 1.2)) == .started)
    }

    @Test func aLiveCommandStillRunningIsNotStartedAgainUnlessTheBindingAllowsMore() throws {
        let directory = try TemporaryDirectory.make(prefix: "tactile-commands")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = directory + "/ran"
        let arguments = ["/bin/sh", "-c", "echo $TACTILE_GESTURE >> \(log); sleep 0.5"]
        for instances in [1, 3] {
            let runner = SpawningCommandRunner()
            var started = 0
            for index in 0..<5 {
                if runner.run(CommandRequest(arguments: arguments, binding: "b\(instances)", maximumInstances: instances,
                                             time: Double(index) * 0.01, environment: ["TACTILE_GESTURE": "b\(instances)"])) == .started {
                    started += 1
                }
            }
            #expect(started == instances)
            // The children finish and are reaped off the loop; the binding may start again.
            let deadline = Date().addingTimeInterval(10)
            while runner.runningCount > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            #expect(runner.runningCount == 0)
            #expect(runner.run(CommandRequest(arguments: arguments, binding: "b\(instances)", maximumInstances: instances, time: 5,
                                              environment: ["TACTILE_GESTURE": "b\(instances)"])) == .started)
            while runner.runningCount > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        }
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1 + 1 + 3 + 1, "\(lines)")
        #expect(lines.first == "b1")
    }

    @Test func aChildStartsWithTheSignalsTheServiceIgnoresAtTheirDefault() throws {
        // serve ignores SIGTERM (it comes as an event) and SIGPIPE; a command's child must not: a
        // SIGTERM ends it (systemctl stop), before it writes its line.
        let directory = try TemporaryDirectory.make(prefix: "tactile-signals")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = directory + "/survived"
        let previous = signal(SIGTERM, SIG_IGN)
        defer { signal(SIGTERM, previous) }
        let runner = SpawningCommandRunner()
        let request = CommandRequest(arguments: ["/bin/sh", "-c", "kill -TERM $$; echo survived > \(log)"], binding: "b", time: 1)
        #expect(runner.run(request) == .started)
        let deadline = Date().addingTimeInterval(10)
        while runner.runningCount > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(runner.runningCount == 0)
        #expect(!FileManager.default.fileExists(atPath: log), "the child ignored SIGTERM")
    }

    @Test func aProgramThatCannotStartIsSaidOffTheLoop() throws {
        let runner = SpawningCommandRunner()
        #expect(runner.run(CommandRequest(arguments: ["/nonexistent/tactile-no-such-program"], binding: "b", time: 1)) == .started)
        var problems: [String] = []
        let deadline = Date().addingTimeInterval(10)
        while problems.isEmpty, Date() < deadline {
            problems = runner.collect()
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(problems.count == 1 && problems[0].contains("cannot start /nonexistent/tactile-no-such-program"), "\(problems)")
        #expect(runner.runningCount == 0)
    }
}
