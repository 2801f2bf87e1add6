// Two hands tapping at once: separate taps beyond one hand's reach, one multi-finger tap within it.
import Foundation
import TactileTestSupport
import Testing
@testable import Tactile

/// Fingers tapping together are one hand's multi-finger tap only within
/// ``TapGestureRecognizer/Defaults/maximumFingerSeparation`` (40 mm) of
/// each other; farther apart each hand's fingers are a tap of their own.
/// The standard set on the 200 × 100 mm test panel (10 units = 1 mm).
@Suite("Two hands tapping at once")
struct TwoHandTapTests {
    @MainActor
    private func taps(device: DeviceDescription = TestDevices.panel, screen: Screen = TestDevices.panelScreen,
                      _ build: (inout EventScript) -> Void) -> [ActionRecord] {
        let harness = Harness(device: device, screen: screen)
        harness.retained.append(StandardGestures(attachingTo: harness.window))
        var script = EventScript()
        build(&script)
        harness.run(script)
        harness.pipeline.advance(to: 30)
        return harness.log.records.filter { $0.recognizer.lowercased().contains("tap") }
    }

    @Test("two fingers landing together or 50 ms apart, 20 to 150 mm apart, lifting 0 to 60 ms apart in either order",
          arguments: [20.0, 30, 39, 41, 48, 71, 100, 127, 150], [0.0, 0.005, 0.02, 0.06])
    @MainActor
    func twoFingers(millimetres: Double, liftGap: Double) {
        for landingGap in [0.0, 0.05] { twoFingers(millimetres: millimetres, landingGap: landingGap, liftGap: liftGap) }
    }

    @MainActor
    private func twoFingers(millimetres: Double, landingGap: Double, liftGap: Double) {
        for rightLiftsFirst in [false, true] {
            let left = Point(x: 1000 - millimetres * 5, y: 500), right = Point(x: 1000 + millimetres * 5, y: 500)
            let firstLift = 1.09, (leftLift, rightLift) = rightLiftsFirst ? (firstLift + liftGap, firstLift) : (firstLift, firstLift + liftGap)
            let records = taps { script in
                script.frame(at: 1) { $0.slot(0).track(1).x(Int32(left.x)).y(500) }
                script.frame(at: 1 + landingGap) { $0.slot(1).track(2).x(Int32(right.x)).y(500) }
                if liftGap == 0 {
                    script.frame(at: firstLift) { $0.slot(0).lift().slot(1).lift() }
                } else {
                    script.frame(at: min(leftLift, rightLift)) { $0.slot(rightLiftsFirst ? 1 : 0).lift() }
                    script.frame(at: max(leftLift, rightLift)) { $0.slot(rightLiftsFirst ? 0 : 1).lift() }
                }
            }
            let context = "\(millimetres) mm, lands \(landingGap) s apart, lifts \(liftGap) s apart, \(rightLiftsFirst ? "right" : "left") first: \(records.map(\.readableLine))"
            guard millimetres > 40 else {
                #expect(records.map(\.recognizer) == ["twoFingerTap"], "\(context)")
                continue
            }
            // Two hands: two one-finger taps, each where its finger was, the first to lift first.
            #expect(records.map(\.recognizer) == ["tap", "tap"], "\(context)")
            guard records.count == 2 else { continue }
            let first = rightLiftsFirst && liftGap > 0 ? right : left
            #expect(records[0].location == first, "\(context)")
            #expect(records[1].location == (first == left ? right : left), "\(context)")
            #expect(records.allSatisfy { $0.values.first { $0.name == "fingers" }?.value == 1 }, "\(context)")
        }
    }

    @Test("one hand's two-finger tap and another hand's finger 100 mm away, lifting together or apart",
          arguments: [0.0, 0.03])
    @MainActor
    func pairAndLoneFinger(liftGap: Double) {
        let records = taps { script in
            script.frame(at: 1) {
                $0.slot(0).track(1).x(500).y(500).slot(1).track(2).x(700).y(500).slot(2).track(3).x(1700).y(500)
            }
            script.frame(at: 1.1) { $0.slot(2).lift() }
            script.frame(at: 1.1 + liftGap) { $0.slot(0).lift().slot(1).lift() }
        }
        #expect(Set(records.map(\.recognizer)) == ["tap", "twoFingerTap"], "\(records.map(\.readableLine))")
        #expect(records.first { $0.recognizer == "tap" }?.location == Point(x: 1700, y: 500))
        #expect(records.first { $0.recognizer == "twoFingerTap" }?.location == Point(x: 600, y: 500))
    }

    @Test("a two-finger tap's hand carried over while one of its fingers is still down", arguments: [0.02, 0.06])
    @MainActor
    func pairLiftingApartFromTheLoneFinger(gap: Double) {
        let records = taps { script in
            script.frame(at: 1) {
                $0.slot(0).track(1).x(500).y(500).slot(1).track(2).x(1500).y(500).slot(2).track(3).x(1700).y(500)
            }
            script.frame(at: 1.1) { $0.slot(0).lift().slot(1).lift() }
            script.frame(at: 1.1 + gap) { $0.slot(2).lift() }
        }
        #expect(Set(records.map(\.recognizer)) == ["tap", "twoFingerTap"], "\(records.map(\.readableLine))")
        #expect(records.first { $0.recognizer == "twoFingerTap" }?.location == Point(x: 1600, y: 500))
    }

    /// A finger that moves makes a pan, which takes the other hand's tap
    /// too (they share the pan); one that stays down leaves it alone.
    @Test("a far finger that moves, or stays down past a tap's press, is no tap", arguments: [false, true])
    @MainActor
    func farFingerThatIsNoTap(moves: Bool) {
        let records = taps { script in
            script.frame(at: 1) { $0.slot(0).track(1).x(500).y(500).slot(1).track(2).x(1500).y(500) }
            script.frame(at: 1.08) { $0.slot(0).lift() }
            if moves {
                script.frame(at: 1.1) { $0.slot(1).x(1560) }
                script.frame(at: 1.12) { $0.slot(1).lift() }
            } else {
                script.frame(at: 1.9) { $0.slot(1).lift() }
            }
        }
        #expect(records.map(\.recognizer) == (moves ? [] : ["tap"]), "\(records.map(\.readableLine))")
        #expect(records.allSatisfy { $0.location == Point(x: 500, y: 500) })
    }

    @Test("the trace says when the tap takes the other hand, and the first hand's failure names its criterion")
    @MainActor
    func trace() {
        let harness = Harness.panel()
        let twoFingerTap = TapGestureRecognizer(touches: 2, name: "twoFingerTap"), tap = TapGestureRecognizer(name: "tap")
        harness.window.addGestureRecognizer(twoFingerTap)
        harness.window.addGestureRecognizer(tap)
        var lines: [String] = []
        harness.engine.onTrace = { lines.append($0.description) }
        var script = EventScript()
        script.frame(at: 1) { $0.slot(0).track(1).x(500).y(500).slot(1).track(2).x(1500).y(500) }
        script.frame(at: 1.08) { $0.slot(0).lift() }
        script.frame(at: 1.1) { $0.slot(1).lift() }
        harness.run(script)
        #expect(lines.contains("1.100000  tap@window  takes touch #2 again: another hand's"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("1.080000  twoFingerTap@window  possible → failed: two fingers landed 100 mm apart") }, "\(lines)")
        #expect(harness.actions == ["tap:ended", "tap:ended"])
    }

    @Test("on a touchpad two fingers 80 mm apart are still one two-finger tap, as in libinput")
    @MainActor
    func touchpadHasNoLimit() {
        let records = taps(device: TestDevices.touchpad, screen: .standard) { script in
            script.frame(at: 1) { $0.slot(0).track(1).x(100).y(250).slot(1).track(2).x(900).y(250) }
            script.frame(at: 1.08) { $0.slot(0).lift().slot(1).lift() }
        }
        #expect(records.map(\.recognizer) == ["twoFingerTap"], "\(records.map(\.readableLine))")
    }
}
