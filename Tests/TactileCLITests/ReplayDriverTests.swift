// The replay driver as the CLI uses it: golden actions in time order with the touch lines, timers on time when paced.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing
@testable import tactile

/// The replay driver as the CLI uses it: the golden actions, printed in time order with
/// the touch lines, and timers fired at their own moment when paced.
@MainActor
@Suite struct ReplayDriverTests {
    nonisolated static let corpus = Repository.recordings

    /// Every corpus recording with a golden log (the velocity data aside).
    nonisolated static let files: [String] = Repository.goldenRecordings

    @Test("the driver gives each recording's golden log, with frames shown", arguments: files)
    func goldenLog(file: String) throws {
        let recording = try RecordingReader.read(contentsOf: Self.corpus + "/" + file)
        let expected = try #require(recording.expected)
        var frames = 0
        let outcome = ReplayDriver().run(device: recording.device, screen: recording.screen, axisValues: recording.axisValues,
                                         events: recording.events, onFrame: { _ in frames += 1 })
        #expect(frames > 0)
        #expect(RecordingReplay.diff(expected: expected, actual: outcome.log.records).isEmpty)
    }

    /// `0.351717  tap@window  ended` comes before `1.086211  touch #2 began`:
    /// the single tap is decided by a timer, before the next finger lands.
    @Test func replayLinesAreInTimeOrder() throws {
        let tactile = try #require(TestSupport.product("tactile"))
        for file in ["synthetic/touchpad-taps.json", "synthetic/touchscreen-taps.json", "touchpad-cypress-two-finger-tap.json"] {
            let output = try TestSupport.run(tactile, ["replay", Self.corpus + "/" + file])
            #expect(output.status == 0, "\(output.standardError)")
            let times = output.lines.filter { !$0.hasPrefix("#") }.compactMap { line in
                line.split(separator: " ", omittingEmptySubsequences: true).first.flatMap { Double($0) }
            }
            #expect(times.count > 4)
            #expect(times == times.sorted(), "\(file): lines out of time order:\n\(output.standardOutput)")
        }
    }

    /// Paced, a timer fires when its time comes, not when the input ends (at
    /// once) nor when the run-out does (0.7 s later): told by the moment the
    /// pacer had been asked to reach when the tap ended, which no load can
    /// change. The real pacer is then checked to wait at all (a lower bound:
    /// load only makes it later).
    @Test func pacedTimersFireOnTime() throws {
        let recording = try RecordingReader.read(contentsOf: Self.corpus + "/synthetic/touchpad-taps.json")
        // The first tap only: the input ends at its lift, 0.052 s.
        let events = recording.events.filter { $0.time < 1.0 }
        let paced = PaceNotes()
        var pacedWhenEnded: Double?
        _ = ReplayDriver(pacer: NotingPacer(notes: paced)).run(device: recording.device, screen: recording.screen, events: events, onAction: { record in
            if record.recognizer == "tap", record.state == .ended { pacedWhenEnded = paced.waits.last }
        })
        let moment = try #require(pacedWhenEnded, "the single tap did not end")
        // Decided at 0.352 s: the input's end is 0.3 s before, the run-out's (1.052 s) 0.7 s after.
        #expect(abs(moment - 0.352) < 0.01, "the tap ended when the pacer had reached \(moment) s; waits: \(paced.waits)")

        let clock = ContinuousClock()
        let start = clock.now
        var tapEnded: Duration?
        _ = ReplayDriver(pacer: Pacer(speed: 1)).run(device: recording.device, screen: recording.screen, events: events, onAction: { record in
            if record.recognizer == "tap", record.state == .ended { tapEnded = start.duration(to: clock.now) }
        })
        let elapsed = try #require(tapEnded, "the single tap did not end")
        #expect(elapsed >= .milliseconds(330), "tap ended after \(elapsed)")
    }
}

/// What a ``NotingPacer`` was asked to wait until, in order (engine seconds).
private final class PaceNotes {
    var waits: [Double] = []
}

/// A pacer that waits for nothing and notes every moment it is asked to reach.
private struct NotingPacer: ReplayPacer {
    let notes: PaceNotes
    var isStopped: Bool { false }
    mutating func start(at time: Double) {}
    mutating func wait(until time: Double) { notes.waits.append(time) }
}
