// `tactile replay --trace`: the steps of recognition among the usual lines, and on standard error with --json.
import Foundation
import TactileTestSupport
import Testing

@Suite struct ReplayTraceTests {
    let recording = Repository.path("Recordings/tablet-bamboo-two-finger-tap.json")

    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    @Test func traceLinesComeBetweenTheUsualLinesAndChangeNothingElse() throws {
        let plain = try TestSupport.run(try tactile(), ["replay", recording])
        let traced = try TestSupport.run(try tactile(), ["replay", "--trace", recording])
        #expect(plain.status == 0 && traced.status == 0, "\(traced.standardError)")
        let traces = traced.lines.filter { $0.hasPrefix("trace ") }
        #expect(traced.lines.filter { !$0.hasPrefix("trace ") } == plain.lines, "--trace only adds lines")
        #expect(traces.contains { $0.contains("touch #1 lands on window: tap, twoFingerTap") })
        #expect(traces.contains { $0.contains("twoFingerTap@window  possible → ended") })
        #expect(traces.contains { $0.contains("tap@window  possible → failed: ") }, "a loser says why it lost")
        // The step that makes an action comes before the action's line.
        let began = try #require(traced.lines.firstIndex { $0.hasPrefix("trace ") && $0.contains("twoFingerTap@window  possible → ended") })
        let action = try #require(traced.lines.firstIndex { !$0.hasPrefix("trace ") && $0.contains("twoFingerTap@window  ended") })
        #expect(began < action)
    }

    @Test func withJSONTheTraceGoesToStandardError() throws {
        let json = try TestSupport.run(try tactile(), ["replay", "--json", recording])
        let traced = try TestSupport.run(try tactile(), ["replay", "--json", "--trace", recording])
        #expect(traced.status == 0)
        #expect(traced.standardOutput == json.standardOutput, "standard output stays the action log")
        #expect(traced.standardError.split(separator: "\n").contains { $0.hasPrefix("trace ") && $0.contains("lands on window") })
    }
}
