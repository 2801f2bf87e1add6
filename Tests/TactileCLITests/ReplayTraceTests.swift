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

    /// Over the whole corpus, every failure in the trace says why, by its
    /// criterion with numbers or by the rule that decided it: none falls back
    /// on the generic "its criteria were not met".
    @Test func everyFailureInTheCorpusSaysWhich() throws {
        var failures = 0
        for file in Repository.goldenRecordings {
            let traced = try TestSupport.run(try tactile(), ["replay", "--trace", Repository.recordings + "/" + file])
            #expect(traced.status == 0, "\(file): \(traced.standardError)")
            for line in traced.lines where line.hasPrefix("trace ") && line.contains(" → failed") {
                failures += 1
                #expect(line.contains(" → failed: "), "\(file): a failure without a reason: \(line)")
                #expect(!line.contains("its criteria were not met"), "\(file): \(line)")
            }
        }
        #expect(failures > 1000, "the corpus fails recognizers often: \(failures)")
    }
}
