// VelocityTracker's properties: lines, parabolas and cut-offs, confidence, the scalar tracker and the least-squares fit.
import Foundation
import Testing
import Tactile

extension VelocityTrackerTests {
    // MARK: - Lines, parabolas, cut-offs

    /// Samples `f(t)` every `step` seconds for `count` samples starting at `start`.
    static func tracker(
        start: Double = 0, step: Double = 0.008, count: Int, _ f: (Double) -> Point
    ) -> VelocityTracker {
        var tracker = VelocityTracker()
        for index in 0..<count {
            let time = start + Double(index) * step
            tracker.addSample(time: time, position: f(time))
        }
        return tracker
    }

    @Test("a constant-velocity line gives that velocity exactly, with confidence 1")
    func constantVelocity() throws {
        let tracker = Self.tracker(count: 12) { t in Point(x: 3 + 250 * t, y: -7 - 120 * t) }
        let last = 11 * 0.008
        let estimate = try #require(tracker.estimate(at: last))
        #expect(abs(estimate.velocity.dx - 250) < 1e-9, "vx \(estimate.velocity.dx)")
        #expect(abs(estimate.velocity.dy + 120) < 1e-9, "vy \(estimate.velocity.dy)")
        #expect(abs(estimate.confidence - 1) < 1e-12, "confidence \(estimate.confidence)")
        #expect(estimate.sampleCount == 12 && estimate.degree == 2, "\(estimate)")
        #expect(abs(estimate.duration - last) < 1e-12)
        #expect(abs(estimate.offset.dx - 250 * last) < 1e-9)
    }

    @Test("absolute timestamps (uptime of days) give the same velocity as relative ones")
    func absoluteTimestamps() {
        let start = 216_690.896
        let tracker = Self.tracker(start: start, count: 10) { t in Point(x: 40 * (t - start), y: 900 * (t - start)) }
        let velocity = tracker.velocity(at: start + 9 * 0.008)
        #expect(abs(velocity.dx - 40) < 1e-5 && abs(velocity.dy - 900) < 1e-5, "\(velocity)")
    }

    @Test("constant acceleration gives the derivative at the newest sample")
    func constantAcceleration() {
        // x = 5 + 100 t + ½·2000 t², y = 0 − 300 t − ½·800 t²: v = (100 + 2000 t, −300 − 800 t).
        let tracker = Self.tracker(count: 11, { t in Point(x: 5 + 100 * t + 1000 * t * t, y: -300 * t - 400 * t * t) })
        let newest = 10 * 0.008
        let velocity = tracker.velocity(at: newest + 0.005)
        #expect(abs(velocity.dx - (100 + 2000 * newest)) < 1e-8, "vx \(velocity.dx), want \(100 + 2000 * newest)")
        #expect(abs(velocity.dy - (-300 - 800 * newest)) < 1e-8, "vy \(velocity.dy), want \(-300 - 800 * newest)")
    }

    @Test("a gap of more than 40 ms between samples cuts the older ones off")
    func gapCutsOlderSamples() throws {
        var tracker = VelocityTracker()
        for index in 0..<6 {  // fast: 1000 pt/s
            let t = Double(index) * 0.008
            tracker.addSample(time: t, position: Point(x: 1000 * t, y: 0))
        }
        // 45 ms pause, then slow: 200 pt/s.
        let resume = 0.040 + 0.045
        for index in 0..<3 {
            let t = resume + Double(index) * 0.008
            tracker.addSample(time: t, position: Point(x: 40 + 200 * (t - resume), y: 0))
        }
        let estimate = try #require(tracker.estimate(at: resume + 0.016))
        #expect(estimate.sampleCount == 3, "only the samples after the gap count, used \(estimate.sampleCount)")
        #expect(abs(estimate.velocity.dx - 200) < 1e-9, "vx \(estimate.velocity.dx)")

        // A gap of exactly 40 ms is not a stop.
        let spaced = Self.tracker(step: 0.040, count: 3) { t in Point(x: 50 * t, y: 0) }
        #expect(spaced.estimate(at: 0.080)?.sampleCount == 3)
        #expect(abs(spaced.velocity(at: 0.080).dx - 50) < 1e-9)
    }

    @Test("only samples within 100 ms of the newest count")
    func horizon() throws {
        // 20 samples 10 ms apart span 190 ms; the newest 11 (0…100 ms old) count.
        let tracker = Self.tracker(step: 0.010, count: 20) { t in Point(x: t < 0.085 ? 0 : 300 * (t - 0.085), y: 0) }
        let estimate = try #require(tracker.estimate(at: 0.19))
        #expect(estimate.sampleCount == 11, "used \(estimate.sampleCount)")
        #expect(abs(estimate.velocity.dx - 300) < 1e-9, "the flat part is older than the horizon: \(estimate.velocity.dx)")
    }

    @Test("the velocity is zero once the newest sample is older than 40 ms")
    func staleSamplesGiveZero() throws {
        let tracker = Self.tracker(count: 8) { t in Point(x: 500 * t, y: 80 * t) }
        let last = 7 * 0.008
        #expect(abs(tracker.velocity(at: last + 0.040).dx - 500) < 1e-9, "40 ms later the finger may still be moving")
        #expect(tracker.velocity(at: last + 0.041) == .zero, "41 ms later it has stopped")
        let stopped = try #require(tracker.estimate(at: last + 0.041))
        #expect(stopped.sampleCount == 0 && stopped.confidence == 1, "\(stopped)")
        #expect(tracker.velocity(at: last + 3) == .zero)
    }

    @Test("no samples give no estimate; one sample gives zero; two give the line's slope")
    func fewSamples() throws {
        var tracker = VelocityTracker()
        #expect(tracker.estimate(at: 0) == nil)
        #expect(tracker.velocity(at: 0) == .zero)

        tracker.addSample(time: 1.000, position: Point(x: 10, y: 20))
        let one = try #require(tracker.estimate(at: 1.0))
        #expect(one.velocity == .zero && one.sampleCount == 1 && one.degree == 0, "\(one)")
        #expect(one.confidence == 0, "one sample is no evidence of motion")

        tracker.addSample(time: 1.010, position: Point(x: 13, y: 18))
        let two = try #require(tracker.estimate(at: 1.010))
        #expect(two.degree == 1 && two.sampleCount == 2, "\(two)")
        #expect(abs(two.velocity.dx - 300) < 1e-6 && abs(two.velocity.dy + 200) < 1e-6, "\(two.velocity)")
        #expect(abs(two.confidence - 1) < 1e-12)

        tracker.addSample(time: 1.020, position: Point(x: 16, y: 16))
        #expect(tracker.estimate(at: 1.020)?.degree == 2, "three samples allow the quadratic")

        tracker.reset()
        #expect(tracker.sampleCount == 0 && tracker.estimate(at: 1.02) == nil, "reset forgets every sample")
    }

    @Test("the ring buffer keeps only the newest 20 samples")
    func ringKeepsNewestTwenty() throws {
        #expect(VelocityTrackerParameters.maximumSampleCount == 20)
        var tracker = VelocityTracker()
        // 30 samples 4 ms apart: all 116 ms would nearly fit the horizon, but the
        // first 10 (wild values, 80…116 ms old) must have been dropped.
        for index in 0..<30 {
            let t = Double(index) * 0.004
            let x = index < 10 ? (index.isMultiple(of: 2) ? 5000.0 : -5000.0) : 700 * t
            tracker.addSample(time: t, position: Point(x: x, y: 0))
            #expect(tracker.sampleCount == min(index + 1, 20))
        }
        let estimate = try #require(tracker.estimate(at: 29 * 0.004))
        #expect(estimate.sampleCount == 20, "used \(estimate.sampleCount)")
        #expect(abs(estimate.velocity.dx - 700) < 1e-8, "vx \(estimate.velocity.dx)")
        #expect(abs(estimate.duration - 19 * 0.004) < 1e-12)
    }

    @Test("a sample at the newest time replaces it; an older one is ignored")
    func sampleOrdering() {
        var tracker = Self.tracker(step: 0.010, count: 3) { t in Point(x: 100 * t, y: 0) }
        tracker.addSample(time: 0.020, position: Point(x: 2, y: 0))  // same time as the newest: same point
        #expect(tracker.sampleCount == 3)
        tracker.addSample(time: 0.005, position: Point(x: 999, y: 999))  // older: ignored
        tracker.addSample(time: .nan, position: Point(x: 1, y: 1))  // not finite: ignored
        #expect(tracker.sampleCount == 3 && tracker.newestSampleTime == 0.020)
        #expect(abs(tracker.velocity(at: 0.020).dx - 100) < 1e-9)
    }

    // MARK: - Confidence

    @Test("confidence is near 1 for clean lines and lower for noisy data")
    func confidence() throws {
        let clean = try #require(Self.tracker(count: 12) { t in Point(x: 400 * t, y: 100 - 250 * t) }.estimate(at: 0.088))
        #expect(clean.confidence > 0.999_999, "clean line: \(clean.confidence)")

        // The same line with ±10 pt of deterministic jitter on x (35 pt of travel).
        var jitter: UInt64 = 0x9E37_79B9_7F4A_7C15
        let noisy = try #require(Self.tracker(count: 12) { t in
            jitter = jitter &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Double(jitter >> 11) / Double(1 << 53) * 20 - 10
            return Point(x: 400 * t + noise, y: 100 - 250 * t)
        }.estimate(at: 0.088))
        #expect(noisy.confidence < 0.9, "noisy line: \(noisy.confidence)")
        #expect(noisy.confidence >= 0 && noisy.confidence <= 1)
        #expect(noisy.confidence < clean.confidence)

        let still = try #require(Self.tracker(count: 5) { _ in Point(x: 10, y: 10) }.estimate(at: 0.032))
        #expect(still.velocity == .zero && still.confidence == 1, "a finger at rest is a perfect fit: \(still)")
    }

    // MARK: - Scalar tracker

    @Test("scalar tracker: a scale ramp 1 → 2 over 0.5 s gives 2 per second")
    func scalarScaleRamp() throws {
        var tracker = ScalarVelocityTracker()
        for index in 0...50 {
            let t = Double(index) * 0.010
            tracker.addSample(time: t, value: 1 + 2 * t)
        }
        let estimate = try #require(tracker.estimate(at: 0.5))
        #expect(abs(estimate.velocity - 2) < 1e-9, "scale velocity \(estimate.velocity)")
        #expect(estimate.sampleCount == 11 && abs(estimate.confidence - 1) < 1e-12, "\(estimate)")
        #expect(abs(estimate.offset - 0.2) < 1e-12)
        #expect(tracker.velocity(at: 0.541) == 0, "stopped after 41 ms without samples")
        tracker.reset()
        #expect(tracker.estimate(at: 0.5) == nil)
    }

    @Test("scalar tracker: an accelerating rotation gives the angular velocity at the newest sample")
    func scalarRotation() {
        var tracker = ScalarVelocityTracker()
        for index in 0..<10 {
            let t = 3.0 + Double(index) * 0.016
            let local = t - 3.0
            tracker.addSample(time: t, value: 0.5 * local + 4 * local * local)  // ω = 0.5 + 8·local
        }
        let velocity = tracker.velocity(at: 3.0 + 9 * 0.016)
        #expect(abs(velocity - (0.5 + 8 * 9 * 0.016)) < 1e-9, "angular velocity \(velocity)")
    }

    @Test("parameters: degree 1 fits a line; a longer horizon uses more samples")
    func parameters() throws {
        #expect(VelocityTrackerParameters.standard.degree == 2)
        #expect(VelocityTrackerParameters.standard.horizon == 0.1)
        #expect(VelocityTrackerParameters.standard.stopInterval == 0.04)
        var tracker = VelocityTracker(parameters: VelocityTrackerParameters(degree: 1, horizon: 0.2))
        for index in 0..<15 {
            let t = Double(index) * 0.010
            tracker.addSample(time: t, position: Point(x: 1000 * t * t, y: 0))
        }
        let estimate = try #require(tracker.estimate(at: 0.14))
        #expect(estimate.degree == 1 && estimate.sampleCount == 15, "\(estimate)")
        #expect(estimate.velocity.dx < 2000 * 0.14, "a line through a parabola lags its end slope")
        #expect(estimate.confidence < 1)
    }

    // MARK: - Fitting core

    @Test("LeastSquaresFit recovers a quadratic exactly and reports R² = 1")
    func fitRecoversQuadratic() throws {
        let times = [-0.04, -0.03, -0.02, -0.01, 0]
        let values = times.map { 7 - 3 * $0 + 50 * $0 * $0 }
        let fit = try #require(LeastSquaresFit(degree: 2, times: times, values: values))
        #expect(abs(fit.coefficients[0] - 7) < 1e-10)
        #expect(abs(fit.coefficients[1] + 3) < 1e-9)
        #expect(abs(fit.coefficients[2] - 50) < 1e-7)
        #expect(abs(fit.derivative(at: 0) + 3) < 1e-9 && abs(fit.value(at: -0.02) - values[2]) < 1e-12)
        #expect(fit.rSquared == 1 || abs(fit.rSquared - 1) < 1e-12)
    }

    @Test("LeastSquaresFit: weights, degree limits and singular systems")
    func fitEdgeCases() throws {
        // Zero weight removes an outlier entirely.
        let weighted = try #require(LeastSquaresFit(
            degree: 1, times: [0, 1, 2, 3], values: [0, 2, 100, 6], weights: [1, 1, 0, 1]))
        #expect(abs(weighted.derivative(at: 0) - 2) < 1e-12 && abs(weighted.rSquared - 1) < 1e-12)
        // A noisy line has 0 < R² < 1.
        let noisy = try #require(LeastSquaresFit(degree: 1, times: [0, 1, 2, 3], values: [0, 3, 1, 4]))
        #expect(noisy.rSquared > 0 && noisy.rSquared < 1, "R² \(noisy.rSquared)")
        // Degree 0 is the weighted mean.
        let mean = try #require(LeastSquaresFit(degree: 0, times: [0, 1], values: [2, 4], weights: [3, 1]))
        #expect(abs(mean.value(at: 5) - 2.5) < 1e-12 && mean.derivative(at: 0) == 0)

        #expect(LeastSquaresFit(degree: 3, times: [0, 1, 2, 3], values: [0, 1, 2, 3]) == nil, "degree above 2")
        #expect(LeastSquaresFit(degree: 2, times: [0, 1], values: [0, 1]) == nil, "too few samples")
        #expect(LeastSquaresFit(degree: 2, times: [0, 1, 1], values: [0, 1, 2]) == nil, "two distinct times")
        #expect(LeastSquaresFit(degree: 1, times: [0, 1], values: [0]) == nil, "mismatched lengths")
        #expect(LeastSquaresFit(degree: 1, times: [0, 1], values: [0, 1], weights: [0, 0]) == nil, "no weight")
        #expect(LeastSquaresFit(degree: 1, times: [0, .infinity], values: [0, 1]) == nil, "not finite")
    }

    // MARK: - The velocity alone

    @Test("velocity(at:) is estimate(at:)'s velocity bit for bit, on jittered strokes of every length and rate")
    func velocityMatchesEstimate() throws {
        // velocity(at:) fits both axes at once without R² (the engine's path,
        // for every action); estimate(at:) fits each axis on its own with R².
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var compared = 0
        for stroke in 0..<200 {
            var point = VelocityTracker(), scalar = ScalarVelocityTracker()
            var time = 1_000 + Double(stroke)
            let count = 1 + stroke % 30
            for _ in 0..<count {
                time += 0.004 + 0.02 * next()
                let position = Point(x: 300 * time + 2 * next(), y: -80 * time * time + 3 * next())
                point.addSample(time: time, position: position)
                scalar.addSample(time: time, value: position.x)
                let at = time + 0.01 * next()
                let estimate = try #require(point.estimate(at: at))
                let velocity = point.velocity(at: at)
                #expect(velocity.dx.bitPattern == estimate.velocity.dx.bitPattern
                        && velocity.dy.bitPattern == estimate.velocity.dy.bitPattern, "\(velocity) vs \(estimate)")
                let scalarEstimate = try #require(scalar.estimate(at: at))
                #expect(scalar.velocity(at: at).bitPattern == scalarEstimate.velocity.bitPattern)
                compared += 1
            }
        }
        #expect(compared == 3_000)
    }
}
