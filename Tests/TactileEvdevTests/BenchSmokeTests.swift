import Foundation
import TactileTestSupport
import Testing

/// `tactile bench --quick`: every measurement still runs end to end and
/// reports a figure beside its same-run reference (times are not asserted:
/// a debug build on a shared CI machine measures nothing meaningful).
@Suite struct BenchSmokeTests {
    struct Row: Decodable {
        var measure: String
        var result: String
        var reference: String
        var ratio: Double?
        var target: String?
        var met: Bool?
    }

    @Test("bench --quick --json prints every row with a result, a reference and a ratio")
    func quickBenchReportsEveryMeasurement() throws {
        let tactile = try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
        let output = try TestSupport.run(tactile, ["bench", "--quick", "--json"], timeout: 300)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let all = try output.lines.map { try JSONDecoder().decode(Row.self, from: Data($0.utf8)) }
        func rows(_ prefix: String) -> [Row] { all.filter { $0.measure.hasPrefix(prefix) } }
        #expect(rows("recording load").count == 2)
        #expect(rows("pipeline").count == 2)
        #expect(rows("scaling: ").count == 7, "1, 2, 5, 10 touches and 1, 10, 100 views")
        #expect(rows("memory").count == 1)
        #expect(rows("live latency").count == 1)
        let umockdev = TestSupport.umockdevRun != nil
        for row in all where umockdev || !row.measure.hasPrefix("live latency") {
            let ratio = try #require(row.ratio, "\(row.measure) has no ratio")
            #expect(ratio.isFinite && ratio > 0, "\(row.measure): ratio \(ratio)")
            #expect(!row.result.isEmpty && row.reference != "–", "\(row.measure)")
            if !row.measure.hasPrefix("recording load, streaming") {
                #expect(row.met != nil, "\(row.measure) names no target")
            }
        }
        // The load row compares the same events both ways (the bench fails otherwise).
        #expect(rows("recording load, whole").first?.reference.hasPrefix("JSONDecoder") == true)
    }

    @Test("bench rejects an unknown group with a clear message")
    func unknownGroup() throws {
        let tactile = try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
        let output = try TestSupport.run(tactile, ["bench", "--only", "speed"])
        #expect(output.status != 0)
        #expect(output.standardError.contains("unknown group speed"))
    }
}
