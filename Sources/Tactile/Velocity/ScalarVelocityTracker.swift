/// Estimates the rate of change of one value from timed samples, by least
/// squares: the scale of a pinch (scale per second) or the angle of a
/// rotation (radians per second).
///
/// It works exactly like ``VelocityTracker`` on a single axis: a polynomial
/// of degree ``VelocityTrackerParameters/degree`` (2) over the newest samples
/// within the horizon (0.1 s) and without a pause longer than the stop
/// interval (0.04 s); the velocity is the derivative at the newest sample's
/// time, zero once the newest sample is older than the stop interval, the
/// slope of a line with two usable samples and zero with one. Storage is
/// inline; adding and estimating never allocate.
///
/// Feed an angle unwrapped (continuous across ±π), or a jump of 2π shows up
/// as a huge velocity.
///
/// ```swift
/// var tracker = ScalarVelocityTracker()
/// for (time, scale) in [(0.00, 1.0), (0.01, 1.1), (0.02, 1.2)] { tracker.addSample(time: time, value: scale) }
/// print(tracker.velocity(at: 0.02))   // about 10 per second
/// ```
public struct ScalarVelocityTracker: Sendable {
    private var core: VelocityTrackerCore

    /// Creates an empty tracker with `parameters` (the standard ones by default).
    public init(parameters: VelocityTrackerParameters = .standard) {
        core = VelocityTrackerCore(parameters: parameters)
    }

    /// The tuning; changes apply to the next estimate.
    public var parameters: VelocityTrackerParameters {
        get { core.parameters }
        set { core.parameters = newValue }
    }

    /// How many samples are stored (at most ``VelocityTrackerParameters/maximumSampleCount``).
    public var sampleCount: Int { core.ring.count }

    /// The time of the newest sample, or `nil` when there is none.
    public var newestSampleTime: Double? { core.ring.newest?.time }

    /// Adds `value` at `time` (seconds, non-decreasing).
    ///
    /// A sample at the same time as the newest one replaces it; a sample
    /// older than the newest, or a non-finite value, is ignored. When the
    /// tracker is full the oldest sample is dropped.
    public mutating func addSample(time: Double, value: Double) {
        core.add(time: time, a: value, b: 0)
    }

    /// The rate of change at `time`, in value units per second, with the R²
    /// of the fit as confidence; `nil` when there are no samples.
    /// See ``VelocityEstimate``.
    @inline(__always)
    public func estimate(at time: Double) -> VelocityEstimate<Double>? {
        guard let result = core.estimate(at: time, axes: 1) else { return nil }
        return VelocityEstimate(
            velocity: result.velocity.x,
            confidence: result.confidence,
            sampleCount: result.sampleCount,
            degree: result.degree,
            duration: result.duration,
            offset: result.offset.x)
    }

    /// The rate of change at `time`, in value units per second; zero when
    /// there are no samples, one usable sample, or the value has stopped changing.
    @inline(__always)
    public func velocity(at time: Double) -> Double {
        core.estimate(at: time, axes: 1, needsConfidence: false)?.velocity.x ?? 0
    }

    /// Forgets every sample (for a new gesture); the parameters stay.
    public mutating func reset() {
        core.reset()
    }
}
