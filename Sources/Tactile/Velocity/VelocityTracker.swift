/// Estimates the velocity of a 2-D position (points per second) from timed
/// samples, by least squares: Flutter's and Android's LSQ2 estimator.
///
/// Feed one sample per frame with ``addSample(time:position:)`` and ask for
/// ``velocity(at:)`` or ``estimate(at:)`` with the current time. Each axis is
/// fitted separately with a polynomial of degree ``VelocityTrackerParameters/degree``
/// (2) over the newest samples that lie within the horizon (0.1 s) of the
/// newest one and have no pause longer than the stop interval (0.04 s)
/// between them; the velocity is the derivative at the newest sample's time.
/// When the newest sample is older than the stop interval at the query time,
/// the pointer has stopped and the velocity is zero. Two usable samples give
/// the slope of the line through them; one gives zero.
///
/// The tracker is a value type with inline storage for
/// ``VelocityTrackerParameters/maximumSampleCount`` samples: adding a
/// sample and estimating never allocate.
///
/// ```swift
/// var tracker = VelocityTracker()
/// tracker.addSample(time: 0.000, position: Point(x: 0, y: 0))
/// tracker.addSample(time: 0.010, position: Point(x: 10, y: 0))
/// tracker.addSample(time: 0.020, position: Point(x: 20, y: 0))
/// print(tracker.velocity(at: 0.020))   // about (1000, 0) per second
/// ```
public struct VelocityTracker: Sendable {
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

    /// Adds the position at `time` (seconds, non-decreasing).
    ///
    /// A sample at the same time as the newest one replaces it; a sample
    /// older than the newest, or with a non-finite coordinate, is ignored.
    /// When the tracker is full the oldest sample is dropped.
    public mutating func addSample(time: Double, position: Point) {
        core.add(time: time, a: position.x, b: position.y)
    }

    /// The velocity at `time`, in position units per second, with the
    /// confidence of the fit; `nil` when there are no samples.
    /// See ``VelocityEstimate``.
    @inline(__always)
    public func estimate(at time: Double) -> VelocityEstimate<Vector>? {
        guard let result = core.estimate(at: time, axes: 2) else { return nil }
        return VelocityEstimate(
            velocity: Vector(dx: result.velocity.x, dy: result.velocity.y),
            confidence: result.confidence,
            sampleCount: result.sampleCount,
            degree: result.degree,
            duration: result.duration,
            offset: Vector(dx: result.offset.x, dy: result.offset.y))
    }

    /// The velocity at `time`, in position units per second; zero when there
    /// are no samples, one usable sample, or the pointer has stopped.
    @inline(__always)
    public func velocity(at time: Double) -> Vector {
        guard let result = core.estimate(at: time, axes: 2, needsConfidence: false) else { return .zero }
        return Vector(dx: result.velocity.x, dy: result.velocity.y)
    }

    /// Forgets every sample (for a new gesture); the parameters stay.
    public mutating func reset() {
        core.reset()
    }
}
