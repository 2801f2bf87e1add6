// How the synthesizer labels a rendered gesture with the values measured on its true positions.
import Tactile

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
