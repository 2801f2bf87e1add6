// Costs judged by a ratio of two timings in the same run, which load does not change much, never by a wall-clock bound.

/// The timing of cost tests: a test that asserts how a cost grows times
/// a small and a large case in the same run and bounds their ratio. A
/// busy machine slows both alike; a bound in seconds it can break (a
/// config parse once took 14.8 s beside two builds, against 10).
///
/// ```swift
/// let small = SameRunTiming.fastest { parse(100) }, large = SameRunTiming.fastest { parse(1_000) }
/// #expect(large / small < 35)   // about 10 when linear, 100 when quadratic
/// ```
public enum SameRunTiming {
    /// The fastest of `runs` runs of `body`: load slows a run down, never speeds one up.
    public static func fastest(of runs: Int = 3, _ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        return (0..<max(1, runs)).map { _ in clock.measure(body) }.min() ?? .zero
    }
}
