// The tester: a device feeding the developer's window, a clock that moves only when the test says, and what the recognizers did.
import Tactile
@_spi(Testing) import TactileSynthesis

/// Drives a window's recognizers from a test, as Flutter's `WidgetTester`
/// drives widgets: gestures drawn in code (``tap(at:fingers:contact:imperfections:)``,
/// ``drag(from:to:duration:fingers:imperfections:)``,
/// ``pinch(center:fromSpan:toSpan:duration:fingers:imperfections:)``, …) or
/// touch by touch (``touch()``), recordings replayed
/// (``replay(_:runOut:)``), and time that moves only when the test moves it
/// (``advance(by:)``, ``settle(within:)``), so timers (a long press's
/// duration, a double tap's interval) fire by the stream's clock, never the
/// wall's.
///
/// Gestures are rendered by TactileSynthesis's synthesizer into the evdev
/// events the device would send, then read by the same `InputPipeline` a
/// live device feeds: what a test draws is what `tactile synth` would make.
/// Points are in the window's coordinates (its screen's points, the screen
/// as the person sees it); the device's surface is mapped onto the screen
/// as the pipeline maps it, mounted as ``TestDevice/mounting`` says (a
/// panel turned or calibrated is sent the events it would really send).
///
/// Fingers land where they are asked to, the screen's edges included: a
/// tap 1 pt from an edge lands 1 pt from it, within the device's position
/// resolution. A gesture that would put a finger off the screen (or where
/// a calibrated panel does not reach) is not drawn: the tester records a
/// failure saying which finger and where, as a failed expectation does,
/// and keeps it in ``refusedGestures``.
///
/// ```swift
/// let window = Window(screen: Screen(width: 800, height: 600))
/// let pinch = PinchGestureRecognizer()
/// window.addGestureRecognizer(pinch)
/// let tester = TouchTester(window: window)
/// tester.pinch(center: Point(x: 400, y: 300), fromSpan: 100, toSpan: 200)
/// try tester.expect(pinch, to: .ended, with: ["scale": 2.0 ± 0.1])
/// ```
///
/// The tester keeps every action and every step of the engine's trace, which
/// its failures quote (``TouchTestFailure``).
@MainActor
public final class TouchTester {
    /// The window whose recognizers are driven.
    public let window: Window
    /// The device the events come from.
    public let device: DeviceDescription
    /// The pipeline the events go through.
    public let pipeline: InputPipeline
    /// Every action so far, in order.
    public private(set) var actions: [ActionRecord] = []
    /// The recognizer that made each of ``actions``: expectations match
    /// the recognizer itself, as two may share a name.
    private(set) var actionSources: [GestureRecognizer] = []
    /// Every step of recognition so far (the engine's trace).
    public private(set) var trace: [GestureTraceEvent] = []
    /// The stream's clock, in seconds: where the next gesture starts.
    public internal(set) var now: Double
    /// Whether a failing expectation is recorded with the test framework
    /// running (Swift Testing or XCTest) at the line where it is written,
    /// before it is thrown (default `true`), as `#expect` and `XCTAssert`
    /// record theirs. Turn it off to probe with `try?`, or to test that an
    /// expectation fails, without failing the test.
    ///
    /// ```swift
    /// tester.recordsFailures = false
    /// let panned = (try? tester.expect(pan, to: .began)) != nil
    /// ```
    public var recordsFailures = true

    /// Every gesture asked for that the tester did not draw, and why (a
    /// finger off the screen, more fingers than the device counts), in
    /// order. Each is also recorded with the test framework running, as a
    /// failed expectation is, unless ``recordsFailures`` is off.
    ///
    /// ```swift
    /// tester.recordsFailures = false   // a probe
    /// tester.tap(at: Point(x: -5, y: 300))
    /// tester.refusedGestures.last?.description   // "tap at (-5.000, 300.000): not drawn: …"
    /// ```
    public internal(set) var refusedGestures: [TouchTestFailure] = []

    /// Every event the tester fed its pipeline so far, as the device sent
    /// them (raw, before the mounting): ``recording`` holds them.
    public internal(set) var fedEvents: [InputEvent] = []

    var synthesizer: GestureSynthesizer
    /// The fingers of ``touch()`` as the device reports them; the synthesizer's gestures go through its encoder too.
    var script: FingerScript
    /// The device's surface under the window, as the pipeline maps it, run backwards.
    let surface: MountedSurface
    var mapping: SurfaceMapping { surface.mapping }
    /// Fingers of touches made with ``touch()`` that are down, by key.
    var heldTouches: [Int: Point] = [:]
    var nextTouchKey = 1000

    /// A tester feeding `window` from `device` (a touchscreen by default,
    /// mounted as its ``TestDevice/mounting`` says), with the clock at
    /// `start`. `realism` adds the sensor's report jitter
    /// and position noise, drawn from its seed; without it, every report
    /// comes on the device's rate and every position is exact. `palmEdges`
    /// are the touchpad's palm bands (`PalmEdgeZones`; the device's
    /// defaults when `nil`): `PalmEdgeZones.none` lets fingers near the
    /// edges through, for tests of the recognizers alone.
    ///
    /// ```swift
    /// let tester = TouchTester(window: window, device: .touchpad, palmEdges: PalmEdgeZones.none)
    /// tester.drag(from: Point(x: 10, y: 500), to: Point(x: 400, y: 500))   // from the pad's edge
    ///
    /// // An 800 × 480 panel mounted in portrait: the window is the screen as seen, 480 × 800.
    /// let portrait = Window(screen: Screen(width: 480, height: 800))
    /// let kiosk = TouchTester(window: portrait, device: TestDevice(panel, mounting: .rotated(.clockwise90)))
    /// kiosk.swipe(direction: .right, from: Point(x: 40, y: 400))   // a swipe right on the screen as seen
    /// ```
    public init(window: Window, device: TestDevice = .touchscreen, realism: Realism = .exact, start: Double = 0,
                axisValues: AxisValues = AxisValues(), palmEdges: PalmEdgeZones? = nil) {
        self.window = window
        self.device = device.description
        let mounting = device.mounting
        var model = SensorModel.typical(for: device.description)
        let seed: UInt64
        switch realism {
        case .exact:
            model.reportJitter = 0
            model.positionNoise = 0
            seed = 1
        case .realistic(let chosen):
            seed = chosen
        }
        synthesizer = GestureSynthesizer(device: device.description, seed: seed, model: model, screen: window.screen, transform: mounting)
        script = FingerScript(device: device.description, firstTrackingID: 1)
        // The pipeline never read the slots' positions (EVIOCGMTSLOTS): a first position of 0, on an edge, is sent.
        script.encoder.sendsFirstPositions = true
        surface = MountedSurface(mapping: SurfaceMapping(device: device.description, screen: window.screen, transform: mounting))
        pipeline = InputPipeline(device: device.description, window: window, axisValues: axisValues, palmEdges: palmEdges,
                                 transform: mounting)
        now = start
        pipeline.engine.onRecognizerAction = { [unowned self] recognizer, record in
            actions.append(record)
            actionSources.append(recognizer)
        }
        pipeline.engine.onTrace = { [unowned self] step in trace.append(step) }
    }

    /// How real the sensor is.
    public enum Realism: Sendable, Hashable {
        /// Reports exactly on the device's rate, positions exact.
        case exact
        /// Report jitter and position noise as the device kind shows them, drawn from `seed`.
        case realistic(seed: UInt64)
    }

    // MARK: Time

    /// Moves the clock forward by `seconds`, firing the timers due on the way
    /// (Flutter's `pump(duration)`).
    public func advance(by seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return }
        now += seconds
        pipeline.advance(to: now)
    }

    /// Moves the clock until no timer is pending, at most `limit` seconds
    /// (Flutter's `pumpAndSettle`): a single tap waiting out its double
    /// tap's interval is decided. Returns the seconds it moved.
    @discardableResult
    public func settle(within limit: Double = 5) -> Double {
        let start = now
        while let deadline = pipeline.engine.nextDeadline, deadline <= start + limit {
            advance(by: max(deadline - now, 0) + 1e-6)
        }
        return now - start
    }

    /// Feeds `events` (their times on this tester's clock), then brings the
    /// clock to the last one.
    public func feed(_ events: [InputEvent]) {
        fedEvents += events
        for event in events { pipeline.process(event) }
        if let last = events.last, last.time > now { now = last.time }
    }

    // MARK: Actions

    /// The actions of `recognizer` so far (of that recognizer, not of
    /// another with its name).
    public func actions(of recognizer: GestureRecognizer) -> [ActionRecord] {
        zip(actions, actionSources).filter { $0.1 === recognizer }.map(\.0)
    }

    /// Forgets the actions and trace so far (the recognizers are untouched).
    public func clearActions() {
        actions.removeAll()
        actionSources.removeAll()
        trace.removeAll()
    }

    // MARK: Coordinates

    /// The window point over the surface point `millimetres` from the
    /// top-left corner of the surface as the person sees it (the device's
    /// minimum corner when it is mounted upright): for gestures placed on
    /// the device rather than the screen.
    ///
    /// ```swift
    /// tester.tap(at: tester.point(atMillimetres: Point(x: 20, y: 15)))
    /// ```
    public func point(atMillimetres millimetres: Point) -> Point {
        surface.point(atMillimetres: millimetres)
    }

    /// Window points along x that `millimetres` of the surface cover: spans
    /// and distances in millimetres (`tester.points(forMillimetres: 40)`).
    public func points(forMillimetres millimetres: Double) -> Double {
        point(atMillimetres: Point(x: millimetres, y: 0)).x - point(atMillimetres: .zero).x
    }

    /// The surface point, in millimetres on the surface as seen, under the window point `point`.
    func millimetres(_ point: Point) -> Point {
        surface.millimetres(at: point)
    }

    /// Millimetres on the surface of `points` window points along x and y.
    func millimetres(_ vector: Vector) -> Vector {
        let origin = millimetres(Point(x: 0, y: 0)), moved = millimetres(Point(x: vector.dx, y: vector.dy))
        return Vector(dx: moved.x - origin.x, dy: moved.y - origin.y)
    }
}
