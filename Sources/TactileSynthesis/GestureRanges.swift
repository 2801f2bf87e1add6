// The ranges random gestures are drawn from (times, distances, angles, finger counts).
import Tactile

/// The ranges random gestures are drawn from. Times in seconds, distances
/// in millimetres, angles in radians.
public enum GestureRanges {
    /// Gaps between the landings, and between the lifts, of consecutive fingers.
    public static let fingerGap: ClosedRange<Double> = 0.005...0.050
    /// Gaps between the lifts of a swipe's fingers: a flick leaves together.
    public static let swipeLiftGap: ClosedRange<Double> = 0.005...0.025
    /// Distance between neighbouring fingers of a formation (taps, pans, swipes, holds).
    public static let fingerSpacing: ClosedRange<Double> = 15...25
    /// Centres of two fingers never come closer than this.
    public static let minimumFingerDistance = 12.0

    /// How long a tapping finger stays down, as the device reports it.
    public static let tapContact: ClosedRange<Double> = 0.040...0.150
    /// From the last lift of a tap to the first landing of the next, as reported.
    public static let doubleTapInterval: ClosedRange<Double> = 0.080...0.220
    /// How far the second tap lands from the first.
    public static let doubleTapOffset: ClosedRange<Double> = 0...6
    /// How far a tapping or resting finger creeps.
    public static let creep: ClosedRange<Double> = 0...0.8

    /// Span (twice the mean distance from the centroid) at the start of a pinch in.
    public static let pinchInSpan: ClosedRange<Double> = 25...60
    /// End span over start span of a pinch in (raised where the fingers would come closer than ``minimumFingerDistance``).
    public static let pinchInScale: ClosedRange<Double> = 0.4...0.7
    /// Span at the start of a pinch out.
    public static let pinchOutSpan: ClosedRange<Double> = 15...35
    /// End span over start span of a pinch out.
    public static let pinchOutScale: ClosedRange<Double> = 1.5...2.5
    /// Duration of a pinch's motion.
    public static let pinchDuration: ClosedRange<Double> = 0.3...0.9
    /// Turn of the hand during a pinch.
    public static let pinchTwist: ClosedRange<Double> = -0.1...0.1
    /// Probability that a random pinch uses three fingers (where the device can count them).
    public static let threeFingerPinchProbability = 0.2

    /// Distance between the two fingers of a rotation.
    public static let rotationSpan: ClosedRange<Double> = 30...60
    /// Size of the turn, either way.
    public static let rotationAngle: ClosedRange<Double> = 0.5...2.5
    /// Size of the turn when it goes beyond half a turn (to exercise unwrapping).
    public static let largeRotationAngle: ClosedRange<Double> = 3.3...3.9
    /// Probability of a turn beyond half a turn.
    public static let largeRotationProbability = 0.15
    /// End span over start span of a rotation.
    public static let rotationScale: ClosedRange<Double> = 0.95...1.05
    /// Duration of a rotation's motion.
    public static let rotationDuration: ClosedRange<Double> = 0.4...1.0

    /// Length of a pan.
    public static let panDistance: ClosedRange<Double> = 20...60
    /// Mean speed of a pan's motion, in millimetres per second.
    public static let panSpeed: ClosedRange<Double> = 25...70
    /// Sideways bow of a pan, as a fraction of its length.
    public static let panCurvature: ClosedRange<Double> = -0.08...0.08
    /// How far each finger's place in the formation shifts during a pan.
    public static let panDeformation: ClosedRange<Double> = 0...1

    /// Length of a swipe's motion.
    public static let swipeDistance: ClosedRange<Double> = 25...60
    /// Duration of a swipe's motion (shortened so the mean speed is at least ``swipeMinimumSpeed`` × 1.15).
    public static let swipeDuration: ClosedRange<Double> = 0.060...0.180
    /// The slowest mean speed of a swipe between its first and last full-contact frames, in millimetres per second.
    public static let swipeMinimumSpeed = 200.0
    /// Angle between a swipe and its axis (±10°).
    public static let swipeDeviation: ClosedRange<Double> = -(Double.pi / 18)...(Double.pi / 18)
    /// Fraction of a swipe's motion spent accelerating.
    public static let swipeAcceleration: ClosedRange<Double> = 0.5...0.9

    /// Fingers rest this long after the last landing before a pinch, rotation or pan moves.
    public static let onset: ClosedRange<Double> = 0.06...0.15
    /// Fingers rest this long after a pinch, rotation or pan before the first lift.
    public static let rest: ClosedRange<Double> = 0.06...0.20
    /// A swipe starts this soon after the last landing.
    public static let swipeOnset: ClosedRange<Double> = 0...0.02

    /// How long a long press stays down (last landing to first lift).
    public static let longPressDuration: ClosedRange<Double> = 0.7...1.2
    /// How long a hold stays down.
    public static let holdDuration: ClosedRange<Double> = 0.6...1.0

    /// Fingers of each kind when none are asked for; also the counts for
    /// which a label names the standard recognizer that must recognize the
    /// gesture (``GestureLabel/isForStandardRecognizer``). Other counts can
    /// be asked for (``GestureRequest``), down to the kind's
    /// ``GestureKind/minimumFingers``.
    public static func fingers(_ kind: GestureKind) -> ClosedRange<Int> {
        switch kind {
        case .tap, .doubleTap: return 1...3
        case .pinchIn, .pinchOut: return 2...3
        case .rotation: return 2...2
        case .pan, .swipe: return 1...4
        case .longPress: return 1...1
        case .hold: return 2...4
        }
    }
}

extension GestureRanges {
    /// A finger range in words: `1 finger`, `2 fingers`, `1 to 3 fingers`.
    public static func describe(_ range: ClosedRange<Int>) -> String {
        if range.count == 1 { return "\(range.lowerBound) finger\(range.lowerBound == 1 ? "" : "s")" }
        return "\(range.lowerBound) to \(range.upperBound) fingers"
    }
}
