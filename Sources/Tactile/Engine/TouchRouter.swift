// Binding and delivery: which recognizers each touch belongs to, and handing them each frame.

/// Steps 2 and 3 of the engine's cycle (see ``GestureEngine``): binds a
/// touch that lands to the view it hit and to the recognizers of that view
/// and its ancestors that take it, for the touch's whole life, and delivers
/// each frame's touches to the recognizers that follow them, grouped by phase.
@MainActor
final class TouchRouter {
    /// Everything the router keeps between frames, in one place read for
    /// every touch of every frame. Unchecked exclusivity: see
    /// docs/performance.md, "Dynamic exclusivity checks". No access to it
    /// spans a call into a recognizer or a delegate.
    struct Storage {
        /// The bindings of live touches, in landing order. A handful at most
        /// (one per finger), so a linear search beats hashing.
        var bindings: [TouchBinding] = []
        /// The recognizers receiving touches in the current frame, in the
        /// order they first met one; their `delivery` holds the touches.
        /// Kept from frame to frame, and overwritten: the first `delivered`
        /// are this frame's while it is collected.
        var deliveryOrder: [GestureRecognizer] = []
        var delivered = 0
        /// Recognizers that could not take a touch bound in the current
        /// frame (done, waiting to recognize, or busy), with the touch, in
        /// binding order: those reset by the end of the frame take it late.
        var deferred: [(touch: TouchID, recognizer: GestureRecognizer)] = []
        /// Recognizers that followed a touch that ended in the current frame:
        /// those that finished with fingers still down start again (re-grip).
        var lostFinger: [GestureRecognizer] = []
        /// Fingers recognizers carried over to their next attempt
        /// (``GestureRecognizer/carryOver(_:)``), followed here until they
        /// lift; then their recognizers are ready to take them. Empty but
        /// while two hands tap at once.
        var carried: [(touch: TouchID, recognizer: GestureRecognizer)] = []
        var carriedReady: [GestureRecognizer] = []
        /// Fingers waiting for a recognizer that another device's gesture
        /// holds (see `TouchRouter+Devices.swift`), in landing order. Empty
        /// but while two devices share a window.
        var waitingForDevice: [(touch: TouchID, recognizer: GestureRecognizer)] = []
        /// Numbers frames, so a recognizer's delivery from an earlier frame reads as stale.
        var frameStamp: UInt64 = 0
        /// Moves on whenever a recognizer may have stopped listening (it
        /// finished or was reset): while it stands still, every binding's
        /// receivers are still listening and need no pruning.
        var generation: UInt64 = 0
    }

    @exclusivity(unchecked) var storage = Storage()

    /// The number of live touches bound so far.
    var count: Int { storage.bindings.count }

    /// The view the live touch `id` is bound to, if any.
    func view(boundTo id: TouchID) -> View? {
        guard let index = TouchBinding.index(of: id, in: storage.bindings) else { return nil }
        return storage.bindings[index].view
    }

    /// Notes that `recognizer` gave back `touch` (``GestureRecognizer/ignore(_:)``):
    /// if it landed in this frame, the recognizer may take it again late.
    func recognizer(_ recognizer: GestureRecognizer, ignored touch: TouchID) {
        storage.generation &+= 1
        storage.deferred.append((touch, recognizer))
    }

    /// Notes that a recognizer may have stopped listening to its touches.
    func receiversMayHaveChanged() {
        storage.generation &+= 1
    }

    // MARK: Delivery

    /// Binds the touches of `frame` that landed, then hands every recognizer
    /// its touches of the frame: `touchesBegan`, `touchesMoved`,
    /// `touchesEnded`, `touchesCancelled`, then `didProcessFrame`.
    func deliver(_ frame: TouchFrame, in engine: GestureEngine) {
        storage.frameStamp &+= 1
        let stamp = storage.frameStamp
        storage.delivered = 0
        if !storage.deferred.isEmpty { storage.deferred.removeAll(keepingCapacity: true) }
        if !storage.lostFinger.isEmpty { storage.lostFinger.removeAll(keepingCapacity: true) }
        for touch in frame.touches {
            if !storage.carried.isEmpty { followCarried(touch) }
            if !storage.waitingForDevice.isEmpty, touch.phase.isFinal { storage.waitingForDevice.removeAll { $0.touch == touch.id } }
            let recognizers: [GestureRecognizer]
            let isNew: Bool
            if let index = TouchBinding.index(of: touch.id, in: storage.bindings) {
                isNew = false
                if touch.phase.isFinal {
                    recognizers = storage.bindings[index].recognizers
                    storage.bindings.remove(at: index)
                    engine.noteArbitrationInput()
                    // Listed once per lifted finger: one restarted by the first is no longer done when met again.
                    storage.lostFinger += recognizers
                } else {
                    if storage.bindings[index].prunedAt != storage.generation {
                        storage.bindings[index].pruneReceivers(of: touch.id, generation: storage.generation)
                    }
                    recognizers = storage.bindings[index].receivers
                }
            } else {
                // A touch first seen already cancelled was never delivered: nothing to undo.
                // A resting thumb or a palm reaches no recognizer (``ThumbDetector``).
                guard touch.phase != .cancelled, touch.rejection == nil else { continue }
                let binding = bind(touch, in: frame, engine: engine)
                recognizers = binding.recognizers
                isNew = true
                if !touch.phase.isFinal { storage.bindings.append(binding) }
            }
            recognizers.forEachUnretained { recognizer in
                if recognizer.collect(touch, isNew: isNew, stamp: stamp) { listForDelivery(recognizer) }
            }
        }
        while storage.deliveryOrder.count > storage.delivered { storage.deliveryOrder.removeLast() }
        // Taken out for the loop, so the list holds its recognizers whatever
        // their callbacks do to the router, then put back for the next frame.
        var order: [GestureRecognizer] = []
        swap(&order, &storage.deliveryOrder)
        order.forEachUnretained { recognizer in
            if !recognizer.receiveDelivery(of: frame) { engine.stop(recognizer) }
        }
        swap(&order, &storage.deliveryOrder)
    }

    // MARK: Carried fingers

    /// Follows the finger `id` for `recognizer`, which carried it over.
    func carry(_ id: TouchID, for recognizer: GestureRecognizer) {
        let ended = recognizer.core.carried.allSatisfy { $0.end != nil }
        if ended, !storage.carriedReady.containsIdentical(recognizer) { storage.carriedReady.append(recognizer) }
        if recognizer.core.carried.first(where: { $0.landing.id == id })?.end == nil { storage.carried.append((id, recognizer)) }
    }

    /// Notes a carried finger's report in its recognizer's list; once all of
    /// a recognizer's carried fingers lifted, it is ready to take them.
    private func followCarried(_ touch: Touch) {
        for entry in storage.carried where entry.touch == touch.id {
            let recognizer = entry.recognizer
            guard let index = recognizer.core.carried.firstIndex(where: { $0.landing.id == touch.id }) else { continue }
            recognizer.core.carried[index].follow(touch)
            if recognizer.core.carried.allSatisfy({ $0.end != nil }), !storage.carriedReady.containsIdentical(recognizer) {
                storage.carriedReady.append(recognizer)
            }
        }
        if touch.phase.isFinal { storage.carried.removeAll { $0.touch == touch.id } }
    }

    /// Takes the recognizers ready to take their carried fingers that are
    /// idle (reset, and in play no more); the others stay ready. One
    /// carrying a finger still down leaves the list until it lifts.
    func takeIdleCarriers(in arena: GestureArena) -> [GestureRecognizer] {
        guard !storage.carriedReady.isEmpty else { return [] }
        var idle: [GestureRecognizer] = []
        storage.carriedReady.removeAll { recognizer in
            let carried = recognizer.core.carried
            guard !carried.isEmpty, carried.allSatisfy({ $0.end != nil }) else { return true }
            guard !arena.contains(recognizer) else { return false }
            idle.append(recognizer)
            return true
        }
        return idle
    }

    /// Drops every finger `recognizer` carried over (it was restarted).
    func dropCarried(by recognizer: GestureRecognizer) {
        recognizer.core.carried.removeAll()
        storage.carried.removeAll { $0.recognizer === recognizer }
        storage.carriedReady.removeAll { $0 === recognizer }
    }

    /// Lists `recognizer` for delivery in this frame, after those listed
    /// already. Usually the same recognizers as in the frame before, in the
    /// same order: the list is overwritten in place, and an entry that is
    /// already this recognizer is left alone (no release and retain of it).
    private func listForDelivery(_ recognizer: GestureRecognizer) {
        let index = storage.delivered
        storage.delivered += 1
        guard index < storage.deliveryOrder.count else { return storage.deliveryOrder.append(recognizer) }
        if storage.deliveryOrder[index] !== recognizer { storage.deliveryOrder[index] = recognizer }
    }

    /// Gives the touches that landed in this frame to the recognizers of
    /// their views that could not take them then (done, or waiting to
    /// recognize) and have been reset since, in this same frame: a double
    /// tap that failed because the second tap landed too far away starts
    /// over with it, and the single tap it released follows it too, so
    /// quick taps in different places are each reported (Flutter's arena
    /// and UIKit do the same). Each such recognizer gets `touchesBegan` with
    /// its late touches, in frame order, then `didProcessFrame`. Returns
    /// whether any recognizer took a touch.
    func bindLate(_ frame: TouchFrame, in engine: GestureEngine) -> Bool {
        guard !storage.deferred.isEmpty else { return false }
        var takers: [GestureRecognizer] = []
        for (id, recognizer) in storage.deferred where !recognizer.hasSeen(id) {
            guard let bindingIndex = TouchBinding.index(of: id, in: storage.bindings),
                  let touchIndex = frame.touches.index(ofTouch: id) else { continue }
            var landing = frame.touches[touchIndex]
            // Only fingers that land now: on a device with more fingers than
            // slots, one that gets a slot as another lifts was down before.
            guard !landing.phase.isFinal, landing.beganAt >= frame.time else { continue }
            landing.phase = .began
            let isTaker = takers.containsIdentical(recognizer)
            guard isTaker || !engine.arena.contains(recognizer), !Self.isHeldElsewhere(recognizer, by: engine),
                  Self.canTake(landing, recognizer) else { continue }
            if !isTaker {
                recognizer.core.delivery.clear(stamp: storage.frameStamp)
                takers.append(recognizer)
            }
            engine.admit(recognizer, following: id)
            engine.trace(recognizer, .tookLandingTouch(id))
            recognizer.core.delivery.updates.append(landing)
            recognizer.core.delivery.began.append(landing)
            storage.bindings[bindingIndex].add(recognizer)
        }
        guard !takers.isEmpty else { return false }
        engine.noteArbitrationInput()
        for recognizer in takers {
            recognizer.takeDeliveredTouches()
            if recognizer.isReceiving { recognizer.touchesBegan(recognizer.core.delivery.began, in: frame) }
            if recognizer.isReceiving { recognizer.didProcessFrame(frame) }
        }
        return true
    }

    /// Step 8 of the cycle (re-grip): a finger set gesture that finished
    /// (ended, failed, cancelled) while fingers it followed are still down,
    /// in a frame where one of its fingers lifted, starts again with those
    /// fingers from where they are (``FingerSetGestureRecognizer/startsAgainWhenFingersChange``):
    /// zoom, lift a finger, and the other drags; land it again and the pinch
    /// goes on. Each gets `touchesBegan` with them, then `didProcessFrame`.
    /// Returns whether any started again.
    func startAgain(_ frame: TouchFrame, in engine: GestureEngine) -> Bool {
        guard !storage.lostFinger.isEmpty else { return false }
        var restarted = false
        for recognizer in storage.lostFinger {
            guard recognizer.state.isFinal, recognizer.activeTouchCount > 0, recognizer.isEnabled,
                  (recognizer as? FingerSetGestureRecognizer)?.startsAgainWhenFingersChange == true else { continue }
            var still: [Touch] = []
            for touch in recognizer.touches where !touch.phase.isFinal {
                guard TouchBinding.index(of: touch.id, in: storage.bindings) != nil else { continue }
                var current = frame.touches.index(ofTouch: touch.id).map { frame.touches[$0] } ?? touch
                current.phase = .began
                still.append(current)
            }
            guard !still.isEmpty else { continue }
            engine.restart(recognizer)
            recognizer.core.delivery.clear(stamp: storage.frameStamp)
            for touch in still {
                engine.admit(recognizer, following: touch.id)
                recognizer.core.delivery.updates.append(touch)
                recognizer.core.delivery.began.append(touch)
                if let index = TouchBinding.index(of: touch.id, in: storage.bindings) { storage.bindings[index].add(recognizer) }
            }
            engine.trace(recognizer, .startedAgain(with: still.map(\.id)))
            recognizer.takeDeliveredTouches()
            if recognizer.isReceiving { recognizer.touchesBegan(recognizer.core.delivery.began, in: frame) }
            if recognizer.isReceiving { recognizer.didProcessFrame(frame) }
            restarted = true
        }
        storage.lostFinger.removeAll(keepingCapacity: true)
        if restarted { engine.noteArbitrationInput() }
        return restarted
    }

    // MARK: Binding

    /// Hit-tests a touch that lands and binds it to the recognizers, from the
    /// hit view up through its ancestors, that take it.
    private func bind(_ touch: Touch, in frame: TouchFrame, engine: GestureEngine) -> TouchBinding {
        let hit = engine.window.hitTest(screenPoint: touch.location)
        var recognizers: [GestureRecognizer] = []
        var view = hit
        while let current = view {
            for recognizer in current.gestureRecognizers {
                // Another device's gesture holds it: it lets go, or the finger waits for it.
                if Self.isHeldElsewhere(recognizer, by: engine), !anotherDeviceLetsGo(of: recognizer, for: touch) { continue }
                if recognizer.startsAnewForIndependentTouches, !recognizer.state.isInProgress,
                   recognizer.activeTouchCount > 0, isIndependent(touch, of: recognizer, in: frame, arena: engine.arena) {
                    engine.restart(recognizer)
                }
                guard Self.canTake(touch, recognizer) else {
                    if recognizer.isEnabled, !touch.phase.isFinal { storage.deferred.append((touch.id, recognizer)) }
                    continue
                }
                engine.admit(recognizer, following: touch.id)
                recognizers.append(recognizer)
            }
            view = current.superview
        }
        engine.noteArbitrationInput()
        engine.traceBinding(of: touch.id, to: hit, recognizers: recognizers)
        return TouchBinding(
            touch: touch.id, view: hit, recognizers: recognizers, prunedAt: storage.generation,
            landing: touch.surfaceLocation, landedAt: frame.time
        )
    }

    /// Whether `recognizer` takes a touch landing now.
    static func canTake(_ touch: Touch, _ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.isEnabled, !recognizer.state.isFinal else { return false }
        if recognizer.state.isInProgress, !recognizer.acceptsTouchesDuringGesture { return false }
        if recognizer.core.pendingState != nil, recognizer.isDiscrete { return false }
        return recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
    }

    /// Whether `touch`, landing now, is independent of every touch
    /// `recognizer` follows (see ``GestureRecognizer/startsAnewForIndependentTouches``).
    private func isIndependent(_ touch: Touch, of recognizer: GestureRecognizer, in frame: TouchFrame, arena: GestureArena) -> Bool {
        // Loops, not closures: see `TouchSearch.swift`.
        for followed in recognizer.touches where !followed.phase.isFinal {
            if !isIndependent(touch, of: followed.id, in: frame, arena: arena) { return false }
        }
        return true
    }

    private func isIndependent(_ touch: Touch, of other: TouchID, in frame: TouchFrame, arena: GestureArena) -> Bool {
        // Held by a gesture in progress that takes no more fingers (a long press);
        // a member in progress has recognized, so only those are looked at.
        for member in arena.recognizedMembers where member.state.isInProgress && !member.acceptsTouchesDuringGesture {
            if let index = member.touches.index(ofTouch: other), !member.touches[index].phase.isFinal { return true }
        }
        // Resting, and far from where the new finger lands, which comes later.
        guard let bindingIndex = TouchBinding.index(of: other, in: storage.bindings),
              let nowIndex = frame.touches.index(ofTouch: other) else { return false }
        let binding = storage.bindings[bindingIndex], now = frame.touches[nowIndex]
        let independence = TouchIndependence.self
        return frame.time - binding.landedAt >= independence.minimumDelay
            && now.surfaceLocation.distance(to: binding.landing) <= independence.restingMovement
            && now.surfaceLocation.distance(to: touch.surfaceLocation) >= independence.minimumDistance
    }
}
