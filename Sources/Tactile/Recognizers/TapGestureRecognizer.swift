/// One or more taps of one or more fingers, after `UITapGestureRecognizer`
/// (discrete: `possible → ended` or `failed`).
///
/// A tap: the fingers land within ``touchLandingWindow`` of each other,
/// stay within ``allowableMovement`` millimetres of where they landed, and
/// all lift within ``maximumPressDuration`` of the first landing, the last
/// within ``touchLiftWindow`` of the first lift. Fingers of a multi-finger
/// tap never land or lift at the same instant, hence the windows. Taps of a
/// multi-tap follow within ``maximumTapInterval`` (lift to landing) and
/// ``maximumTapDistance`` of each other. The finger count is the larger of
/// the touches followed and the device's count (a three-finger tap on a
/// two-slot touchpad counts three).
open class TapGestureRecognizer: GestureRecognizer {
    /// Defaults, with their reasons in `docs/gestures.md`.
    public enum Defaults {
        public static let maximumPressDuration = 0.5
        public static let allowableMovement = Length.millimetres(3.0)
        public static let maximumTapInterval = 0.3
        public static let maximumTapDistance = Length.millimetres(15.0)
        public static let touchLandingWindow = 0.15
        public static let touchLiftWindow = 0.15
    }

    /// Taps needed (default 1).
    @exclusivity(unchecked) public var numberOfTapsRequired = 1
    /// Fingers per tap (default 1).
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1
    /// Longest time from the first finger landing to the last lifting, in seconds.
    @exclusivity(unchecked) public var maximumPressDuration = Defaults.maximumPressDuration
    /// How far a finger may move from where it landed (``Length``: `.millimetres(3)`, or `.points(10)` as UIKit).
    @exclusivity(unchecked) public var allowableMovement = Defaults.allowableMovement
    /// Longest time from a tap's lift to the next tap's landing, in seconds.
    @exclusivity(unchecked) public var maximumTapInterval = Defaults.maximumTapInterval
    /// Farthest a tap may land from the previous tap's position (``Length``).
    @exclusivity(unchecked) public var maximumTapDistance = Defaults.maximumTapDistance
    /// Longest spread between the fingers of one tap landing, in seconds.
    @exclusivity(unchecked) public var touchLandingWindow = Defaults.touchLandingWindow
    /// Longest spread between the fingers of one tap lifting, in seconds.
    @exclusivity(unchecked) public var touchLiftWindow = Defaults.touchLiftWindow

    @exclusivity(unchecked) private var tapsCompleted = 0
    @exclusivity(unchecked) private var tapStart: Double?
    @exclusivity(unchecked) private var firstLift: Double?
    @exclusivity(unchecked) private var landed = TouchMap<Point>()
    /// The latest screen position of each finger of the current tap.
    @exclusivity(unchecked) private var screenPositions = TouchMap<Point>()
    /// Where the last completed tap was, in screen points.
    @exclusivity(unchecked) private var tapLocation: Point?
    @exclusivity(unchecked) private var fingers = 0
    /// Where the fingers of the previous tap landed, and their centroid, in mm.
    @exclusivity(unchecked) private var previousTapPoints: [Point] = []
    @exclusivity(unchecked) private var previousTapCentroid: Point?
    @exclusivity(unchecked) private var timer: TimerToken?

    public init(taps: Int = 1, touches: Int = 1, name: String? = nil) {
        numberOfTapsRequired = taps
        numberOfTouchesRequired = touches
        super.init(name: name)
    }

    open override var isDiscrete: Bool { true }

    open override var actionValues: [ActionValue] {
        [ActionValue("taps", Double(tapsCompleted)), ActionValue("fingers", Double(fingers))]
    }

    open override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        // On a device with more fingers than slots, a finger counted but not
        // tracked gets a slot when another lifts: it is no new finger.
        let alreadyCounted = tapStart != nil && fingers - landed.count >= touches.count
        if alreadyCounted {
            for touch in touches {
                landed[touch.id] = touch.surfaceLocation
                screenPositions[touch.id] = touch.location
            }
            return
        }
        guard firstLift == nil else { return fail() }  // a finger landed while the tap was lifting
        // A finger that was on the surface, uncounted by slots, long before.
        if touches.contains(where: { frame.time - $0.beganAt > maximumPressDuration }) { return fail() }
        if tapStart == nil {
            // Each finger of a later tap must land near some finger of the previous one.
            if !previousTapPoints.isEmpty, touches.contains(where: { touch in
                !previousTapPoints.contains { $0.distance(to: touch.surfaceLocation) <= millimetres(maximumTapDistance) }
            }) {
                return fail()
            }
            cancelTimer(timer)
            tapStart = frame.time
            timer = schedule(after: maximumPressDuration) { ($0 as? TapGestureRecognizer)?.fail() }
        } else if let start = tapStart, frame.time - start > touchLandingWindow {
            return fail()
        }
        for touch in touches {
            landed[touch.id] = touch.surfaceLocation
            screenPositions[touch.id] = touch.location
        }
        fingers = max(fingers, landed.count + frame.untrackedFingerCount)
        if landed.count > numberOfTouchesRequired { fail() }
    }

    open override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
        for touch in touches {
            screenPositions[touch.id] = touch.location
            if let start = landed[touch.id], touch.surfaceLocation.distance(to: start) > millimetres(allowableMovement) {
                return fail()
            }
        }
    }

    open override func didProcessFrame(_ frame: TouchFrame) {
        if tapStart != nil, firstLift == nil { fingers = max(fingers, landed.count + frame.untrackedFingerCount) }
    }

    /// The centroid of the fingers of the last tap, also after they lifted one by one.
    open override func location(in view: View?) -> Point {
        guard let tapLocation else { return super.location(in: view) }
        return convertFromScreen(tapLocation, to: view)
    }

    open override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        for touch in touches { screenPositions[touch.id] = touch.location }
        if firstLift == nil { firstLift = frame.time }
        guard let start = tapStart, let lift = firstLift else { return }
        guard frame.time - lift <= touchLiftWindow, frame.time - start <= maximumPressDuration else { return fail() }
        guard !self.touches.contains(where: { !$0.phase.isFinal }) else { return }  // fingers still down
        guard fingers == numberOfTouchesRequired else { return fail() }
        let centroid = Self.centroid(of: landed)
        if let previous = previousTapCentroid, let centroid, centroid.distance(to: previous) > millimetres(maximumTapDistance) {
            return fail()
        }
        tapsCompleted += 1
        previousTapCentroid = centroid
        previousTapPoints = landed.values
        tapLocation = Self.centroid(of: screenPositions)
        cancelTimer(timer)
        if tapsCompleted >= numberOfTapsRequired {
            transition(to: .recognized)
            return
        }
        tapStart = nil
        firstLift = nil
        landed.removeAll()
        screenPositions.removeAll()
        fingers = 0
        timer = schedule(after: maximumTapInterval) { ($0 as? TapGestureRecognizer)?.fail() }
    }

    open override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {
        fail()
    }

    /// The centroid of the points, summed in touch order.
    private static func centroid(of points: TouchMap<Point>) -> Point? {
        Point.centroid(of: points.values)
    }

    private func fail() {
        if state == .possible { transition(to: .failed) }
    }

    open override func reset() {
        super.reset()
        tapsCompleted = 0
        tapStart = nil
        firstLift = nil
        landed.removeAll()
        screenPositions.removeAll()
        tapLocation = nil
        fingers = 0
        previousTapCentroid = nil
        previousTapPoints.removeAll()
        timer = nil
    }
}
