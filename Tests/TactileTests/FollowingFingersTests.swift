// Values that follow the fingers from where they landed, with the standard recognizers on the test panel.
import Foundation
import Testing
@testable import Tactile

/// Values that follow the fingers from where they landed, on the 200 × 100 mm
/// test panel (10 units = 1 mm), with the standard recognizers: a photo
/// viewer's picture stays under the fingers.
@Suite("Values that follow the fingers")
struct FollowingFingersTests {
    /// Runs `script` through StandardGestures and returns the actions.
    private func run(_ script: EventScript, configure: (StandardGestures) -> Void = { _ in }) -> [ActionRecord] {
        let harness = Harness.panel()
        let gestures = StandardGestures(attachingTo: harness.window)
        configure(gestures)
        harness.run(script)
        harness.pipeline.advance(to: 10)
        return harness.log.records
    }

    private func last(_ name: String, of recognizer: String, in records: [ActionRecord]) -> Double? {
        records.last { $0.recognizer == recognizer }?.values.first { $0.name == name }?.value
    }

    /// Two fingers on a horizontal line, centred on (1000, 500), from `from` to `to` mm apart, with a minimum-jerk profile.
    private func pinch(from: Double, to: Double, duration: Double, rest: Double = 0.1) -> EventScript {
        var script = EventScript()
        let frames = Int(duration / 0.01)
        script.frame(at: 0) { $0.slot(0).track(1).x(Int32(1000 - from * 5)).y(500).slot(1).track(2).x(Int32(1000 + from * 5)).y(500) }
        for step in 1...frames {
            let u = Double(step) / Double(frames)
            let progress = u * u * u * (10 + u * (-15 + 6 * u))
            let half = (from + (to - from) * progress) * 5
            script.frame(at: 0.1 + Double(step) * 0.01) {
                $0.slot(0).x(Int32((1000 - half).rounded())).slot(1).x(Int32((1000 + half).rounded()))
            }
        }
        let end = 0.1 + duration + rest
        script.frame(at: end) { $0.slot(0).lift() }
        script.frame(at: end + 0.02) { $0.slot(1).lift() }
        return script
    }

    @Test("a pinch from 20 to 48 mm ends at 2.4 (UIKit's from-recognition scale would be 1.9)")
    func pinchOut() {
        let records = run(pinch(from: 20, to: 48, duration: 0.4))
        let scale = last("scale", of: "pinch", in: records) ?? 0
        #expect(abs(scale / 2.4 - 1) < 0.10, "scale \(scale)")
        #expect(abs(scale - 2.4) < 0.05, "within 2 % on a noise-free panel: \(scale)")
        #expect(records.first { $0.recognizer == "pinch" }?.values.first?.value == 1, "1 at began: no jump")

        let uikit = run(pinch(from: 20, to: 48, duration: 0.4)) { $0.pinch.startBehavior = .fromRecognition }
        let fromRecognition = last("scale", of: "pinch", in: uikit) ?? 0
        #expect(fromRecognition < 2.1, "counted from the 25 mm where it began: \(fromRecognition)")
    }

    @Test("a slow pinch to 1.35 reports 1.35, and the scale never steps back or jumps")
    func slowPinch() {
        let records = run(pinch(from: 30, to: 40.5, duration: 1.2))
        let pinch = records.filter { $0.recognizer == "pinch" }.compactMap { $0.values.first?.value }
        #expect(abs((pinch.last ?? 0) - 1.35) < 0.02, "\(pinch.last ?? 0)")
        let steps = zip(pinch, pinch.dropFirst()).map { $1 / $0 }
        // The 5 mm before began (1.17 of scale) come in over 0.1 s: never more than 5 % in one 10 ms frame.
        #expect(steps.allSatisfy { $0 >= 1 - 1e-9 && $0 < 1.05 }, "\(steps) \(pinch)")
    }

    @Test("a 0.56 rad turn ends at 0.56")
    func turn() {
        var script = EventScript()
        let radius = 150.0, total = 0.56
        script.frame(at: 0) { $0.slot(0).track(1).x(1150).y(500).slot(1).track(2).x(850).y(500) }
        for step in 1...40 {
            let u = Double(step) / 40
            let angle = total * u * u * u * (10 + u * (-15 + 6 * u))
            let c = radius * cos(angle), s = radius * sin(angle)
            script.frame(at: 0.1 + Double(step) * 0.01) {
                $0.slot(0).x(Int32((1000 + c).rounded())).y(Int32((500 + s).rounded()))
                $0.slot(1).x(Int32((1000 - c).rounded())).y(Int32((500 - s).rounded()))
            }
        }
        script.frame(at: 0.7) { $0.slot(0).lift().slot(1).lift() }
        let records = run(script)
        let rotation = last("rotation", of: "rotation", in: records) ?? 0
        #expect(abs(rotation / total - 1) < 0.15, "rotation \(rotation)")
        #expect(abs(rotation - total) < 0.02, "on a noise-free panel: \(rotation)")
    }

    @Test("a gesture that ends while still catching up ends at its full value")
    func endsCaughtUp() {
        // A quick pinch that lifts right after it is recognized.
        let records = run(pinch(from: 20, to: 30, duration: 0.12, rest: 0.01))
        let scale = last("scale", of: "pinch", in: records) ?? 0
        #expect(records.last { $0.recognizer == "pinch" }?.state == .ended)
        #expect(abs(scale - 1.5) < 0.02, "\(scale)")
    }
}
