// What real hands add to a clean gesture (late fingers, early lifts, drift, a resting thumb) and how it is applied.
import Tactile

/// What real hands do that a clean gesture does not, added to a gesture by
/// ``GestureSynthesizer/make(_:at:imperfections:)``. Times are seconds from
/// the gesture's first landing; fingers are numbered in landing order.
///
/// ```swift
/// var synthesizer = GestureSynthesizer(device: SynthesizedDevices.touchpad, seed: 7)
/// let scroll = synthesizer.draw(.pan, fingers: 2)
/// // A thumb rests near the bottom edge through the whole scroll.
/// let gesture = synthesizer.make(scroll, at: 0, imperfections: [.restingThumb(at: Point(x: 40, y: 62))])
/// ```
public enum Imperfection: Hashable, Sendable, Codable {
    /// One finger starts moving `delay` seconds after the others: it stays
    /// where it landed, then follows its path that much behind.
    case lateStart(finger: Int, delay: Double)
    /// One finger lifts at `time`, before the others (and before its own lift).
    case earlyLift(finger: Int, time: Double)
    /// One finger lands only at `time`, where its path is then: a finger
    /// joining a gesture already under way.
    case joining(finger: Int, time: Double)
    /// Every finger slides by `offset` millimetres, evenly from its landing
    /// to its lift, on top of its path.
    case drift(Vector)
    /// A thumb (or any finger that is no part of the gesture) resting at
    /// `position`, in millimetres from the surface's minimum corner, from
    /// `landing` seconds (before the gesture when negative: it lands first)
    /// until `lifting` seconds after the gesture's last lift.
    case restingThumb(at: Point, landing: Double = -0.3, lifting: Double = 0.05)
}

extension GestureScript {
    /// The script with `imperfections` applied, in order. A resting thumb is
    /// a track of stroke `-1`: no part of the gesture or its label.
    func applying(_ imperfections: [Imperfection]) -> GestureScript {
        var result = self
        let order = tracks.indices.sorted { (tracks[$0].land, $0) < (tracks[$1].land, $1) }
        func track(_ finger: Int) -> Int? { order.indices.contains(finger) ? order[finger] : nil }
        for imperfection in imperfections {
            switch imperfection {
            case .lateStart(let finger, let delay):
                guard let index = track(finger) else { continue }
                let original = result.tracks[index]
                let lag = max(0, delay)
                result.tracks[index].position = { time in original.position(max(original.land, time - lag)) }
            case .earlyLift(let finger, let time):
                guard let index = track(finger) else { continue }
                result.tracks[index].lift = max(result.tracks[index].land + 0.01, min(result.tracks[index].lift, time))
            case .joining(let finger, let time):
                guard let index = track(finger) else { continue }
                result.tracks[index].land = min(max(result.tracks[index].land, time), result.tracks[index].lift - 0.01)
            case .drift(let offset):
                result.tracks = result.tracks.map { original in
                    var copy = original
                    let span = max(1e-9, original.lift - original.land)
                    copy.position = { time in
                        original.position(time) + offset * min(1, max(0, (time - original.land) / span))
                    }
                    return copy
                }
            case .restingThumb(let position, let landing, let lifting):
                let lastLift = result.tracks.map(\.lift).max() ?? 0
                result.tracks.append(FingerTrack(stroke: -1, land: landing, lift: lastLift + max(0, lifting), position: { _ in position }))
            }
        }
        // The first landing stays at 0.
        if let first = result.tracks.map(\.land).min(), first != 0 {
            result.tracks = result.tracks.map { original in
                var copy = original
                copy.land -= first
                copy.lift -= first
                copy.position = { time in original.position(time + first) }
                return copy
            }
        }
        return result
    }
}
