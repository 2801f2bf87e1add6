// The gesture synthesizer: makes, fits and renders labelled gestures into evdev events for one device.
import Tactile

/// Makes labelled, realistic evdev event streams of gestures for one device.
///
/// Each gesture is a set of finger paths in continuous time (minimum-jerk
/// pinches, rotations and pans; accelerating swipes that lift while moving;
/// taps and presses that barely move), sampled at the device's report rate
/// with jitter, blurred by Gaussian position noise, rounded to device units
/// and encoded the way the Linux kernel sends multitouch protocol B (see
/// ``SensorModel`` and the device notes below). Labels carry the true values
/// of the noise-free paths at the delivered frames.
///
/// Everything random comes from one ``SeededRandom``: the same device, seed
/// and calls give the same events, byte for byte.
///
/// ``make(_:at:imperfections:)`` and ``random(_:fingers:at:)`` return self-contained
/// streams that start from a freshly opened device (slot 0 current, nothing
/// down); tracking ids keep growing from one gesture to the next.
/// ``session(_:fingers:centredAt:gap:start:)`` encodes gestures one after another with the
/// device's state carried over, as one recording would hold them.
///
/// Fingers land and lift in distinct frames. A device with fewer slots than
/// fingers tracks the first fingers to land and counts the others only
/// through `BTN_TOOL_*` until a slot frees up (then they become new touches);
/// a gesture never has more fingers than the device can count
/// (``maximumFingers``). Times are whole microseconds divided by 10⁶, as in
/// `TouchFrame/time`.
///
/// ```swift
/// var synthesizer = GestureSynthesizer(device: SynthesizedDevices.touchscreen, seed: 42)
/// let pinch = synthesizer.random(.pinchOut, fingers: 2, at: 0)
/// print(pinch.label.kind, pinch.label.values)   // the true scale, span, duration…
/// let scroll = synthesizer.make(synthesizer.draw(.pan, fingers: 2), at: 2,
///                               imperfections: [.lateStart(finger: 1, delay: 0.03)])
/// ```
public struct GestureSynthesizer: Sendable {
    /// The device the events are for.
    public let device: DeviceDescription
    /// Report rate and noise.
    public var model: SensorModel
    /// How device units become millimetres (the same mapping `TouchAssembler` uses).
    public let mapping: SurfaceMapping
    var generator: SeededRandom
    var nextTrackingID: Int32

    /// Gestures drawn at random (``draw(_:fingers:)``, ``random(_:fingers:at:)``,
    /// sessions) keep their finger centres this far from the edges, in
    /// millimetres (less on tiny surfaces). A gesture given to
    /// ``make(_:at:imperfections:)`` is kept on the surface only, not this far in.
    public var edgeMargin: Double {
        let size = mapping.surfaceSize
        return min(5, 0.1 * min(size.width, size.height))
    }

    /// A synthesizer for `device` whose every random choice derives from
    /// `seed`; `model` defaults to ``SensorModel/typical(for:)``. A device
    /// that reports no resolution is sized as on the standard screen
    /// (1920 × 1080 pt at 96 dpi); give the screen it maps onto with
    /// ``init(device:seed:model:screen:transform:)``.
    public init(device: DeviceDescription, seed: UInt64, model: SensorModel? = nil) {
        self.init(device: device, seed: seed, model: model, screen: .standard, transform: .identity)
    }

    /// A synthesizer for `device` mapped onto `screen` (the screen as the
    /// person sees it) as `transform` mounts it, so that a device without
    /// resolution is sized as the pipeline reading it sizes it
    /// (``SurfaceMapping``): an 800 × 480 panel that reports none, on an
    /// 800 × 480 pt screen at 160 dpi, is 127 × 76.2 mm.
    ///
    /// The synthesizer still draws in millimetres along the device's own
    /// axes (``surfaceSize``), as the device senses the fingers.
    ///
    /// ```swift
    /// let kiosk = Screen(width: 800, height: 480, dotsPerInch: 160)
    /// var synthesizer = GestureSynthesizer(device: panel, seed: 1, screen: kiosk)
    /// synthesizer.surfaceSize   // 127 × 76.2 mm, not 508 × 285.75
    /// ```
    public init(device: DeviceDescription, seed: UInt64, model: SensorModel? = nil, screen: Screen,
                transform: SurfaceTransform = .identity) {
        self.device = device
        self.model = model ?? .typical(for: device)
        mapping = SurfaceMapping(device: device, screen: screen, transform: transform)
        generator = SeededRandom(seed: seed)
        nextTrackingID = Int32(generator.integer(in: 0...4999))
    }

    /// The surface in millimetres, along the device's own axes (as made,
    /// whatever its mounting): the synthesizer's gestures are drawn there.
    public var surfaceSize: Size { mapping.deviceSurfaceSize }

    /// The most fingers the device can count (at least 1).
    public var maximumFingers: Int { max(1, device.maximumFingerCount) }

    // MARK: - Making gestures

    /// Renders `spec` with its first frame at `start` seconds. The spec is
    /// limited to ``maximumFingers``, moved onto the surface if it leaves it
    /// (by as little as that takes: a finger may land on the very edge),
    /// and shrunk if it does not fit; ``SynthesizedGesture/spec`` tells what was rendered.
    ///
    /// `imperfections` add what real hands do (a finger starting late or
    /// lifting early, one joining, drift, a resting thumb); the label still
    /// describes the gesture's own fingers.
    public mutating func make(_ spec: GestureSpec, at start: Double, imperfections: [Imperfection] = []) -> SynthesizedGesture {
        var encoder = EvdevEncoder(device: device, firstTrackingID: nextTrackingID)
        let fitted = fit(spec.limited(toFingers: maximumFingers), margin: 0, placeRandomly: false)
        let gesture = render(fitted, at: start, encoder: &encoder, imperfections: imperfections)
        nextTrackingID = encoder.nextTrackingID
        return gesture
    }

    /// Renders `spec` exactly as given, nothing moved or shrunk, through
    /// `encoder`, whose device state (current slot, slots, tracking ids)
    /// carries over from what it encoded before: gestures made one after
    /// another into one stream, as TactileTesting's tester feeds them. The
    /// caller sees that the fingers stay on the surface (a position off it
    /// is held at the axis's end, as the noise is).
    ///
    /// `placement`, when given, maps every finger's position (imperfections
    /// included) from the millimetres the spec is drawn in to millimetres
    /// along the device's axes: the tester draws on the screen as the
    /// person sees it, and a panel mounted turned senses it turned.
    package mutating func make(
        exactly spec: GestureSpec, at start: Double, imperfections: [Imperfection],
        placement: (@Sendable (Point) -> Point)? = nil, encoder: inout EvdevEncoder
    ) -> SynthesizedGesture {
        render(spec.limited(toFingers: maximumFingers), at: start, encoder: &encoder, imperfections: imperfections, placement: placement)
    }

    /// The device units of `point` (millimetres from the surface's minimum corner), rounded and kept on the axes.
    package func units(ofMillimetres point: Point) -> (x: Int32, y: Int32) {
        (units(point.x, mapping.xAxis, mapping.unitsPerMillimetreX), units(point.y, mapping.yAxis, mapping.unitsPerMillimetreY))
    }

    /// A gesture of `kind` with realistic random parameters (see
    /// ``draw(_:fingers:)``), its first frame at `start` seconds. Draws that
    /// come out of the kind's ranges once sampled by the device (a tap held
    /// longer than 150 ms, a swipe slower than 200 mm/s between its first and
    /// last full-contact frames) are drawn again.
    public mutating func random(_ kind: GestureKind, fingers: Int? = nil, at start: Double) -> SynthesizedGesture {
        var encoder = EvdevEncoder(device: device, firstTrackingID: nextTrackingID)
        let gesture = randomGesture(kind, fingers: fingers, at: start, encoder: &encoder)
        nextTrackingID = encoder.nextTrackingID
        return gesture
    }

    /// Random gestures of `kinds`, one after another, each starting `gap`
    /// seconds (drawn uniformly, at least 1 ms) after the previous one ended,
    /// the first at `start`; the device's state carries over between them.
    ///
    /// `fingers` gives every gesture that many fingers (see
    /// ``draw(_:fingers:)``) instead of a random number; `centre` (in
    /// millimetres from the surface's minimum corner) places the middle of
    /// the area each gesture covers there instead of at a random spot, moved
    /// as little as needed to keep it on the surface. Without either, the
    /// events are those the same seed always gave.
    public mutating func session(
        _ kinds: [GestureKind], fingers: Int? = nil, centredAt centre: Point? = nil, gap: ClosedRange<Double>, start: Double = 0
    ) -> (events: [InputEvent], labels: [GestureLabel]) {
        session(kinds.map { GestureRequest($0, fingers: fingers, centredAt: centre) }, gap: gap, start: start)
    }

    /// Random gestures as `requests` ask, one after another, as
    /// ``session(_:fingers:centredAt:gap:start:)`` makes them; each request
    /// gives its own fingers and place, or leaves them to chance.
    ///
    /// ```swift
    /// // A tap anywhere, then a two-finger long press in the middle of a 200 × 120 mm screen.
    /// let (events, labels) = synthesizer.session(
    ///     [GestureRequest(.tap), GestureRequest(.longPress, fingers: 2, centredAt: Point(x: 100, y: 60))],
    ///     gap: 0.8...1.2)
    /// ```
    public mutating func session(
        _ requests: [GestureRequest], gap: ClosedRange<Double>, start: Double = 0
    ) -> (events: [InputEvent], labels: [GestureLabel]) {
        var encoder = EvdevEncoder(device: device, firstTrackingID: nextTrackingID)
        var events: [InputEvent] = []
        var labels: [GestureLabel] = []
        var time = start
        let low = max(0.001, gap.lowerBound)
        let pause = low...max(low, gap.upperBound)
        for request in requests {
            let gesture = randomGesture(request.kind, fingers: request.fingers, centredAt: request.centre, at: time, encoder: &encoder)
            events += gesture.events
            labels.append(gesture.label)
            time = gesture.label.end + generator.uniform(pause)
        }
        nextTrackingID = encoder.nextTrackingID
        return (events, labels)
    }

    private mutating func randomGesture(
        _ kind: GestureKind, fingers: Int?, centredAt centre: Point? = nil, at start: Double, encoder: inout EvdevEncoder
    ) -> SynthesizedGesture {
        var attempts = 0
        while true {
            attempts += 1
            var trial = self
            var trialEncoder = encoder
            var spec = trial.draw(kind, fingers: fingers)
            if let centre { spec = trial.placed(spec, centredAt: centre) }
            let gesture = trial.render(spec, at: start, encoder: &trialEncoder)
            if attempts >= 64 || Self.isWithinRanges(gesture) {
                self = trial
                encoder = trialEncoder
                return gesture
            }
            generator = trial.generator  // the next attempt draws afresh
        }
    }

    /// Whether a rendered random gesture shows what its kind promises.
    private static func isWithinRanges(_ gesture: SynthesizedGesture) -> Bool {
        let label = gesture.label
        guard label[GestureLabel.Key.duration] != nil else { return false }
        switch label.kind {
        case .tap, .doubleTap:
            let contacts = FrameStatistics.contacts(gesture.frames)
            let allowed = GestureRanges.tapContact
            guard let shortest = contacts.min(), let longest = contacts.max(),
                shortest >= allowed.lowerBound - 1e-9, longest <= allowed.upperBound + 1e-9
            else { return false }
            if label.kind == .doubleTap {
                let range = GestureRanges.doubleTapInterval
                guard let interval = label[GestureLabel.Key.interval],
                    interval >= range.lowerBound - 1e-9, interval <= range.upperBound + 1e-9
                else { return false }
            }
            return true
        case .swipe:
            return (label[GestureLabel.Key.speed] ?? 0) >= GestureRanges.swipeMinimumSpeed
        default:
            return true
        }
    }

    // MARK: - Fitting

    /// `spec` shrunk until it fits the surface within `margin` millimetres
    /// of its edges (``edgeMargin`` unless given), then moved onto it: by as
    /// little as possible, or to a random place.
    mutating func fit(_ spec: GestureSpec, margin chosen: Double? = nil, placeRandomly: Bool) -> GestureSpec {
        let size = surfaceSize
        let margin = chosen ?? edgeMargin
        let available = Size(width: max(0, size.width - 2 * margin), height: max(0, size.height - 2 * margin))
        let slack = model.reportInterval + model.reportJitter
        var fitted = spec
        var bounds = fitted.script().bounds(slack: slack * Double(spec.fingers + 1))
        for _ in 0..<16 {
            let width = bounds.max.x - bounds.min.x, height = bounds.max.y - bounds.min.y
            guard width > available.width || height > available.height else { break }
            let factor = 0.97 * min(available.width / max(width, 1e-9), available.height / max(height, 1e-9), 1)
            fitted = fitted.resized(by: factor)
            bounds = fitted.script().bounds(slack: slack * Double(spec.fingers + 1))
        }
        func shift(low: Double, high: Double, extent: Double) -> Double {
            let lowest = margin - low
            let highest = extent - margin - high
            guard lowest <= highest else { return (lowest + highest) / 2 }
            if placeRandomly { return generator.uniform(lowest...highest) }
            return min(max(0, lowest), highest)
        }
        let dx = shift(low: bounds.min.x, high: bounds.max.x, extent: size.width)
        let dy = shift(low: bounds.min.y, high: bounds.max.y, extent: size.height)
        return fitted.translated(by: Vector(dx: dx, dy: dy))
    }

    /// `spec` moved so that the middle of the box its fingers cover lies at
    /// `centre` (millimetres), then moved as little as needed to fit the surface.
    mutating func placed(_ spec: GestureSpec, centredAt centre: Point) -> GestureSpec {
        let slack = model.reportInterval + model.reportJitter
        let bounds = spec.script().bounds(slack: slack * Double(spec.fingers + 1))
        let middle = Point(x: (bounds.min.x + bounds.max.x) / 2, y: (bounds.min.y + bounds.max.y) / 2)
        return fit(spec.translated(by: Vector(dx: centre.x - middle.x, dy: centre.y - middle.y)), placeRandomly: false)
    }
}

extension GestureScript {
    /// The box every finger stays in while down, with `slack` seconds added
    /// after each lift (a lift can be reported a few scans late).
    func bounds(slack: Double) -> (min: Point, max: Point) {
        var extended = self
        extended.tracks = tracks.map { track in
            var copy = track
            copy.lift += slack
            return copy
        }
        return extended.bounds()
    }
}
