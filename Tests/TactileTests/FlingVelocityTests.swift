// A pan's velocity is what the fingers did: tracked from touch-down, and not fooled by frames split in parts.
import Foundation
import TactileTestSupport
import Testing
@testable import Tactile

/// Flutter's fling tests: a short fast stroke whose pan begins only near
/// its end still ends with its speed, because the tracker follows the
/// fingers from the moment they land. On the 200 × 100 mm panel (10 units = 10 pt = 1 mm).
@Suite("Fling velocity")
struct FlingVelocityTests {
    /// The pan's records for one stroke of `fingers` fingers at `speed` pt/s
    /// along x, one scan every `interval` s, travelling `distance` pt, the
    /// fingers of each scan reported in separate frames `split` s apart when
    /// `split` is not nil.
    @MainActor
    private func stroke(speed: Double, distance: Double, fingers: Int = 1, interval: Double = 0.008,
                        split: Double? = nil) -> [ActionRecord] {
        let harness = Harness.panel()
        let pan = PanGestureRecognizer(name: "pan")
        harness.window.addGestureRecognizer(pan)
        var script = EventScript()
        let start = Point(x: 500, y: 400)
        script.frame(at: 1) { builder in
            for finger in 0..<fingers {
                builder.slot(Int32(finger)).track(Int32(finger + 1)).x(Int32(start.x)).y(Int32(start.y) + Int32(finger * 150))
            }
        }
        let steps = Int((distance / (speed * interval)).rounded(.up))
        for step in 1...steps {
            let x = Int32((start.x + speed * interval * Double(step)).rounded())
            let time = 1 + interval * Double(step)
            if let split {
                for finger in 0..<fingers {
                    script.frame(at: time + split * Double(finger)) { $0.slot(Int32(finger)).x(x) }
                }
            } else {
                script.frame(at: time) { builder in
                    for finger in 0..<fingers { builder.slot(Int32(finger)).x(x) }
                }
            }
        }
        script.frame(at: 1 + interval * Double(steps + 1)) { builder in
            for finger in 0..<fingers { builder.slot(Int32(finger)).lift() }
        }
        harness.run(script)
        harness.pipeline.advance(to: 5)
        return harness.log.records.filter { $0.recognizer == "pan" }
    }

    @Test("a short fast stroke whose pan begins at its end ends with the stroke's speed",
          arguments: [400.0, 1000.0, 2500.0], [1, 2])
    @MainActor
    func shortStroke(speed: Double, fingers: Int) {
        // Just past the threshold (3 mm one finger, 1.5 mm several): the pan begins on the last move.
        let distance = fingers == 1 ? 32.0 : 17.0
        let records = stroke(speed: speed, distance: distance, fingers: fingers)
        let ended = records.last { $0.state == .ended }
        let velocity = ended?.value(named: "velocity.x") ?? 0
        #expect(abs(velocity - speed) <= 0.1 * speed, "\(fingers) finger(s) at \(speed) pt/s: ended with \(velocity)")
    }

    @Test("a stroke reported in frames split between its fingers has no velocity spikes",
          arguments: [0.0006, 0.0015], [300.0, 800.0])
    @MainActor
    func splitFrames(split: Double, speed: Double) {
        // Two fingers, a scan every 16.7 ms (60 Hz), each scan reported finger by finger.
        let records = stroke(speed: speed, distance: 600, fingers: 2, interval: 1.0 / 60, split: split)
        let speeds = records.filter { $0.state == .changed }.compactMap { $0.value(named: "velocity.x") }
        #expect(!speeds.isEmpty)
        // The first few are built from few samples; from the third scan on each is the fingers' speed.
        for (index, value) in speeds.enumerated() where index >= 4 {
            #expect(abs(value - speed) <= 0.2 * speed, "change \(index): \(value) pt/s for a stroke at \(speed)")
        }
        #expect((speeds.map(abs).max() ?? 0) <= 1.5 * speed, "no spike: \(speeds.map { Int($0) })")
    }
}
