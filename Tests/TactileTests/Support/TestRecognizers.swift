// Minimal recognizers, a delegate and a harness (window, pipeline, action log) the engine tests build on.
import Tactile
import TactileTestSupport

/// Records the touches it is given and never recognizes anything.
final class TouchRecorder: GestureRecognizer {
    var began: [TouchID] = []
    var moved: [TouchID] = []
    var ended: [TouchID] = []
    var cancelled: [TouchID] = []
    var resets = 0

    override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) { began += touches.map(\.id) }
    override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) { moved += touches.map(\.id) }
    override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) { ended += touches.map(\.id) }
    override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) { cancelled += touches.map(\.id) }
    override func reset() { resets += 1 }
}

/// A minimal n-tap recognizer: one finger, under 10 pt of movement, taps at
/// most 0.3 s apart.
final class TestTap: GestureRecognizer {
    let taps: Int
    private var completed = 0
    private var start = Point.zero
    private var timer: TimerToken?

    init(taps: Int = 1, name: String? = nil) {
        self.taps = taps
        super.init(name: name ?? (taps == 1 ? "tap" : "doubleTap"))
    }

    override var isDiscrete: Bool { true }
    override var actionValues: [ActionValue] { [ActionValue("taps", Double(completed))] }

    override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        cancelTimer(timer)
        if numberOfTouches > 1 { transition(to: .failed) }
        start = touches[0].location
    }

    override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
        if touches.contains(where: { $0.location.distance(to: start) > 10 }) { transition(to: .failed) }
    }

    override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        completed += 1
        if completed == taps {
            transition(to: .recognized)
        } else {
            timer = schedule(after: 0.3) { $0.transition(to: .failed) }
        }
    }

    override func reset() {
        completed = 0
        timer = nil
    }
}

/// A minimal continuous drag: begins after 10 pt of movement, reports `dx`.
final class TestDrag: GestureRecognizer {
    private var start: Point?
    private(set) var dx = 0.0

    override var actionValues: [ActionValue] { [ActionValue("dx", dx)] }

    override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        if start == nil { start = touches[0].location }
    }

    override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
        guard let start, let touch = touches.first else { return }
        dx = touch.location.x - start.x
        if state == .possible {
            if touch.location.distance(to: start) > 10 { transition(to: .began) }
        } else {
            transition(to: .changed)
        }
    }

    override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        transition(to: state == .possible ? .failed : .ended)
    }

    override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {
        transition(to: state == .possible ? .failed : .cancelled)
    }

    override func reset() {
        start = nil
        dx = 0
    }
}

/// A minimal long press: begins by timer after `duration` with no new input.
final class TestPress: GestureRecognizer {
    let duration: Double
    private var start: Point?

    init(duration: Double = 0.5) {
        self.duration = duration
        super.init(name: "press")
    }

    override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        start = touches[0].location
        schedule(after: duration) { recognizer in
            if recognizer.state == .possible { recognizer.transition(to: .began) }
        }
    }

    override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
        guard let start, let touch = touches.first else { return }
        if state == .possible, touch.location.distance(to: start) > 10 { transition(to: .failed) }
        if state.isInProgress { transition(to: .changed) }
    }

    override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        transition(to: state.isInProgress ? .ended : .failed)
    }

    override func reset() { start = nil }
}

/// A delegate whose answers tests set.
final class TestDelegate: GestureRecognizerDelegate {
    var shouldBegin = true
    var shouldReceive: (Touch) -> Bool = { _ in true }
    var simultaneous = false
    var requireFailureOf: (GestureRecognizer) -> Bool = { _ in false }
    var requiredToFailBy: (GestureRecognizer) -> Bool = { _ in false }

    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { shouldReceive(touch) }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { simultaneous }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer) -> Bool { requireFailureOf(other) }
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool { requiredToFailBy(other) }
}

/// A window on the test touchscreen (1 unit = 1 pt) with a pipeline and an action log.
final class Harness {
    let window: Window
    let pipeline: InputPipeline
    private(set) var log = ActionLog()
    /// Objects the test needs alive (delegates are held weakly).
    var retained: [AnyObject] = []

    init(device: DeviceDescription = TestDevices.touchscreen, screen: Screen = .standard, palmEdges: PalmEdgeZones? = nil) {
        window = Window(screen: screen)
        pipeline = InputPipeline(device: device, window: window, palmEdges: palmEdges)
        pipeline.engine.onAction = { [unowned self] in self.log.append($0) }
    }

    var engine: GestureEngine { pipeline.engine }

    func run(_ script: EventScript) { pipeline.process(script.events) }

    /// A harness on the 200 × 100 mm test panel (10 units = 10 pt = 1 mm).
    static func panel() -> Harness { Harness(device: TestDevices.panel, screen: TestDevices.panelScreen) }

    /// A single tap named "tap" that requires a double tap named "doubleTap"
    /// to fail, both on the window: the classic pair.
    @discardableResult
    func addSingleAndDoubleTap() -> (single: TapGestureRecognizer, double: TapGestureRecognizer) {
        let single = TapGestureRecognizer(taps: 1, name: "tap"), double = TapGestureRecognizer(taps: 2, name: "doubleTap")
        single.require(toFail: double)
        window.addGestureRecognizer(single)
        window.addGestureRecognizer(double)
        return (single, double)
    }

    /// "recognizer:state" for each action, in order.
    var actions: [String] { log.records.map { "\($0.recognizer):\($0.state.rawValue)" } }
}

extension EventScript {
    /// Fingers moving in straight lines from `from[i]` to `to[i]` (device
    /// units) over `duration`, one frame every 10 ms, each finger in slot i
    /// with tracking id `firstID + i`. `land` and `lift` add the landing and
    /// lifting frames.
    mutating func motion(from: [Point], to: [Point], start: Double, duration: Double,
                         firstID: Int32, firstSlot: Int32 = 0, land: Bool = true, lift: Bool = true) {
        let fingers = from.indices
        if land {
            frame(at: start) { builder in
                for i in fingers {
                    builder.slot(firstSlot + Int32(i)).track(firstID + Int32(i)).x(Int32(from[i].x)).y(Int32(from[i].y))
                }
            }
        }
        let steps = max(1, Int((duration / 0.01).rounded()))
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            frame(at: start + Double(step) * 0.01) { builder in
                for i in fingers {
                    let x = from[i].x + (to[i].x - from[i].x) * f
                    let y = from[i].y + (to[i].y - from[i].y) * f
                    builder.slot(firstSlot + Int32(i)).x(Int32(x.rounded())).y(Int32(y.rounded()))
                }
            }
        }
        if lift {
            frame(at: start + Double(steps + 1) * 0.01) { builder in
                for i in fingers { builder.slot(firstSlot + Int32(i)).lift() }
            }
        }
    }

    /// One finger at (x, y) for `duration` seconds, starting at `start`, in slot `slot`.
    mutating func tap(at point: Point, start: Double, duration: Double = 0.08, slot: Int32 = 0, id: Int32) {
        frame(at: start) { $0.slot(slot).track(id).x(Int32(point.x)).y(Int32(point.y)) }
        frame(at: start + duration) { $0.slot(slot).lift() }
    }

    /// One finger dragged from `from` by `dx` in `steps` frames 10 ms apart.
    mutating func drag(from point: Point, dx: Int32, steps: Int = 5, start: Double, slot: Int32 = 0, id: Int32, lift: Bool = true) {
        frame(at: start) { $0.slot(slot).track(id).x(Int32(point.x)).y(Int32(point.y)) }
        for step in 1...steps {
            let x = Int32(point.x) + dx * Int32(step) / Int32(steps)
            frame(at: start + Double(step) * 0.01) { $0.slot(slot).x(x) }
        }
        if lift { frame(at: start + Double(steps + 1) * 0.01) { $0.slot(slot).lift() } }
    }
}
