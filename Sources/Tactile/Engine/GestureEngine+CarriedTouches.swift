// Step 6's second half: a recognizer reset with another hand's fingers carried over takes them.

extension GestureEngine {
    /// Gives each of `recognizers`, reset, the fingers it carried over
    /// (``GestureRecognizer/carryOver(_:)``), which have all lifted: two
    /// hands tapping at once are two taps, and the tap that finished with
    /// the first hand judges the second one's next. Each gets
    /// `touchesBegan` with the fingers as they landed, in a frame at their
    /// landing time; `touchesMoved` with them where they strayed farthest,
    /// in a frame at that time; then `touchesMoved` and `touchesEnded` with
    /// them as they lifted, in a frame at each lift time: the recognizer
    /// judges them at their own times, and its timers run from now. A
    /// finger that was cancelled, or a recognizer disabled or removed
    /// meanwhile, takes nothing. Returns whether any recognizer took fingers.
    func offerCarriedTouches(to recognizers: [GestureRecognizer]) -> Bool {
        // All come into play before any judges its fingers: a tap that
        // recognizes waits for the double tap carrying the same hand.
        var takers: [(recognizer: GestureRecognizer, carried: [CarriedTouch])] = []
        for recognizer in recognizers {
            let carried = recognizer.core.carried
            recognizer.core.carried.removeAll()
            guard recognizer.isEnabled, recognizer.core.isAttached, !carried.isEmpty,
                  carried.allSatisfy({ $0.end?.phase == .ended }) else { continue }
            for finger in carried { admit(recognizer, following: finger.landing.id) }
            trace(recognizer, .tookAnotherHand(carried.map(\.landing.id)))
            takers.append((recognizer, carried))
        }
        for (recognizer, carried) in takers {
            let landings = carried.map { finger in
                var landing = finger.landing
                landing.phase = .began
                return landing
            }
            let landedAt = landings.map(\.beganAt).max() ?? now
            deliver(landings, as: .began, to: recognizer, at: landedAt)
            let strayed = carried.compactMap(\.farthest)
            if let time = strayed.map(\.timestamp).max() { deliver(strayed, as: .moved, to: recognizer, at: max(time, landedAt)) }
            let ends = carried.compactMap(\.end).sorted { $0.timestamp < $1.timestamp }
            var next = ends.startIndex
            while next < ends.endIndex {
                let time = ends[next].timestamp
                let lifting = Array(ends[next...].prefix { $0.timestamp == time })
                next += lifting.count
                deliver(lifting, as: .ended, to: recognizer, at: max(time, landedAt))
            }
        }
        if !takers.isEmpty { noteArbitrationInput() }
        return !takers.isEmpty
    }

    /// Hands `touches` to `recognizer` as one frame at `time`: landing,
    /// moving, or moving to where they lift and lifting (a lift frame, as a real one).
    private func deliver(_ touches: [Touch], as phase: TouchPhase, to recognizer: GestureRecognizer, at time: Double) {
        let frame = TouchFrame(time: time, touches: touches, fingerCount: phase == .ended ? 0 : touches.count)
        recognizer.core.delivery.clear(stamp: 0)
        recognizer.core.delivery.updates.append(contentsOf: touches)
        recognizer.takeDeliveredTouches()
        let moved = touches.map { touch in
            var moving = touch
            moving.phase = phase == .began ? .began : .moved
            return moving
        }
        if phase == .began {
            if recognizer.isReceiving { recognizer.touchesBegan(moved, in: frame) }
        } else {
            if recognizer.isReceiving { recognizer.touchesMoved(moved, in: frame) }
            if phase == .ended, recognizer.isReceiving { recognizer.touchesEnded(touches, in: frame) }
        }
        if recognizer.isReceiving { recognizer.didProcessFrame(frame) }
        recognizer.core.delivery.clear(stamp: 0)
    }
}
