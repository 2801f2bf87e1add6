// The velocity trackers' tuning: degree, horizon, stop interval, sample count.

/// The tuning of ``VelocityTracker`` and ``ScalarVelocityTracker``.
///
/// The defaults are those of Flutter's `VelocityTracker` and Android's
/// `VelocityTracker.cpp` (strategy LSQ2), which agree: a degree-2
/// least-squares fit over at most 20 samples from the last 100 ms, cut at a
/// pause of more than 40 ms, and zero velocity once the newest sample is more
/// than 40 ms old (the fix for "fling after the finger stopped", Flutter
/// PR #132291). Times are in seconds.
public struct VelocityTrackerParameters: Sendable, Hashable {
    /// The most samples a tracker keeps and fits (the newest ones). Fixed,
    /// because the samples are stored inline in the tracker.
    public static let maximumSampleCount = 20

    /// The default polynomial degree: 2 (a quadratic; Android's LSQ2).
    public static let defaultDegree = 2

    /// The default horizon: only samples within 0.1 s of the newest one count.
    public static let defaultHorizon = 0.100

    /// The default stop interval: 0.04 s (Android's `ASSUME_POINTER_STOPPED_TIME`,
    /// Flutter's `assumePointerMoveStoppedMilliseconds`).
    public static let defaultStopInterval = 0.040

    /// Slack added to the time comparisons, so that intervals that are exactly
    /// the horizon or the stop interval in integer microseconds or nanoseconds
    /// are not lost to binary rounding: one nanosecond.
    public static let timeTolerance = 1e-9

    /// The standard parameters (all defaults): Flutter's and Android's, sample for sample.
    public static let standard = VelocityTrackerParameters()

    /// The recognizers' parameters: the standard ones, with samples closer
    /// than 2 ms merged (``mergeInterval``). A device that reports the
    /// fingers of one scan in separate frames (a Galaxy S: 0.6 ms apart)
    /// moves a centroid half-way, then the rest: fitted as they come, those
    /// half-steps read as speeds of 10,000 pt/s.
    public static let touchFrames = VelocityTrackerParameters(mergeInterval: 0.002)

    /// The degree of the fitted polynomial, 1 or 2 (other values are clamped
    /// into 1…2 when used). With fewer samples than `degree + 1` the trackers
    /// lower the degree: two samples give a line, one sample gives zero.
    public var degree: Int

    /// The time window, in seconds: samples older than this, measured from
    /// the newest sample, are not used.
    public var horizon: Double

    /// The pause, in seconds, that means the pointer stopped. A gap longer
    /// than this between two consecutive samples cuts the fit at the gap
    /// (older samples are ignored), and when the newest sample is older than
    /// this at the query time the velocity is zero.
    public var stopInterval: Double

    /// Samples that follow the first of a run by less than this, in
    /// seconds, are parts of one frame: each replaces the newest sample
    /// (taking its time and value) instead of being added, so the fit never
    /// sees two samples closer than this. 0 (the standard) keeps every sample.
    /// A run is measured from its first sample, so a device reporting every
    /// millisecond still gives a sample every 2 ms with a 2 ms interval.
    public var mergeInterval: Double

    /// Creates parameters; every argument defaults to the standard value.
    ///
    /// ```swift
    /// var tracker = VelocityTracker(parameters: VelocityTrackerParameters(degree: 1, horizon: 0.05))
    /// ```
    public init(
        degree: Int = VelocityTrackerParameters.defaultDegree,
        horizon: Double = VelocityTrackerParameters.defaultHorizon,
        stopInterval: Double = VelocityTrackerParameters.defaultStopInterval,
        mergeInterval: Double = 0
    ) {
        self.degree = degree
        self.horizon = horizon
        self.stopInterval = stopInterval
        self.mergeInterval = mergeInterval
    }

    /// ``degree`` clamped into 1…``LeastSquaresFit/maximumDegree``.
    var effectiveDegree: Int { min(max(degree, 1), LeastSquaresFit.maximumDegree) }
}
