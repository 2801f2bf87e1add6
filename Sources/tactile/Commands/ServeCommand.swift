// `tactile serve`: the gesture service — touch devices grabbed, gestures turned into keys, clicks, scrolling and commands.
import ArgumentParser
import Foundation
import Tactile
import TactileConsole
import TactileDesktop
import TactileEvdev
import TactileService

/// `tactile serve`: runs the gestures of a config on the machine's touch devices.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run system gestures on the touchscreens and touchpads (the gesture service).",
        discussion: """
            Reads the config (--config, else $XDG_CONFIG_HOME/tactile/gestures.toml, else \
            /etc/tactile/gestures.toml, else the built-in default; see docs/gestures-toml.md), takes \
            the touch devices it selects, grabs each once no finger is down, and passes every touch \
            no gesture claims through a uinput copy of the device. A gesture that takes touches \
            already passed on cancels them for the app (MT_TOOL_PALM, then their release), so the app \
            sees a touch cancel, not a tap. Touches that land in an edge zone are held back until the \
            edge's gestures decide.

            The config's directory is watched: a saved config takes effect without a restart, and one \
            with errors is refused with its file, line and column (the last good one stays). Ctrl-C, \
            SIGTERM or the emergency gesture (five fingers held still for three seconds, by default) \
            release every grab at once.

            --dry-run grabs nothing and sends nothing: the gestures are recognized and the actions \
            printed. dist/ has a systemd user unit and udev rules so that the service runs without \
            root (see docs/service.md).
            """
    )

    @Option(help: ArgumentHelp("The config file (default: the first of $XDG_CONFIG_HOME/tactile/gestures.toml, /etc/tactile/gestures.toml).",
                               valueName: "file"), completion: .file(extensions: ["toml"]))
    var config: String?

    @Option(name: .customLong("device"), help: ArgumentHelp("Take only this node (repeatable), whatever the config selects.", valueName: "node"),
            completion: .file())
    var devices: [String] = []

    @Flag(help: "Grab nothing and send nothing: print what each gesture would do.")
    var dryRun = false

    @Option(help: ArgumentHelp("With --dry-run: save what would have been sent, one evemu recording per virtual device, in this directory.",
                               valueName: "directory"), completion: .directory)
    var output: String?

    @Option(help: ArgumentHelp("The uinput node.", valueName: "path"), completion: .file())
    var uinput = UInputSink.defaultPath

    @Option(help: ArgumentHelp("Where device nodes are.", valueName: "directory"), completion: .directory)
    var inputDirectory = DeviceDiscovery.defaultDirectory

    @Option(help: ArgumentHelp("Stop after this many seconds without any device (for tests and scripts).", valueName: "seconds"))
    var idleExit: Double?

    @Option(help: ArgumentHelp("Seconds between rescans of the input directory, besides inotify (0.1…3600).", valueName: "seconds"))
    var rescanInterval = 5.0

    @Flag(help: "At the end, print the pass-through and recognition latencies (per frame).")
    var stats = false

    @Flag(help: "Print only errors, not each gesture.")
    var quiet = false

    func validate() throws {
        if output != nil, !dryRun { throw ValidationError("--output saves a dry run's output: give --dry-run too") }
        if let idleExit, !(idleExit > 0 && idleExit <= 86_400) { throw ValidationError("--idle-exit must be 0…86400 seconds") }
        if !(rescanInterval >= 0.1 && rescanInterval <= 3600) { throw ValidationError("--rescan-interval must be 0.1…3600 seconds") }
    }

    func run() throws {
        try MainActor.assumeIsolated { try serve() }
    }

    @MainActor
    private func serve() throws {
        if let output {
            // Made (or found) before anything runs, so a bad directory is said at once, not at the end.
            do {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            } catch {
                printError("tactile: error: cannot make \(TextFormat.visible(output)): \(error.localizedDescription)")
                throw ExitCode.failure
            }
        }
        let recording = dryRun ? RecordingSink() : nil
        let sink: OutputSink = recording ?? UInputSink(path: uinput)
        var options = GestureService.Options(
            configPath: config, environment: ProcessInfo.processInfo.environment, inputDirectory: inputDirectory,
            devicePaths: devices, passThrough: !dryRun, rescanInterval: rescanInterval, idleExit: idleExit
        )
        options.measuresLatency = stats
        // While serving, nothing is written directly: the log (standard error) and a dry run's
        // reports (standard output) go through queues whose threads do the writing, so a stalled
        // reader (Ctrl-S, a pager, a stuck journal) never holds up a device or a stop.
        LineOutput.standardOutput.flush()
        let log = LogQueue(fileDescriptor: STDERR_FILENO)
        let reports = dryRun ? LogQueue(fileDescriptor: STDOUT_FILENO) : nil
        // libevdev's own messages (which quote device names) too, escaped.
        EvdevLog.setHandler { line in log.enqueue("tactile serve: " + line) }
        let commands: CommandRunner = dryRun ? PrintingCommandRunner(log: log) : SpawningCommandRunner()
        let service: GestureService
        do throws(ServiceError) {
            service = try GestureService(options: options, sink: sink, commands: commands)
        } catch {
            printError("tactile: error: \(error)")
            throw ExitCode.failure
        }
        // --quiet keeps the problems (a config refused, a device that cannot be taken, a program that could not start).
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
        let interrupt = service.stopSignal.stopOnSignals([SIGINT, SIGTERM, SIGHUP])
        defer { interrupt.cancel() }
        // A log whose reader went away (a closed terminal, a pipe) must not kill the service holding
        // the devices: its writes fail instead, and the queue drops what it cannot write.
        signal(SIGPIPE, SIG_IGN)
        // The end waits for the queues, but never long: a reader that does not read does not hold up the exit.
        defer {
            let deadline = Date().addingTimeInterval(Self.flushTimeout)
            reports?.flush(timeout: deadline.timeIntervalSinceNow)
            log.flush(timeout: deadline.timeIntervalSinceNow)
        }
        let reason: GestureService.EndReason
        do throws(ServiceError) {
            reason = try service.run()
        } catch {
            log.enqueue("tactile: error: \(error)")
            throw ExitCode.failure
        }
        if stats {
            log.enqueue("tactile serve: pass-through (read to write): \(service.passThroughLatency.summary)")
            log.enqueue("tactile serve: without the writes (recognition, gate, actions): \(service.serviceLatency.summary)")
            log.enqueue("tactile serve: recognition alone: \(service.engineLatency.summary)")
        }
        if let recording, let directory = self.output {
            do throws(OutputError) {
                for file in try recording.save(to: directory, overwrite: true) { log.enqueue("tactile serve: saved \(TextFormat.visible(file))") }
            } catch {
                log.enqueue("tactile: error: \(error)")
                throw ExitCode.failure
            }
        }
        if reason == .emergency { log.enqueue("tactile serve: stopped by the emergency gesture") }
    }

    /// The longest the end waits for the log and the reports to be written (seconds).
    static let flushTimeout = 0.5
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
