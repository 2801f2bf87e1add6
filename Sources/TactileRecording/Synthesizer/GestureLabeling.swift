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

extension GestureSynthesizer {
    /// The label of a rendered gesture: its values measured on the true
    /// positions at the delivered frames.
    static func label(for spec: GestureSpec, script: GestureScript, frames: [SynthesizedFrame]) -> GestureLabel {
        typealias Key = GestureLabel.Key
        let kind = spec.kind
        let strokes = (0..<script.strokes).map { stroke in script.tracks.indices.filter { script.tracks[$0].stroke == stroke } }
        let delivered = frames.filter(\.isDelivered)
        func full(_ stroke: Int) -> [SynthesizedFrame] {
            guard strokes.indices.contains(stroke) else { return [] }
            let fingers = Set(strokes[stroke])
            return delivered.filter { fingers.isSubset(of: $0.contacts.map(\.finger)) }
        }
        var values: [String: Double] = [:]
        let lifetimes = FrameStatistics.lifetimes(frames)
        if let longest = lifetimes.values.map({ $0.lift - $0.land }).max() { values[Key.contact] = longest }

        let fingers = strokes.first ?? []
        let main = full(0)
        if let first = main.first, let last = main.last,
            let start = Point.centroid(of: FrameStatistics.positions(first, fingers)),
            let end = Point.centroid(of: FrameStatistics.positions(last, fingers)) {
            values[Key.duration] = last.time - first.time
            values[Key.x] = start.x
            values[Key.y] = start.y
            if kind != .tap, kind != .doubleTap {
                values[Key.translationX] = end.x - start.x
                values[Key.translationY] = end.y - start.y
            }
            switch kind {
            case .pinchIn, .pinchOut, .rotation:
                let startSpan = FrameStatistics.span(FrameStatistics.positions(first, fingers))
                let endSpan = FrameStatistics.span(FrameStatistics.positions(last, fingers))
                values[Key.startSpan] = startSpan
                values[Key.endSpan] = endSpan
                if startSpan > 0 { values[Key.scale] = endSpan / startSpan }
                values[Key.rotation] = FrameStatistics.rotation(main.map { FrameStatistics.positions($0, fingers) })
            case .pan, .swipe:
                let distance = (end - start).length
                values[Key.distance] = distance
                if last.time > first.time { values[Key.speed] = distance / (last.time - first.time) }
                if case .swipe(let swipe) = spec { values[Key.direction] = Double(swipe.direction.rawValue) }
            case .tap, .doubleTap, .longPress, .hold:
                break
            }
            if kind == .doubleTap, let second = full(1).first,
                let secondStart = Point.centroid(of: FrameStatistics.positions(second, strokes[1])) {
                values[Key.offset] = (secondStart - start).length
            }
        }
        switch kind {
        case .tap, .doubleTap:
            values[Key.taps] = Double(script.strokes)
            if kind == .doubleTap, strokes.count > 1 {
                let lastLift = strokes[0].compactMap { lifetimes[$0]?.lift }.max()
                let nextLand = strokes[1].compactMap { lifetimes[$0]?.land }.min()
                if let lastLift, let nextLand { values[Key.interval] = nextLand - lastLift }
            }
            values[Key.drift] = drift(frames)
        case .longPress, .hold:
            values[Key.drift] = drift(frames)
        default:
            break
        }
        return GestureLabel(
            kind: kind, fingers: fingers.count,
            start: frames.first?.time ?? 0, end: frames.last?.time ?? 0, values: values)
    }

    /// The farthest any finger got from where it landed, in millimetres.
    private static func drift(_ frames: [SynthesizedFrame]) -> Double {
        var origin: [Int: Point] = [:]
        var farthest = 0.0
        for frame in frames {
            for contact in frame.contacts {
                if let start = origin[contact.finger] {
                    farthest = max(farthest, contact.position.distance(to: start))
                } else {
                    origin[contact.finger] = contact.position
                }
            }
        }
        return farthest
    }
}
