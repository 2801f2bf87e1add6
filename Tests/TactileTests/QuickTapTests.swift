// Quick successive taps in different places and of different finger counts: each is reported, none waits longer than a lone tap.
import Foundation
import TactileTestSupport
import Testing
@testable import Tactile

/// Flutter's and UIKit's rule: when a double tap fails because the second
/// tap landed too far away, both single taps are delivered, the second with
/// no more delay than a lone tap. On the 200 × 100 mm test panel (10 units = 1 mm).
@Suite("Quick taps elsewhere")
struct QuickTapTests {
    /// The standard set on the panel, run over `build`, with time advanced well past the end.
    @MainActor
    private func run(_ build: (inout EventScript) -> Void) -> Harness {
        let harness = Harness.panel()
        harness.retained.append(StandardGestures(attachingTo: harness.window))
        var script = EventScript()
        build(&script)
        harness.run(script)
        harness.pipeline.advance(to: 30)
        return harness
    }

    /// A tap's records, without the holds that accompany every resting finger.
    @MainActor
    private func taps(_ harness: Harness) -> [ActionRecord] {
        harness.log.records.filter { $0.recognizer.lowercased().contains("tap") }
    }

    @Test("two one-finger taps far apart, at gaps from 30 to 290 ms: both are reported, the second a double-tap interval after its lift",
          arguments: [0.03, 0.1, 0.2, 0.29], [16.0, 27.0, 60.0, 120.0])
    @MainActor
    func twoTapsApart(gap: Double, distance: Double) {
        let duration = 0.07
        let second = Point(x: 500 + distance * 10, y: 500)
        let harness = run {
            $0.tap(at: Point(x: 500, y: 500), start: 1, duration: duration, id: 1)
            $0.tap(at: second, start: 1 + duration + gap, duration: duration, slot: 1, id: 2)
        }
        let records = taps(harness)
        #expect(records.map(\.recognizer) == ["tap", "tap"], "\(gap) s, \(distance) mm: \(harness.actions)")
        guard records.count == 2 else { return }
        #expect(records[0].location == Point(x: 500, y: 500))
        #expect(records[1].location == second)
        // The first is released when the second lands (the double tap failed on distance),
        let secondLanding = 1 + duration + gap
        #expect(abs(records[0].time - secondLanding) < 1e-6)
        // and the second pays exactly what a lone tap pays: the double tap's interval.
        let secondLift = secondLanding + duration
        #expect(abs(records[1].time - (secondLift + TapGestureRecognizer.Defaults.maximumTapInterval)) < 1e-6)
    }

    @Test("a far tap then a tap beside it: the second and third make a double tap", arguments: [0.08, 0.2])
    @MainActor
    func farThenDouble(gap: Double) {
        let harness = run {
            $0.tap(at: Point(x: 500, y: 500), start: 1, duration: 0.06, id: 1)
            $0.tap(at: Point(x: 1000, y: 500), start: 1.06 + gap, duration: 0.06, slot: 1, id: 2)
            $0.tap(at: Point(x: 1020, y: 510), start: 1.12 + 2 * gap, duration: 0.06, slot: 0, id: 3)
        }
        #expect(taps(harness).map(\.recognizer) == ["tap", "doubleTap"], "\(harness.actions)")
    }

    @Test("a burst of taps of different finger counts 60–150 ms apart: every one is reported",
          arguments: [0.06, 0.1, 0.15])
    @MainActor
    func mixedBurst(gap: Double) {
        // One finger, then two, then three, then one, each group 40 mm from the last.
        let groups: [[Point]] = [
            [Point(x: 300, y: 300)],
            [Point(x: 700, y: 300), Point(x: 850, y: 300)],
            [Point(x: 300, y: 700), Point(x: 450, y: 700), Point(x: 600, y: 720)],
            [Point(x: 1200, y: 700)],
        ]
        let duration = 0.07
        let harness = run { script in
            var time = 1.0, id: Int32 = 1
            for group in groups {
                script.frame(at: time) { builder in
                    for (slot, point) in group.enumerated() {
                        builder.slot(Int32(slot)).track(id + Int32(slot)).x(Int32(point.x)).y(Int32(point.y))
                    }
                }
                script.frame(at: time + duration) { builder in
                    for slot in group.indices { builder.slot(Int32(slot)).lift() }
                }
                id += Int32(group.count)
                time += duration + gap
            }
        }
        #expect(taps(harness).map(\.recognizer) == ["tap", "twoFingerTap", "threeFingerTap", "tap"], "\(gap): \(harness.actions)")
    }

    /// A double tap that notes how many touches each lift brings it.
    private final class LiftCountingTap: TapGestureRecognizer {
        var lifts: [Int] = []
        override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
            lifts.append(touches.count)
            super.touchesEnded(touches, in: frame)
        }
    }

    @Test("the double tap that starts over with a far tap gets each of its touches once")
    @MainActor
    func restartedTapGetsEachTouchOnce() {
        let harness = Harness.panel()
        let single = TapGestureRecognizer(taps: 1, name: "tap"), double = LiftCountingTap(taps: 2, name: "doubleTap")
        single.require(toFail: double)
        harness.window.addGestureRecognizer(single)
        harness.window.addGestureRecognizer(double)
        var script = EventScript()
        script.tap(at: Point(x: 500, y: 500), start: 1, duration: 0.06, id: 1)
        script.tap(at: Point(x: 1000, y: 500), start: 1.16, duration: 0.06, slot: 1, id: 2)
        harness.run(script)
        harness.pipeline.advance(to: 5)
        #expect(double.lifts == [1, 1])
        #expect(harness.actions.filter { $0.hasSuffix("ended") } == ["tap:ended", "tap:ended"])
    }

    @Test("a near second tap is still a double tap, and a third far one a tap of its own")
    @MainActor
    func doubleThenFar() {
        let harness = run {
            $0.tap(at: Point(x: 500, y: 500), start: 1, duration: 0.06, id: 1)
            $0.tap(at: Point(x: 520, y: 500), start: 1.16, duration: 0.06, slot: 1, id: 2)
            $0.tap(at: Point(x: 1500, y: 500), start: 1.32, duration: 0.06, slot: 0, id: 3)
        }
        #expect(taps(harness).map(\.recognizer) == ["doubleTap", "tap"], "\(harness.actions)")
    }
}
