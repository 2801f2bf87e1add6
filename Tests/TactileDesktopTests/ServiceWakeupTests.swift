// Idle means asleep: the service's loop takes a turn only for input, a helper's news, a stop or a deadline it computed.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Tactile
@testable import TactileDesktop
import TactileEvdev
import TactileService
import TactileTestSupport
import Testing

/// Lines a service logged, kept for a test's other threads to read.
nonisolated final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// The gesture service's loop has no tick: idle, it sleeps until a device
/// has input, a watched directory changes, a helper signals its news
/// (``Wakeup``), a stop, or its next deadline. The assertions count the
/// loop's turns and look for lines the news brings, which load cannot
/// change; the waits are bounded only so that a failure ends.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ServiceWakeupTests {
    nonisolated static func config(gestures: Int) -> String {
        (0..<gestures).map { index in
            """
            [[gesture]]
            name = "swipe \(index)"
            recognizer = "swipe"
            fingers = \(3 + index)
            direction = "left"
            ended = { key = "alt+Left" }

            """
        }.joined()
    }

    /// A service on an empty input directory with the config `gestures.toml`
    /// of `directory`, never rescanning on its own, whose log lines are kept.
    @MainActor
    static func service(in directory: URL, lines: LogLines, idleExit: Double? = nil) throws -> GestureService {
        let input = directory.appendingPathComponent("input")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("gestures.toml").path
        try config(gestures: 1).write(toFile: path, atomically: true, encoding: .utf8)
        let options = GestureService.Options(configPath: path, environment: [:], inputDirectory: input.path,
                                             passThrough: false, rescanInterval: 3600, idleExit: idleExit)
        let service = try GestureService(options: options, sink: RecordingSink(), commands: SpawningCommandRunner())
        service.log = { line in lines.append(line.text) }
        return service
    }

    /// Runs `body` with ``service(in:lines:idleExit:)`` on a fresh directory, removed after.
    @MainActor
    static func withService(idleExit: Double? = nil,
                            _ body: (GestureService, LogLines, URL) throws -> Void) throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-wake")
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = LogLines()
        try body(try service(in: directory, lines: lines, idleExit: idleExit), lines, directory)
    }

    @MainActor
    @Test func anIdleServiceSleepsUntilItIsStopped() throws {
        try Self.withService { service, _, _ throws in
            let stop = service.stopSignal
            // A second of idling: a 20 ms tick took about 50 turns in it, and more on an idle machine.
            DispatchQueue.global().asyncAfter(deadline: .now() + 1) { stop.requestStop() }
            #expect(try service.run() == .stopped)
            // One turn at the start; nothing else is due (the rescan is an hour away), and the stop ends the wait.
            #expect(service.turns <= 2, "\(service.turns) turns while idle")
        }
    }

    /// `--idle-exit` is a deadline of its own: with no device and no rescan
    /// for an hour, nothing else would end the wait.
    @MainActor
    @Test func theIdleExitIsADeadlineOfItsOwn() throws {
        try Self.withService(idleExit: 0.3) { service, _, _ throws in
            let stop = service.stopSignal
            // Only so that a failure ends: the idle exit is due long before.
            DispatchQueue.global().asyncAfter(deadline: .now() + 60) { stop.requestStop() }
            #expect(try service.run() == .idle)
            #expect(service.turns <= 3, "\(service.turns) turns")
        }
    }

    @MainActor
    @Test func aConfigReadThatEndsWakesTheLoop() throws {
        try Self.withService { service, lines, directory throws in
            let stop = service.stopSignal
            let path = directory.appendingPathComponent("gestures.toml").path
            DispatchQueue.global().async {
                // The change wakes the loop (inotify), its quiet period's end too (a deadline), and the
                // read, done off the loop, wakes it with its outcome: nothing else would before the stop.
                usleep(200_000)
                try? Self.config(gestures: 2).write(toFile: path, atomically: true, encoding: .utf8)
                _ = eventually(60) { lines.all.contains { $0.hasPrefix("config reloaded") } }
                stop.requestStop()
            }
            #expect(try service.run() == .stopped)
            let log = lines.all
            #expect(log.contains { $0.hasPrefix("config reloaded") && $0.contains("(2 gestures)") }, "\(log)")
            // The start, the change's events, the quiet period's end, the read's news: a few turns, no tick's.
            #expect(service.turns <= 8, "\(service.turns) turns")
        }
    }

    @MainActor
    @Test func aProgramThatCannotStartWakesWhoWaitsForTheNews() throws {
        let runner = SpawningCommandRunner()
        let news = Wakeup()
        runner.signalProblems(to: news)
        let request = CommandRequest(arguments: ["/nonexistent/tactile-no-such-program"], binding: "missing", time: 1)
        #expect(runner.run(request) == .started)
        // Asleep until the spawn's failure signals it (bounded only so that a failure ends).
        #expect(news.wait(milliseconds: 60_000))
        news.drain()
        let problems = runner.collect()
        #expect(problems.count == 1 && problems[0].contains("cannot start"), "\(problems)")
        #expect(!news.wait(milliseconds: 0), "drained")
    }

    @Test func aFocusTrackerSignalsItsNews() throws {
        // The fake's event socket never says anything: the tracker's thread sleeps on it.
        let hyprland = try FakeHyprland(signature: "wake_1700000000_7", prefix: "tactile-wake") { connection in
            _ = connection.readSome()
            connection.write(Array(#"{"class": "kitty", "title": "~"}"#.utf8))
            connection.close()
        }
        defer { hyprland.close() }
        let news = Wakeup()
        let tracker = try #require(FocusTracker.start(session: DetectedSession(SessionEnvironment(hyprland.environment)), news: news))
        defer { tracker.stop() }
        // Asleep until the tracker's first answer signals it (bounded only so that a failure ends).
        #expect(news.wait(milliseconds: 60_000))
        #expect(tracker.collectLines().map(\.text).contains { $0.hasPrefix("focused app: followed through") })
    }

    @Test func aStreamReadEndsWhenItsStopIsRaised() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-wake")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("quiet.sock").path
        let server = try FakeUnixServer(path: path) { _ in }
        defer { server.close() }
        let stream = try UnixStream(path: path)
        let stop = StopSignal()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { stop.requestStop() }
        // No timeout: only the stop ends this read (the suite's time limit, a failure).
        #expect(try stream.read(timeout: -1, stop: stop) == nil)
        #expect(stop.isStopRequested)
    }
}
