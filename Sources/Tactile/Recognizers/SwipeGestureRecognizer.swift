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
        public static let all: Direction = [.right, .left, .up, .down]
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
    @exclusivity(unchecked) public var direction: Direction = .right
    /// Fingers that make the swipe (default 1).
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1
    /// Travel of the centroid (millimetres or points: ``Length``).
    @exclusivity(unchecked) public var minimumDistance = Defaults.minimumDistance
    /// Speed at ``minimumDistance`` (``Speed``).
    @exclusivity(unchecked) public var minimumSpeed = Defaults.minimumSpeed
    /// Speed under which a stroke past ``decisionDistance`` fails (``Speed``).
    @exclusivity(unchecked) public var abandonSpeed = Defaults.abandonSpeed
    /// Largest angle between the stroke and an allowed direction, in radians.
    @exclusivity(unchecked) public var angularTolerance = Defaults.angularTolerance
    /// Longest time from the start of the stroke to recognition, in seconds.
    @exclusivity(unchecked) public var maximumDuration = Defaults.maximumDuration
    /// Travel after which a stroke under ``abandonSpeed`` fails early (``Length``).
    @exclusivity(unchecked) public var decisionDistance = Defaults.decisionDistance

    /// Whether the swipe is decided when the fingers lift (a fling) rather
    /// than as soon as the stroke is long and fast enough (UIKit's way, the
    /// default). See the type's documentation.
    @exclusivity(unchecked) public var decidesAtLift = false

    /// The direction that was recognized (empty before).
    @exclusivity(unchecked) public private(set) var recognizedDirection: Direction = []

    @exclusivity(unchecked) private var anchors = TouchAnchors()
    @exclusivity(unchecked) private var startCentroid = Point.zero
    @exclusivity(unchecked) private var startTime: Double?
    @exclusivity(unchecked) private var timer: TimerToken?
    /// With ``decidesAtLift``: the direction of a stroke that met the criteria, recognized at lift.
    @exclusivity(unchecked) private var armedDirection: Direction?
    /// The centroid's velocity, in mm/s.
    @exclusivity(unchecked) private var tracker = VelocityTracker()

    public init(direction: Direction = .right, touches: Int = 1, name: String? = nil) {
        self.direction = direction
        self.numberOfTouchesRequired = touches
        super.init(name: name)
    }

    open override var isDiscrete: Bool { true }

    open override var actionValues: [ActionValue] {
        [ActionValue("direction", Double(recognizedDirection.rawValue))]
    }

    open override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        let current = activeTouches
        if current.count > numberOfTouchesRequired { return fail() }
        anchors.set(current)
        startCentroid = TouchGeometry.centroid(mm: current)
        tracker.reset()
        if current.count == numberOfTouchesRequired || startTime == nil {
            startTime = frame.time
            cancelTimer(timer)
            timer = schedule(after: maximumDuration) { ($0 as? SwipeGestureRecognizer)?.fail() }
        }
    }

    open override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        // The lifting finger's last position still counts; then it is too late.
        evaluate(self.touches, in: frame)
        if state == .possible, let armed = armedDirection {
            recognizedDirection = armed
            transition(to: .recognized)
        }
        fail()
    }

    open override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {
        fail()
    }

    open override func didProcessFrame(_ frame: TouchFrame) {
        evaluate(activeTouches, in: frame)
    }

    private func evaluate(_ current: [Touch], in frame: TouchFrame) {
        guard state == .possible, startTime != nil, !current.isEmpty else { return }
        let centroid = TouchGeometry.centroid(mm: current)
        tracker.addSample(time: frame.time, position: centroid)
        let travel = centroid - startCentroid
        let distance = travel.length
        guard distance >= millimetres(decisionDistance) else { return }
        guard let heading = Self.direction(of: travel, tolerance: angularTolerance), direction.contains(heading),
              armedDirection == nil || armedDirection == heading else {
            return fail()
        }
        if current.count >= 2, anchors.motion(current) == .deformation { return fail() }
        let speed = tracker.velocity(at: frame.time).length
        if speed < millimetresPerSecond(abandonSpeed) { return fail() }
        guard distance >= millimetres(minimumDistance), armedDirection == nil else { return }
        guard current.count + frame.untrackedFingerCount == numberOfTouchesRequired, speed >= millimetresPerSecond(minimumSpeed) else {
            return fail()
        }
        if decidesAtLift {
            armedDirection = heading
            return
        }
        recognizedDirection = heading
        transition(to: .recognized)
    }

    /// The direction within `tolerance` of `vector`, or `nil` when it is diagonal.
    /// Screen y grows downwards.
    static func direction(of vector: Vector, tolerance: Double) -> Direction? {
        let angle = vector.angle  // 0 = right, π/2 = down
        for (candidate, axis) in axes where abs(TouchGeometry.wrap(angle - axis)) <= tolerance {
            return candidate
        }
        return nil
    }

    /// Each direction and its angle on screen.
    private static let axes: [(Direction, Double)] = [(.right, 0), (.down, Double.pi / 2), (.left, Double.pi), (.up, -Double.pi / 2)]

    private func fail() {
        if state == .possible { transition(to: .failed) }
    }

    open override func reset() {
        super.reset()
        anchors.clear()
        startCentroid = .zero
        startTime = nil
        timer = nil
        tracker.reset()
        recognizedDirection = []
        armedDirection = nil
    }
}
