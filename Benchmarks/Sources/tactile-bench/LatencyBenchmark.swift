// The latency group: a SYN_REPORT read by libevdev to a recognizer's target, on a umockdev testbed.
import Foundation
import Tactile
import TactileBenchSupport
import TactileConsole
import TactileEvdev
import TactileRecording
import TactileSynthesis

/// Live latency: from `libevdev_next_event` handing over a `SYN_REPORT` to a
/// recognizer's target running, on a umockdev testbed of the synthetic
/// touchpad replaying real-time gestures through the real live path.
@MainActor
enum LatencyBenchmark {
    /// What the child measured, in microseconds.
    struct Report: Codable {
        var samples: Int
        var frames: Int
        var p50: Double
        var p99: Double
        var max: Double
        /// The median time between two reports of the device.
        var reportInterval: Double
    }

    static func rows(quick: Bool, files: BenchFiles) throws -> [BenchRow] {
        let measure = "live latency: SYN_REPORT read → target action (umockdev testbed, synthetic touchpad)"
        guard let umockdevRun = BenchProcess.which("umockdev-run") else {
            return [BenchRow(measure: measure, result: "not measured: umockdev-run is not installed (apt install umockdev)",
                             reference: "–", ratio: nil, ratioUnit: "")]
        }
        let directory = try files.temporaryDirectory()
        let device = SynthesizedDevices.touchpad
        var synthesizer = GestureSynthesizer(device: device, seed: 11)
        let kinds: [GestureKind] = quick ? [.pan, .pinchOut] : [.pan, .pinchOut, .rotation, .swipe, .pan, .pinchIn, .tap, .hold, .pan, .rotation]
        let session = synthesizer.session(kinds, gap: 0.2...0.3, start: 0)
        let files: TestbedFiles
        do throws(TestbedError) {
            files = try TestbedWriter(device: device, events: session.events).write(to: directory, name: "latency")
        } catch {
            throw BenchError("cannot write the latency testbed: \(error)")
        }
        let command = files.commandLine(running: [BenchProcess.selfPath, "--latency-child", files.node] + (quick ? ["--quick"] : []),
                                        umockdevRun: umockdevRun)
        let result = try BenchProcess.run(command, directory: directory)
        guard result.status == 0, let line = result.standardOutput.split(separator: "\n").last,
              let report = try? JSONDecoder().decode(Report.self, from: Data(line.utf8)) else {
            throw BenchError("the latency run failed (status \(result.status)): \(result.standardError)\(result.standardOutput)")
        }
        let ratio = 100 * report.p99 / max(report.reportInterval, 1)
        return [BenchRow(
            measure: measure + " (\(report.samples) actions over \(report.frames) frames)",
            result: "p50 \(FixedDecimal.format(report.p50, places: 1)) µs, p99 \(FixedDecimal.format(report.p99, places: 1)) µs, max \(FixedDecimal.format(report.max, places: 1)) µs",
            reference: "report interval \(FixedDecimal.format(report.reportInterval / 1000, places: 2)) ms",
            ratio: ratio, ratioUnit: " % of the interval (p99)",
            target: "p99 ≤ 100 µs", met: report.p99 <= 100
        )]
    }

    /// The child side, run under umockdev-run: reads the node with libevdev
    /// through the app scene and prints a ``Report`` as one JSON line.
    static func runChild(node: String, quick: Bool) throws {
        let device: EvdevDevice
        do throws(EvdevError) {
            device = try EvdevDevice(path: node, options: .init(requireTouch: true))
        } catch {
            throw BenchError("\(error)")
        }
        let scene = BenchScene.app(screen: .standard, recognizers: true)
        let pipeline = InputPipeline(device: device.description, window: scene.window)
        var frameStart: UInt64 = 0
        var inFrame = false
        var latencies: [Double] = []
        latencies.reserveCapacity(1 << 16)
        let recognizers = scene.gestureSets.flatMap(\.all) + scene.extra
        for recognizer in recognizers {
            recognizer.addAction { _ in
                if inFrame { latencies.append(Double(BenchClock.now() - frameStart) / 1000) }
            }
        }
        var reportTimes: [UInt64] = []
        do throws(EvdevError) {
            _ = try device.readEvents(idleTimeout: quick ? 0.5 : 1.0) { event in
                if event.isReport {
                    frameStart = BenchClock.now()
                    reportTimes.append(frameStart)
                    inFrame = true
                    pipeline.process(event)
                    inFrame = false
                } else {
                    pipeline.process(event)
                }
                return true
            }
        } catch {
            throw BenchError("\(error)")
        }
        withExtendedLifetime(scene) {}
        guard !latencies.isEmpty else { throw BenchError("no action ran during the latency run (\(reportTimes.count) frames read)") }
        latencies.sort()
        let intervals = zip(reportTimes.dropFirst(), reportTimes).map { Double($0 - $1) / 1000 }.sorted()
        /// The nearest-rank percentile of a sorted, non-empty array.
        func percentile(_ sorted: [Double], _ p: Double) -> Double {
            let rank = Int((Double(sorted.count) * p).rounded(.up)) - 1
            return sorted[min(sorted.count - 1, max(0, rank))]
        }
        let report = Report(samples: latencies.count, frames: reportTimes.count,
                            p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: latencies.last ?? 0,
                            reportInterval: intervals.isEmpty ? 0 : percentile(intervals, 0.5))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        LineOutput.standardOutput.write(String(decoding: try encoder.encode(report), as: UTF8.self))
        LineOutput.standardOutput.flush()
    }
}
