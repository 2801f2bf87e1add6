// The parameters of each kind of synthesized gesture (timing, taps, transforms, pans, swipes, presses).
import Tactile

/// When the fingers of one stroke land and lift, relative to each other.
///
/// Fingers are numbered in landing order. Gaps missing for some fingers are
/// taken as 20 ms, and a lift order that is not a permutation of the fingers
/// as landing order.
public struct FingerTiming: Hashable, Sendable, Codable {
    /// Seconds from one finger's landing to the next one's; `fingers - 1` values.
    public var landingGaps: [Double]
    /// Finger indices in the order the fingers lift.
    public var liftOrder: [Int]
    /// Seconds from one lift to the next, in lift order; `fingers - 1` values.
    public var liftGaps: [Double]

    /// Timing with the given gaps and lift order.
    public init(landingGaps: [Double] = [], liftOrder: [Int] = [], liftGaps: [Double] = []) {
        self.landingGaps = landingGaps
        self.liftOrder = liftOrder
        self.liftGaps = liftGaps
    }

    /// Landing times of `fingers` fingers, the first at 0.
    func landingTimes(fingers: Int) -> [Double] {
        var times: [Double] = []
        var time = 0.0
        for index in 0..<max(0, fingers) {
            if index > 0 { time += gap(landingGaps, index - 1) }
            times.append(time)
        }
        return times
    }

    /// Lift times of `fingers` fingers, by finger index, the first lift at `firstLift`.
    func liftTimes(fingers: Int, firstLift: Double) -> [Double] {
        var times = Array(repeating: firstLift, count: max(0, fingers))
        var time = firstLift
        for (position, finger) in order(fingers: fingers).enumerated() {
            if position > 0 { time += gap(liftGaps, position - 1) }
            times[finger] = time
        }
        return times
    }

    /// The lift order, or landing order when ``liftOrder`` is not a permutation of `0..<fingers`.
    func order(fingers: Int) -> [Int] {
        let identity = Array(0..<max(0, fingers))
        return liftOrder.sorted() == identity ? liftOrder : identity
    }

    private func gap(_ gaps: [Double], _ index: Int) -> Double {
        gaps.indices.contains(index) ? max(0, gaps[index]) : 0.02
    }

    /// The timing of the first `fingers` fingers.
    func limited(to fingers: Int) -> FingerTiming {
        FingerTiming(
            landingGaps: Array(landingGaps.prefix(max(0, fingers - 1))),
            liftOrder: order(fingers: liftOrder.count).filter { $0 < fingers },
            liftGaps: Array(liftGaps.prefix(max(0, fingers - 1)))
        )
    }
}

/// The phases of a moving gesture, after every finger has landed.
public struct MotionTiming: Hashable, Sendable, Codable {
    /// Seconds from the last landing to the start of the motion (fingers rest).
    public var onset: Double
    /// Seconds the motion takes.
    public var duration: Double
    /// Seconds from the end of the motion to the first lift. Fingers rest
    /// during it, except in a swipe, where they keep moving at their final speed.
    public var rest: Double

    /// Phases of the given lengths, in seconds.
    public init(onset: Double, duration: Double, rest: Double) {
        self.onset = onset
        self.duration = duration
        self.rest = rest
    }
}

/// One tap: fingers land, stay briefly and lift.
public struct TapStroke: Hashable, Sendable, Codable {
    /// When the fingers land and lift.
    public var timing: FingerTiming
    /// Seconds from the last landing to the first lift.
    public var dwell: Double
    /// How far each finger slides while down, in millimetres (by finger; missing ones stay still).
    public var drift: [Vector]

    /// A tap stroke with the given timing, dwell and drift.
    public init(timing: FingerTiming, dwell: Double, drift: [Vector] = []) {
        self.timing = timing
        self.dwell = dwell
        self.drift = drift
    }
}

/// A tap or a double tap with one or more fingers.
public struct TapSpec: Hashable, Sendable, Codable {
    /// Where the first tap lands, in millimetres from the surface's minimum corner.
    public var centre: Point
    /// Each finger's place relative to ``centre``, in millimetres, in landing order.
    public var offsets: [Vector]
    /// One stroke per tap: one for a tap, two for a double tap.
    public var strokes: [TapStroke]
    /// Seconds from the last lift of a tap to the first landing of the next.
    public var interval: Double
    /// Where the second tap lands relative to the first, in millimetres.
    public var secondTapOffset: Vector

    /// A tap (one stroke) or double tap (two strokes) at `centre`.
    public init(centre: Point, offsets: [Vector], strokes: [TapStroke], interval: Double = 0.15, secondTapOffset: Vector = .zero) {
        self.centre = centre
        self.offsets = offsets
        self.strokes = strokes
        self.interval = interval
        self.secondTapOffset = secondTapOffset
    }
}

/// Fingers that scale and turn about a fixed point: a pinch or a rotation.
///
/// Finger `i` starts at `centre + offsets[i]`. During the motion (with a
/// minimum-jerk profile) the fingers scale by ``scale`` and turn by
/// ``rotation`` about an anchor placed by ``balance``, while the whole hand
/// drifts by ``drift``.
public struct TransformSpec: Hashable, Sendable, Codable {
    /// The reference point, usually the fingers' centroid, in millimetres from the surface's minimum corner.
    public var centre: Point
    /// Each finger's starting place relative to ``centre``, in millimetres, in landing order (at least two).
    public var offsets: [Vector]
    /// End distance over start distance of each finger from the anchor.
    public var scale: Double
    /// Turn about the anchor, in radians; positive is clockwise on screen.
    public var rotation: Double
    /// Where the anchor lies: 0.5 at ``centre`` (both fingers move alike), 0 at
    /// finger 0 (it stays still, a pivot), 1 opposite it (at finger 1 for two fingers).
    public var balance: Double
    /// How far the whole hand slides during the motion, in millimetres.
    public var drift: Vector
    /// Onset, motion and rest.
    public var motion: MotionTiming
    /// When the fingers land and lift.
    public var timing: FingerTiming

    /// A pinch or rotation about an anchor placed by `balance`.
    public init(
        centre: Point, offsets: [Vector], scale: Double, rotation: Double, balance: Double = 0.5,
        drift: Vector = .zero, motion: MotionTiming, timing: FingerTiming = FingerTiming()
    ) {
        self.centre = centre
        self.offsets = offsets
        self.scale = scale
        self.rotation = rotation
        self.balance = balance
        self.drift = drift
        self.motion = motion
        self.timing = timing
    }

    /// `fingers` offsets evenly spread on a circle so that the span (twice the
    /// mean distance from the centroid) is `span`, finger 0 at `angle`
    /// radians from the x axis. Two fingers lie `span` apart on a line.
    public static func offsets(fingers: Int, span: Double, angle: Double) -> [Vector] {
        let count = max(1, fingers)
        return (0..<count).map { index in
            let theta = angle + Double.pi + 2 * Double.pi * Double(index) / Double(count)
            return Vector(dx: span / 2 * Trig.cos(theta), dy: span / 2 * Trig.sin(theta))
        }
    }
}

/// Fingers that slide together, keeping their formation.
public struct PanSpec: Hashable, Sendable, Codable {
    /// The reference point where the formation starts, usually its centroid, in millimetres.
    public var start: Point
    /// Each finger's place relative to ``start``, in millimetres, in landing order.
    public var offsets: [Vector]
    /// How far the hand moves, in millimetres.
    public var translation: Vector
    /// Sideways bow of the path at its middle, as a fraction of its length
    /// (positive bows clockwise of the direction of travel).
    public var curvature: Double
    /// How each finger's place in the formation changes during the motion, in millimetres.
    public var deformation: [Vector]
    /// Onset, motion (minimum jerk) and rest.
    public var motion: MotionTiming
    /// When the fingers land and lift.
    public var timing: FingerTiming

    /// A pan of the formation `offsets` from `start` by `translation`.
    public init(
        start: Point, offsets: [Vector], translation: Vector, curvature: Double = 0, deformation: [Vector] = [],
        motion: MotionTiming, timing: FingerTiming = FingerTiming()
    ) {
        self.start = start
        self.offsets = offsets
        self.translation = translation
        self.curvature = curvature
        self.deformation = deformation
        self.motion = motion
        self.timing = timing
    }
}

/// A fast flick in one of four directions: fingers accelerate and lift while still moving.
public struct SwipeSpec: Hashable, Sendable, Codable {
    /// The reference point where the formation starts, in millimetres.
    public var start: Point
    /// Each finger's place relative to ``start``, in millimetres, in landing order.
    public var offsets: [Vector]
    /// The direction of travel.
    public var direction: SwipeDirection
    /// Angle between the path and the direction's axis, in radians (positive clockwise on screen).
    public var deviation: Double
    /// Distance covered during ``MotionTiming/duration``, in millimetres.
    public var distance: Double
    /// Fraction of the motion spent accelerating (0…1); the fingers cruise
    /// after it, and keep cruising through the rest until they lift.
    public var acceleration: Double
    /// Onset (short), motion and rest (time cruising before the first lift).
    public var motion: MotionTiming
    /// When the fingers land and lift.
    public var timing: FingerTiming

    /// A swipe of the formation `offsets` from `start`.
    public init(
        start: Point, offsets: [Vector], direction: SwipeDirection, deviation: Double = 0, distance: Double,
        acceleration: Double = 0.7, motion: MotionTiming, timing: FingerTiming = FingerTiming()
    ) {
        self.start = start
        self.offsets = offsets
        self.direction = direction
        self.deviation = deviation
        self.distance = distance
        self.acceleration = acceleration
        self.motion = motion
        self.timing = timing
    }
}

/// Fingers resting still: a long press or a hold.
public struct PressSpec: Hashable, Sendable, Codable {
    /// The reference point, in millimetres from the surface's minimum corner.
    public var centre: Point
    /// Each finger's place relative to ``centre``, in millimetres, in landing order.
    public var offsets: [Vector]
    /// Seconds from the last landing to the first lift.
    public var duration: Double
    /// How far each finger creeps while down, in millimetres (by finger).
    public var drift: [Vector]
    /// When the fingers land and lift.
    public var timing: FingerTiming

    /// Fingers resting at `centre + offsets` for `duration` seconds.
    public init(centre: Point, offsets: [Vector], duration: Double, drift: [Vector] = [], timing: FingerTiming = FingerTiming()) {
        self.centre = centre
        self.offsets = offsets
        self.duration = duration
        self.drift = drift
        self.timing = timing
    }
}

/// A gesture with every parameter explicit. ``GestureSynthesizer/make(_:at:imperfections:)``
/// renders it; ``GestureSynthesizer/draw(_:fingers:)`` draws realistic ones.
public enum GestureSpec: Hashable, Sendable, Codable {
    /// A tap (one stroke) or a double tap (two).
    case tap(TapSpec)
    /// A pinch: ``TransformSpec/scale`` below 1 pinches in, above 1 out.
    case pinch(TransformSpec)
    /// A rotation.
    case rotation(TransformSpec)
    /// A pan.
    case pan(PanSpec)
    /// A swipe.
    case swipe(SwipeSpec)
    /// A long press (usually one finger).
    case longPress(PressSpec)
    /// A hold (usually two to four fingers).
    case hold(PressSpec)

    /// The kind of gesture the spec makes.
    public var kind: GestureKind {
        switch self {
        case .tap(let spec): return spec.strokes.count >= 2 ? .doubleTap : .tap
        case .pinch(let spec): return spec.scale < 1 ? .pinchIn : .pinchOut
        case .rotation: return .rotation
        case .pan: return .pan
        case .swipe: return .swipe
        case .longPress: return .longPress
        case .hold: return .hold
        }
    }

    /// Fingers per stroke.
    public var fingers: Int {
        switch self {
        case .tap(let spec): return spec.offsets.count
        case .pinch(let spec), .rotation(let spec): return spec.offsets.count
        case .pan(let spec): return spec.offsets.count
        case .swipe(let spec): return spec.offsets.count
        case .longPress(let spec), .hold(let spec): return spec.offsets.count
        }
    }
}
