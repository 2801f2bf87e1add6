// A live touch and the view and recognizers it is bound to for its whole life.

/// What a touch was bound to when it landed (see ``TouchRouter``).
struct TouchBinding {
    let touch: TouchID
    let view: View?
    /// Every recognizer the touch was bound to when it landed, and those
    /// that took it late in its landing frame (see ``TouchRouter``).
    private(set) var recognizers: [GestureRecognizer]
    /// Those still listening to it: a recognizer that has finished (or was
    /// reset since) leaves this list, so a frame in which the touch only
    /// moves costs nothing for recognizers that gave up on it. Its end still
    /// goes to all ``recognizers`` that follow it.
    private(set) var receivers: [GestureRecognizer]
    /// The router's generation when ``receivers`` was last pruned.
    private(set) var prunedAt: UInt64
    /// Where and when the touch landed (mm on the surface, seconds).
    let landing: Point
    let landedAt: Double

    init(touch: TouchID, view: View?, recognizers: [GestureRecognizer], prunedAt: UInt64, landing: Point, landedAt: Double) {
        self.touch = touch
        self.view = view
        self.recognizers = recognizers
        self.receivers = recognizers
        self.prunedAt = prunedAt
        self.landing = landing
        self.landedAt = landedAt
    }

    /// Adds a recognizer that took the touch late, in the frame it landed
    /// (once: one that gave the touch back and took it again is there already).
    @MainActor mutating func add(_ recognizer: GestureRecognizer) {
        if !recognizers.containsIdentical(recognizer) { recognizers.append(recognizer) }
        if !receivers.containsIdentical(recognizer) { receivers.append(recognizer) }
    }

    /// Forgets `recognizer` (it went to another device's gesture): the
    /// touch's end no longer reaches it.
    @MainActor mutating func remove(_ recognizer: GestureRecognizer) {
        recognizers.removeAll { $0 === recognizer }
        receivers.removeAll { $0 === recognizer }
    }

    /// Drops the receivers that finished or no longer follow the touch `id`.
    @MainActor mutating func pruneReceivers(of id: TouchID, generation: UInt64) {
        receivers.removeAll { $0.state.isFinal || !$0.hasSeen(id) }
        prunedAt = generation
    }

    /// The binding of `id` (nonisolated: see `TouchSearch.swift`).
    nonisolated static func index(of id: TouchID, in bindings: [TouchBinding]) -> Int? {
        bindings.firstIndex { $0.touch == id }
    }
}
