// Measurements on synthesized frames (finger lifetimes, spans, turns), shared by labelling and range checks.
import Tactile

/// Measurements on synthesized frames, shared by labelling and range checks.
enum FrameStatistics {
    /// When each finger landed and lifted: the times of the first frame it is
    /// in and of the first frame after that it is not in, by finger number.
    static func lifetimes(_ frames: [SynthesizedFrame]) -> [Int: (land: Double, lift: Double)] {
        var landed: [Int: Double] = [:]
        var result: [Int: (land: Double, lift: Double)] = [:]
        var previous: Set<Int> = []
        for frame in frames {
            let present = Set(frame.contacts.map(\.finger))
            for finger in present.subtracting(previous) { landed[finger] = frame.time }
            for finger in previous.subtracting(present) {
                result[finger] = (landed[finger] ?? frame.time, frame.time)
            }
            previous = present
        }
        return result
    }

    /// How long each finger stayed down, in seconds.
    static func contacts(_ frames: [SynthesizedFrame]) -> [Double] {
        lifetimes(frames).sorted { $0.key < $1.key }.map { $0.value.lift - $0.value.land }
    }

    /// The true positions of `fingers` in `frame`, in finger order.
    static func positions(_ frame: SynthesizedFrame, _ fingers: [Int]) -> [Point] {
        fingers.compactMap { finger in frame.contacts.first { $0.finger == finger }?.position }
    }

    /// Twice the mean distance of `points` from their centroid.
    static func span(_ points: [Point]) -> Double {
        guard let centre = Point.centroid(of: points) else { return 0 }
        return 2 * points.reduce(0) { $0 + $1.distance(to: centre) } / Double(points.count)
    }

    /// The mean turn of the points about their centroid from one frame to the
    /// next, accumulated over the frames (so turns beyond π unwrap).
    static func rotation(_ frames: [[Point]]) -> Double {
        var total = 0.0
        for (before, after) in zip(frames, frames.dropFirst()) where before.count == after.count && before.count > 1 {
            guard let c0 = Point.centroid(of: before), let c1 = Point.centroid(of: after) else { continue }
            var turn = 0.0
            for (p0, p1) in zip(before, after) {
                let a0 = Trig.atan2(p0.y - c0.y, p0.x - c0.x)
                let a1 = Trig.atan2(p1.y - c1.y, p1.x - c1.x)
                turn += Trig.wrap(a1 - a0)
            }
            total += turn / Double(before.count)
        }
        return total
    }
}
