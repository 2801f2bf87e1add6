// LatencyRecorder: percentiles from its buckets, merging, and no buckets until the first latency.
import Testing
import TactileService

@Suite struct LatencyRecorderTests {
    @Test func anEmptyRecorderHasNoPercentileAndEqualsANewOne() {
        var recorder = LatencyRecorder()
        recorder.merge(LatencyRecorder())
        // Equal to a new one: merging nothing made no buckets (a recorder with buckets would differ).
        #expect(recorder.percentile(0.5) == nil)
        #expect(recorder == LatencyRecorder())
        #expect(recorder.summary == "no frames")
    }

    @Test func percentilesAreTheBucketsUpperEdges() {
        var recorder = LatencyRecorder()
        for value in 1...100 { recorder.record(microseconds: Double(value) - 0.5) }
        #expect(recorder.count == 100)
        #expect(recorder.percentile(0.5) == 50)
        #expect(recorder.percentile(0.99) == 99)
        #expect(recorder.summary == "100 frames: p50 50 µs, p99 99 µs, max 100 µs")
    }

    @Test func mergingIntoAnEmptyRecorderKeepsEveryLatency() {
        var measured = LatencyRecorder()
        measured.record(microseconds: 7)
        measured.record(microseconds: 250_000)
        var total = LatencyRecorder()
        total.merge(measured)
        total.merge(LatencyRecorder())
        #expect(total == measured)
        #expect(total.percentile(0.5) == 8)
        #expect(total.percentile(1) == Double(LatencyRecorder.limit + 1))
        #expect(total.maximum == 250_000)
    }
}
