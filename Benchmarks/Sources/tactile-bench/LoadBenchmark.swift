// The load group: the project's reader against Foundation's JSONDecoder on the same file.
import Foundation
import Tactile
import TactileBenchSupport
import TactileRecording

/// Recording load: the project's reader against Foundation's `JSONDecoder`
/// decoding the same file into the same `[InputEvent]`.
enum LoadBenchmark {
    static func rows(quick: Bool, files: BenchFiles) throws -> [BenchRow] {
        let file = try files.recording(megabytes: quick ? 1 : 100)
        let runs = quick ? 1 : 9  // the reader's; JSONDecoder, 30 times slower, runs in the first 3
        var readerEvents: [InputEvent] = []
        var decodedEvents: [InputEvent] = []
        var readError: Error?
        var decodeError: Error?
        // Both read the file from disk each run (it stays in the page cache).
        // The runs alternate, so a noisy moment on a shared machine cannot
        // fall on one side only; the best run of each side counts.
        var readerTime = Double.infinity, decoderTime = Double.infinity
        // The previous run's events are freed before the clock starts (unmapping
        // ~80 MB is not loading).
        for run in 0..<runs {
            readerEvents = []
            readerTime = min(readerTime, BenchClock.best(runs: 1) {
                do { readerEvents = try RecordingReader.read(contentsOf: file.path).events } catch { readError = error }
            })
            if run < (quick ? 1 : 3) {
                decodedEvents = []
                decoderTime = min(decoderTime, BenchClock.best(runs: 1) {
                    do {
                        let data = try Data(contentsOf: URL(fileURLWithPath: file.path))
                        decodedEvents = try JSONDecoder().decode(DecodedRecording.self, from: data).events.map(\.event)
                    } catch { decodeError = error }
                })
            }
        }
        if let readError { throw BenchError("the reader failed on \(file.path): \(readError)") }
        if let decodeError { throw BenchError("JSONDecoder failed on \(file.path): \(decodeError)") }
        guard readerEvents == decodedEvents else {
            throw BenchError("the reader and JSONDecoder disagree on \(file.path): \(readerEvents.count) vs \(decodedEvents.count) events")
        }
        var streamed = 0
        let streamTime = BenchClock.best(runs: runs) {
            do {
                let stream = try RecordingReader.events(contentsOf: file.path)
                streamed = 0
                while try stream.nextEvent() != nil { streamed += 1 }
            } catch { readError = error }
        }
        if let readError { throw BenchError("the streaming reader failed on \(file.path): \(readError)") }
        guard streamed == readerEvents.count else {
            throw BenchError("the streaming reader gave \(streamed) events, the whole read \(readerEvents.count)")
        }
        let bytes = Double(file.bytes), events = Double(file.events)
        let reference = "JSONDecoder: \(BenchFormat.bytesPerSecond(bytes / decoderTime)), \(BenchFormat.eventsPerSecond(events / decoderTime))"
        return [
            BenchRow(
                measure: "recording load, whole file (\(BenchFormat.megabytes(file.bytes)), \(BenchFormat.count(file.events)) events)",
                result: "\(BenchFormat.bytesPerSecond(bytes / readerTime)), \(BenchFormat.eventsPerSecond(events / readerTime))",
                reference: reference, ratio: decoderTime / readerTime, ratioUnit: "× faster",
                target: "≥ 25×, ≥ 100 MB/s", met: decoderTime / readerTime >= 25 && bytes / readerTime >= 100e6
            ),
            BenchRow(
                measure: "recording load, streaming (same file)",
                result: "\(BenchFormat.bytesPerSecond(bytes / streamTime)), \(BenchFormat.eventsPerSecond(events / streamTime))",
                reference: reference, ratio: decoderTime / streamTime, ratioUnit: "× faster"
            ),
        ]
    }
}
