import Foundation
import Testing
import Tactile

/// The least-squares velocity estimator: reference data from Android and
/// Flutter (Recordings/velocity, see SOURCES.md there), then unit properties.
@Suite("VelocityTracker: least-squares velocity estimation")
struct VelocityTrackerTests {

    // MARK: - Reference data

    /// The repository root: the nearest directory above this file that holds Package.swift.
    static func repositoryRoot(from file: String = #filePath) throws -> URL {
        var directory = URL(fileURLWithPath: file).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        throw ReferenceDataError.noPackageRoot(file)
    }

    static func loadJSON<T: Decodable>(_ type: T.Type, named name: String) throws -> T {
        let url = try repositoryRoot().appendingPathComponent("Recordings/velocity/\(name)")
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
    }

    enum ReferenceDataError: Error {
        case noPackageRoot(String)
    }

    // Android: libs/input/tests/VelocityTracker_test.cpp, as JSON.

    struct AndroidFile: Decodable {
        let cases: [AndroidCase]
    }

    struct AndroidCase: Decodable {
        let `case`: String
        let kind: String
        let samples: [AndroidSample]
        let expected: [AndroidExpectation]
    }

    struct AndroidSample: Decodable {
        let t_ns: Int64
        let pointers: [AndroidPointer?]?
    }

    struct AndroidPointer: Decodable {
        let x: Double
        let y: Double
        let resampled: Bool
    }

    struct AndroidExpectation: Decodable {
        let strategy: String
        let axis: String
        let pointer_id: Int
        let expected: Double?
        let tolerance_fraction: Double
    }

    /// Replays a planar case the way Android 14 builds and consumes the
    /// MotionEvents (see SOURCES.md): DOWN first, POINTER_DOWN clears that
    /// pointer, MOVE adds every non-resampled pointer, POINTER_UP and the
    /// final single-pointer UP add nothing. Returns one tracker per pointer id
    /// and the time of the last event, at which the velocity is asked for.
    static func replayAndroid(_ testCase: AndroidCase) -> (trackers: [Int: VelocityTracker], queryTime: Double) {
        let samples = testCase.samples
        func down(_ sample: AndroidSample) -> Set<Int> {
            Set((sample.pointers ?? []).indices.filter { sample.pointers?[$0] != nil })
        }
        var trackers: [Int: VelocityTracker] = [:]
        for (index, sample) in samples.enumerated() {
            let time = Double(sample.t_ns) / 1e9
            let pointers = down(sample)
            if index == 0 {
                trackers.removeAll()  // ACTION_DOWN
            } else if index == samples.count - 1 && pointers.count == 1 {
                continue  // ACTION_UP: no movement is added
            } else {
                let previous = down(samples[index - 1])
                let next = down(samples[index + 1])
                if previous.count < pointers.count {
                    for id in pointers.subtracting(previous) { trackers[id] = VelocityTracker() }  // POINTER_DOWN
                } else if pointers.count > next.count {
                    continue  // POINTER_UP: no movement is added
                }
            }
            for (id, pointer) in (sample.pointers ?? []).enumerated() {
                guard let pointer, !pointer.resampled else { continue }
                trackers[id, default: VelocityTracker()].addSample(time: time, position: Point(x: pointer.x, y: pointer.y))
            }
        }
        let queryTime = Double(samples.last?.t_ns ?? 0) / 1e9
        return (trackers, queryTime)
    }

    /// Android's check: within tolerance·|expected|, 1e-6 absolute for an
    /// expected 0, and "no velocity" met by nil or zero.
    static func androidAgrees(got: Double?, expected: Double?, tolerance: Double) -> Bool {
        guard let expected else { return got == nil || got == 0 }
        guard let got else { return false }
        if expected == 0 { return abs(got) <= 1e-6 }
        return abs(got - expected) <= tolerance * abs(expected)
    }

    @Test("Android LSQ2 reference: at least 90 % of the expectations within the data's tolerance")
    func androidReference() throws {
        let file = try Self.loadJSON(AndroidFile.self, named: "velocity_tracker_cases.json")
        var total = 0, passed = 0, casesTotal = 0, casesPassed = 0
        var failures: [String] = []
        for testCase in file.cases where testCase.kind == "planar" {
            let expectations = testCase.expected.filter { $0.strategy == "LSQ2" || $0.strategy == "DEFAULT" }
            guard !expectations.isEmpty else { continue }
            let (trackers, queryTime) = Self.replayAndroid(testCase)
            var caseOK = true
            for expectation in expectations {
                let estimate = trackers[expectation.pointer_id]?.estimate(at: queryTime)
                let got = estimate.map { expectation.axis == "X" ? $0.velocity.dx : $0.velocity.dy }
                let ok = Self.androidAgrees(
                    got: got, expected: expectation.expected, tolerance: expectation.tolerance_fraction)
                total += 1
                if ok {
                    passed += 1
                } else {
                    caseOK = false
                    failures.append(
                        "\(testCase.case) \(expectation.strategy) \(expectation.axis) pointer \(expectation.pointer_id): "
                            + "expected \(expectation.expected.map { "\($0)" } ?? "no velocity") "
                            + "±\(expectation.tolerance_fraction), got \(got.map { "\($0)" } ?? "nil")")
                }
            }
            casesTotal += 1
            if caseOK { casesPassed += 1 }
        }
        let percentage = total == 0 ? 0 : 100 * Double(passed) / Double(total)
        print("android LSQ2: \(passed)/\(total) expectations within tolerance (\(String(format: "%.1f", percentage)) %), "
            + "\(casesPassed)/\(casesTotal) cases fully within tolerance")
        for failure in failures { print("  android FAIL \(failure)") }
        #expect(total == 49, "the file holds 49 LSQ2/DEFAULT planar expectations, found \(total)")
        #expect(percentage >= 90, "only \(passed)/\(total) Android expectations within tolerance: \(failures)")
    }

    // Flutter: velocity_tracker_data.dart + velocity_tracker_test.dart, as JSON.

    struct FlutterFile: Decodable {
        let cases: [FlutterCase]
    }

    struct FlutterCase: Decodable {
        let `case`: String
        let expected_vx: Double
        let expected_vy: Double
        let events: [FlutterEvent]
    }

    struct FlutterEvent: Decodable {
        let type: String
        let t_ms: Int64
        let x: Double
        let y: Double
    }

    @Test("Flutter recorded flings: at least 90 % of the cases within 5 % on both axes")
    func flutterReference() throws {
        let file = try Self.loadJSON(FlutterFile.self, named: "flutter_velocity_cases.json")
        var within5 = 0, within01 = 0
        var failures: [String] = []
        func relative(_ got: Double, _ expected: Double) -> Double { abs(got - expected) / abs(expected) }
        for testCase in file.cases {
            var tracker = VelocityTracker()
            var velocity: Vector?
            for event in testCase.events {
                let time = Double(event.t_ms) / 1000
                switch event.type {
                case "down", "move":
                    tracker.addSample(time: time, position: Point(x: event.x, y: event.y))
                default:
                    // At the up event (15 ms after the last move); its position is not added.
                    velocity = tracker.velocity(at: time)
                }
            }
            guard let velocity else {
                failures.append("\(testCase.case): no up event")
                continue
            }
            let errorX = relative(velocity.dx, testCase.expected_vx)
            let errorY = relative(velocity.dy, testCase.expected_vy)
            if max(errorX, errorY) <= 0.05 { within5 += 1 } else {
                failures.append("\(testCase.case): expected (\(testCase.expected_vx), \(testCase.expected_vy)), got \(velocity)")
            }
            if max(errorX, errorY) <= 0.001 { within01 += 1 }
            print("  flutter \(testCase.case): expected (\(testCase.expected_vx), \(testCase.expected_vy)) "
                + "got (\(velocity.dx), \(velocity.dy)) rel. error x \(String(format: "%.2e", errorX)) y \(String(format: "%.2e", errorY))")
        }
        let total = file.cases.count
        let percentage = total == 0 ? 0 : 100 * Double(within5) / Double(total)
        print("flutter: \(within5)/\(total) within 5 % (\(String(format: "%.1f", percentage)) %), "
            + "\(within01)/\(total) within 0.1 % (the original test's tolerance)")
        for failure in failures { print("  flutter FAIL \(failure)") }
        #expect(total == 14, "the file holds 13 flings and 1 interrupted fling, found \(total)")
        #expect(percentage >= 90, "only \(within5)/\(total) Flutter cases within 5 %: \(failures)")
    }

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
}
