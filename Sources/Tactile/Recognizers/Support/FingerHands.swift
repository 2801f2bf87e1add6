// Which fingers are one hand's: grouping fingers by how far apart they landed.

/// Groups fingers into hands by distance: a finger within a hand's
/// separation of another finger belongs to that finger's hand (the
/// components of single linkage), so a hand's index and ring fingers 60 mm
/// apart are one hand by way of the middle finger, and two hands are two
/// however each spreads. The tap uses it to tell a two-finger tap from two
/// hands tapping (``TapGestureRecognizer/maximumFingerSeparation``).
enum FingerHands {
    /// The hands of the fingers at `points` (mm), each a list of touches in
    /// touch order, the hands in the order of their first touch.
    static func group(_ points: TouchMap<Point>, within separation: Double) -> [[TouchID]] {
        let keys = points.keys, values = points.values
        var hands: [[TouchID]] = []
        var left = Array(values.indices)
        while !left.isEmpty {
            var hand = [left.removeFirst()]
            var next = 0
            while next < hand.count {
                let reached = values[hand[next]]
                let near = left.filter { values[$0].distance(to: reached) <= separation }
                left.removeAll { near.contains($0) }
                hand += near
                next += 1
            }
            hands.append(hand.sorted().map { keys[$0] })
        }
        return hands
    }

    /// How far apart the fingers are as one hand: the longest step needed to
    /// go from any finger to every other by way of the fingers between (the
    /// longest link of their minimum spanning tree; 0 for fewer than two).
    /// Three fingers of one hand, index to ring 60 mm, are 30 mm steps; two
    /// hands are one long step whatever each hand does.
    static func widestLink(of points: [Point]) -> Double {
        guard points.count > 1 else { return 0 }
        var reach = points.dropFirst().map { $0.distance(to: points[0]) }   // to the fingers joined so far
        var left = Array(points.dropFirst())
        var widest = 0.0
        while let nearest = reach.indices.min(by: { reach[$0] < reach[$1] }) {
            widest = max(widest, reach[nearest])
            let joined = left.remove(at: nearest)
            reach.remove(at: nearest)
            for index in left.indices { reach[index] = min(reach[index], left[index].distance(to: joined)) }
        }
        return widest
    }
}
