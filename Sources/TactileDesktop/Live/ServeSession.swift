// One run of the gesture service as `tactile serve` and `tactiled` start it: the sink, the log, the signals, the end.
import Glibc
import Tactile
import TactileEvdev
import TactileService

/// Runs the gesture service from its command line's ``ServeSettings``:
/// what `tactile serve` and `tactiled` both do, so that the two differ only
/// in the binary around it.
///
/// While serving, nothing is written directly: the log (standard error)
/// and a dry run's reports (standard output) go through ``LogQueue``s
/// whose threads do the writing, so a stalled reader (Ctrl-S, a pager, a
/// stuck journal) never holds up a device or a stop.
///
/// ```swift
/// let status = ServeSession.run(settings)   // 0, or 1 after an error it logged
/// exit(status)
/// ```
@MainActor
package enum ServeSession {
    /// The longest the end waits for the log and the reports to be written (seconds).
    package static let flushTimeout = 0.5

    /// Serves until a signal, the emergency gesture or `--idle-exit` ends it;
    /// returns the exit status. A dry run's ``RecordingSink`` is handed to
    /// `finishDryRun` at the end (`tactile serve --output` saves it there);
    /// its false is a failure it logged.
    package static func run(_ settings: ServeSettings, finishDryRun: ((RecordingSink, LogQueue) -> Bool)? = nil) -> Int32 {
        let recording = settings.dryRun ? RecordingSink() : nil
        let sink: OutputSink = recording ?? UInputSink(path: settings.uinputPath)
        var options = GestureService.Options(
            configPath: settings.configPath, environment: ProcessEnvironment.current(), inputDirectory: settings.inputDirectory,
            devicePaths: settings.devicePaths, passThrough: !settings.dryRun, rescanInterval: settings.rescanInterval,
            idleExit: settings.idleExit)
        options.measuresLatency = settings.stats
        let log = LogQueue(fileDescriptor: STDERR_FILENO)
        let reports = settings.dryRun ? LogQueue(fileDescriptor: STDOUT_FILENO) : nil
        // The end waits for the queues, but never long: a reader that does not read does not hold up the exit.
        defer {
            let deadline = MonotonicClock.seconds() + flushTimeout
            reports?.flush(timeout: deadline - MonotonicClock.seconds())
            log.flush(timeout: deadline - MonotonicClock.seconds())
        }
        // libevdev's own messages (which quote device names) too, escaped.
        EvdevLog.setHandler { line in log.enqueue("tactile serve: " + line) }
        let commands: CommandRunner = settings.dryRun ? PrintingCommandRunner(log: log) : SpawningCommandRunner()
        let service: GestureService
        do throws(ServiceError) {
            service = try GestureService(options: options, sink: sink, commands: commands)
        } catch {
            log.enqueue("tactile: error: \(error)")
            return EXIT_FAILURE
        }
        listen(to: service, settings: settings, log: log, reports: reports)
        let interrupt = service.stopSignal.stopOnSignals([SIGINT, SIGTERM, SIGHUP])
        defer { interrupt.cancel() }
        // A log whose reader went away (a closed terminal, a pipe) must not kill the service holding
        // the devices: its writes fail instead, and the queue drops what it cannot write.
        signal(SIGPIPE, SIG_IGN)
        let reason: GestureService.EndReason
        do throws(ServiceError) {
            reason = try service.run()
        } catch {
            log.enqueue("tactile: error: \(error)")
            return EXIT_FAILURE
        }
        if settings.stats {
            log.enqueue("tactile serve: pass-through (read to write): \(service.passThroughLatency.summary)")
            log.enqueue("tactile serve: without the writes (recognition, gate, actions): \(service.serviceLatency.summary)")
            log.enqueue("tactile serve: recognition alone: \(service.engineLatency.summary)")
        }
        if let recording, let finishDryRun, !finishDryRun(recording, log) { return EXIT_FAILURE }
        if reason == .emergency { log.enqueue("tactile serve: stopped by the emergency gesture") }
        return EXIT_SUCCESS
    }

    /// Where the service's lines go: the log (problems only with `--quiet`),
    /// and each report to standard output in a dry run (failures to the log with `--quiet`).
    private static func listen(to service: GestureService, settings: ServeSettings, log: LogQueue, reports: LogQueue?) {
        let quiet = settings.quiet
        service.log = { line in
            if !quiet || line.severity == .problem { log.enqueue("tactile serve: " + line.text) }
        }
        if let reports {
            service.onReport = { path, report in reports.enqueue(TextFormat.visible(path) + ": " + report.description) }
        } else if quiet {
            service.onReport = { path, report in
                if case .failed = report { log.enqueue("tactile serve: \(TextFormat.visible(path)): \(report)") }
            }
        }
    }
}

/// Runs nothing: logs the command a binding would run (dry runs), within
/// the same limits as the live runner (a ``RecordingCommandRunner`` decides).
@MainActor
final class PrintingCommandRunner: CommandRunner {
    let log: LogQueue
    private let limits = RecordingCommandRunner()

    init(log: LogQueue) { self.log = log }

    func run(_ request: CommandRequest) -> CommandOutcome {
        let outcome = limits.run(request)
        if outcome == .started {
            log.enqueue("tactile serve: would run: " + request.arguments.map { TextFormat.visible($0) }.joined(separator: " "))
        }
        return outcome
    }

    func collect() -> [String] { [] }
}
