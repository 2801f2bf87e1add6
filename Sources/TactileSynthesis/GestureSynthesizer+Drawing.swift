// How the synthesizer draws a random gesture's parameters from GestureRanges.
import Tactile

extension GestureSynthesizer {
    /// Draws realistic parameters for a gesture of `kind` (see
    /// ``GestureRanges``) with `fingers` fingers, or a random number of them,
    /// never more than the device can count. The gesture is shrunk if it does
    /// not fit the surface and placed at a random spot where it fits.
    public mutating func draw(_ kind: GestureKind, fingers requested: Int? = nil) -> GestureSpec {
        let count = drawFingerCount(kind, requested: requested)
        let spec: GestureSpec
        switch kind {
        case .tap, .doubleTap: spec = drawTap(count, double: kind == .doubleTap)
        case .pinchIn, .pinchOut: spec = drawPinch(count, inward: kind == .pinchIn)
        case .rotation: spec = drawRotation(count)
        case .pan: spec = drawPan(count)
        case .swipe: spec = drawSwipe(count)
        case .longPress, .hold:
            let press = drawPress(count, long: kind == .longPress)
            spec = kind == .longPress ? .longPress(press) : .hold(press)
        }
        return fit(spec, placeRandomly: true)
    }

    // MARK: - Each kind

    /// `requested` fingers (at least the kind's minimum), or a random number
    /// of them for the kind; never more than the device can count.
    private mutating func drawFingerCount(_ kind: GestureKind, requested: Int?) -> Int {
        var count: Int
        if let requested {
            count = max(requested, kind.minimumFingers)
        } else if kind == .pinchIn || kind == .pinchOut {
            count = generator.chance(GestureRanges.threeFingerPinchProbability) ? 3 : 2
        } else {
            count = generator.integer(in: GestureRanges.fingers(kind))
        }
        return min(count, maximumFingers)
    }

    /// A tap, or a double tap (two strokes, the second a little off the first), at zero.
    private mutating func drawTap(_ count: Int, double: Bool) -> GestureSpec {
        typealias R = GestureRanges
        let offsets = formation(count)
        let strokes = (0..<(double ? 2 : 1)).map { _ in tapStroke(count) }
        let middle = (R.doubleTapInterval.lowerBound + R.doubleTapInterval.upperBound) / 2
        let halfWidth = (R.doubleTapInterval.upperBound - R.doubleTapInterval.lowerBound) / 2 - 0.01
        return .tap(TapSpec(
            centre: .zero, offsets: offsets, strokes: strokes,
            interval: generator.uniform((middle - halfWidth)...(middle + halfWidth)),
            secondTapOffset: polar(generator.uniform(R.doubleTapOffset))))
    }

    /// A pinch in (`inward`) or out at zero: its span, scale, a little twist and drift.
    private mutating func drawPinch(_ count: Int, inward: Bool) -> GestureSpec {
        typealias R = GestureRanges
        let span = generator.uniform(inward ? R.pinchInSpan : R.pinchOutSpan)
        var scale: Double
        if inward {
            // Fingers cannot come closer than a finger's width.
            let closest = R.minimumFingerDistance * (count >= 3 ? 2 / 3.0.squareRoot() : 1)
            let lowest = min(max(R.pinchInScale.lowerBound, closest / span), R.pinchInScale.upperBound)
            scale = generator.uniform(lowest...R.pinchInScale.upperBound)
        } else {
            scale = generator.uniform(R.pinchOutScale)
        }
        let balance = pinchBalance()
        return .pinch(TransformSpec(
            centre: .zero, offsets: handOffsets(count, span: span), scale: scale,
            rotation: generator.uniform(R.pinchTwist), balance: balance, drift: polar(generator.uniform(0...3)),
            motion: MotionTiming(onset: generator.uniform(R.onset), duration: generator.uniform(R.pinchDuration), rest: generator.uniform(R.rest)),
            timing: fingerTiming(count, liftGaps: R.fingerGap)))
    }

    /// A rotation at zero, either way, now and then a large one; mostly balanced, sometimes about one finger.
    private mutating func drawRotation(_ count: Int) -> GestureSpec {
        typealias R = GestureRanges
        let large = generator.chance(R.largeRotationProbability)
        let angle = generator.sign() * generator.uniform(large ? R.largeRotationAngle : R.rotationAngle)
        let balance: Double
        if generator.chance(0.7) {
            balance = generator.uniform(0.35...0.65)
        } else {
            balance = generator.chance(0.5) ? generator.uniform(0...0.15) : generator.uniform(0.85...1)
        }
        return .rotation(TransformSpec(
            centre: .zero, offsets: handOffsets(count, span: generator.uniform(R.rotationSpan)),
            scale: generator.uniform(R.rotationScale), rotation: angle, balance: balance,
            drift: polar(generator.uniform(0...2)),
            motion: MotionTiming(onset: generator.uniform(R.onset), duration: generator.uniform(R.rotationDuration), rest: generator.uniform(R.rest)),
            timing: fingerTiming(count, liftGaps: R.fingerGap)))
    }

    /// A pan from zero: a distance at a speed, a slight curve, each finger's path deformed a little.
    private mutating func drawPan(_ count: Int) -> GestureSpec {
        typealias R = GestureRanges
        let distance = generator.uniform(R.panDistance)
        let speed = generator.uniform(R.panSpeed)
        return .pan(PanSpec(
            start: .zero, offsets: formation(count),
            translation: polar(distance), curvature: generator.uniform(R.panCurvature),
            deformation: (0..<count).map { _ in polar(generator.uniform(R.panDeformation)) },
            motion: MotionTiming(onset: generator.uniform(R.onset), duration: distance / speed, rest: generator.uniform(R.rest)),
            timing: fingerTiming(count, liftGaps: R.fingerGap)))
    }

    /// A swipe from zero in one of the four directions, fast enough for a swipe.
    private mutating func drawSwipe(_ count: Int) -> GestureSpec {
        typealias R = GestureRanges
        let distance = generator.uniform(R.swipeDistance)
        let slowest = min(R.swipeDuration.upperBound, distance / (R.swipeMinimumSpeed * 1.15))
        let duration = generator.uniform(R.swipeDuration.lowerBound...max(R.swipeDuration.lowerBound, slowest))
        let direction = SwipeDirection.allCases[generator.integer(in: 0...3)]
        return .swipe(SwipeSpec(
            start: .zero, offsets: formation(count), direction: direction,
            deviation: generator.uniform(R.swipeDeviation), distance: distance,
            acceleration: generator.uniform(R.swipeAcceleration),
            motion: MotionTiming(onset: generator.uniform(R.swipeOnset), duration: duration, rest: generator.uniform(0...0.01)),
            timing: fingerTiming(count, liftGaps: R.swipeLiftGap)))
    }

    /// A long press (`long`) or a hold at zero, its fingers creeping a little.
    private mutating func drawPress(_ count: Int, long: Bool) -> PressSpec {
        typealias R = GestureRanges
        return PressSpec(
            centre: .zero, offsets: formation(count),
            duration: generator.uniform(long ? R.longPressDuration : R.holdDuration),
            drift: (0..<count).map { _ in polar(generator.uniform(R.creep)) },
            timing: fingerTiming(count, liftGaps: R.fingerGap))
    }

    // MARK: - Pieces

    /// A vector of `length` in a uniformly random direction.
    private mutating func polar(_ length: Double) -> Vector {
        Vector(dx: length, dy: 0).rotated(by: generator.uniform(0...(2 * Double.pi)))
    }

    /// Fingers of one hand side by side, 15–25 mm apart, the middle ones a
    /// little further up (they are longer), the hand turned up to 20° either
    /// way; centred on zero and shuffled, since any finger may land first.
    private mutating func formation(_ count: Int) -> [Vector] {
        guard count > 1 else { return [.zero] }
        let reach = generator.uniform(0...6)
        var offsets: [Vector] = []
        var x = 0.0
        for index in 0..<count {
            if index > 0 { x += generator.uniform(GestureRanges.fingerSpacing) }
            let lift = -reach * Trig.sin(Double.pi * (Double(index) + 0.5) / Double(count))
            offsets.append(Vector(dx: x, dy: lift + generator.gaussian(sigma: 1, limit: 2.5)))
        }
        let centre = Point.centroid(of: offsets.map { Point(x: $0.dx, y: $0.dy) }) ?? .zero
        let turn = generator.uniform(-0.35...0.35)
        return generator.shuffled(offsets.map { Vector(dx: $0.dx - centre.x, dy: $0.dy - centre.y).rotated(by: turn) })
    }

    /// Fingers around a centre with the given span, at any angle; three
    /// fingers form an irregular triangle.
    private mutating func handOffsets(_ count: Int, span: Double) -> [Vector] {
        let angle = generator.uniform(0...(2 * Double.pi))
        var offsets = TransformSpec.offsets(fingers: count, span: span, angle: angle)
        guard count > 2 else { return offsets }
        offsets = offsets.map { $0.rotated(by: generator.uniform(-0.15...0.15)) * generator.uniform(0.9...1.1) }
        let points = offsets.map { Point(x: $0.dx, y: $0.dy) }
        let centre = Point.centroid(of: points) ?? .zero
        offsets = offsets.map { Vector(dx: $0.dx - centre.x, dy: $0.dy - centre.y) }
        let actual = FrameStatistics.span(offsets.map { Point(x: $0.dx, y: $0.dy) })
        return actual > 0 ? offsets.map { $0 * (span / actual) } : offsets
    }

    /// Symmetric half the time, lopsided 30 %, one finger nearly still (a pivot) 20 %.
    private mutating func pinchBalance() -> Double {
        switch generator.choose(weights: [0.5, 0.3, 0.2]) {
        case 0: return generator.uniform(0.4...0.6)
        case 1: return generator.chance(0.5) ? generator.uniform(0.15...0.4) : generator.uniform(0.6...0.85)
        default: return generator.chance(0.5) ? generator.uniform(0...0.06) : generator.uniform(0.94...1)
        }
    }

    /// Landing gaps of 5–50 ms, lift gaps from `liftGaps`, a random lift order.
    private mutating func fingerTiming(_ count: Int, liftGaps: ClosedRange<Double>) -> FingerTiming {
        let gaps = max(0, count - 1)
        return FingerTiming(
            landingGaps: (0..<gaps).map { _ in generator.uniform(GestureRanges.fingerGap) },
            liftOrder: generator.shuffled(Array(0..<count)),
            liftGaps: (0..<gaps).map { _ in generator.uniform(liftGaps) })
    }

    /// A tap whose fingers each stay down 42–145 ms (the device's sampling
    /// adds or removes up to a scan); landings and lifts 5–50 ms apart,
    /// shortened when three fingers would not fit.
    private mutating func tapStroke(_ count: Int) -> TapStroke {
        let drift = (0..<count).map { _ in polar(generator.uniform(GestureRanges.creep)) }
        var shrink = 1.0
        for attempt in 0..<24 {
            if attempt > 0, attempt % 6 == 0 { shrink *= 0.6 }
            var timing = fingerTiming(count, liftGaps: GestureRanges.fingerGap)
            timing.landingGaps = timing.landingGaps.map { max(0.005, $0 * shrink) }
            timing.liftGaps = timing.liftGaps.map { max(0.005, $0 * shrink) }
            let lands = timing.landingTimes(fingers: count)
            let lifts = timing.liftTimes(fingers: count, firstLift: 0)
            let spread = lands.last ?? 0
            // Contact of finger i = (spread - land i) + dwell + lift i.
            let extras = (0..<count).map { spread - lands[$0] + lifts[$0] }
            let lowest = max(0.015, 0.042 - (extras.min() ?? 0))
            let highest = 0.145 - (extras.max() ?? 0)
            if lowest <= highest {
                return TapStroke(timing: timing, dwell: generator.uniform(lowest...highest), drift: drift)
            }
        }
        let gaps = Array(repeating: 0.008, count: max(0, count - 1))
        return TapStroke(timing: FingerTiming(landingGaps: gaps, liftOrder: Array(0..<count), liftGaps: gaps), dwell: 0.05, drift: drift)
    }
}
