// What one recognizer receives in one frame, grouped by phase, in buffers reused every frame.

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
    /// How many of ``updates`` moved; usually all of them, and then they are
    /// handed over as they are (see ``moved``).
    var movedCount = 0
    var ended: [Touch] = []
    var cancelled: [Touch] = []
    /// The moved touches when only some of the updates moved.
    private var someMoved: [Touch] = []

    /// The touches that moved, in frame order: ``updates`` itself when all did.
    mutating func moved() -> [Touch] {
        if movedCount == updates.count { return updates }
        someMoved.removeAll(keepingCapacity: true)
        for touch in updates where touch.phase == .moved { someMoved.append(touch) }
        return someMoved
    }

    /// Empties the buffers (keeping their storage) for frame `stamp`.
    mutating func clear(stamp: UInt64) {
        self.stamp = stamp
        if !updates.isEmpty { updates.removeAll(keepingCapacity: true) }
        if !began.isEmpty { began.removeAll(keepingCapacity: true) }
        movedCount = 0
        if !ended.isEmpty { ended.removeAll(keepingCapacity: true) }
        if !cancelled.isEmpty { cancelled.removeAll(keepingCapacity: true) }
    }
}
