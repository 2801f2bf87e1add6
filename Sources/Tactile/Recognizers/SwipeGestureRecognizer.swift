/// A quick, straight stroke of one or more fingers in an allowed direction,
/// after `UISwipeGestureRecognizer` (discrete).
///
/// Recognized as soon as the fingers' centroid has travelled
/// ``minimumDistance`` millimetres within ``angularTolerance`` of an allowed
/// ``direction`` at an average speed of at least ``minimumSpeed`` mm/s.
/// Fails when the stroke heads another way, is too slow (or, once past the
/// first ``decisionDistance`` mm, under half the speed), or takes longer
/// than ``maximumDuration`` — so a pan that waits for it to fail waits little.
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
        public static let minimumDistance = 12.0
        public static let minimumSpeed = 120.0
        public static let angularTolerance = Double.pi / 6
        public static let maximumDuration = 0.5
        public static let decisionDistance = 4.0
    }

    /// Allowed directions (default `.right`).
    public var direction: Direction = .right
    /// Fingers that make the swipe (default 1).
    public var numberOfTouchesRequired = 1
    /// Travel of the centroid, in mm.
    public var minimumDistance = Defaults.minimumDistance
    /// Average speed over the stroke, in mm/s.
    public var minimumSpeed = Defaults.minimumSpeed
    /// Largest angle between the stroke and an allowed direction, in radians.
    public var angularTolerance = Defaults.angularTolerance
    /// Longest time from the start of the stroke to recognition, in seconds.
    public var maximumDuration = Defaults.maximumDuration
    /// Travel after which a stroke under half ``minimumSpeed`` fails early, in mm.
    public var decisionDistance = Defaults.decisionDistance

    /// The direction that was recognized (empty before).
    public private(set) var recognizedDirection: Direction = []

    private var anchors = TouchAnchors()
    private var startCentroid = Point.zero
    private var startTime: Double?
    private var timer: TimerToken?

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
        anchors.set(current, time: frame.time)
        startCentroid = TouchGeometry.centroid(mm: current)
        if current.count == numberOfTouchesRequired || startTime == nil {
            startTime = frame.time
            cancelTimer(timer)
            timer = schedule(after: maximumDuration) { ($0 as? SwipeGestureRecognizer)?.fail() }
        }
    }

    open override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        // The lifting finger's last position still counts; then it is too late.
        evaluate(self.touches, in: frame)
        fail()
    }

    open override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {
        fail()
    }

    open override func didProcessFrame(_ frame: TouchFrame) {
        evaluate(activeTouches, in: frame)
    }

    private func evaluate(_ current: [Touch], in frame: TouchFrame) {
        guard state == .possible, let start = startTime, !current.isEmpty else { return }
        let travel = TouchGeometry.centroid(mm: current) - startCentroid
        let distance = travel.length
        let elapsed = max(frame.time - start, 1e-3)
        let speed = distance / elapsed
        if distance >= decisionDistance {
            guard let heading = Self.direction(of: travel, tolerance: angularTolerance), direction.contains(heading) else {
                return fail()
            }
            if current.count >= 2, anchors.motion(current) == .deformation { return fail() }
            if speed < minimumSpeed / 2 { return fail() }
            if distance >= minimumDistance {
                guard current.count + frame.untrackedFingerCount == numberOfTouchesRequired, speed >= minimumSpeed else {
                    return fail()
                }
                recognizedDirection = heading
                transition(to: .recognized)
            }
        }
    }

    /// The direction within `tolerance` of `vector`, or `nil` when it is diagonal.
    /// Screen y grows downwards.
    static func direction(of vector: Vector, tolerance: Double) -> Direction? {
        let angle = vector.angle  // 0 = right, π/2 = down
        let candidates: [(Direction, Double)] = [(.right, 0), (.down, Double.pi / 2), (.left, Double.pi), (.up, -Double.pi / 2)]
        for (candidate, axis) in candidates where abs(TouchGeometry.wrap(angle - axis)) <= tolerance {
            return candidate
        }
        return nil
    }

    private func fail() {
        if state == .possible { transition(to: .failed) }
    }

    open override func reset() {
        super.reset()
        anchors.clear()
        startCentroid = .zero
        startTime = nil
        timer = nil
        recognizedDirection = []
    }
}
