// A velocity with the evidence behind it: confidence, samples, degree, duration.

/// A velocity with the evidence behind it, from ``VelocityTracker``
/// (`Value` = ``Vector``, points per second) or ``ScalarVelocityTracker``
/// (`Value` = `Double`, value units per second).
public struct VelocityEstimate<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The rate of change per second at the newest sample's time: the
    /// derivative of the fitted polynomial there. Zero when the pointer is
    /// considered stopped or when only one sample is usable.
    public var velocity: Value

    /// How well the fit explains the samples, 0…1: the coefficient of
    /// determination R² of the fit (for positions, the product of the x and y
    /// R², as Flutter does). 1 for a clean line or parabola and for a pointer
    /// that has stopped; lower for jittery data; 0 when a single sample gives
    /// no evidence of motion.
    public var confidence: Double

    /// How many samples the fit used (0 when the pointer is considered stopped).
    public var sampleCount: Int

    /// The polynomial degree that was fitted (0 when no fit was made).
    public var degree: Int

    /// The time from the oldest to the newest sample used, in seconds.
    public var duration: Double

    /// The change from the oldest to the newest sample used.
    public var offset: Value
}
