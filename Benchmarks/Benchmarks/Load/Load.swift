// ordo-one suite: loading a Tactile JSON recording, whole and streamed, and JSONDecoder on the same file.
import Benchmark
import Foundation
import Tactile
import TactileBenchSupport
import TactileRecording

/// The suite: the table's load rows on a 10 MB recording (the table reads
/// 100 MB), written before a benchmark's first measured iteration and
/// removed after its last.
let benchmarks: @Sendable () -> Void = {
    let files = BenchFiles()
    let megabytes = 10
    let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .cpuTotal, .mallocCountTotal, .mallocBytesCount, .peakMemoryResident]
    var configuration = Benchmark.Configuration(metrics: metrics, warmupIterations: 1, maxDuration: .seconds(2), maxIterations: 1_000)
    configuration.teardown = { files.removeAll() }

    Benchmark("load: RecordingReader.read, whole file (\(megabytes) MB)", configuration: configuration) { benchmark in
        let file = try files.recording(megabytes: megabytes)
        benchmark.startMeasurement()
        let events = try RecordingReader.read(contentsOf: file.path).events
        benchmark.stopMeasurement()
        guard events.count == file.events else { throw BenchError("read \(events.count) events of \(file.events)") }
    }

    Benchmark("load: RecordingReader.events, streaming (\(megabytes) MB)", configuration: configuration) { benchmark in
        let file = try files.recording(megabytes: megabytes)
        benchmark.startMeasurement()
        let stream = try RecordingReader.events(contentsOf: file.path)
        var count = 0
        while try stream.nextEvent() != nil { count += 1 }
        benchmark.stopMeasurement()
        guard count == file.events else { throw BenchError("streamed \(count) events of \(file.events)") }
    }

    var reference = configuration
    reference.maxIterations = 5
    Benchmark("load: JSONDecoder, the reference (\(megabytes) MB)", configuration: reference) { benchmark in
        let file = try files.recording(megabytes: megabytes)
        benchmark.startMeasurement()
        let data = try Data(contentsOf: URL(fileURLWithPath: file.path))
        let events = try JSONDecoder().decode(DecodedRecording.self, from: data).events
        benchmark.stopMeasurement()
        guard events.count == file.events else { throw BenchError("decoded \(events.count) events of \(file.events)") }
    }
}
