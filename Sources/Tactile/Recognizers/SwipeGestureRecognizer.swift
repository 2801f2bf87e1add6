// A quick straight stroke in an allowed direction, after UISwipeGestureRecognizer.

/// A quick, straight stroke of one or more fingers in an allowed direction,
/// after `UISwipeGestureRecognizer` (discrete).
///
/// Recognized as soon as the fingers' centroid has travelled
/// ``minimumDistance`` millimetres within ``angularTolerance`` of an allowed
/// ``direction`` while moving at ``minimumSpeed`` mm/s or faster. Speed is
/// the current one, from the least-squares velocity tracker, not an average
/// since touch-down: a flick starts slowly and accelerates, and a pause
/// before it must not count against it. Fails when the stroke heads another
/// way, is under ``abandonSpeed`` once past ``decisionDistance``, is too
/// slow at ``minimumDistance``, or takes longer than ``maximumDuration`` —
/// so a pan that waits for it to fail waits little.
///
/// With ``decidesAtLift`` the swipe is a *fling*: a stroke that met those
/// criteria is recognized only when the fingers lift, still heading the
/// same way and still moving, within ``maximumDuration`` of landing. A long
/// stroke that starts fast (a letter drawn with three fingers, a scroll
/// that keeps going) is then no swipe, and the swipe can run beside a pan
/// that tracks the stroke from its first millimetres (``StandardGestures``
/// does this).
///
/// ```swift
/// let swipe = SwipeGestureRecognizer(direction: [.left, .right], touches: 3)
/// swipe.addTarget { recognizer in
///     guard let swipe = recognizer as? SwipeGestureRecognizer, swipe.state == .ended else { return }
///     print(swipe.recognizedDirection == .left ? "next workspace" : "previous workspace")
/// }
/// view.addGestureRecognizer(swipe)
/// ```
open class SwipeGestureRecognizer: GestureRecognizer {
    /// The directions a swipe may take, as an option set (UIKit's values).
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
        /// The four of UIKit.
        public static let all: Direction = [.right, .left, .up, .down]
        /// Diagonals (beyond UIKit, as libinput-gestures and lisgd have
        /// them): a set with one of these tells strokes apart by the nearest
        /// of eight directions, each ±22.5° at most (see ``angularTolerance``).
        public static let upRight = Direction(rawValue: 1 << 4)
        public static let upLeft = Direction(rawValue: 1 << 5)
        public static let downRight = Direction(rawValue: 1 << 6)
        public static let downLeft = Direction(rawValue: 1 << 7)
        /// The four diagonals.
        public static let diagonals: Direction = [.upRight, .upLeft, .downRight, .downLeft]
    }

    /// Defaults, with their reasons in `docs/gestures.md`.
    public enum Defaults {
        public static let minimumDistance = Length.millimetres(12.0)
        public static let minimumSpeed = Speed.millimetresPerSecond(160.0)
        public static let abandonSpeed = Speed.millimetresPerSecond(60.0)
        public static let angularTolerance = Double.pi / 6
        public static let maximumDuration = 0.5
        public static let decisionDistance = Length.millimetres(4.0)
    }

    /// Allowed directions (default `.right`).
    public var direction: Direction { get { settings.direction } set { settings.direction = newValue } }
    /// Fingers that make the swipe (default 1).
    public var numberOfTouchesRequired: Int { get { settings.numberOfTouchesRequired } set { settings.numberOfTouchesRequired = newValue } }
    /// Travel of the centroid (millimetres or points: ``Length``).
    public var minimumDistance: Length { get { settings.minimumDistance } set { settings.minimumDistance = newValue } }
    /// Speed at ``minimumDistance`` (``Speed``).
    public var minimumSpeed: Speed { get { settings.minimumSpeed } set { settings.minimumSpeed = newValue } }
    /// Speed under which a stroke past ``decisionDistance`` fails (``Speed``).
    public var abandonSpeed: Speed { get { settings.abandonSpeed } set { settings.abandonSpeed = newValue } }
    /// Largest angle between the stroke and an allowed direction, in radians
    /// (at most π/8 when ``direction`` holds a diagonal, so eight directions do not overlap).
    public var angularTolerance: Double { get { settings.angularTolerance } set { settings.angularTolerance = newValue } }
    /// A direction by its angle, in radians on screen (0 right, π/2 down, as
    /// ``Vector/angle``), instead of ``direction``: the stroke must head
    /// within ``angularTolerance`` of it; ``recognizedDirection`` is then the
    /// nearest of the eight directions. Nil (the default): ``direction`` decides.
    public var angle: Double? { get { settings.angle } set { settings.angle = newValue } }
    /// Longest time from the start of the stroke to recognition, in seconds.
    public var maximumDuration: Double { get { settings.maximumDuration } set { settings.maximumDuration = newValue } }
    /// Travel after which a stroke under ``abandonSpeed`` fails early (``Length``).
    public var decisionDistance: Length { get { settings.decisionDistance } set { settings.decisionDistance = newValue } }
    /// Whether the swipe is decided when the fingers lift (a fling) rather
    /// than as soon as the stroke is long and fast enough (UIKit's way, the
    /// default). See the type's documentation.
    public var decidesAtLift: Bool { get { settings.decidesAtLift } set { settings.decidesAtLift = newValue } }
    /// The direction that was recognized (empty before): the action log's
    /// `direction` value, as its raw value (1 right, 2 left, 4 up, 8 down).
    /// ``direction`` is the setting (the directions that may be recognized),
    /// as in `UISwipeGestureRecognizer`.
    public var recognizedDirection: Direction { gesture.recognizedDirection }

    /// The storage of the settings above (documented there).
    private struct Settings {
        var direction: Direction = .right, numberOfTouchesRequired = 1, minimumDistance = Defaults.minimumDistance
        var minimumSpeed = Defaults.minimumSpeed, abandonSpeed = Defaults.abandonSpeed
        var angularTolerance = Defaults.angularTolerance, maximumDuration = Defaults.maximumDuration
        var decisionDistance = Defaults.decisionDistance, decidesAtLift = false
        var angle: Double?
    }

    /// What one gesture keeps; ``reset()`` starts it afresh (``AnchoredGestureState``).
    private struct Gesture: AnchoredGestureState {
        /// The direction that was recognized (empty before).
        var recognizedDirection: Direction = []
        var anchors = TouchAnchors()
        var startCentroid = Point.zero
        var startTime: Double?
        var timer: TimerToken?
        /// With ``decidesAtLift``: the direction of a stroke that met the criteria, recognized at lift.
        var armedDirection: Direction?
        /// The centroid's velocity, in mm/s.
        var tracker = VelocityTracker(parameters: .touchFrames)
        /// The most fingers seen (for the failure reason).
        var mostFingers = 0
    }

    // Read on every frame: unchecked exclusivity, as the base class's core
    // (docs/performance.md). No access spans a call out of this type.
    @exclusivity(unchecked) private var settings = Settings()
    @exclusivity(unchecked) private var gesture = Gesture()

    public init(direction: Direction = .right, touches: Int = 1, name: String? = nil) {
        settings.direction = direction
        settings.numberOfTouchesRequired = touches
        super.init(name: name)
    }

    open override var isDiscrete: Bool { true }

    /// `direction`: the raw value of ``recognizedDirection``.
    open override var actionValues: [ActionValue] {
        [ActionValue("direction", Double(gesture.recognizedDirection.rawValue))]
    }

    open override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        let current = activeTouches
        gesture.mostFingers = max(gesture.mostFingers, current.count + frame.untrackedFingerCount)
        if current.count > settings.numberOfTouchesRequired {
            return fail(because: .tooManyFingers(wanted: settings.numberOfTouchesRequired, down: current.count))
        }
        gesture.anchors.set(current)
        gesture.startCentroid = TouchGeometry.centroid(mm: current)
        gesture.tracker.reset()
        if current.count == settings.numberOfTouchesRequired || gesture.startTime == nil {
            gesture.startTime = frame.time
            cancelTimer(gesture.timer)
            let maximum = settings.maximumDuration
            gesture.timer = schedule(after: maximum) { $0.fail(because: .tooLong(maximum: maximum)) }
        }
    }

    open override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        // The lifting finger's last position still counts; then it is too late.
        evaluate(self.touches, in: frame)
        if state == .possible, let armed = gesture.armedDirection {
            gesture.recognizedDirection = armed
            transition(to: .recognized)
        }
        guard state == .possible else { return }
        if gesture.mostFingers < settings.numberOfTouchesRequired {
            return fail(because: .fingerCount(wanted: settings.numberOfTouchesRequired, down: gesture.mostFingers))
        }
        let travel = self.touches.isEmpty ? 0 : (TouchGeometry.centroid(mm: self.touches) - gesture.startCentroid).length
        fail(because: .tooShort(millimetres: travel, minimum: millimetres(settings.minimumDistance)))
    }

    open override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {
        fail(because: .touchesCancelled)
    }

    open override func didProcessFrame(_ frame: TouchFrame) {
        evaluate(activeTouches, in: frame)
    }

    private func evaluate(_ current: [Touch], in frame: TouchFrame) {
        guard state == .possible, gesture.startTime != nil, !current.isEmpty else { return }
        let centroid = TouchGeometry.centroid(mm: current)
        gesture.tracker.addSample(time: frame.time, position: centroid)
        let travel = centroid - gesture.startCentroid
        let distance = travel.length
        guard distance >= millimetres(settings.decisionDistance) else { return }
        let heading: Direction?, allowed: Direction
        if let angle = settings.angle {
            // By angle: within the tolerance of it, reported as the nearest of eight.
            let within = abs(TouchGeometry.wrap(travel.angle - angle)) <= settings.angularTolerance
            heading = Self.direction(of: travel, tolerance: .pi / 8, axes: Self.eightAxes)
            allowed = within ? heading ?? [] : []
        } else if !settings.direction.isDisjoint(with: .diagonals) {
            heading = Self.direction(of: travel, tolerance: min(settings.angularTolerance, .pi / 8), axes: Self.eightAxes)
            allowed = settings.direction
        } else {
            heading = Self.direction(of: travel, tolerance: settings.angularTolerance)
            allowed = settings.direction
        }
        guard let heading, allowed.contains(heading), gesture.armedDirection == nil || gesture.armedDirection == heading else {
            return fail(because: .direction(heading: heading ?? [], allowed: gesture.armedDirection ?? (settings.angle == nil ? settings.direction : [])))
        }
        if current.count >= 2, gesture.anchors.motion(current) == .deformation { return fail(because: .fingersDeformed) }
        let speed = gesture.tracker.velocity(at: frame.time).length
        let abandon = millimetresPerSecond(settings.abandonSpeed)
        if speed < abandon { return fail(because: .tooSlow(millimetresPerSecond: speed, minimum: abandon)) }
        guard distance >= millimetres(settings.minimumDistance), gesture.armedDirection == nil else { return }
        let fingers = current.count + frame.untrackedFingerCount
        guard fingers == settings.numberOfTouchesRequired else {
            return fail(because: .fingerCount(wanted: settings.numberOfTouchesRequired, down: fingers))
        }
        let minimumSpeed = millimetresPerSecond(settings.minimumSpeed)
        guard speed >= minimumSpeed else { return fail(because: .tooSlow(millimetresPerSecond: speed, minimum: minimumSpeed)) }
        if settings.decidesAtLift {
            gesture.armedDirection = heading
            return
        }
        gesture.recognizedDirection = heading
        transition(to: .recognized)
    }

    /// The direction within `tolerance` of `vector`, or `nil` when it is diagonal.
    /// Screen y grows downwards.
    static func direction(of vector: Vector, tolerance: Double, axes: [(Direction, Double)] = fourAxes) -> Direction? {
        let angle = vector.angle  // 0 = right, π/2 = down
        for (candidate, axis) in axes where abs(TouchGeometry.wrap(angle - axis)) <= tolerance {
            return candidate
        }
        return nil
    }

    /// Each direction and its angle on screen.
    static let fourAxes: [(Direction, Double)] = [(.right, 0), (.down, Double.pi / 2), (.left, Double.pi), (.up, -Double.pi / 2)]
    /// The four and the diagonals between them.
    static let eightAxes: [(Direction, Double)] = fourAxes + [
        (.downRight, Double.pi / 4), (.downLeft, 3 * Double.pi / 4), (.upLeft, -3 * Double.pi / 4), (.upRight, -Double.pi / 4),
    ]

    open override func reset() {
        super.reset()
        gesture.restart()
    }
}
