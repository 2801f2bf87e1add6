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
    /// handed over as they are (else see ``someMoved``).
    var movedCount = 0
    var ended: [Touch] = []
    var cancelled: [Touch] = []
    /// The moved touches when only some of the updates moved (``gatherSomeMoved()``).
    var someMoved: [Touch] = []

    /// Fills ``someMoved`` with the updates that moved, in frame order.
    mutating func gatherSomeMoved() {
        Self.empty(&someMoved)
        for touch in updates where touch.phase == .moved { someMoved.append(touch) }
    }

    /// Moves `buffer`'s touches out, leaving it empty: the engine passes
    /// them to a recognizer's callback this way, and puts them back after
    /// it, where passing the stored array would retain and release it.
    static func take(_ buffer: inout [Touch]) -> [Touch] {
        var taken: [Touch] = []
        swap(&taken, &buffer)
        return taken
    }

    /// Empties the buffers (keeping their storage) for frame `stamp`.
    mutating func clear(stamp: UInt64) {
        self.stamp = stamp
        Self.empty(&updates)
        Self.empty(&began)
        movedCount = 0
        Self.empty(&ended)
        Self.empty(&cancelled)
    }

    /// Empties `buffer`, keeping its storage. A handful of touches at most:
    /// removing them one by one costs a fraction of `removeAll(keepingCapacity:)`,
    /// which goes through the general `replaceSubrange`.
    private static func empty(_ buffer: inout [Touch]) {
        while !buffer.isEmpty { buffer.removeLast() }
    }
}
