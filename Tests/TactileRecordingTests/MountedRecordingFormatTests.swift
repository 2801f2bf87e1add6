// A recording keeps the raw events and the mounting in force: version 3, the journal, evemu and libinput record.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

@Suite("Recording format: the mounting in force")
struct MountedRecordingFormatTests {
    /// The synthesized tap on a panel mounted upside down, on its screen as seen.
    static var mounted: Recording {
        var recording = RecordingFormatFixtures.tap
        recording.transform = .rotated(.clockwise90)
        recording.screen = recording.transform.screen(turning: recording.screen)
        return recording
    }

    @Test("a turned recording is version 3, its transform after the screen; an upright one stays version 1")
    func versions() throws {
        let text = try RecordingWriter.text(for: Self.mounted)
        #expect(text.contains("\"version\": 3"))
        #expect(text.contains("\n  \"transform\": [0, -1, 1, 1, 0, 0],\n  \"summary\""))
        #expect(RecordingFormatFixtures.tapText.contains("\"version\": 1"))
        #expect(!RecordingFormatFixtures.tapText.contains("transform"))
        let read = try RecordingImporter.parse(text, as: .tactile)
        #expect(read.transform == .rotated(.clockwise90))
        #expect(read.screen == Self.mounted.screen)
        #expect(read.events == Self.mounted.events)
        let header = try RecordingReader.header(bytes: Array(text.utf8))
        #expect(header.version == 3 && header.transform == .rotated(.clockwise90))
    }

    @Test("evemu and libinput record carry the mounting and read it back; libinput record's as libinput's udev property")
    func conversions() throws {
        for format in [RecordingFormat.evemu, .libinputRecord] {
            let text = try RecordingExporter.text(for: Self.mounted, as: format)
            #expect(text.contains("# Tactile-Transform: [0, -1, 1, 1, 0, 0]"), "\(format)")
            let read = try RecordingImporter.parse(text, as: format)
            #expect(read.transform == .rotated(.clockwise90), "\(format)")
            #expect(read.screen == Self.mounted.screen, "\(format)")
        }
        let record = try RecordingExporter.text(for: Self.mounted, as: .libinputRecord)
        #expect(record.contains("- LIBINPUT_CALIBRATION_MATRIX=0 -1 1 1 0 0"))
        // A libinput recording made on a calibrated desktop: the udev property alone turns it, and its screen.
        let bare = record.split(separator: "\n").filter { !$0.contains("Tactile-") }.joined(separator: "\n") + "\n"
        let read = try RecordingImporter.parse(bare, as: .libinputRecord)
        #expect(read.transform == .rotated(.clockwise90))
        #expect(read.screen.bounds.size == Size(width: Screen.standard.bounds.height, height: Screen.standard.bounds.width))
    }

    @Test("a replay of the turned recording gives what the app saw: the tap where the finger was on the turned screen")
    @MainActor func replay() throws {
        let upright = try #require(RecordingReplay.run(RecordingFormatFixtures.tap).log.records.first)
        let turned = try #require(RecordingReplay.run(Self.mounted).log.records.first)
        let screen = RecordingFormatFixtures.tap.screen.bounds
        #expect(turned.recognizer == upright.recognizer && turned.time == upright.time)
        // A quarter turn clockwise: (x, y) on the upright screen is (height − y, x) on the turned one.
        #expect(abs(turned.location.x - (screen.height - upright.location.y)) < 0.01)
        #expect(abs(turned.location.y - upright.location.x) < 0.01)
    }

    @Test("the journal of a turned recording keeps its mounting, and so does its recovery")
    func journal() throws {
        let header = RecordingJournal.Header(device: Self.mounted.device, screen: Self.mounted.screen, transform: Self.mounted.transform)
        let line = try RecordingJournal.line(for: header)
        #expect(line.contains("\"transform\":[0,-1,1,1,0,0]"))
        let text = line + "\n" + Self.mounted.events.map { RecordingJournal.line(for: $0) + "\n" }.joined()
        let recovered = try RecordingJournal.recover(bytes: Array(text.utf8))
        #expect(recovered.recording.transform == .rotated(.clockwise90))
        let upright = try RecordingJournal.line(for: RecordingJournal.Header(device: Self.mounted.device))
        #expect(!upright.contains("transform"))
        let bad = line.replacingOccurrences(of: "[0,-1,1,1,0,0]", with: "[0,0,0,0,0,0]")
        #expect(throws: RecordingError.self) { try RecordingJournal.recover(bytes: Array((bad + "\n").utf8)) }
    }
}
