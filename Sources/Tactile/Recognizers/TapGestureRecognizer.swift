// Taps of one or more fingers, after UITapGestureRecognizer.

/// One or more taps of one or more fingers, after `UITapGestureRecognizer`
/// (discrete: `possible → ended` or `failed`).
///
/// A tap: the fingers land within ``touchLandingWindow`` of each other,
/// stay within ``allowableMovement`` millimetres of where they landed
/// (``allowableMovementAtLift`` in the frame where one lifts), and begin to
/// lift within ``maximumPressDuration`` of the last landing (libinput's tap
/// timer restarts with each finger; the press is 0.18 s on a touchpad,
/// 0.5 s elsewhere), the last within ``touchLiftWindow`` of the first lift. Fingers of a multi-finger
/// tap never land or lift at the same instant, hence the windows. Taps of a
/// multi-tap follow within ``maximumTapInterval`` (lift to landing) and
/// ``maximumTapDistance`` of each other. The finger count is the larger of
/// the touches followed and the device's count (a three-finger tap on a
/// two-slot touchpad counts three).
///
/// A next tap that lands too far away makes a multi-tap fail, and the
/// recognizer starts over with it as a first tap: two quick taps in
/// different places are two taps, each reported as soon as a lone tap
/// would be (Flutter and UIKit deliver both). Two hands tapping at once,
/// farther apart than ``maximumFingerSeparation``, are two taps too: the
/// recognizer goes on with the hand that lifts first and takes the other
/// once it is done.
///
/// ```swift
/// let doubleTap = TapGestureRecognizer(taps: 2, touches: 1)
/// let twoFingerTap = TapGestureRecognizer(taps: 1, touches: 2)
/// twoFingerTap.addAction { tap in print("two fingers at", tap.location(in: tap.view)) }
/// view.addGestureRecognizer(doubleTap)
/// view.addGestureRecognizer(twoFingerTap)
/// ```
open class TapGestureRecognizer: GestureRecognizer {
    /// Defaults, with their reasons in `docs/gestures.md`.
    public enum Defaults {
        /// On a touchscreen (and any device but a touchpad).
        public static let maximumPressDuration = 0.5
        /// On a touchpad: libinput's tap timeout. A finger resting longer is
        /// a pointer about to move, and a 300 ms rest must not click.
        public static let touchpadMaximumPressDuration = 0.18
        /// How far the fingers may move in the frame where one of them
        /// lifts: contacts shrinking as they leave move their centres
        /// (libinput counts a two-finger tap whose last frame moved 5.5 mm).
        public static let allowableMovementAtLift = Length.millimetres(6.0)
        /// On a touchscreen (and any device but a touchpad): a next tap
        /// landing sooner than this after the lift is the same tap bouncing
        /// (Flutter's `kDoubleTapMinTime`, 40 ms).
        public static let minimumTapInterval = 0.04
        /// On a touchpad: none. libinput counts a landing 10 ms after the
        /// lift as the second tap (its double-tap tests, one and two fingers),
        /// and a touchpad's own firmware already debounces its contacts.
        public static let touchpadMinimumTapInterval = 0.0
        public static let allowableMovement = Length.millimetres(3.0)
        public static let maximumTapInterval = 0.3
        public static let maximumTapDistance = Length.millimetres(15.0)
        public static let touchLandingWindow = 0.15
        public static let touchLiftWindow = 0.15
        /// On a touchscreen (and any device but a touchpad): the farthest
        /// apart two fingers of one tap land, one hand's. Two fingers farther
        /// apart are two hands (libinput takes two fingers more than 40 mm
        /// apart for no two-finger scroll; Chromium's two-finger tap allows
        /// 300 DIP, 48 mm at Android's 160 dpi). On a touchpad there is no
        /// limit: libinput counts a tap's fingers anywhere on the pad, which
        /// one hand covers.
        public static let maximumFingerSeparation = Length.millimetres(40.0)
    }

    /// Taps needed (default 1).
    public var numberOfTapsRequired: Int { get { settings.numberOfTapsRequired } set { settings.numberOfTapsRequired = newValue } }
    /// Fingers per tap (default 1).
    public var numberOfTouchesRequired: Int { get { settings.numberOfTouchesRequired } set { settings.numberOfTouchesRequired = newValue } }
    /// Longest time from the last finger landing to the first lifting, in
    /// seconds. Unless set, it follows the device: 0.18 s on a touchpad
    /// (libinput's tap timeout), 0.5 s elsewhere (UIKit, Flutter).
    ///
    /// ```swift
    /// tap.maximumPressDuration = 0.3   // on every device
    /// ```
    public var maximumPressDuration: Double {
        get { byDevice(settings.maximumPressDuration, touchpad: Defaults.touchpadMaximumPressDuration, elsewhere: Defaults.maximumPressDuration) }
        set { settings.maximumPressDuration = newValue }
    }
    /// How far the fingers may move in a frame where one of them lifts
    /// (``Defaults/allowableMovementAtLift``); set it to
    /// ``allowableMovement`` to judge that frame like any other.
    public var allowableMovementAtLift: Length { get { settings.allowableMovementAtLift } set { settings.allowableMovementAtLift = newValue } }
    /// A next tap that lands sooner than this after the previous tap lifted
    /// is that tap bouncing on the sensor, not a second tap: the count starts
    /// over with it. Unless set, it follows the device: 0.04 s on a
    /// touchscreen (Flutter's rule), none on a touchpad (libinput's). 0 counts every bounce.
    ///
    /// ```swift
    /// doubleTap.minimumTapInterval = 0   // libinput's rule on every device
    /// ```
    public var minimumTapInterval: Double {
        get { byDevice(settings.minimumTapInterval, touchpad: Defaults.touchpadMinimumTapInterval, elsewhere: Defaults.minimumTapInterval) }
        set { settings.minimumTapInterval = newValue }
    }
    /// How far a finger may move from where it landed (``Length``: `.millimetres(3)`, or `.points(10)` as UIKit).
    public var allowableMovement: Length { get { settings.allowableMovement } set { settings.allowableMovement = newValue } }
    /// Longest time from a tap's lift to the next tap's landing, in seconds.
    public var maximumTapInterval: Double { get { settings.maximumTapInterval } set { settings.maximumTapInterval = newValue } }
    /// Farthest a tap may land from the previous tap's position (``Length``).
    public var maximumTapDistance: Length { get { settings.maximumTapDistance } set { settings.maximumTapDistance = newValue } }
    /// Longest spread between the fingers of one tap landing, in seconds.
    public var touchLandingWindow: Double { get { settings.touchLandingWindow } set { settings.touchLandingWindow = newValue } }
    /// Longest spread between the fingers of one tap lifting, in seconds.
    public var touchLiftWindow: Double { get { settings.touchLiftWindow } set { settings.touchLiftWindow = newValue } }
    /// The farthest apart two fingers of one tap may land (``Length``): one
    /// hand's (``Defaults/maximumFingerSeparation``, 40 mm), each finger
    /// within it of another (three fingers may span more). Fingers of two
    /// hands make no multi-finger tap: each hand's are a tap of their own,
    /// the second reported once the first is done. Unless set, it follows
    /// the device: no limit on a touchpad, as libinput.
    ///
    /// ```swift
    /// twoFingerTap.maximumFingerSeparation = .millimetres(60)   // a wide grip
    /// ```
    public var maximumFingerSeparation: Length {
        get { byDevice(settings.maximumFingerSeparation, touchpad: .millimetres(.infinity), elsewhere: Defaults.maximumFingerSeparation) }
        set { settings.maximumFingerSeparation = newValue }
    }

    /// A setting that follows the device unless set: `set`, else the
    /// touchpad's value on a touchpad and `elsewhere` on any other device.
    private func byDevice<Value>(_ set: Value?, touchpad: Value, elsewhere: Value) -> Value {
        set ?? (deviceKind == .touchpad ? touchpad : elsewhere)
    }

    /// The storage of the settings above (documented there).
    private struct Settings {
        var numberOfTapsRequired = 1, numberOfTouchesRequired = 1
        var maximumPressDuration: Double?, allowableMovement = Defaults.allowableMovement
        var allowableMovementAtLift = Defaults.allowableMovementAtLift, minimumTapInterval: Double?
        var maximumTapInterval = Defaults.maximumTapInterval, maximumTapDistance = Defaults.maximumTapDistance
        var touchLandingWindow = Defaults.touchLandingWindow, touchLiftWindow = Defaults.touchLiftWindow
        var maximumFingerSeparation: Length?
    }

    /// What one gesture keeps; ``reset()`` starts it afresh (``GestureState``).
    private struct Gesture: GestureState {
        var tapsCompleted = 0
        var tapStart: Double?
        /// When the latest finger of the current tap landed: the press counts from there.
        var lastLanding = 0.0
        var firstLift: Double?
        var landed = TouchMap<Point>()
        /// Each finger as it landed, for a hand carried over to the next attempt.
        var landings = TouchMap<Touch>()
        /// The latest screen position of each finger of the current tap.
        var screenPositions = TouchMap<Point>()
        /// Where the last completed tap was, in screen points.
        var tapLocation: Point?
        var fingers = 0
        /// Where the fingers of the previous tap landed, and their centroid, in mm.
        var previousTapPoints: [Point] = []
        var previousTapCentroid: Point?
        /// When the previous tap's last finger lifted.
        var previousLift = -Double.infinity
        var timer: TimerToken?

        mutating func keepingBuffers() -> Gesture {
            landed.removeAll()
            landings.removeAll()
            screenPositions.removeAll()
            return Gesture(landed: landed, landings: landings, screenPositions: screenPositions)
        }
    }

    // Read on every frame: unchecked exclusivity, as the base class's core
    // (docs/performance.md). No access spans a call out of this type.
    @exclusivity(unchecked) private var settings = Settings()
    @exclusivity(unchecked) private var gesture = Gesture()

    public init(taps: Int = 1, touches: Int = 1, name: String? = nil) {
        settings.numberOfTapsRequired = taps
        settings.numberOfTouchesRequired = touches
        super.init(name: name)
    }

    open override var isDiscrete: Bool { true }

    /// The fingers of the current tap (of the last one, once recognized): the
    /// most that were down at once, counting those a touchpad counts without
    /// tracking (`BTN_TOOL_TRIPLETAP` on a two-slot pad); the action log's `fingers`.
    public var fingers: Int { gesture.fingers }

    /// `taps` (the taps made, ``numberOfTapsRequired`` once recognized) and
    /// `fingers` (``fingers``).
    open override var actionValues: [ActionValue] {
        [ActionValue("taps", Double(gesture.tapsCompleted)), ActionValue("fingers", Double(gesture.fingers))]
    }

    open override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        // On a device with more fingers than slots, a finger counted but not
        // tracked gets a slot when another lifts: it is no new finger.
        let alreadyCounted = gesture.tapStart != nil && gesture.fingers - gesture.landed.count >= touches.count
        if alreadyCounted {
            for touch in touches {
                gesture.landed[touch.id] = touch.surfaceLocation
                gesture.screenPositions[touch.id] = touch.location
            }
            return
        }
        guard gesture.firstLift == nil else { return fail(because: .landedWhileLifting) }
        // A finger that was on the surface, uncounted by slots, long before.
        if let early = touches.first(where: { frame.time - $0.beganAt > maximumPressDuration }) {
            return fail(because: .pressTooLong(seconds: frame.time - early.beganAt, maximum: maximumPressDuration))
        }
        if gesture.tapStart == nil {
            // Each finger of a later tap must land near some finger of the previous one.
            let maximumDistance = millimetres(settings.maximumTapDistance)
            if !gesture.previousTapPoints.isEmpty, let far = touches.first(where: { touch in
                !gesture.previousTapPoints.contains { $0.distance(to: touch.surfaceLocation) <= maximumDistance }
            }) {
                let nearest = gesture.previousTapPoints.map { $0.distance(to: far.surfaceLocation) }.min() ?? 0
                // A tap elsewhere: this attempt fails (releasing a single tap
                // that waits for it), and the recognizer starts over with the
                // new fingers as a first tap once it is reset, this frame.
                for touch in touches { ignore(touch) }
                return fail(because: .tapTooFar(millimetres: nearest, maximum: maximumDistance))
            }
            if gesture.tapsCompleted > 0, frame.time - gesture.previousLift < minimumTapInterval {
                // The previous tap bouncing on the sensor: this is a first tap again.
                gesture.tapsCompleted = 0
                gesture.previousTapPoints.removeAll()
                gesture.previousTapCentroid = nil
            }
            gesture.tapStart = frame.time
        } else if let start = gesture.tapStart, frame.time - start > settings.touchLandingWindow {
            return fail(because: .fingersLandedApart(seconds: frame.time - start, window: settings.touchLandingWindow))
        }
        // The press counts from the last finger landing, as libinput's tap
        // timer restarts with each finger.
        gesture.lastLanding = frame.time
        cancelTimer(gesture.timer)
        let maximum = maximumPressDuration
        gesture.timer = schedule(after: maximum) { $0.fail(because: .pressTooLong(seconds: maximum, maximum: maximum)) }
        for touch in touches {
            gesture.landed[touch.id] = touch.surfaceLocation
            gesture.landings[touch.id] = touch
            gesture.screenPositions[touch.id] = touch.location
        }
        gesture.fingers = max(gesture.fingers, gesture.landed.count + frame.untrackedFingerCount)
        if gesture.landed.count > settings.numberOfTouchesRequired {
            // Hands tapping at once are sorted out at the first lift, if one of them may be a tap.
            let hands = FingerHands.group(gesture.landed, within: millimetres(maximumFingerSeparation))
            guard hands.contains(where: { $0.count <= settings.numberOfTouchesRequired }) else {
                return fail(because: .tooManyFingers(wanted: settings.numberOfTouchesRequired, down: gesture.landed.count))
            }
        }
    }

    open override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
        let usual = millimetres(settings.allowableMovement)
        for touch in touches {
            gesture.screenPositions[touch.id] = touch.location
            if let start = gesture.landed[touch.id] {
                let moved = touch.surfaceLocation.distance(to: start)
                guard moved > usual else { continue }
                let allowed = isLiftFrame(frame) ? max(usual, millimetres(settings.allowableMovementAtLift)) : usual
                if moved > allowed { return fail(because: .moved(millimetres: moved, allowed: allowed)) }
            }
        }
    }

    /// Whether a finger of the tap lifts in `frame`.
    private func isLiftFrame(_ frame: TouchFrame) -> Bool {
        for touch in frame.touches where touch.phase == .ended && gesture.landed[touch.id] != nil { return true }
        return false
    }

    open override func didProcessFrame(_ frame: TouchFrame) {
        if gesture.tapStart != nil, gesture.firstLift == nil { gesture.fingers = max(gesture.fingers, gesture.landed.count + frame.untrackedFingerCount) }
    }

    /// The centroid of the fingers of the last tap, also after they lifted one by one.
    open override func location(in view: View?) -> Point {
        guard let tapLocation = gesture.tapLocation else { return super.location(in: view) }
        return convertFromScreen(tapLocation, to: view)
    }

    open override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        for touch in touches { gesture.screenPositions[touch.id] = touch.location }
        // Fingers of another hand, carried over, are not this tap's.
        guard gesture.tapStart != nil, let first = touches.first(where: { gesture.landed[$0.id] != nil }) else { return }
        guard let lift = gesture.firstLift else {
            gesture.firstLift = frame.time
            let pressed = frame.time - gesture.lastLanding
            guard pressed <= maximumPressDuration else {
                return fail(because: .pressTooLong(seconds: pressed, maximum: maximumPressDuration))
            }
            // Every finger of the tap has landed by its first lift (a middle finger may land last, between the others).
            if let failure = keepHand(of: first.id) { return fail(because: failure) }
            // From the first lift, the others have the lift window.
            cancelTimer(gesture.timer)
            let window = settings.touchLiftWindow
            gesture.timer = schedule(after: window) { $0.fail(because: .fingersLiftedApart(seconds: window, window: window)) }
            return completeIfAllLifted(in: frame)
        }
        guard frame.time - lift <= settings.touchLiftWindow else {
            return fail(because: .fingersLiftedApart(seconds: frame.time - lift, window: settings.touchLiftWindow))
        }
        completeIfAllLifted(in: frame)
    }

    /// Counts the tap once its last finger lifted, and waits for the next tap or recognizes.
    private func completeIfAllLifted(in frame: TouchFrame) {
        guard !self.touches.contains(where: { !$0.phase.isFinal && gesture.landed[$0.id] != nil }) else { return }  // fingers still down
        guard gesture.fingers == settings.numberOfTouchesRequired else {
            return fail(because: .fingerCount(wanted: settings.numberOfTouchesRequired, down: gesture.fingers))
        }
        let centroid = Self.centroid(of: gesture.landed)
        let maximumDistance = millimetres(settings.maximumTapDistance)
        if let previous = gesture.previousTapCentroid, let centroid, centroid.distance(to: previous) > maximumDistance {
            return fail(because: .tapTooFar(millimetres: centroid.distance(to: previous), maximum: maximumDistance))
        }
        gesture.tapsCompleted += 1
        gesture.previousLift = frame.time
        gesture.previousTapCentroid = centroid
        gesture.previousTapPoints = gesture.landed.values
        gesture.tapLocation = Self.centroid(of: gesture.screenPositions)
        cancelTimer(gesture.timer)
        if gesture.tapsCompleted >= settings.numberOfTapsRequired {
            transition(to: .recognized)
            return
        }
        gesture.tapStart = nil
        gesture.firstLift = nil
        gesture.landed.removeAll()
        gesture.landings.removeAll()
        gesture.screenPositions.removeAll()
        gesture.fingers = 0
        let interval = settings.maximumTapInterval
        gesture.timer = schedule(after: interval) { $0.fail(because: .nextTapTooLate(maximum: interval)) }
    }

    open override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {
        fail(because: .touchesCancelled)
    }

    /// Splits the fingers into hands, at the first lift, when they are
    /// farther apart than one hand's (``maximumFingerSeparation``): this tap
    /// goes on with the hand of `lifting`, and carries each other hand of
    /// the right finger count over to its next attempt (the engine gives
    /// them to it once this one is done). Returns the failure when this
    /// hand has too few fingers for the tap: they were too far apart.
    private func keepHand(of lifting: TouchID) -> FailureReason.Criterion? {
        let separation = millimetres(maximumFingerSeparation)
        let hands = FingerHands.group(gesture.landed, within: separation)
        guard hands.count > 1, let kept = hands.first(where: { $0.contains(lifting) }) else { return nil }
        let widest = FingerHands.widestLink(of: gesture.landed.values)
        for hand in hands where hand != kept {
            for id in hand {
                // A hand that cannot be this tap is none of its business (and no rival's touch).
                if hand.count == settings.numberOfTouchesRequired, let landing = gesture.landings[id] {
                    carryOver(landing)
                } else if let touch = touches.first(where: { $0.id == id }) {
                    ignore(touch)
                }
                gesture.landed[id] = nil
                gesture.screenPositions[id] = nil
            }
        }
        gesture.fingers = kept.count
        if kept.count > settings.numberOfTouchesRequired {
            return .tooManyFingers(wanted: settings.numberOfTouchesRequired, down: kept.count)
        }
        return kept.count < settings.numberOfTouchesRequired ? .fingersTooFarApart(millimetres: widest, maximum: separation) : nil
    }

    /// The centroid of the points, summed in touch order.
    private static func centroid(of points: TouchMap<Point>) -> Point? {
        Point.centroid(of: points.values)
    }

    open override func reset() {
        super.reset()
        gesture.restart()
    }
}
