// The serve group: `tactile serve --stats` on a umockdev testbed touchscreen with an emulated /dev/uinput.
import Foundation
import Tactile
import TactileBenchSupport
import TactileConsole
import TactileDesktop
import TactileRecording
import TactileService

/// Pass-through latency of the gesture service: `tactile serve --stats` (the
/// `tactile` product of the same build as this tool) grabs a umockdev testbed
/// touchscreen replaying ``ServeWorkload`` in real time and writes the
/// touches it does not claim to a uinput copy (/dev/uinput emulated by
/// tools/umockdev-testbed.py). serve itself measures, per frame, from reading
/// the `SYN_REPORT` to the copy's write returning (engine, gate and write),
/// and the engine's share of the same frames; its two `--stats` lines are
/// the row's result and its same-run reference.
enum ServeBenchmark {
    static let measure = "serve pass-through: SYN_REPORT read → copy's write returned (umockdev testbed touchscreen, emulated uinput)"
    /// The budget for p99, in microseconds.
    static let budget = 1000.0

    /// One `--stats` line: `N frames: p50 X µs, p99 Y µs, max Z µs`.
    struct Stats: Equatable {
        var frames: Int
        var p50: Double
        var p99: Double
        var max: Double

        /// The figures of the line of `text` that contains `label`, if it has them.
        init?(_ text: String, label: String) {
            guard let line = text.split(separator: "\n").last(where: { $0.contains(label) }),
                  let range = line.range(of: label) else { return nil }
            let words = line[range.upperBound...].split(separator: " ").map { $0.trimmingCharacters(in: .punctuationCharacters) }
            func after(_ word: String) -> Double? { words.firstIndex(of: word).flatMap { $0 + 1 < words.count ? Double(words[$0 + 1]) : nil } }
            guard words.count > 1, words[1] == "frames", let frames = Int(words[0]),
                  let p50 = after("p50"), let p99 = after("p99"), let max = after("max") else { return nil }
            self.frames = frames
            self.p50 = p50
            self.p99 = p99
            self.max = max
        }

        var text: String {
            "p50 \(FixedDecimal.format(p50, places: 0)) µs, p99 \(FixedDecimal.format(p99, places: 0)) µs, max \(FixedDecimal.format(max, places: 0)) µs"
        }
    }

    /// The repository this tool's sources are in (for tools/umockdev-testbed.py and the package both tools are built from).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Why the testbed helper cannot run here, or `nil` when it can.
    static func helperMissing(_ helper: String, directory: String) -> String? {
        guard access(helper, X_OK) == 0 else { return "\(helper) is not there (run the bench from its repository's build)" }
        guard BenchProcess.which("umockdev-wrapper") != nil else {
            return "umockdev is not installed (apt install umockdev gir1.2-umockdev-1.0 python3-gi)"
        }
        guard let check = try? BenchProcess.run([helper, "--check"], directory: directory, timeout: 60), check.status == 0 else {
            return "tools/umockdev-testbed.py --check failed: the UMockdev Python bindings are missing (apt install gir1.2-umockdev-1.0 python3-gi)"
        }
        return nil
    }

    /// The `tactile` product beside this tool, built first (`swift build
    /// --product tactile` of the same package and configuration, and
    /// `tactiled` with it) so that it is the current one; `TACTILE_BINARY`
    /// names another (with its `tactiled` beside it).
    static func tactileBinary(directory: String) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["TACTILE_BINARY"], !given.isEmpty {
            guard access(given, X_OK) == 0 else { throw BenchError("TACTILE_BINARY=\(given) is not an executable") }
            return given
        }
        let beside = URL(fileURLWithPath: BenchProcess.selfPath).deletingLastPathComponent().appendingPathComponent("tactile").path
        let package = repository
        if let swift = environment["SWIFT"].flatMap({ $0.isEmpty ? nil : $0 }) ?? BenchProcess.which("swift"),
           access(package + "/Package.swift", R_OK) == 0 {
            #if DEBUG
            let configuration = "debug"
            #else
            let configuration = "release"
            #endif
            for product in ["tactile", "tactiled"] {
                let build = try BenchProcess.run([swift, "build", "-c", configuration, "--package-path", package, "--product", product],
                                                 directory: directory, timeout: 3600)
                guard build.status == 0 else {
                    throw BenchError("cannot build \(product) (swift build -c \(configuration) --package-path \(package) --product \(product), "
                                     + "status \(build.status)):\n\(build.standardOutput.suffix(4000))\(build.standardError.suffix(4000))")
                }
            }
        }
        guard access(beside, X_OK) == 0 else {
            throw BenchError("no tactile beside tactile-bench (\(beside)): build it with "
                             + "`swift build -c release --product tactile`, or set TACTILE_BINARY")
        }
        return beside
    }

    /// `tactiled`, the service's own binary (what the systemd unit runs), beside
    /// the `tactile` that ``tactileBinary(directory:)`` gives (built the same way).
    static func serviceBinary(directory: String) throws -> String {
        let tactile = try tactileBinary(directory: directory)
        let beside = URL(fileURLWithPath: tactile).deletingLastPathComponent().appendingPathComponent("tactiled").path
        guard access(beside, X_OK) == 0 else {
            throw BenchError("no tactiled beside \(tactile): build it with `swift build -c release --product tactiled`")
        }
        return beside
    }

    /// The row. `required` (the group was asked for by name): a missing
    /// testbed helper is an error rather than a row that says so.
    static func rows(quick: Bool, required: Bool, files: BenchFiles) throws -> [BenchRow] {
        let directory = try files.temporaryDirectory() + "/serve"
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw BenchError("cannot create \(directory): \(String(cString: strerror(errno)))")
        }
        let helper = repository + "/tools/umockdev-testbed.py"
        if let missing = helperMissing(helper, directory: directory) {
            if required { throw BenchError("the serve group needs the umockdev testbed helper: \(missing)") }
            return [BenchRow(measure: measure, result: "not measured: \(missing)", reference: "–", ratio: nil, ratioUnit: "")]
        }
        let tactile = try tactileBinary(directory: directory)

        let workload = ServeWorkload(cycles: 4, quick: quick)
        let node = "/dev/input/event5"
        let testbed: TestbedFiles
        do throws(TestbedError) {
            testbed = try TestbedWriter(device: ServeWorkload.device, events: workload.events, node: node, phys: "usb-bench/input0")
                .write(to: directory, name: "panel", overwrite: true)
        } catch {
            throw BenchError("cannot write the serve testbed: \(error)")
        }
        let config = directory + "/gestures.toml", capture = directory + "/uinput.jsonl"
        guard FileManager.default.createFile(atPath: config, contents: Data(ConfigLoader.defaultText.utf8)) else {
            throw BenchError("cannot write \(config)")
        }
        // The device goes 1.5 s after its last event (serve then has nothing
        // left and exits after --idle-exit); the helper kills serve 20 s after
        // that, and this tool kills the lot if even that does not happen.
        let command = [
            helper, "-d", testbed.umockdev, "-i", "\(node)=\(testbed.ioctl)", "-e", "\(node)=\(testbed.events)",
            "--uinput", "--uinput-capture", capture, "--unplug", "--after-open", "--after-seconds", FixedDecimal.format(workload.duration + 2, places: 2),
            "--timeout", "20",
            "--", tactile, "serve", "--device", node, "--config", config, "--idle-exit", "0.3", "--stats",
        ]
        let result: BenchProcess.Result
        do {
            result = try BenchProcess.run(command, directory: directory, timeout: workload.duration + 90)
        } catch {
            throw BenchError("tactile serve on the testbed did not finish (did it open \(node)?): \(error)")
        }
        let passThrough = Stats(result.standardError, label: "pass-through (read to write): ")
        let engine = Stats(result.standardError, label: "recognition alone: ")
        let own = Stats(result.standardError, label: "without the writes (recognition, gate, actions): ")
        guard result.status == 0, let passThrough, let engine, let own else {
            throw BenchError("tactile serve on the testbed failed (status \(result.status)); it printed:\n"
                             + String(result.standardError.suffix(6000)) + String(result.standardOutput.suffix(2000)))
        }
        guard passThrough.frames > 0 else {
            throw BenchError("tactile serve passed no frame through (\(workload.frames) were replayed):\n\(result.standardError.suffix(6000))")
        }
        // The frames serve wrote to the copy, written again to the emulated /dev/uinput by this tool alone.
        let writeCommand = [helper, "--uinput", "--", BenchProcess.selfPath, "--uinput-write-child", capture]
        let writeRun = try BenchProcess.run(writeCommand, directory: directory, timeout: workload.duration + 90)
        guard writeRun.status == 0, let write = Stats(writeRun.standardOutput, label: writeLabel) else {
            throw BenchError("the uinput write run on the testbed failed (status \(writeRun.status)); it printed:\n"
                             + String(writeRun.standardError.suffix(6000)) + String(writeRun.standardOutput.suffix(2000)))
        }
        return [BenchRow(
            measure: measure + " (\(passThrough.frames) of \(workload.frames) frames, \(workload.gestures) gestures, "
                + "\(FixedDecimal.format(workload.duration, places: 1)) s)",
            result: passThrough.text,
            reference: "recognition alone, same frames: " + engine.text,
            ratio: passThrough.p99 / Swift.max(engine.p99, 1), ratioUnit: "× recognition alone (p99)",
            target: "p99 ≤ 1 ms", met: passThrough.p99 <= budget
        ), BenchRow(
            measure: "serve: read to write less the writes themselves (recognition, the gate, actions: what a real uinput adds a few µs to)",
            result: own.text,
            reference: "recognition alone, same frames: " + engine.text,
            ratio: own.p99 / Swift.max(engine.p99, 1), ratioUnit: "× recognition alone (p99)",
            target: "p99 ≤ 1 ms", met: own.p99 <= budget
        ), BenchRow(
            measure: "serve: the emulated uinput's write alone (the \(write.frames) frames serve wrote to the copy, one write(2) per frame as serve does; "
                + "the testbed's share of the row above)",
            result: write.text,
            reference: "pass-through, same frames: " + passThrough.text,
            ratio: 100 * write.p50 / Swift.max(passThrough.p50, 1), ratioUnit: " % of pass-through (p50)"
        )]
    }

    static let writeLabel = "uinput write alone: "

    /// What `--uinput-capture` saved of one device (the fields read here).
    struct CapturedDevice: Decodable {
        var name: String
        var phys: String
        var events: [[Int64]]
    }

    /// The write child, run under the testbed helper with `--uinput`: creates
    /// the touchscreen's copy as serve does and writes to it the frames serve
    /// wrote to its copy (read from the helper's capture; one every report
    /// interval), timing each frame's write with serve's own recorder; prints
    /// `uinput write alone: N frames: …`.
    @MainActor
    static func runWriteChild(capture: String) throws {
        guard let text = try? String(contentsOfFile: capture, encoding: .utf8) else { throw BenchError("cannot read \(capture)") }
        let devices = try text.split(separator: "\n").map { try JSONDecoder().decode(CapturedDevice.self, from: Data($0.utf8)) }
        guard let captured = devices.first(where: { $0.name == ServeWorkload.device.name && UInputSink.isServiceDevice(phys: $0.phys) }) else {
            throw BenchError("\(capture) holds no copy of \(ServeWorkload.device.name)")
        }
        let written = captured.events.compactMap { entry -> InputEvent? in
            guard entry.count == 5, let type = UInt16(exactly: entry[2]), let code = UInt16(exactly: entry[3]),
                  let value = Int32(exactly: entry[4]) else { return nil }
            return InputEvent(seconds: 0, microseconds: 0, type: EventType(rawValue: type), code: code, value: value)
        }
        let sink = UInputSink()
        let copy: VirtualDeviceID
        do throws(OutputError) {
            copy = try sink.create(.touchCopy(of: ServeWorkload.device), name: ServeWorkload.device.name,
                                   phys: UInputSink.physPrefix + "usb-bench/input0")
        } catch {
            throw BenchError("\(error)")
        }
        defer { sink.destroy(copy) }
        var frames: [[InputEvent]] = [[]]
        for event in written {
            frames[frames.count - 1].append(event)
            if event.isReport { frames.append([]) }
        }
        var latency = LatencyRecorder()
        for frame in frames where !frame.isEmpty {
            let start = LatencyRecorder.now()
            do throws(OutputError) {
                try sink.write(frame, to: copy)
            } catch {
                throw BenchError("\(error)")
            }
            latency.record(since: start)
            usleep(UInt32(ServeWorkload.reportInterval * 1e6))
        }
        LineOutput.standardOutput.write(writeLabel + latency.summary)
        LineOutput.standardOutput.flush()
    }
}
