// Thousands of recognizers on one view: a touch costs time in proportion to them, not to their square.
import Foundation
import Testing
@testable import Tactile

/// A config may put thousands of recognizers on one view; every touch
/// brings them all into play. Arbitration, timers and leaving play cost in
/// proportion to them (once quadratic: 8 000 taps took 4.5 s for one tap).
@Suite("Engine: the cost of a crowd of recognizers")
struct CrowdCostTests {
    /// Seconds for one tap among `count` tap recognizers (and as many swipes, whose timers stay), the best of `runs`.
    private func tapTime(recognizers count: Int, runs: Int = 3) -> (seconds: Double, actions: [String]) {
        var best = Double.infinity
        var actions: [String] = []
        for _ in 0..<runs {
            let harness = Harness.panel()
            for index in 0..<count {
                harness.window.addGestureRecognizer(TapGestureRecognizer(name: "tap\(index)"))
                harness.window.addGestureRecognizer(SwipeGestureRecognizer(direction: .right, name: "swipe\(index)"))
            }
            var script = EventScript()
            script.tap(at: Point(x: 1000, y: 500), start: 0.1, id: 1)
            // The thread's CPU time, not the wall clock's: time other processes take from this
            // thread on a busy machine is not the engine's cost.
            let start = Self.threadCPUSeconds()
            harness.run(script)
            harness.pipeline.advance(to: 2)
            best = min(best, Self.threadCPUSeconds() - start)
            actions = harness.actions
        }
        return (best, actions)
    }

    /// This thread's CPU time, in seconds.
    private static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    @Test("ten times the recognizers cost about ten times as much, not a hundred")
    func linear() {
        let small = tapTime(recognizers: 1_000), large = tapTime(recognizers: 10_000)
        #expect(small.actions == ["tap0:ended"] && large.actions == ["tap0:ended"], "the first tap wins, as before")
        let ratio = large.seconds / max(small.seconds, 1e-6)
        // Linear is 10×; quadratic was 100×. Generous: caches do not grow with the crowd. (No bound
        // in seconds besides: the ratio of CPU times, measured in the same run, is what load does not move.)
        #expect(ratio < 35, "1 000: \(small.seconds) s, 10 000: \(large.seconds) s, ratio \(ratio)")
    }
}
