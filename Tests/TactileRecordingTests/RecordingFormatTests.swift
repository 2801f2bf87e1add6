// Recording format v1: writing and reading.
import Foundation
import Tactile
@testable import TactileRecording
import TactileSynthesis
import TactileTestSupport
import Testing

@Suite("Recording format v1: writing and reading")
@MainActor
struct RecordingFormatTests {
    @Test("a realistic recording reads back identical: device, screen, labels, expected actions, events")
    func roundTrip() throws {
        let original = RecordingFormatFixtures.session
        #expect(original.events.count > 1000)
        #expect(original.labels.count == 9)
        #expect((original.expected?.count ?? 0) > 10)
        let bytes = try RecordingWriter.bytes(for: original)
        let result = try RecordingReader.readWithWarnings(bytes: bytes, file: "session.json")
        let read = result.recording
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(result.version == 1)
        #expect(read.created == original.created)
        #expect(read.device == original.device)
        #expect(read.screen == original.screen)
        #expect(read.labels == original.labels)
        #expect(read.events == original.events)
        #expect(result.storedSummary == original.summary)
        // Expected actions keep the action log's precision: the same lines, values in the same order.
        #expect(read.expected?.map(\.jsonLine) == original.expected?.map(\.jsonLine))
        // Written again, the text is the same, and so is the recording read from it.
        let again = try RecordingWriter.bytes(for: read)
        #expect(again == bytes)
        #expect(try RecordingReader.read(bytes: again) == read)
    }

    @Test("the text is deterministic: header keys in order, one event and one action per line")
    func layout() throws {
        let text = RecordingFormatFixtures.tapText
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 40)
        #expect(lines[1] == "  \"format\": \"tactile-recording\",")
        #expect(lines[2] == "  \"version\": 1,")
        #expect(lines[3] == "  \"created\": \"2026-11-21T12:00:00Z\",")
        #expect(lines[22] == "  \"summary\": {\"duration\": 0.008, \"eventCount\": 7, \"frameCount\": 2, \"maxTouches\": 1},")
        #expect(lines[27] == "    " + (RecordingFormatFixtures.tap.expected?.first?.jsonLine ?? ""))
        #expect(lines[29] == "  \"events\": [")
        #expect(lines[30] == "    [0, 0, 3, 47, 0],")
        #expect(lines[35] == "    [0, 8000, 3, 57, -1],")
        #expect(lines[36] == "    [0, 8000, 0, 0, 0]")
        #expect(lines[39] == "")
        let keys = ["\"format\"", "\"version\"", "\"created\"", "\"device\"", "\"screen\"", "\"summary\"", "\"labels\"", "\"expected\"", "\"events\""]
        let offsets = keys.compactMap { text.range(of: "\n  " + $0)?.lowerBound }
        #expect(offsets.count == keys.count)
        #expect(offsets == offsets.sorted())
    }

    @Test("the device is written as its synthesized Codable gives it, so JSONDecoder reads it too")
    func deviceShape() throws {
        let text = RecordingFormatFixtures.tapText
        let start = try #require(text.range(of: "\"device\": ")).upperBound
        let end = try #require(text.range(of: ",\n  \"screen\"")).lowerBound
        let device = try JSONDecoder().decode(DeviceDescription.self, from: Data(text[start..<end].utf8))
        #expect(device == RecordingFormatFixtures.tap.device)
        let screenStart = try #require(text.range(of: "\"screen\": ")).upperBound
        let screenEnd = try #require(text.range(of: ",\n  \"summary\"")).lowerBound
        let screen = try JSONDecoder().decode(Screen.self, from: Data(text[screenStart..<screenEnd].utf8))
        #expect(screen == RecordingFormatFixtures.tap.screen)
    }

    @Test("doubles in the header read back exactly; NaN and infinity cannot be written")
    func doubles() throws {
        var recording = RecordingFormatFixtures.tap
        recording.screen = Screen(bounds: Rect(x: 0.1, y: 1e-300, width: 1920.000000000001, height: 999_999.999_999_999_9), pointsPerMillimetre: 96 / 25.4)
        recording.labels = [RecordingLabel(gesture: "pinch", start: 1.0 / 3.0, end: 2.0 / 3.0, values: ["scale": Double.leastNonzeroMagnitude, "x.y": -0.0])]
        let read = try RecordingReader.read(bytes: try RecordingWriter.bytes(for: recording))
        #expect(read.screen == recording.screen)
        #expect(read.labels == recording.labels)
        // What no reader takes back is not written either.
        recording.screen.bounds.size.height = 1.7976931348623157e308
        #expect(throws: RecordingError.self) { try RecordingWriter.bytes(for: recording) }
        recording.screen.bounds.size.height = 1080
        recording.screen.pointsPerMillimetre = .nan
        #expect(throws: RecordingError.self) { try RecordingWriter.bytes(for: recording) }
        do {
            _ = try RecordingWriter.bytes(for: recording)
        } catch {
            #expect(error.problem == .notRepresentable)
            #expect(error.path == "screen.pointsPerMillimetre")
        }
        recording.screen = .standard
        recording.expected = [ActionRecord(time: .infinity, recognizer: "x", view: "v", state: .began, touches: 1, location: .zero, values: [])]
        #expect(throws: RecordingError.self) { try RecordingWriter.bytes(for: recording) }
        recording.expected = nil
        recording.events[3].seconds = -1
        #expect(throws: RecordingError.self) { try RecordingWriter.bytes(for: recording) }
        recording.events[3].seconds = .max
        #expect(throws: RecordingError.self) { try RecordingWriter.bytes(for: recording) }
    }

    @Test("no labels and no expected actions: the keys are left out and read back as none")
    func optionalParts() throws {
        let bare = Recording(device: SynthesizedDevices.touchpad, events: [])
        let text = try RecordingWriter.text(for: bare)
        #expect(!text.contains("\"labels\""))
        #expect(!text.contains("\"expected\""))
        #expect(text.contains("\"events\": []"))
        #expect(try RecordingReader.read(bytes: Array(text.utf8)) == bare)
        var pinned = bare
        pinned.expected = []
        let pinnedText = try RecordingWriter.text(for: pinned)
        #expect(pinnedText.contains("\"expected\": {\"actions\": []}"))
        #expect(try RecordingReader.read(bytes: Array(pinnedText.utf8)).expected == [])
    }

    @Test("names with quotes, backslashes, control characters and emoji survive")
    func strings() throws {
        var recording = RecordingFormatFixtures.tap
        recording.device.name = "Pad \"Pro\" \\ 2\n\u{1}\t✋🏽"
        recording.labels = [RecordingLabel(gesture: "π", note: "line\r\nnext \u{7f} \u{2028}")]
        recording.expected = [ActionRecord(time: 1, recognizer: "a\"b", view: "ü", state: .began, touches: 1, location: .zero, values: [ActionValue("q\\", 1)])]
        let read = try RecordingReader.read(bytes: try RecordingWriter.bytes(for: recording))
        #expect(read.device.name == recording.device.name)
        #expect(read.labels == recording.labels)
        #expect(read.expected == recording.expected)
        // Escapes the writer does not use read too.
        let escaped = RecordingFormatFixtures.tapText(
            replacing: "\"name\": \"Tactile Synthesized Touchscreen\"", with: "\"name\": \"\\u0054\\/\\b\\f\\ud83d\\ude00\"")
        #expect(try RecordingReader.read(bytes: Array(escaped.utf8)).device.name == "T/\u{8}\u{c}😀")
    }

    @Test("a read record's jsonLine is the written line, values in order, null as NaN")
    func expectedActions() throws {
        let line = "{\"t\":1.250000,\"recognizer\":\"pan\",\"view\":\"canvas\",\"state\":\"changed\",\"touches\":2,\"location\":[10.000,-3.500],\"values\":{\"translation.y\":2.000000,\"translation.x\":-1.000000,\"velocity.x\":null}}"
        let text = RecordingFormatFixtures.tapText(replacing: RecordingFormatFixtures.tap.expected?.first?.jsonLine ?? "", with: line)
        let record = try #require(try RecordingReader.read(bytes: Array(text.utf8)).expected?.first)
        #expect(record.jsonLine == line)
        #expect(record.values.map(\.name) == ["translation.y", "translation.x", "velocity.x"])
        #expect(record.values[2].value.isNaN)
        #expect(record.state == .changed)
        #expect(record.location == Point(x: 10, y: -3.5))
    }

    @Test("ActionRecord decodes from its JSON line with JSONDecoder too")
    func actionRecordDecodable() throws {
        let records = RecordingFormatFixtures.session.expected ?? []
        #expect(!records.isEmpty)
        for record in records.prefix(50) {
            let decoded = try JSONDecoder().decode(ActionRecord.self, from: Data(record.jsonLine.utf8))
            #expect(decoded.recognizer == record.recognizer)
            #expect(decoded.view == record.view)
            #expect(decoded.state == record.state)
            #expect(decoded.touches == record.touches)
            #expect(abs(decoded.time - record.time) <= 5e-7)
            #expect(abs(decoded.location.x - record.location.x) <= 5e-4 && abs(decoded.location.y - record.location.y) <= 5e-4)
            // JSON objects have no order; the names and values are all there.
            #expect(Set(decoded.values.map(\.name)) == Set(record.values.map(\.name)))
            for value in record.values {
                let match = try #require(decoded.values.first { $0.name == value.name })
                #expect(abs(match.value - value.value) <= 5e-7)
            }
        }
        let withNull = "{\"t\":0.5,\"recognizer\":\"r\",\"view\":\"v\",\"state\":\"began\",\"touches\":1,\"location\":[1,2],\"values\":{\"speed\":null}}"
        let decoded = try JSONDecoder().decode(ActionRecord.self, from: Data(withNull.utf8))
        #expect(decoded.values.first?.value.isNaN == true)
        let broken = "{\"t\":0.5,\"recognizer\":\"r\",\"view\":\"v\",\"state\":\"maybe\",\"touches\":1,\"location\":[1,2],\"values\":{}}"
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ActionRecord.self, from: Data(broken.utf8)) }
        let threeNumbers = "{\"t\":0.5,\"recognizer\":\"r\",\"view\":\"v\",\"state\":\"began\",\"touches\":1,\"location\":[1,2,3],\"values\":{}}"
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ActionRecord.self, from: Data(threeNumbers.utf8)) }
    }

    @Test("warnings: time going backwards, unknown types and codes, slots beyond the device, a wrong summary")
    func warnings() throws {
        var text = RecordingFormatFixtures.tapText(replacing: "    [0, 8000, 0, 0, 0]\n", with: "    [0, 4000, 0, 0, 0]\n")
        var result = try RecordingReader.readWithWarnings(bytes: Array(text.utf8), file: "w.json")
        let backwards = try #require(result.warnings.first { $0.kind == .timeWentBackwards })
        #expect(backwards.count == 1)
        #expect(backwards.path == "events[6]")
        #expect(backwards.line == 37)
        #expect(backwards.description.hasPrefix("w.json:37: warning: an event earlier than the one before it"))
        #expect(result.warnings.contains { $0.kind == .summaryMismatch }, "the duration no longer matches")
        #expect(result.recording.events[6].microseconds == 4000, "the event is kept as it is")

        text = RecordingFormatFixtures.tapText(replacing: "[0, 0, 3, 47, 0],", with: "[0, 0, 3, 47, 12], [0, 0, 3, 58, 9], [0, 0, 9, 1, 1], [0, 0, 3, 47, 10], [0, 0, 1, 800, 1], [0, 0, 40, 1, 1],")
        text = text.replacingOccurrences(of: "\"eventCount\": 7", with: "\"eventCount\": 12")
        result = try RecordingReader.readWithWarnings(bytes: Array(text.utf8), file: "w.json")
        let kinds = Dictionary(uniqueKeysWithValues: result.warnings.map { ($0.kind, $0) })
        #expect(kinds[.slotOutOfRange]?.count == 2)
        #expect(kinds[.slotOutOfRange]?.path == "events[0]")
        #expect(kinds[.unknownEventCode]?.count == 2, "ABS_MT_PRESSURE is not on the device, nor is code 800")
        #expect(kinds[.unknownEventCode]?.message.contains("ABS_MT_PRESSURE") == true)
        #expect(kinds[.unknownEventType]?.count == 2, "types 9 and 40 do not exist")
        #expect(kinds[.summaryMismatch] == nil)
        #expect(result.recording.events.count == 12)

        text = RecordingFormatFixtures.tapText(replacing: "\"eventCount\": 7", with: "\"eventCount\": 8")
        result = try RecordingReader.readWithWarnings(bytes: Array(text.utf8), file: "w.json")
        #expect(result.warnings.map(\.kind) == [.summaryMismatch])
        #expect(result.warnings.first?.message.contains("8 events where the file has 7") == true)
        #expect(result.storedSummary.eventCount == 8)
    }

    @Test("header-only reading stops at \"events\" and never looks at them")
    func headerOnly() throws {
        let broken = RecordingFormatFixtures.tapText(replacing: "    [0, 0, 3, 47, 0],\n", with: "    [0, 0, 3, 47, 0], ]]] \u{0}\u{ff} garbage {\n")
        #expect(throws: RecordingError.self) { try RecordingReader.read(bytes: Array(broken.utf8)) }
        let header = try RecordingReader.header(bytes: Array(broken.utf8))
        #expect(header.device == RecordingFormatFixtures.tap.device)
        #expect(header.labels == RecordingFormatFixtures.tap.labels)
        #expect(header.summary == RecordingFormatFixtures.tap.summary)
        #expect(header.expected?.map(\.jsonLine) == RecordingFormatFixtures.tap.expected?.map(\.jsonLine))
        #expect(header.version == 1)
        #expect(header.created == "2026-11-21T12:00:00Z")

        // A large file whose events are garbage: the header answers at once. Judged by the ratio to
        // the same header before a few events, measured in the same run (the fastest of three each),
        // which a busy machine does not move as it moves a wall-clock bound: about 1 when only the
        // header is read, about 10,000 if the whole 24 MB were.
        try TemporaryDirectory.with { directory in
            let prefix = RecordingFormatFixtures.tapText.components(separatedBy: "\"events\": [").first ?? ""
            func file(_ name: String, garbage: Int) -> String {
                let path = directory + "/" + name
                let bytes = Array((prefix + "\"events\": [").utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: garbage)
                #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
                return path
            }
            let large = file("large.json", garbage: 24 << 20), small = file("small.json", garbage: 2 << 10)
            func fastest(_ path: String) -> Duration {
                SameRunTiming.fastest { #expect((try? RecordingReader.header(contentsOf: path))?.device.name == "Tactile Synthesized Touchscreen") }
            }
            let largeTime = fastest(large), smallTime = fastest(small)
            #expect(largeTime / smallTime < 20, "header of 24 MB: \(largeTime), of 2 KB: \(smallTime)")
            #expect(throws: RecordingError.self) { try RecordingReader.read(contentsOf: large) }
        }
    }

    @Test("streaming gives the same events and warnings as the whole-file reader, in any chunk size")
    func streaming() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/session.json"
            try RecordingWriter.write(RecordingFormatFixtures.session, to: path)
            let whole = try RecordingReader.readWithWarnings(contentsOf: path)
            #expect(whole.recording.events == RecordingFormatFixtures.session.events)
            for chunkSize in [16, 17, 1000, 1 << 20] {
                for readingAhead in [false, true] {
                    let stream = try RecordingReader.events(contentsOf: path, limits: .default, chunkSize: chunkSize, readingAhead: readingAhead)
                    #expect(stream.header.device == whole.recording.device)
                    let events = Array(stream)
                    #expect(stream.error == nil)
                    #expect(stream.isFinished)
                    #expect(events == whole.recording.events, "chunk size \(chunkSize), reading ahead: \(readingAhead)")
                    #expect(stream.warnings == whole.warnings)
                    #expect(stream.eventCount == events.count)
                    // The end stays the end: nothing is delivered twice.
                    #expect(stream.next() == nil)
                    #expect(stream.eventCount == events.count)
                    #expect(stream.isFinished)
                }
                let chunked = try RecordingReader.readWithWarnings(contentsOf: path, limits: .default, chunkSize: chunkSize)
                #expect(chunked == whole)
            }
            // Warnings come through the stream too.
            let odd = RecordingFormatFixtures.tapText(replacing: "    [0, 8000, 0, 0, 0]\n", with: "    [0, 4000, 0, 0, 0]\n")
            try odd.write(toFile: path, atomically: false, encoding: .utf8)
            for readingAhead in [false, true] {
                let stream = try RecordingReader.events(contentsOf: path, readingAhead: readingAhead)
                #expect(try stream.validate().map(\.kind) == [.timeWentBackwards, .summaryMismatch])
            }
        }
    }

    @Test("a stream reading ahead spans many batches, and one left early stops its thread and closes the file")
    func readingAheadLong() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/long.json"
            var long = RecordingFormatFixtures.session
            long.events = (0..<40).flatMap { copy in long.events.map { $0.shifted(byMicroseconds: Int64(copy) * 100_000_000) } }
            long.labels = []
            try RecordingWriter.write(long, to: path)
            let whole = try RecordingReader.read(contentsOf: path).events
            #expect(whole.count > 3 * 16384, "the file is long enough for several read-ahead batches")
            let stream = try RecordingReader.events(contentsOf: path, readingAhead: true)
            var read: [InputEvent] = []
            while let event = try stream.nextEvent() {
                read.append(event)
                #expect(stream.eventCount == read.count)
            }
            #expect(read == whole)
            #expect(stream.isFinished)

            // The descriptors open on this file only: other tests running beside this one open files too.
            let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            func openFiles() -> Int {
                let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
                return descriptors.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == target }.count
            }
            let before = openFiles()
            do {
                let abandoned = try RecordingReader.events(contentsOf: path, readingAhead: true)
                #expect(abandoned.next() != nil)
                #expect(openFiles() == before + 1)
            }
            // The thread sees the cancel at its next batch, then lets go of the file.
            var waited = 0
            while openFiles() > before && waited < 200 {
                usleep(10_000)
                waited += 1
            }
            #expect(openFiles() == before, "the abandoned stream's file is still open after 2 s")
        }
    }

    @Test("a stream stops at the first broken event and reports it")
    func streamingError() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/broken.json"
            let text = RecordingFormatFixtures.tapText(replacing: "[0, 0, 3, 54, 500]", with: "[0, 0, 3, 54, 5e2]")
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            for chunkSize in [16, 1 << 20] {
              for readingAhead in [false, true] {
                let stream = try RecordingReader.events(contentsOf: path, limits: .default, chunkSize: chunkSize, readingAhead: readingAhead)
                var count = 0
                for _ in stream { count += 1 }
                #expect(count == 3)
                let error = try #require(stream.error)
                #expect(error.problem == .invalidNumber)
                #expect(error.line == 34)
                #expect(error.path == "events[3][4]")
                #expect(!stream.isFinished)
                #expect(throws: RecordingError.self) { try stream.nextEvent() }
              }
            }
        }
    }

    @Test("reading a file that is not there, or a directory, is a clean error")
    func unreadable() throws {
        try TemporaryDirectory.with { directory in
            for path in [directory + "/missing.json", directory] {
                do throws(RecordingError) {
                    _ = try RecordingReader.read(contentsOf: path)
                    Issue.record("read \(path)")
                } catch {
                    #expect(error.problem == .unreadable)
                    #expect(error.file == path)
                }
                #expect(throws: RecordingError.self) { try RecordingReader.header(contentsOf: path) }
                #expect(throws: RecordingError.self) { try RecordingReader.events(contentsOf: path) }
            }
        }
    }
}
