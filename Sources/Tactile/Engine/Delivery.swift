/// What one recognizer receives in one frame, grouped by phase. Each
/// recognizer owns one and the engine refills it every frame, so the buffers
/// keep their capacity and delivery allocates nothing in steady state.
struct Delivery {
    /// The engine frame this delivery belongs to; stale when it differs.
    var stamp: UInt64 = 0
    /// Every followed touch of the frame, in frame order.
    var updates: [Touch] = []
    /// Touches that landed (phase `began`).
    var began: [Touch] = []
    var moved: [Touch] = []
    var ended: [Touch] = []
    var cancelled: [Touch] = []

    /// Empties the buffers (keeping their storage) for frame `stamp`.
    mutating func clear(stamp: UInt64) {
        self.stamp = stamp
        if !updates.isEmpty { updates.removeAll(keepingCapacity: true) }
        if !began.isEmpty { began.removeAll(keepingCapacity: true) }
        if !moved.isEmpty { moved.removeAll(keepingCapacity: true) }
        if !ended.isEmpty { ended.removeAll(keepingCapacity: true) }
        if !cancelled.isEmpty { cancelled.removeAll(keepingCapacity: true) }
    }
}
