// Key chords, clicks at a point and smooth scrolling as the events of the service's virtual devices.
import Tactile

/// Turns actions into the events of the virtual keyboard and pointer.
///
/// - A chord presses its keys in order in one frame and releases them in
///   reverse order in the next.
/// - A click moves the absolute pointer to the gesture's location (in the
///   touch device's own units, placed by ``mapping`` on the part of the
///   pointer's range that is the touchscreen's output), presses, and releases.
/// - Scrolling sends `REL_WHEEL_HI_RES`/`REL_HWHEEL_HI_RES` (120 per notch)
///   for every bit of travel, and `REL_WHEEL`/`REL_HWHEEL` each time a whole
///   notch is crossed, as a high-resolution mouse does.
struct ActionSynthesizer {
    static let wheel: UInt16 = 0x08, horizontalWheel: UInt16 = 0x06
    static let wheelHighResolution: UInt16 = 0x0b, horizontalWheelHighResolution: UInt16 = 0x0c

    /// The pointer's axes (the touch device's position axes).
    let xAxis: AbsoluteAxis
    let yAxis: AbsoluteAxis
    /// The screen locations are given on (the device's window: the surface
    /// as the person sees it, so its fractions are the output's as seen).
    var screen: Screen
    /// Where the touchscreen's output lies on the pointer's range: the
    /// identity when the compositor maps the pointer to that output (see
    /// ``OutputMapping``).
    var mapping = OutputMapping.identity

    /// High-resolution units not sent yet (fractions), and those sent since the last whole notch.
    private var pendingHighResolution = Vector.zero
    private var sinceNotch = (vertical: 0, horizontal: 0)

    init(xAxis: AbsoluteAxis, yAxis: AbsoluteAxis, screen: Screen) {
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.screen = screen
    }

    static func report(_ time: Double) -> InputEvent { InputEvent(time: time, type: .syn, code: SynCode.report, value: 0) }

    /// A chord pressed and released.
    func chord(_ chord: KeyChord, at time: Double) -> [InputEvent] {
        guard !chord.keys.isEmpty else { return [] }
        let press = chord.keys.map { InputEvent(time: time, type: .key, code: $0, value: 1) }
        let release = chord.keys.reversed().map { InputEvent(time: time, type: .key, code: $0, value: 0) }
        return press + [Self.report(time)] + release + [Self.report(time)]
    }

    /// The pointer moved to `location` (screen points), clicked with `button`.
    func click(_ button: PointerButton, at location: Point, time: Double) -> [InputEvent] {
        let code = Self.code(of: button)
        return move(to: location, time: time) + [
            InputEvent(time: time, type: .key, code: code, value: 1), Self.report(time),
            InputEvent(time: time, type: .key, code: code, value: 0), Self.report(time),
        ]
    }

    /// The keys of `chord` pressed (in order) or released (in reverse), in one frame.
    func hold(_ chord: KeyChord, down: Bool, at time: Double) -> [InputEvent] {
        guard !chord.keys.isEmpty else { return [] }
        let keys = down ? chord.keys : chord.keys.reversed()
        return keys.map { InputEvent(time: time, type: .key, code: $0, value: down ? 1 : 0) } + [Self.report(time)]
    }

    /// The pointer moved to `location`, then `button` pressed or released.
    func press(_ button: PointerButton, down: Bool, at location: Point, time: Double) -> [InputEvent] {
        move(to: location, time: time) + [InputEvent(time: time, type: .key, code: Self.code(of: button), value: down ? 1 : 0), Self.report(time)]
    }

    /// The pointer moved to `location` (screen points), placed by ``mapping``.
    func move(to location: Point, time: Double) -> [InputEvent] {
        let placed = mapping.place(x: fraction(location.x, of: screen.bounds.width), y: fraction(location.y, of: screen.bounds.height))
        return [
            InputEvent(time: time, type: .abs, code: AbsCode.x, value: unit(placed.x, on: xAxis)),
            InputEvent(time: time, type: .abs, code: AbsCode.y, value: unit(placed.y, on: yAxis)),
            Self.report(time),
        ]
    }

    static func code(of button: PointerButton) -> UInt16 {
        switch button {
        case .left: KeyCode.buttonLeft
        case .right: KeyCode.buttonRight
        case .middle: KeyCode.buttonMiddle
        }
    }

    /// `points` along a screen side of `side` points, as a fraction of it (0…1).
    private func fraction(_ points: Double, of side: Double) -> Double {
        side > 0 ? min(max(points / side, 0), 1) : 0
    }

    /// A fraction (0…1) of the pointer's range on `axis`, in its units.
    private func unit(_ fraction: Double, on axis: AbsoluteAxis) -> Int32 {
        let fraction = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        let value = Double(axis.minimum) + (fraction * axis.span).rounded()
        return axis.clamp(Int32(clamping: Int64(value)))
    }

    /// Scrolling for the fingers moving by `delta` millimetres.
    mutating func scroll(_ action: ScrollAction, delta: Vector, time: Double) -> [InputEvent] {
        guard action.millimetresPerNotch > 0, delta.dx.isFinite, delta.dy.isFinite else { return [] }
        let perMillimetre = 120 / action.millimetresPerNotch
        // Natural: the content follows the fingers (fingers up scroll down: the wheel turns back).
        let sign = action.natural ? 1.0 : -1.0
        pendingHighResolution.dy += sign * delta.dy * perMillimetre
        pendingHighResolution.dx += -sign * delta.dx * perMillimetre
        let vertical = Int(pendingHighResolution.dy.rounded(.towardZero))
        let horizontal = Int(pendingHighResolution.dx.rounded(.towardZero))
        pendingHighResolution.dy -= Double(vertical)
        pendingHighResolution.dx -= Double(horizontal)
        var events = Self.wheelEvents(vertical, highResolution: Self.wheelHighResolution, notch: Self.wheel,
                                      since: &sinceNotch.vertical, time: time)
        events += Self.wheelEvents(horizontal, highResolution: Self.horizontalWheelHighResolution, notch: Self.horizontalWheel,
                                   since: &sinceNotch.horizontal, time: time)
        return events.isEmpty ? [] : events + [Self.report(time)]
    }

    /// `units` of one wheel in high resolution, and a whole notch each time
    /// `since` (the units since the last notch) crosses 120.
    private static func wheelEvents(_ units: Int, highResolution: UInt16, notch: UInt16, since: inout Int, time: Double) -> [InputEvent] {
        guard units != 0 else { return [] }
        var events = [InputEvent(time: time, type: .rel, code: highResolution, value: Int32(clamping: units))]
        since += units
        let notches = since / 120
        if notches != 0 {
            events.append(InputEvent(time: time, type: .rel, code: notch, value: Int32(clamping: notches)))
            since -= notches * 120
        }
        return events
    }

    /// Forgets partial scrolling (a new gesture begins).
    mutating func resetScroll() {
        pendingHighResolution = .zero
        sinceNotch = (0, 0)
    }
}
