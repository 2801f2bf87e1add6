// Velocity from timed samples by least squares, for a position (VelocityTracker) or one value (ScalarVelocityTracker).

/// Estimates the velocity of a 2-D position (points per second) from timed
/// samples, by least squares: Flutter's and Android's LSQ2 estimator.
///
/// Feed one sample per frame with ``LeastSquaresVelocityTracker/addSample(time:position:)``
/// and ask for ``LeastSquaresVelocityTracker/velocity(at:)`` or
/// ``LeastSquaresVelocityTracker/estimate(at:)`` with the current time. Each
/// axis is fitted separately with a polynomial of degree
/// ``VelocityTrackerParameters/degree`` (2) over the newest samples that lie
/// within the horizon (0.1 s) of the newest one and have no pause longer
/// than the stop interval (0.04 s) between them; the velocity is the
/// derivative at the newest sample's time. When the newest sample is older
/// than the stop interval at the query time, the pointer has stopped and the
/// velocity is zero. Two usable samples give the slope of the line through
/// them; one gives zero.
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
public typealias VelocityTracker = LeastSquaresVelocityTracker<Point>

/// Estimates the rate of change of one value from timed samples, by least
/// squares: the scale of a pinch (scale per second) or the angle of a
/// rotation (radians per second). It works exactly like ``VelocityTracker``
/// on a single axis.
///
/// Feed an angle unwrapped (continuous across ±π), or a jump of 2π shows up
/// as a huge velocity.
///
/// ```swift
/// var tracker = ScalarVelocityTracker()
/// for (time, scale) in [(0.00, 1.0), (0.01, 1.1), (0.02, 1.2)] { tracker.addSample(time: time, value: scale) }
/// print(tracker.velocity(at: 0.02))   // about 10 per second
/// ```
public typealias ScalarVelocityTracker = LeastSquaresVelocityTracker<Double>

/// The least-squares velocity estimator behind ``VelocityTracker`` (a
/// position) and ``ScalarVelocityTracker`` (one value); see those.
public struct LeastSquaresVelocityTracker<Value: VelocityTrackable>: Sendable {
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
    /// older than the newest, or with a non-finite coordinate, is ignored.
    /// When the tracker is full the oldest sample is dropped.
    public mutating func addSample(time: Double, _ value: Value) {
        let axes = value.trackedAxes
        core.add(time: time, a: axes.first, b: axes.second)
    }

    /// The velocity at `time`, per second, with the confidence of the fit;
    /// `nil` when there are no samples. See ``VelocityEstimate``.
    @inline(__always)
    public func estimate(at time: Double) -> VelocityEstimate<Value.Rate>? {
        guard let result = core.estimate(at: time, axes: Value.trackedAxisCount) else { return nil }
        return VelocityEstimate(
            velocity: Value.rate(result.velocity.x, result.velocity.y),
            confidence: result.confidence,
            sampleCount: result.sampleCount,
            degree: result.degree,
            duration: result.duration,
            offset: Value.rate(result.offset.x, result.offset.y))
    }

    /// The velocity at `time`, per second; zero when there are no samples,
    /// one usable sample, or the value has stopped changing.
    @inline(__always)
    public func velocity(at time: Double) -> Value.Rate {
        guard let result = core.estimate(at: time, axes: Value.trackedAxisCount, needsConfidence: false) else {
            return Value.rate(0, 0)
        }
        return Value.rate(result.velocity.x, result.velocity.y)
    }

    /// Forgets every sample (for a new gesture); the parameters stay.
    public mutating func reset() {
        core.reset()
    }
}

extension LeastSquaresVelocityTracker where Value == Point {
    /// Adds the position at `time` (see ``addSample(time:_:)``).
    public mutating func addSample(time: Double, position: Point) {
        addSample(time: time, position)
    }
}

extension LeastSquaresVelocityTracker where Value == Double {
    /// Adds `value` at `time` (see ``addSample(time:_:)``).
    public mutating func addSample(time: Double, value: Double) {
        addSample(time: time, value)
    }
}

/// What a ``LeastSquaresVelocityTracker`` follows: a ``Point`` (its velocity
/// a ``Vector``) or a `Double` (its rate a `Double`).
public protocol VelocityTrackable: Sendable {
    /// The type of its velocity.
    associatedtype Rate: Sendable & Hashable
    /// How many axes are fitted: 2 for a point, 1 for a value.
    static var trackedAxisCount: Int { get }
    /// Its coordinates on the fitted axes (the second is 0 with one axis).
    var trackedAxes: (first: Double, second: Double) { get }
    /// A velocity from its components on the fitted axes.
    static func rate(_ first: Double, _ second: Double) -> Rate
}

extension Point: VelocityTrackable {
    public static var trackedAxisCount: Int { 2 }
    public var trackedAxes: (first: Double, second: Double) { (x, y) }
    public static func rate(_ first: Double, _ second: Double) -> Vector { Vector(dx: first, dy: second) }
}

extension Double: VelocityTrackable {
    public static var trackedAxisCount: Int { 1 }
    public var trackedAxes: (first: Double, second: Double) { (self, 0) }
    public static func rate(_ first: Double, _ second: Double) -> Double { first }
}
