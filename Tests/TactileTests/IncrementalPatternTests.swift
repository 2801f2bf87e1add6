// The iOS increment pattern: take each callback's increment and re-base, then read the velocity at .ended.
import Foundation
import Testing
@testable import Tactile

/// The most common iOS pattern: take each callback's increment and re-base
/// (`setTranslation(.zero)`, `scale = 1`, `rotation = 0`), then read the
/// velocity at `.ended` for a fling. The velocity is the fingers', so the
/// fling survives the re-basing (with UIKit's "resets the velocity" it was 0).
@Suite("The incremental pattern keeps the fling")
struct IncrementalPatternTests {
    @Test("pan: deltas add up to the translation, and the velocity at .ended is the fingers'")
    func pan() {
        let harness = Harness.panel()
        let pan = PanGestureRecognizer()
        harness.window.addGestureRecognizer(pan)
        var total = Point.zero
        var endVelocity: Point?
        pan.addAction { pan in
            let delta = pan.translation(in: nil)
            total.x += delta.x
            total.y += delta.y
            pan.setTranslation(.zero, in: nil)
            if pan.state == .ended { endVelocity = pan.velocity(in: nil) }
        }
        var script = EventScript()
        // 50 mm right in 0.25 s, lifting while moving: 2000 pt/s.
        script.motion(from: [Point(x: 200, y: 500)], to: [Point(x: 700, y: 500)], start: 0, duration: 0.25, firstID: 1)
        harness.run(script)
        #expect(abs(total.x - 500) < 1e-9, "the increments add up to the fingers' travel: \(total)")
        #expect(abs((endVelocity?.x ?? 0) - 2000) < 20, "a fling at .ended: \(String(describing: endVelocity))")
    }

    @Test("pinch and rotation: increments multiply and add up, the velocities at .ended are the fingers'")
    func pinchAndRotation() {
        let harness = Harness.panel()
        let gestures = StandardGestures(attachingTo: harness.window)
        var zoom = 1.0, angle = 0.0
        var pinchVelocity = 0.0, rotationVelocity = 0.0
        gestures.pinch.addAction { pinch in
            zoom *= pinch.scale
            pinch.scale = 1
            if pinch.state == .ended { pinchVelocity = pinch.velocity }
        }
        gestures.rotation.addAction { rotation in
            angle += rotation.rotation
            rotation.rotation = 0
            if rotation.state == .ended { rotationVelocity = rotation.velocity }
        }
        var script = EventScript()
        // Two fingers from 30 to 60 mm apart while turning 0.6 rad, in 0.3 s, lifting together while moving.
        let frames = 30
        script.frame(at: 0) { $0.slot(0).track(1).x(1150).y(500).slot(1).track(2).x(850).y(500) }
        for step in 1...frames {
            let u = Double(step) / Double(frames)
            let radius = 150 + 150 * u, turn = 0.6 * u
            let c = radius * cos(turn), s = radius * sin(turn)
            script.frame(at: 0.05 + Double(step) * 0.01) {
                $0.slot(0).x(Int32((1000 + c).rounded())).y(Int32((500 + s).rounded()))
                $0.slot(1).x(Int32((1000 - c).rounded())).y(Int32((500 - s).rounded()))
            }
        }
        script.frame(at: 0.36) { $0.slot(0).lift().slot(1).lift() }
        harness.run(script)
        #expect(abs(zoom - 2) < 0.02, "\(zoom)")
        #expect(abs(angle - 0.6) < 0.02, "\(angle)")
        #expect(pinchVelocity > 2, "scale per second at .ended: \(pinchVelocity)")
        #expect(abs(rotationVelocity - 2) < 0.2, "radians per second at .ended: \(rotationVelocity)")
        withExtendedLifetime(gestures) {}
    }
}
