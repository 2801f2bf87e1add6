// VelocityTracker against reference data: Android's and Flutter's velocity tests (Recordings/velocity).

import Foundation
import TactileTestSupport
import Testing
import Tactile

/// The least-squares velocity estimator: reference data from Android and
/// Flutter (Recordings/velocity, see SOURCES.md there), then unit properties.
@Suite("VelocityTracker: least-squares velocity estimation")
struct VelocityTrackerTests {

    // MARK: - Reference data

    static func loadJSON<T: Decodable>(_ type: T.Type, named name: String) throws -> T {
        let url = Repository.root.appendingPathComponent("Recordings/velocity/\(name)")
        return try JSONDecoder().decode(T.self, from: Data(contentsOf: url))
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
}
