// One finger driven step by step: down, move, up, with the tester's clock, for gestures the ready-made ones do not draw.
import Tactile
@_spi(Testing) import TactileSynthesis

/// One finger a test moves by hand, as Flutter's `TestGesture` or
/// libinput's litest (`litest_touch_down`, `litest_touch_move_to`,
/// `litest_touch_up`): several may be down at once, and each step is
/// reported as the device would report it (a frame with every finger down,
/// on the device's report rate while moving).
///
/// ```swift
/// let first = tester.touch(), second = tester.touch()
/// first.down(at: Point(x: 300, y: 300))
/// second.down(at: Point(x: 500, y: 300))
/// second.move(to: Point(x: 700, y: 300), duration: 0.3)   // spread: a pinch out
/// first.up()
/// second.up()
/// ```
@MainActor
public final class TestTouch {
    private unowned let tester: TouchTester
    private let key: Int

    init(tester: TouchTester, key: Int) {
        self.tester = tester
        self.key = key
    }

    /// Where the finger is, in window points (nil while it is up).
    public var location: Point? { tester.heldTouches[key] }

    /// Puts the finger down at `point`, one report after the clock. A
    /// point off the screen (or where the mounted surface does not reach)
    /// is refused as a gesture is (``TouchTester/refusedGestures``): the
    /// finger stays up.
    public func down(at point: Point) {
        guard tester.reaches(point, asked: "touch down at \(TouchTester.describe(point))") else { return }
        tester.heldTouches[key] = point
        tester.report()
    }

    /// Moves the finger to `point` in `duration` seconds, one report per
    /// device report interval (at least one), the clock moving with it. A
    /// point off the screen is refused, as ``down(at:)`` refuses one: the
    /// finger stays where it is.
    public func move(to point: Point, duration: Double = 0) {
        guard let start = tester.heldTouches[key],
              tester.reaches(point, asked: "touch move to \(TouchTester.describe(point))") else { return }
        let steps = max(1, Int((duration / tester.reportInterval).rounded(.up)))
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            tester.heldTouches[key] = Point(x: start.x + (point.x - start.x) * fraction, y: start.y + (point.y - start.y) * fraction)
            tester.report()
        }
    }

    /// Moves the finger by `offset` window points in `duration` seconds.
    public func move(by offset: Vector, duration: Double = 0) {
        guard let start = tester.heldTouches[key] else { return }
        move(to: Point(x: start.x + offset.dx, y: start.y + offset.dy), duration: duration)
    }

    /// Holds still for `seconds`: the tester's clock moves on and timers due
    /// fire (``TouchTester/advance(by:)``); a finger at rest sends nothing.
    public func advance(by seconds: Double) {
        tester.advance(by: seconds)
    }

    /// Lifts the finger, one report after the clock.
    public func up() {
        guard tester.heldTouches.removeValue(forKey: key) != nil else { return }
        tester.report()
    }
}

extension TouchTester {
    /// A new finger, up until ``TestTouch/down(at:)``.
    public func touch() -> TestTouch {
        nextTouchKey += 1
        return TestTouch(tester: self, key: nextTouchKey)
    }

    /// Whether a finger can be at the window point `point`; when it cannot,
    /// the step `asked` is refused, saying why.
    func reaches(_ point: Point, asked: @autoclosure () -> String) -> Bool {
        guard let problem = surface.problem(atDeviceMillimetres: surface.deviceMillimetres(at: point)) else { return true }
        refuse(asked(), "the finger would be \(problem)")
        return false
    }

    /// Seconds between two reports of the device.
    var reportInterval: Double { synthesizer.model.reportInterval }

    /// One report of every finger held by ``touch()``, one report interval
    /// after the clock (timers due before it fire first).
    func report() {
        let time = ((now + reportInterval) * 1_000_000).rounded()
        pipeline.advance(to: time / 1_000_000)
        let pressure = device.axis(AbsCode.mtPressure) ?? device.axis(AbsCode.pressure)
        let major = device.axis(AbsCode.mtTouchMajor)
        for (key, point) in heldTouches.sorted(by: { $0.key < $1.key }) {
            let units = synthesizer.units(ofMillimetres: surface.deviceMillimetres(at: point))
            script.down(key, FingerScript.Finger(x: units.x, y: units.y,
                                                 pressure: pressure.map { $0.minimum + ($0.maximum - $0.minimum) / 4 } ?? 0,
                                                 touchMajor: major.map { $0.clamp(Int32((9 * mapping.unitsPerMillimetreX).rounded())) } ?? 0))
        }
        for key in script.fingers.keys where heldTouches[key] == nil { script.up(key) }
        let events = script.frame(atMicroseconds: Int64(time))
        fedEvents += events
        for event in events { pipeline.process(event) }
        now = time / 1_000_000
    }
}
