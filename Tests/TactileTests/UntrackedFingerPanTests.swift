// A drag of more fingers than the touchpad has slots: the device's finger count, from the start (libinput's gestures_swipe_3fg_btntool).
import Foundation
import TactileTestSupport
import Testing
@testable import Tactile

/// Three fingers on the two-slot test touchpad (100 × 50 mm, 10 units/mm):
/// two tracked, the third known only through `BTN_TOOL_TRIPLETAP`.
@Suite("Untracked fingers in a drag")
struct UntrackedFingerPanTests {
    /// Pans of 2 fingers and of 3 fingers (min = max, as the gesture
    /// service binds them) and the standard set's pan and swipes, for a
    /// stroke of the two tracked fingers by (dx, dy) mm over `duration`,
    /// with the third counted by the device when `tripleTap`.
    @MainActor
    private func stroke(dx: Double, dy: Double, duration: Double, tripleTap: Bool) -> (log: [ActionRecord], fingerPans: [String: ActionRecord]) {
        let harness = Harness(device: TestDevices.touchpad, screen: .standard)
        let two = PanGestureRecognizer(name: "scroll"), three = PanGestureRecognizer(name: "threeFingerDrag")
        two.minimumNumberOfTouches = 2; two.maximumNumberOfTouches = 2
        three.minimumNumberOfTouches = 3; three.maximumNumberOfTouches = 3
        harness.window.addGestureRecognizer(two)
        harness.window.addGestureRecognizer(three)
        var script = EventScript()
        let start = [Point(x: 400, y: 200), Point(x: 550, y: 220)]
        script.frame(at: 1) { builder in
            builder.slot(0).track(1).x(400).y(200).slot(1).track(2).x(550).y(220).key(KeyCode.touch, 1)
            builder.key(tripleTap ? KeyCode.toolTripleTap : KeyCode.toolDoubleTap, 1)
        }
        let steps = max(1, Int((duration / 0.01).rounded()))
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            script.frame(at: 1 + 0.01 * Double(step)) { builder in
                for (slot, point) in start.enumerated() {
                    builder.slot(Int32(slot)).x(Int32((point.x + dx * 10 * f).rounded())).y(Int32((point.y + dy * 10 * f).rounded()))
                }
            }
        }
        script.frame(at: 1 + 0.01 * Double(steps + 1)) {
            $0.slot(0).lift().slot(1).lift().key(KeyCode.touch, 0).key(tripleTap ? KeyCode.toolTripleTap : KeyCode.toolDoubleTap, 0)
        }
        harness.run(script)
        harness.pipeline.advance(to: 5)
        var firsts: [String: ActionRecord] = [:]
        for record in harness.log.records where record.state == .began && firsts[record.recognizer] == nil {
            firsts[record.recognizer] = record
        }
        return (harness.log.records, firsts)
    }

    @Test("three fingers, one untracked: a three-finger drag from the start, never a two-finger scroll",
          arguments: [(25.0, 0.0), (-25.0, 0.0), (0.0, 20.0), (0.0, -20.0)], [0.15, 0.4])
    @MainActor
    func threeFingerDrag(direction: (Double, Double), duration: Double) throws {
        let three = stroke(dx: direction.0, dy: direction.1, duration: duration, tripleTap: true)
        #expect(three.fingerPans["scroll"] == nil, "two-finger scroll began with three fingers down: \(three.log.map(\.recognizer))")
        let began = try #require(three.fingerPans["threeFingerDrag"])
        #expect(began.value(named: "fingers") == 3)
        // As early as the same stroke of two fingers begins a scroll.
        let two = stroke(dx: direction.0, dy: direction.1, duration: duration, tripleTap: false)
        #expect(two.fingerPans["threeFingerDrag"] == nil)
        let scroll = try #require(two.fingerPans["scroll"])
        #expect(began.time == scroll.time)
        #expect(scroll.value(named: "fingers") == 2)
    }
}
