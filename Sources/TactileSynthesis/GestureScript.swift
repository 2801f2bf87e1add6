// A gesture spec as finger tracks in continuous time (motion profiles), and the spec's geometric edits.
import Tactile

/// Progress curves of finger motion.
enum Profile {
    /// Minimum-jerk progress (Flash and Hogan, 1985): 0 for `u ≤ 0`, 1 for
    /// `u ≥ 1`, and `10u³ − 15u⁴ + 6u⁵` between, with zero velocity and
    /// acceleration at both ends. Exactly 0 before the motion starts.
    static func minimumJerk(_ u: Double) -> Double {
        guard u > 0 else { return 0 }
        guard u < 1 else { return 1 }
        return u * u * u * (10 + u * (-15 + 6 * u))
    }

    /// A flick: the speed rises from zero along a raised cosine during the
    /// first `acceleration` of the motion, then cruises. Progress is 1 at
    /// `u = 1` and keeps growing at the cruising speed afterwards.
    static func swipe(_ u: Double, acceleration: Double) -> Double {
        guard u > 0 else { return 0 }
        let ramp = min(max(acceleration, 0.01), 1)
        let total = 1 - ramp / 2
        let covered = u <= ramp
            ? u / 2 - ramp / (2 * Double.pi) * Trig.sin(Double.pi * u / ramp)
            : ramp / 2 + (u - ramp)
        return covered / total
    }
}

/// One finger of a gesture: when it lands and lifts (seconds, the gesture's
/// first landing at 0) and where it is at any time (millimetres).
struct FingerTrack {
    var stroke: Int
    var land: Double
    var lift: Double
    var position: (Double) -> Point
}

/// The fingers of a gesture, noise-free and in continuous time.
struct GestureScript {
    var tracks: [FingerTrack]
    var strokes: Int

    /// The box every finger stays in while down, sampled every 2 ms.
    func bounds() -> (min: Point, max: Point) {
        var low = Point(x: .infinity, y: .infinity)
        var high = Point(x: -Double.infinity, y: -Double.infinity)
        for track in tracks {
            let steps = max(1, Int(((track.lift - track.land) / 0.002).rounded(.up)))
            for step in 0...steps {
                let time = track.land + (track.lift - track.land) * Double(step) / Double(steps)
                let point = track.position(time)
                low = Point(x: min(low.x, point.x), y: min(low.y, point.y))
                high = Point(x: max(high.x, point.x), y: max(high.y, point.y))
            }
        }
        return tracks.isEmpty ? (Point.zero, Point.zero) : (low, high)
    }
}

extension GestureScript {
    /// The same fingers with every position mapped by `placement` (from the
    /// millimetres a gesture is drawn in to the device's).
    func placed(by placement: @escaping @Sendable (Point) -> Point) -> GestureScript {
        var result = self
        result.tracks = tracks.map { original in
            var copy = original
            copy.position = { time in placement(original.position(time)) }
            return copy
        }
        return result
    }
}

extension Vector {
    /// The vector turned by `angle` radians (clockwise on screen for positive angles).
    func rotated(by angle: Double) -> Vector {
        let c = Trig.cos(angle), s = Trig.sin(angle)
        return Vector(dx: dx * c - dy * s, dy: dx * s + dy * c)
    }
}

extension GestureSpec {
    /// The finger tracks the spec describes.
    func script() -> GestureScript {
        switch self {
        case .tap(let spec): return spec.script()
        case .pinch(let spec), .rotation(let spec): return spec.script()
        case .pan(let spec): return spec.script()
        case .swipe(let spec): return spec.script()
        case .longPress(let spec), .hold(let spec): return spec.script()
        }
    }

    /// The same gesture moved by `offset` millimetres.
    func translated(by offset: Vector) -> GestureSpec {
        edited(tap: { $0.centre += offset }, transform: { $0.centre += offset },
               pan: { $0.start += offset }, swipe: { $0.start += offset }, press: { $0.centre += offset })
    }

    /// The same gesture with its distances multiplied by `factor` (a swipe
    /// also shortens its motion to keep its speed, down to 60 ms).
    func resized(by factor: Double) -> GestureSpec {
        func scaled(_ vectors: [Vector]) -> [Vector] { vectors.map { $0 * factor } }
        return edited(
            tap: { spec in
                spec.offsets = scaled(spec.offsets)
                spec.secondTapOffset = spec.secondTapOffset * factor
            },
            transform: { spec in
                spec.offsets = scaled(spec.offsets)
                spec.drift = spec.drift * factor
            },
            pan: { spec in
                spec.offsets = scaled(spec.offsets)
                spec.translation = spec.translation * factor
                spec.deformation = scaled(spec.deformation)
            },
            swipe: { spec in
                spec.offsets = scaled(spec.offsets)
                spec.distance *= factor
                spec.motion.duration = max(min(0.06, spec.motion.duration), spec.motion.duration * factor)
            },
            press: { spec in spec.offsets = scaled(spec.offsets) })
    }

    /// The gesture with at most `count` fingers (the first ones to land).
    func limited(toFingers count: Int) -> GestureSpec {
        let limit = max(1, count)
        guard fingers > limit else { return self }
        func first<T>(_ array: [T]) -> [T] { Array(array.prefix(limit)) }
        func limitFingers<Spec: TimedFingers>(_ spec: inout Spec) {
            spec.offsets = first(spec.offsets)
            spec.timing = spec.timing.limited(to: limit)
        }
        return edited(
            tap: { spec in
                spec.offsets = first(spec.offsets)
                spec.strokes = spec.strokes.map { stroke in
                    TapStroke(timing: stroke.timing.limited(to: limit), dwell: stroke.dwell, drift: first(stroke.drift))
                }
            },
            transform: { limitFingers(&$0) },
            pan: { spec in
                limitFingers(&spec)
                spec.deformation = first(spec.deformation)
            },
            swipe: { limitFingers(&$0) },
            press: { spec in
                limitFingers(&spec)
                spec.drift = first(spec.drift)
            })
    }

    /// The same kind of gesture with its spec changed by the edit for its
    /// shape (pinch and rotation share `transform`, long press and hold `press`).
    private func edited(tap: (inout TapSpec) -> Void, transform: (inout TransformSpec) -> Void,
                        pan: (inout PanSpec) -> Void, swipe: (inout SwipeSpec) -> Void,
                        press: (inout PressSpec) -> Void) -> GestureSpec {
        switch self {
        case .tap(var spec): tap(&spec); return .tap(spec)
        case .pinch(var spec): transform(&spec); return .pinch(spec)
        case .rotation(var spec): transform(&spec); return .rotation(spec)
        case .pan(var spec): pan(&spec); return .pan(spec)
        case .swipe(var spec): swipe(&spec); return .swipe(spec)
        case .longPress(var spec): press(&spec); return .longPress(spec)
        case .hold(var spec): press(&spec); return .hold(spec)
        }
    }
}

/// A spec whose fingers land and lift on one timing (every kind but tap,
/// whose strokes each have their own).
private protocol TimedFingers {
    var offsets: [Vector] { get set }
    var timing: FingerTiming { get set }
}

extension TransformSpec: TimedFingers {}
extension PanSpec: TimedFingers {}
extension SwipeSpec: TimedFingers {}
extension PressSpec: TimedFingers {}

private func element(_ vectors: [Vector], _ index: Int) -> Vector {
    vectors.indices.contains(index) ? vectors[index] : .zero
}

/// Progress through a phase that starts at `start` and lasts `duration` (0 is a jump).
private func phase(_ time: Double, start: Double, duration: Double) -> Double {
    duration > 0 ? (time - start) / duration : (time >= start ? 1 : 0)
}

extension TapSpec {
    fileprivate func script() -> GestureScript {
        var tracks: [FingerTrack] = []
        var strokeStart = 0.0
        let count = offsets.count
        for (index, stroke) in strokes.enumerated() {
            let lands = stroke.timing.landingTimes(fingers: count).map { strokeStart + $0 }
            let firstLift = (lands.last ?? strokeStart) + max(0, stroke.dwell)
            let lifts = stroke.timing.liftTimes(fingers: count, firstLift: firstLift)
            let base = centre + secondTapOffset * Double(index)
            for finger in 0..<count {
                let place = base + offsets[finger]
                let drift = element(stroke.drift, finger)
                let land = lands[finger], lift = lifts[finger]
                tracks.append(FingerTrack(stroke: index, land: land, lift: lift) { time in
                    place + drift * Profile.minimumJerk(phase(time, start: land, duration: lift - land))
                })
            }
            strokeStart = (lifts.max() ?? firstLift) + max(0, interval)
        }
        return GestureScript(tracks: tracks, strokes: strokes.count)
    }
}

/// When the fingers of a one-stroke motion land, start moving, stop and lift:
/// the motion starts `onset` after the last landing and lasts `duration`
/// (at least `minimumDuration`); the first finger lifts `rest` after it.
private enum Timeline {
    static func of(_ timing: FingerTiming, fingers: Int, motion: MotionTiming, minimumDuration: Double = 0)
        -> (lands: [Double], lifts: [Double], motionStart: Double, duration: Double) {
        let lands = timing.landingTimes(fingers: fingers)
        let motionStart = (lands.last ?? 0) + max(0, motion.onset)
        let duration = max(minimumDuration, motion.duration)
        let lifts = timing.liftTimes(fingers: fingers, firstLift: motionStart + duration + max(0, motion.rest))
        return (lands, lifts, motionStart, duration)
    }
}

extension TransformSpec {
    fileprivate func script() -> GestureScript {
        let count = offsets.count
        let (lands, lifts, motionStart, duration) = Timeline.of(timing, fingers: count, motion: motion)
        let anchor = centre + element(offsets, 0) * (1 - 2 * balance)
        let tracks = (0..<count).map { finger in
            let relative = (centre + offsets[finger]) - anchor
            return FingerTrack(stroke: 0, land: lands[finger], lift: lifts[finger]) { [scale, rotation, drift] time in
                let progress = Profile.minimumJerk(phase(time, start: motionStart, duration: duration))
                let factor = 1 + (scale - 1) * progress
                return anchor + (relative * factor).rotated(by: rotation * progress) + drift * progress
            }
        }
        return GestureScript(tracks: tracks, strokes: 1)
    }
}

extension PanSpec {
    fileprivate func script() -> GestureScript {
        let count = offsets.count
        let (lands, lifts, motionStart, duration) = Timeline.of(timing, fingers: count, motion: motion)
        let length = translation.length
        let normal = length > 0 ? Vector(dx: -translation.dy, dy: translation.dx) / length : .zero
        let bow = normal * (curvature * length)
        let tracks = (0..<count).map { finger in
            let place = start + offsets[finger]
            let change = element(deformation, finger)
            return FingerTrack(stroke: 0, land: lands[finger], lift: lifts[finger]) { [translation] time in
                let progress = Profile.minimumJerk(phase(time, start: motionStart, duration: duration))
                return place + (translation + change) * progress + bow * Trig.sin(Double.pi * progress)
            }
        }
        return GestureScript(tracks: tracks, strokes: 1)
    }
}

extension SwipeSpec {
    /// The unit vector of the path: the direction turned by the deviation.
    var axis: Vector {
        direction.unitVector.rotated(by: deviation)
    }

    fileprivate func script() -> GestureScript {
        let count = offsets.count
        let (lands, lifts, motionStart, duration) = Timeline.of(timing, fingers: count, motion: motion, minimumDuration: 0.001)
        let path = axis * distance
        let tracks = (0..<count).map { finger in
            let place = start + offsets[finger]
            return FingerTrack(stroke: 0, land: lands[finger], lift: lifts[finger]) { [acceleration] time in
                place + path * Profile.swipe((time - motionStart) / duration, acceleration: acceleration)
            }
        }
        return GestureScript(tracks: tracks, strokes: 1)
    }
}

extension PressSpec {
    fileprivate func script() -> GestureScript {
        let count = offsets.count
        let lands = timing.landingTimes(fingers: count)
        let lifts = timing.liftTimes(fingers: count, firstLift: (lands.last ?? 0) + max(0, duration))
        let tracks = (0..<count).map { finger in
            let place = centre + offsets[finger]
            let creep = element(drift, finger)
            let land = lands[finger], lift = lifts[finger]
            return FingerTrack(stroke: 0, land: land, lift: lift) { time in
                place + creep * Profile.minimumJerk(phase(time, start: land, duration: lift - land))
            }
        }
        return GestureScript(tracks: tracks, strokes: 1)
    }
}
