// Gestures in code: tap, double tap, long press, drag, fling, pinch, rotate and swipe, drawn from now by the synthesizer.
import Foundation
import Tactile
import TactileSynthesis

extension TouchTester {
    /// Fingers placed around a point: one on it, two side by side, more on a
    /// circle, `spacing` millimetres apart (as fingers of one hand are).
    static func offsets(fingers: Int, spacing: Double = 18, angle: Double = 0) -> [Vector] {
        fingers <= 1 ? [Vector(dx: 0, dy: 0)] : TransformSpec.offsets(fingers: fingers, span: spacing, angle: angle)
    }

    /// Fingers of one stroke that land and lift in consecutive reports.
    static func together(_ fingers: Int) -> FingerTiming {
        let gaps = Array(repeating: 0.0, count: max(0, fingers - 1))
        return FingerTiming(landingGaps: gaps, liftGaps: gaps)
    }

    /// A tap at `point` with `fingers` fingers held `contact` seconds.
    ///
    /// ```swift
    /// tester.tap(at: Point(x: 120, y: 80))
    /// tester.settle()   // a tap that may become a double tap is decided once its interval runs out
    /// ```
    public func tap(at point: Point, fingers: Int = 1, contact: Double = 0.08, imperfections: [Imperfection] = []) {
        let stroke = TapStroke(timing: Self.together(fingers), dwell: contact)
        perform(.tap(TapSpec(centre: millimetres(point), offsets: Self.offsets(fingers: fingers), strokes: [stroke])),
                imperfections: imperfections, asked: "tap at \(Self.describe(point))" + Self.describe(fingers: fingers))
    }

    /// Two taps at `point`, `interval` seconds from the first lift to the second landing.
    public func doubleTap(at point: Point, fingers: Int = 1, interval: Double = 0.15, imperfections: [Imperfection] = []) {
        let stroke = TapStroke(timing: Self.together(fingers), dwell: 0.08)
        perform(.tap(TapSpec(centre: millimetres(point), offsets: Self.offsets(fingers: fingers), strokes: [stroke, stroke],
                             interval: interval)), imperfections: imperfections,
                asked: "double tap at \(Self.describe(point))" + Self.describe(fingers: fingers))
    }

    /// Fingers resting at `point` for `duration` seconds, then lifting.
    public func longPress(at point: Point, for duration: Double = 0.8, fingers: Int = 1, imperfections: [Imperfection] = []) {
        perform(.longPress(PressSpec(centre: millimetres(point), offsets: Self.offsets(fingers: fingers), duration: duration,
                                     timing: Self.together(fingers))), imperfections: imperfections,
                asked: "long press at \(Self.describe(point))" + Self.describe(fingers: fingers))
    }

    /// Fingers that land at `start`, slide to `end` in `duration` seconds
    /// (speeding up, then slowing to a stop, as a hand does) and lift.
    public func drag(from start: Point, to end: Point, duration: Double = 0.4, fingers: Int = 1, imperfections: [Imperfection] = []) {
        let translation = millimetres(Vector(dx: end.x - start.x, dy: end.y - start.y))
        perform(.pan(PanSpec(start: millimetres(start), offsets: Self.offsets(fingers: fingers), translation: translation,
                             motion: MotionTiming(onset: 0.03, duration: duration, rest: 0.03), timing: Self.together(fingers))),
                imperfections: imperfections,
                asked: "drag from \(Self.describe(start)) to \(Self.describe(end))" + Self.describe(fingers: fingers))
    }

    /// A flick from `start`: the fingers speed up over 0.05 s to
    /// `velocity` (window points per second), hold it for 0.12 s (longer
    /// than the velocity trackers' 0.1 s horizon) and lift while still
    /// moving, so a pan ends with `velocity` and a swipe sees a fling. The
    /// fingers cover about `velocity` × 0.15 s.
    ///
    /// ```swift
    /// tester.fling(from: Point(x: 100, y: 300), velocity: Vector(dx: 1500, dy: 0))
    /// try tester.expect(pan, to: .ended, with: ["velocity.x": 1500 ± 75])
    /// ```
    public func fling(from start: Point, velocity: Vector, fingers: Int = 1, imperfections: [Imperfection] = []) {
        let perSecond = millimetres(velocity)
        let speed = (perSecond.dx * perSecond.dx + perSecond.dy * perSecond.dy).squareRoot()
        guard speed > 0 else { return tap(at: start, fingers: fingers) }
        let heading = Self.heading(of: perSecond)
        // A 0.05 s ramp then cruising at `speed` through the motion's end and the rest after it, then the lift.
        let motion = MotionTiming(onset: 0.02, duration: 0.15, rest: 0.02)
        let acceleration = 0.05 / motion.duration
        let distance = speed * motion.duration * (1 - acceleration / 2)
        perform(.swipe(SwipeSpec(start: millimetres(start), offsets: Self.offsets(fingers: fingers), direction: heading.direction,
                                 deviation: heading.deviation, distance: distance, acceleration: acceleration, motion: motion,
                                 timing: Self.together(fingers))), imperfections: imperfections,
                asked: "fling from \(Self.describe(start)) at \(Self.describe(Point(x: velocity.dx, y: velocity.dy))) pt/s"
                    + Self.describe(fingers: fingers))
    }

    /// A swipe of `fingers` fingers from `start` in `direction`, covering
    /// `distance` window points in `duration` seconds and lifting while moving.
    public func swipe(fingers: Int = 1, direction: SwipeDirection, from start: Point, distance: Double = 200,
                      duration: Double = 0.12, imperfections: [Imperfection] = []) {
        let length = millimetres(Vector(dx: direction.unitVector.dx * distance, dy: direction.unitVector.dy * distance))
        perform(.swipe(SwipeSpec(start: millimetres(start), offsets: Self.offsets(fingers: fingers), direction: direction,
                                 distance: (length.dx * length.dx + length.dy * length.dy).squareRoot(),
                                 motion: MotionTiming(onset: 0.02, duration: duration, rest: 0.02), timing: Self.together(fingers))),
                imperfections: imperfections,
                asked: "swipe \(direction) from \(Self.describe(start)) over \(ApproximateValue.format(distance)) pt"
                    + Self.describe(fingers: fingers))
    }

    /// Two fingers (or `fingers`) about `center`, `fromSpan` window points
    /// apart, moving apart or together to `toSpan` in `duration` seconds.
    ///
    /// ```swift
    /// tester.pinch(center: Point(x: 400, y: 300), fromSpan: 100, toSpan: 200)   // zoom in: scale ≈ 2
    /// ```
    public func pinch(center: Point, fromSpan: Double, toSpan: Double, duration: Double = 0.5, fingers: Int = 2,
                      imperfections: [Imperfection] = []) {
        let span = millimetres(Vector(dx: fromSpan, dy: 0)).dx
        let scale = fromSpan > 0 ? toSpan / fromSpan : 1
        perform(.pinch(TransformSpec(centre: millimetres(center), offsets: TransformSpec.offsets(fingers: max(2, fingers), span: span, angle: 0),
                                     scale: scale, rotation: 0, motion: MotionTiming(onset: 0.05, duration: duration, rest: 0.05),
                                     timing: Self.together(max(2, fingers)))), imperfections: imperfections,
                asked: "pinch about \(Self.describe(center)) from \(ApproximateValue.format(fromSpan)) to \(ApproximateValue.format(toSpan)) pt"
                    + Self.describe(fingers: max(2, fingers)))
    }

    /// Two fingers `span` window points apart about `center`, turning by
    /// `angle` radians (positive clockwise on screen) in `duration` seconds.
    public func rotate(center: Point, by angle: Double, span: Double = 120, duration: Double = 0.5, fingers: Int = 2,
                       imperfections: [Imperfection] = []) {
        let millimetreSpan = millimetres(Vector(dx: span, dy: 0)).dx
        perform(.rotation(TransformSpec(centre: millimetres(center),
                                        offsets: TransformSpec.offsets(fingers: max(2, fingers), span: millimetreSpan, angle: 0),
                                        scale: 1, rotation: angle, motion: MotionTiming(onset: 0.05, duration: duration, rest: 0.05),
                                        timing: Self.together(max(2, fingers)))), imperfections: imperfections,
                asked: "rotation about \(Self.describe(center)) by \(ApproximateValue.format(angle)) rad"
                    + Self.describe(fingers: max(2, fingers)))
    }

    /// " with 3 fingers", or nothing for one.
    static func describe(fingers: Int) -> String { fingers == 1 ? "" : " with \(fingers) fingers" }

    /// The swipe direction nearest `vector` and the angle from its axis to `vector` (positive clockwise on screen).
    static func heading(of vector: Vector) -> (direction: SwipeDirection, deviation: Double) {
        let angle = atan2(vector.dy, vector.dx)
        let nearest = SwipeDirection.allCases.min { first, second in
            abs(remainder(angle - atan2(first.unitVector.dy, first.unitVector.dx), 2 * .pi))
                < abs(remainder(angle - atan2(second.unitVector.dy, second.unitVector.dx), 2 * .pi))
        } ?? .right
        return (nearest, remainder(angle - atan2(nearest.unitVector.dy, nearest.unitVector.dx), 2 * .pi))
    }
}
