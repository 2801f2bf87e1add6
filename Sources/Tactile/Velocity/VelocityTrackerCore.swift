// What the velocity trackers share: sample storage, the choice of samples, the fit.

/// The part shared by the two trackers: sample storage, the choice of the
/// samples that count, and the per-axis fits.
struct VelocityTrackerCore: Sendable {
    var parameters: VelocityTrackerParameters
    private(set) var ring = VelocitySampleRing()
    /// The time of the first sample merged into the newest one (see ``add(time:a:b:)``).
    private var runStart = -Double.infinity

    init(parameters: VelocityTrackerParameters) {
        self.parameters = parameters
    }

    /// What an estimate is built from.
    struct Result {
        /// Samples used (0 when the pointer is considered stopped).
        var sampleCount: Int
        var degree: Int
        var velocity: SIMD2<Double>
        var confidence: Double
        var duration: Double
        var offset: SIMD2<Double>
    }

    /// Adds a sample. A sample at the newest sample's time replaces it (as
    /// Android does when a pointer-down repeats a move's timestamp); a sample
    /// older than the newest, or with a non-finite field, is ignored.
    /// A sample within ``VelocityTrackerParameters/mergeInterval`` of the
    /// first sample of the newest run replaces the newest too.
    mutating func add(time: Double, a: Double, b: Double) {
        guard time.isFinite, a.isFinite, b.isFinite else { return }
        let sample = VelocitySample(time: time, a: a, b: b)
        if let newest = ring.newest {
            if time < newest.time { return }
            if time == newest.time || time - runStart < parameters.mergeInterval {
                ring.replaceNewest(with: sample)
                return
            }
        }
        runStart = time
        ring.append(sample)
    }

    mutating func reset() {
        ring.removeAll()
        runStart = -.infinity
    }

    /// The estimate at `time`, fitting `axes` (1 or 2) coordinates.
    ///
    /// Always inlined, so that a tracker stored in a class is read in place:
    /// the stored samples are gathered, newest first, into a small stack
    /// buffer that the fit reads, instead of the whole ring being copied for
    /// each call.
    @inline(__always)
    func estimate(at time: Double, axes: Int, needsConfidence: Bool = true) -> Result? {
        guard ring.count > 0 else { return nil }
        return withUnsafeTemporaryAllocation(of: VelocitySample.self, capacity: ring.count) { buffer in
            let count = ring.copyNewestFirst(into: buffer)
            return Self.estimate(newestFirst: UnsafeBufferPointer(rebasing: buffer[..<count]), parameters: parameters,
                                 at: time, axes: axes, needsConfidence: needsConfidence)
        }
    }

    /// The estimate at `time` from `samples` (newest first, at least one).
    private static func estimate(newestFirst samples: UnsafeBufferPointer<VelocitySample>, parameters: VelocityTrackerParameters,
                                 at time: Double, axes: Int, needsConfidence: Bool) -> Result {
        let newest = samples[0]
        let slack = VelocityTrackerParameters.timeTolerance
        if time - newest.time > parameters.stopInterval + slack {
            // The pointer has not moved for too long: it stopped.
            return Result(sampleCount: 0, degree: 0, velocity: .zero, confidence: 1, duration: 0, offset: .zero)
        }

        // Walk back from the newest sample while the motion is continuous.
        var used = 1
        var previous = newest
        while used < samples.count {
            let sample = samples[used]
            if newest.time - sample.time > parameters.horizon + slack { break }
            if previous.time - sample.time > parameters.stopInterval + slack { break }
            previous = sample
            used += 1
        }
        let oldest = previous
        let duration = newest.time - oldest.time
        let offset = SIMD2(newest.a - oldest.a, newest.b - oldest.b)

        let window = UnsafeBufferPointer(rebasing: samples[..<used])
        var degree = min(parameters.effectiveDegree, used - 1)
        while degree > 0 {
            if let fits = fit(window, degree: degree, axes: axes, needsConfidence: needsConfidence) {
                return Result(
                    sampleCount: used, degree: degree, velocity: fits.velocity,
                    confidence: fits.confidence, duration: duration, offset: offset)
            }
            degree -= 1  // A singular system: try a simpler curve.
        }
        // One sample (or nothing fits): no evidence of motion.
        return Result(sampleCount: used, degree: 0, velocity: .zero, confidence: 0, duration: duration, offset: offset)
    }

    /// Fits each axis over `samples` (newest first), times relative to the
    /// newest sample, and returns the slopes at that time and the product of
    /// R²; without confidence (then 0), both axes are fitted at once.
    private static func fit(_ samples: UnsafeBufferPointer<VelocitySample>, degree: Int, axes: Int, needsConfidence: Bool)
        -> (velocity: SIMD2<Double>, confidence: Double)?
    {
        let newestTime = samples[0].time
        if !needsConfidence {
            let slopes = LeastSquaresFit.slopesAtZero(degree: degree, count: samples.count, axes: axes) { index in
                (samples[index].time - newestTime, samples[index].a, samples[index].b)
            }
            return slopes.map { ($0, 0) }
        }
        guard let fitA = LeastSquaresFit(degree: degree, count: samples.count, sample: { index in
            (samples[index].time - newestTime, samples[index].a, 1)
        }) else { return nil }
        guard axes > 1 else {
            return (SIMD2(fitA.derivative(at: 0), 0), fitA.rSquared)
        }
        guard let fitB = LeastSquaresFit(degree: degree, count: samples.count, sample: { index in
            (samples[index].time - newestTime, samples[index].b, 1)
        }) else { return nil }
        return (SIMD2(fitA.derivative(at: 0), fitB.derivative(at: 0)), fitA.rSquared * fitB.rSquared)
    }
}
