// Real hands on the test panel: a second hand while one rests, fingers that never start together, a planted thumb.
import Testing
@testable import Tactile

/// Real hands on the 200 × 100 mm test panel (10 units = 1 mm): a second
/// hand while one rests or long-presses, many fingers that never start
/// together, and the planted thumb that must stay a pinch.
@Suite("Recognizers: independent fingers and many-finger drags")
struct IndependentFingerTests {
    private func run(_ build: (inout EventScript) -> Void, end: Double = 5) -> Harness {
        let harness = Harness.panel()
        let gestures = StandardGestures(attachingTo: harness.window)
        var script = EventScript()
        build(&script)
        harness.run(script)
        harness.pipeline.advance(to: end)
        withExtendedLifetime(gestures) {}
        return harness
    }

    private func began(_ harness: Harness) -> [String] {
        harness.log.records.filter { ($0.state == .began || $0.state == .ended) && $0.recognizer != "hold" }
            .map { "\($0.recognizer)[\($0.touches)]" }
            .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    }

    /// One finger pressing from 0 to 1.5 s; the second hand lands 120 mm
    /// away at 0.8 s and drags 60 mm.
    private static func longPressThenDrag(_ script: inout EventScript) {
        script.frame(at: 0) { $0.slot(0).track(1).x(200).y(500) }
        script.motion(from: [Point(x: 1400, y: 300)], to: [Point(x: 1400, y: 900)], start: 0.8, duration: 0.4,
                      firstID: 2, firstSlot: 1)
        script.frame(at: 1.5) { $0.slot(0).lift() }
    }

    @Test("a finger long-pressing does not swallow another finger's drag elsewhere")
    func longPressThenDrag() {
        let harness = run(Self.longPressThenDrag)
        #expect(began(harness) == ["longPress[1]", "pan[1]"])
        let pan = harness.log.records.filter { $0.recognizer == "pan" }
        #expect(pan.allSatisfy { $0.touches == 1 }, "the pan follows the second finger only")
        #expect(harness.log.records.last { $0.recognizer == "longPress" }?.state == .ended)
    }

    @Test("UIKit's semantics without the opt-in: the long press keeps the other recognizers failed")
    func uikitSemanticsKept() {
        let harness = Harness.panel()
        let press = LongPressGestureRecognizer(name: "longPress")
        let pan = PanGestureRecognizer(name: "pan")
        harness.window.addGestureRecognizer(press)
        harness.window.addGestureRecognizer(pan)
        var script = EventScript()
        Self.longPressThenDrag(&script)
        harness.run(script)
        #expect(harness.actions.first == "longPress:began")
        #expect(!harness.actions.contains("pan:began"))
        #expect(pan.failureReason == .preventedBy("longPress"), "and says why")
    }

    @Test("a resting finger far away does not turn another hand's drag into a pinch")
    func restingFingerFarAway() {
        let harness = run { script in
            script.frame(at: 0) { $0.slot(0).track(1).x(200).y(500) }
            script.motion(from: [Point(x: 1500, y: 300)], to: [Point(x: 1500, y: 900)], start: 0.2, duration: 0.8,
                          firstID: 2, firstSlot: 1)
            script.frame(at: 0.45) { $0.slot(0).lift() }  // before any long press
        }
        #expect(began(harness) == ["pan[1]"])
    }

    @Test("a planted thumb with a finger landing near it later still pinches")
    func plantedThumbPinch() {
        let harness = run { script in
            script.frame(at: 0) { $0.slot(0).track(1).x(800).y(500) }
            // 40 mm away, 0.2 s later, moving away to 80 mm.
            script.motion(from: [Point(x: 1200, y: 500)], to: [Point(x: 1600, y: 500)], start: 0.2, duration: 0.3,
                          firstID: 2, firstSlot: 1)
            script.frame(at: 0.6) { $0.slot(0).lift() }
        }
        #expect(began(harness).first == "pinch[2]")
        #expect(!began(harness).contains("pan[1]"))
    }

    @Test("six fingers dragged down, one starting 80 ms late, are a pan, never a pinch")
    func manyFingersOneLate() {
        let harness = run { script in
            let starts = (0..<6).map { Point(x: 300 + Double($0) * 250, y: 200) }
            script.frame(at: 0) { builder in
                for (index, point) in starts.enumerated() {
                    builder.slot(Int32(index)).track(Int32(index + 1)).x(Int32(point.x)).y(Int32(point.y))
                }
            }
            // 40 mm down in 0.4 s; finger 5 stays until 0.08 s.
            for step in 1...40 {
                let time = Double(step) * 0.01
                script.frame(at: time) { builder in
                    for (index, point) in starts.enumerated() {
                        let moving = index == 5 ? max(0, time - 0.08) : time
                        builder.slot(Int32(index)).y(Int32(point.y + 1000 * moving))
                    }
                }
            }
            script.frame(at: 0.45) { builder in for index in 0..<6 { builder.slot(Int32(index)).lift() } }
        }
        #expect(began(harness) == ["pan[6]"])
    }

    @Test("a thumb planted while two fingers close on it is a pinch")
    func threeFingerPinchOnThumb() {
        let harness = run { script in
            script.motion(
                from: [Point(x: 1000, y: 900), Point(x: 800, y: 200), Point(x: 1200, y: 200)],
                to: [Point(x: 1000, y: 900), Point(x: 900, y: 700), Point(x: 1100, y: 700)],
                start: 0, duration: 0.4, firstID: 1)
        }
        #expect(began(harness).first == "pinch[3]")
    }

    @Test("multi-finger motion rules: laggards of a drag, a rotation of three, opposite fingers")
    func classification() {
        let down = Vector(dx: 0, dy: 5)
        // Four fingers, one still: the others drag it along.
        #expect(MultiFingerMotion.classify(displacements: [down, down, down, .zero], spanChange: 1.9) == .translation)
        // Half of six moved: enough to judge.
        #expect(MultiFingerMotion.classify(displacements: [down, down, down, .zero, .zero, .zero], spanChange: 0.5) == .translation)
        #expect(MultiFingerMotion.classify(displacements: [down, down, .zero, .zero, .zero, .zero], spanChange: 0.5) == .undecided)
        // Three fingers turning about their centre: each heads away from the (zero) mean.
        let turn = [Vector(dx: 3, dy: 0), Vector(dx: -1.5, dy: 2.6), Vector(dx: -1.5, dy: -2.6)]
        #expect(MultiFingerMotion.classify(displacements: turn, spanChange: 0) == .deformation)
        // Two fingers: libinput's rules stand, the pivot included.
        #expect(MultiFingerMotion.classify(displacements: [Vector(dx: 9, dy: 0), .zero], spanChange: 9) == .deformation)
        #expect(MultiFingerMotion.classify(displacements: [Vector(dx: 5, dy: 0), .zero], spanChange: 5) == .undecided)
    }
}
