// RecordingJournal: appending, the sync cadence, and recovering whole frames from what a crash leaves.
import Foundation
import Tactile
import TactileRecording
import TactileSynthesis
import TactileTestSupport
import Testing

/// ``RecordingJournal``: appending, the sync cadence, and recovering whole
/// frames from what a crash leaves.
struct JournalTests {
    static let device = SynthesizedDevices.twoSlotTouchpad

    /// A clock tests move by hand.
    final class ManualClock: @unchecked Sendable {
        var now = 0.0
    }

    /// `count` frames 10 ms apart, each two events and a `SYN_REPORT`.
    static func frames(_ count: Int) -> [InputEvent] {
        (0..<count).flatMap { index -> [InputEvent] in
            let micro = Int64(index) * 10_000
            let seconds = micro / 1_000_000, microseconds = Int32(micro % 1_000_000)
            return [
                InputEvent(seconds: seconds, microseconds: microseconds, type: .abs, code: AbsCode.mtPositionX, value: Int32(100 + index)),
                InputEvent(seconds: seconds, microseconds: microseconds, type: .abs, code: AbsCode.mtPositionY, value: Int32(-index)),
                InputEvent(seconds: seconds, microseconds: microseconds, type: .syn, code: SynCode.report, value: 0),
            ]
        }
    }

    static func header() -> RecordingJournal.Header {
        RecordingJournal.Header(created: "2026-11-21T12:00:00Z", device: device, screen: Screen(width: 1920, height: 1080))
    }

    @Test func appendWritesHeaderAndEventLinesMode0600() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/x.json.journal"
            let writer = try RecordingJournal.Writer(path: path, header: Self.header())
            let events = Self.frames(3)
            for event in events { try writer.append(event) }
            try writer.close()
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 1 + events.count + 1)
            #expect(lines.first?.contains("\"format\":\"tactile-journal\"") == true)
            #expect(lines[1] == "[0, 0, 3, 53, 100]")
            #expect(lines.last == "")
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let recovery = try RecordingJournal.recover(contentsOf: path)
            #expect(recovery.recording.events == events)
            #expect(recovery.recording.device == Self.device)
            #expect(recovery.recording.created == "2026-11-21T12:00:00Z")
            #expect(recovery.recording.screen == Screen(width: 1920, height: 1080))
            #expect(!recovery.tornLine)
            #expect(recovery.droppedEvents == 0)
            // An existing journal is never replaced.
            #expect(throws: RecordingError.self) { try RecordingJournal.Writer(path: path, header: Self.header()) }
        }
    }

    /// Frames are synced once a second of the injected clock has passed, not before.
    @Test func syncCadenceFollowsTheClock() throws {
        try TemporaryDirectory.with { directory in
            let clock = ManualClock()
            let writer = try RecordingJournal.Writer(path: directory + "/c.journal", header: Self.header(), syncInterval: 1.0) { clock.now }
            #expect(writer.syncCount == 1)  // the header
            let events = Self.frames(200)
            for (index, event) in events.enumerated() {
                clock.now = Double(index / 3) * 0.01  // 10 ms a frame: 2 s in all
                try writer.append(event)
            }
            // Synced at 1.00 s of the clock (frame 100) only: frame 200 ends at 1.99 s.
            #expect(writer.syncCount == 2)
            #expect(writer.syncedEventCount == 101 * 3)
            try writer.tick()
            #expect(writer.syncCount == 2)
            clock.now = 2.0
            try writer.tick()
            #expect(writer.syncCount == 3)
            #expect(writer.syncedEventCount == events.count)
            // Nothing new: no sync however long it waits.
            clock.now = 10
            try writer.tick()
            #expect(writer.syncCount == 3)
            writer.remove()
            #expect(!FileManager.default.fileExists(atPath: directory + "/c.journal"))
        }
    }

    /// A frame's events are written only when it ends.
    @Test func unfinishedFramesAreNotWritten() throws {
        try TemporaryDirectory.with { directory in
            let path = directory + "/u.journal"
            let writer = try RecordingJournal.Writer(path: path, header: Self.header())
            let events = Self.frames(2)
            for event in events { try writer.append(event) }
            try writer.append(events[0])
            let recovery = try RecordingJournal.recover(contentsOf: path)
            #expect(recovery.recording.events == events)
            #expect(recovery.droppedEvents == 0)
            writer.remove()
        }
    }

    static func journalBytes(_ events: [InputEvent]) throws -> [UInt8] {
        let text = try RecordingJournal.line(for: header()) + "\n" + events.map { RecordingJournal.line(for: $0) + "\n" }.joined()
        return Array(text.utf8)
    }

    @Test func tornLastLineIsIgnored() throws {
        let events = Self.frames(4)
        var bytes = try Self.journalBytes(events)
        bytes += Array("[0, 40000, 3, 5".utf8)
        let recovery = try RecordingJournal.recover(bytes: bytes)
        #expect(recovery.tornLine)
        #expect(recovery.recording.events == events)
        // A whole-looking line cut short without its line feed is torn too.
        let cut = try Self.journalBytes(events) + Array("[0, 40000, 3, 53, 1]".utf8)
        let cutRecovery = try RecordingJournal.recover(bytes: cut)
        #expect(cutRecovery.tornLine)
        #expect(cutRecovery.recording.events == events)
    }

    /// Every cut of a journal recovers exactly the whole frames before the cut.
    @Test func recoveryKeepsWholeFramesAtEveryCut() throws {
        let events = Self.frames(5)
        let bytes = try Self.journalBytes(events)
        let headerLength = try RecordingJournal.line(for: Self.header()).utf8.count + 1
        for cut in headerLength...bytes.count {
            let recovery = try RecordingJournal.recover(bytes: Array(bytes[..<cut]))
            let complete = bytes[headerLength..<cut].filter { $0 == 0x0A }.count
            let whole = complete / 3 * 3
            #expect(recovery.recording.events == Array(events[..<whole]), "cut at \(cut)")
            #expect(recovery.droppedEvents == complete - whole)
            // The recovered recording writes and reads back the same.
            let written = try RecordingWriter.bytes(for: recovery.recording)
            #expect(try RecordingReader.read(bytes: written).events == recovery.recording.events)
        }
    }

    @Test func headerMustBeWhole() throws {
        let bytes = try Self.journalBytes([])
        #expect(throws: RecordingError.self) { try RecordingJournal.recover(bytes: Array(bytes.dropLast())) }
        #expect(throws: RecordingError.self) { try RecordingJournal.recover(bytes: Array("{\"format\":\"other\"}\n".utf8)) }
        #expect(try RecordingJournal.recover(bytes: bytes).recording.events.isEmpty)
    }
}
