// A recognizer's followed touches: taking each frame's delivery, locations, shared touches.

extension GestureRecognizer {
    /// The location of the followed touch at `index` (landing order) in `view`'s coordinates.
    public final func location(ofTouch index: Int, in view: View?) -> Point? {
        guard core.touches.indices.contains(index) else { return nil }
        return convertFromScreen(core.touches[index].location, to: view)
    }

    /// A screen point in `view`'s coordinates (the window's when `nil`).
    public final func convertFromScreen(_ point: Point, to view: View?) -> Point {
        guard let window = (view ?? self.view)?.window else { return point }
        let inWindow = window.convert(fromScreen: point)
        guard let view else { return inWindow }
        return view.convert(inWindow, from: nil)
    }

    /// Stops following `touch`, as if it had never landed on this
    /// recognizer: it gets no more of it, and it no longer counts as shared
    /// with other recognizers (UIKit's `ignore(_:for:)`). A recognizer that
    /// fails because of a touch that just landed and ignores it starts over
    /// with that touch once it is reset, in the same frame: the double tap
    /// does so when its second tap lands too far away.
    ///
    /// ```swift
    /// override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
    ///     for touch in touches where !accepts(touch) { ignore(touch) }
    /// }
    /// ```
    public final func ignore(_ touch: Touch) {
        guard let index = core.touches.index(ofTouch: touch.id) else { return }
        if core.touches[index].phase.isFinal { core.finishedTouchCount -= 1 }
        core.touches.remove(at: index)
        core.seenTouches.removeAll { $0 == touch.id }
        engine?.recognizer(self, ignored: touch.id)
    }

    /// Hands `landing`, a finger this recognizer follows but that belongs
    /// to another gesture of the same kind (another hand's tap), to its next
    /// attempt, and stops following it (``ignore(_:)``): once the finger
    /// has lifted and this recognizer is reset, the engine gives it the
    /// finger again, landing, straying farthest and lifting at its own times
    /// (``GestureEngine``, step 6). A restart drops carried fingers.
    final func carryOver(_ landing: Touch) {
        guard let engine, !core.carried.contains(where: { $0.landing.id == landing.id }) else { return }
        var carried = CarriedTouch(landing: landing)
        if let index = core.touches.index(ofTouch: landing.id) { carried.follow(core.touches[index]) }
        core.carried.append(carried)
        ignore(landing)
        engine.carry(landing.id, for: self)
    }

    // MARK: Delivery (the engine's, per frame)
    //
    // Methods of the recognizer rather than of the router, so `self` is
    // guaranteed for the whole of each and nothing inside retains it; the
    // router reaches the recognizers without retaining them either
    // (`forEachUnretained`).

    /// Adds `touch`, which the recognizer follows, to what it receives in
    /// the frame numbered `stamp`; `isNew` when it landed now. Returns
    /// whether this is the recognizer's first touch of the frame (the
    /// router then lists it for delivery).
    final func collect(_ touch: Touch, isNew: Bool, stamp: UInt64) -> Bool {
        guard core.seenTouches.contains(touch.id) else { return false }
        let first = core.delivery.stamp != stamp
        if first { core.delivery.clear(stamp: stamp) }
        core.delivery.updates.append(touch)
        if isNew {
            var landing = touch
            landing.phase = .began
            core.delivery.began.append(landing)
        }
        switch touch.phase {
        case .moved: core.delivery.movedCount += 1
        case .ended: core.delivery.ended.append(touch)
        case .cancelled: core.delivery.cancelled.append(touch)
        case .began, .stationary: break
        }
        return first
    }

    /// Takes the frame's touches collected for the recognizer, then calls
    /// `touchesBegan`, `touchesMoved`, `touchesEnded`, `touchesCancelled`
    /// with those of each phase and `didProcessFrame`, while it still
    /// listens. Returns `false`, having done nothing else, when it was
    /// removed from its view or disabled (the engine then stops it).
    /// Each group is moved out of the delivery for its call and back after
    /// it, where passing the stored array would retain and release it.
    final func receiveDelivery(of frame: TouchFrame) -> Bool {
        takeDeliveredTouches()
        guard core.isAttached, core.isEnabled else { return false }
        if !core.delivery.began.isEmpty, isReceiving {
            let began = Delivery.take(&core.delivery.began)
            touchesBegan(began, in: frame)
            core.delivery.began = began
        }
        if core.delivery.movedCount > 0, isReceiving {
            // Usually every update moved, and the updates are handed over as they are.
            if core.delivery.movedCount == core.delivery.updates.count {
                let moved = Delivery.take(&core.delivery.updates)
                touchesMoved(moved, in: frame)
                core.delivery.updates = moved
            } else {
                core.delivery.gatherSomeMoved()
                let moved = Delivery.take(&core.delivery.someMoved)
                touchesMoved(moved, in: frame)
                core.delivery.someMoved = moved
            }
        }
        if !core.delivery.ended.isEmpty, isReceiving {
            let ended = Delivery.take(&core.delivery.ended)
            touchesEnded(ended, in: frame)
            core.delivery.ended = ended
        }
        if !core.delivery.cancelled.isEmpty, isReceiving {
            let cancelled = Delivery.take(&core.delivery.cancelled)
            touchesCancelled(cancelled, in: frame)
            core.delivery.cancelled = cancelled
        }
        if isReceiving { didProcessFrame(frame) }
        return true
    }

    /// Takes the frame's snapshots of followed touches (the delivery's
    /// updates), new ones last.
    func takeDeliveredTouches() {
        if core.takeUpdatesInOrder() { return }
        for touch in core.delivery.updates {
            if let index = core.touches.index(ofTouch: touch.id) {
                if touch.phase.isFinal != core.touches[index].phase.isFinal {
                    core.finishedTouchCount += touch.phase.isFinal ? 1 : -1
                }
                core.touches[index] = touch
            } else {
                if touch.phase.isFinal { core.finishedTouchCount += 1 }
                core.touches.append(touch)
                markSeen(touch.id)
            }
        }
    }

    /// Records that the recognizer followed `id` since its last reset.
    func markSeen(_ id: TouchID) {
        if !core.seenTouches.contains(id) { core.seenTouches.append(id) }
    }

    /// Whether the recognizer followed `id` since its last reset.
    func hasSeen(_ id: TouchID) -> Bool {
        core.seenTouches.contains(id)
    }

    /// Whether the two recognizers followed a touch in common since their resets.
    func sharesTouch(with other: GestureRecognizer) -> Bool {
        let mine = core.seenTouches, theirs = other.core.seenTouches
        return mine.contains { theirs.contains($0) }
    }

    /// Lets go of the touches that ended or were cancelled, after the frame's actions.
    func removeFinishedTouches() {
        guard core.finishedTouchCount > 0 else { return }
        // The centroid they had is where the gesture was last seen.
        core.lastScreenLocation = Point.centroid(of: core.touches.lazy.map(\.location)) ?? core.lastScreenLocation
        core.touches.removeFinished()
        core.finishedTouchCount = 0
    }

    /// Touches still on the surface (not ended or cancelled).
    var activeTouchCount: Int { core.touches.count - core.finishedTouchCount }
}
