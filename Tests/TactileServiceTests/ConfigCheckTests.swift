// ConfigCheck: what serve would do with a recording, line by line, in time and memory that do not grow with the config's square or the recording.
import Foundation
import Tactile
@testable import TactileService
import TactileTestSupport
import Testing

@MainActor
@Suite struct ConfigCheckTests {
    /// A tap in the middle of the test panel at 2 s.
    static func tap(at time: Double = 2) -> [InputEvent] {
        var stream = PanelStream(time: time)
        stream.frame(land: [0: (100, 50)])
        stream.frame(move: [0: (100.2, 50)])
        stream.frame(lift: [0])
        return stream.events
    }

    /// `count` tap bindings (the first sends a key) as a config file's text.
    static func tapBindings(_ count: Int) -> String {
        "[[gesture]]\nrecognizer = \"tap\"\nended = { key = \"a\" }\n" + String(repeating: "[[gesture]]\nrecognizer = \"tap\"\n", count: count - 1)
    }

    /// Checks `text` over `events`, returning the check, its lines and the
    /// seconds it took (the best of `runs`: a shared machine is noisy).
    func check(_ text: String, events: [InputEvent], runs: Int = 1) throws -> (check: ConfigCheck, lines: [String], seconds: Double) {
        let config = try #require(ConfigLoader.parse(text, file: "g.toml").config)
        var lines: [String] = []
        var result: ConfigCheck?
        var best = Double.infinity
        for _ in 0..<runs {
            lines = []
            let elapsed = ContinuousClock().measure {
                result = ConfigCheck(config: config, device: servicePanel, events: events) { lines.append($0) }
            }
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return (try #require(result), lines, best)
    }

    @Test func twentyThousandTapBindingsAreCheckedOverATapInLinearTime() throws {
        // Once 4.5 s for 8 000 bindings and over 10 s for 20 000 (quadratic); now about 10× for 10× the bindings.
        let text = Self.tapBindings(20_000)
        #expect(text.utf8.count < ConfigLoader.maximumFileSize, "the config fits the 1 MB limit")
        let small = try check(Self.tapBindings(2_000), events: Self.tap(), runs: 3)
        let large = try check(text, events: Self.tap(), runs: 3)
        #expect(large.check.fired == ["tap@screen": 1])
        #expect(large.lines.contains("0.020 s  tap@screen → key a"), "\(large.lines)")
        #expect(large.check.silent.count == 19_999)
        #expect(large.check.silent.last?.reason == "1 touch reached it; failed: prevented by tap@screen with 1 finger")
        // Judged against the same run's 2 000 bindings, not the clock alone: a busy machine slows both.
        let ratio = large.seconds / max(small.seconds, 1e-6)
        #expect(ratio < 35, "2 000: \(small.seconds) s, 20 000: \(large.seconds) s: \(ratio)× for 10× the bindings (quadratic: 100×)")
    }

    @Test func timesCountFromTheRecordingsFirstEvent() throws {
        let run = try check(Self.tapBindings(1), events: Self.tap(at: 1_357_143_779.5))
        #expect(run.lines == ["0.020 s  tap@screen takes slot 0 from the app", "0.020 s  tap@screen ended at (400.6, 199.8)",
                              "0.020 s  tap@screen → key a"], "\(run.lines)")
    }

    @Test func withoutGrabNothingIsTakenFromTheApp() throws {
        let run = try check("[devices]\ngrab = false\n" + Self.tapBindings(1), events: Self.tap())
        #expect(!run.lines.contains { $0.contains("takes slot") }, "\(run.lines)")
        #expect(run.lines.contains("0.020 s  tap@screen → key a"))
        // Nor is there a copy to pass touches through: the keyboard is all serve would create.
        #expect(run.check.sink.devices.map(\.name) == ["Tactile keyboard"])
        let grabbing = try check(Self.tapBindings(1), events: Self.tap())
        #expect(grabbing.check.sink.devices.map(\.name) == ["Tactile keyboard", servicePanel.name])
        // Counted, none kept: the two frames passed on before the tap was recognized, then the three of its cancel.
        #expect(grabbing.check.sink.devices[1].frames == 5)
    }

    @Test func whyABindingNeverFiredIsSummedUpInBoundedMemory() throws {
        // A thousand short presses, each a little longer than the last: one line, the range of what was seen.
        var stream = PanelStream(time: 1)
        for index in 0..<1_000 {
            stream.frame(land: [0: (100, 50)])
            stream.wait(0.05 + Double(index % 10) * 0.02, slot: 0)
            stream.frame(lift: [0])
            stream.time += 0.3
        }
        let run = try check("[[gesture]]\nname = \"menu\"\nrecognizer = \"long-press\"\nbegan = { click = \"right\" }\n", events: stream.events)
        let reason = try #require(run.check.silent.first?.reason)
        #expect(reason.hasPrefix("1000 touches reached it; failed: lifted after "), "\(reason)")
        #expect(reason.hasSuffix("(needs 0.5 s) (×1000: 0.06–0.25 s)"), "\(reason)")
    }
}
