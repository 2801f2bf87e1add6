import Foundation
import Tactile
import TactileRecording

/// Recording load: the project's reader against Foundation's `JSONDecoder`
/// decoding the same file into the same `[InputEvent]`.
enum LoadBenchmark {
    /// The v1 format as a `Decodable` mirror: JSONDecoder parses the whole
    /// document and builds the events array the reader builds.
    struct DecodedRecording: Decodable {
        var events: [DecodedEvent]
    }

    /// One `[sec, usec, type, code, value]` row.
    struct DecodedEvent: Decodable {
        var event: InputEvent
        init(from decoder: Decoder) throws {
            var row = try decoder.unkeyedContainer()
            let seconds = try row.decode(Int64.self), microseconds = try row.decode(Int32.self)
            let type = try row.decode(UInt16.self), code = try row.decode(UInt16.self), value = try row.decode(Int32.self)
            event = InputEvent(seconds: seconds, microseconds: microseconds, type: EventType(rawValue: type), code: code, value: value)
        }
    }

    static func rows(quick: Bool, files: BenchFiles) throws -> [BenchRow] {
        let file = try files.recording(megabytes: quick ? 1 : 100)
        let runs = quick ? 1 : 5
        var readerEvents: [InputEvent] = []
        var readError: Error?
        // Both read the file from disk each run (it stays in the page cache).
        let readerTime = BenchClock.best(runs: runs) {
            do { readerEvents = try RecordingReader.read(contentsOf: file.path).events } catch { readError = error }
        }
        if let readError { throw BenchError("the reader failed on \(file.path): \(readError)") }
        var decodedEvents: [InputEvent] = []
        var decodeError: Error?
        let decoderTime = BenchClock.best(runs: quick ? 1 : 3) {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: file.path))
                decodedEvents = try JSONDecoder().decode(DecodedRecording.self, from: data).events.map(\.event)
            } catch { decodeError = error }
        }
        if let decodeError { throw BenchError("JSONDecoder failed on \(file.path): \(decodeError)") }
        guard readerEvents == decodedEvents else {
            throw BenchError("the reader and JSONDecoder disagree on \(file.path): \(readerEvents.count) vs \(decodedEvents.count) events")
        }
        let streamTime = BenchClock.best(runs: runs) {
            do {
                let stream = try RecordingReader.events(contentsOf: file.path)
                var count = 0
                while try stream.nextEvent() != nil { count += 1 }
                precondition(count == readerEvents.count)
            } catch { readError = error }
        }
        if let readError { throw BenchError("the streaming reader failed on \(file.path): \(readError)") }
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
