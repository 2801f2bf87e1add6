// Several devices on one window: a recognizer follows one device's fingers at a time.

/// The rule for several devices on one window (each device has its own
/// ``InputPipeline`` and engine on the same window): **a gesture never
/// combines fingers of two devices.** Every device's touches are hit-tested
/// in the one window and bound to the recognizers of the views they hit, as
/// on one device; but a recognizer follows one device's fingers at a time:
///
/// - A finger of another device lands on a recognizer whose gesture there
///   has not started (it is `possible`, waits for nothing, and every finger
///   it follows rests within ``TouchIndependence/restingMovement`` of where
///   it landed) or is over (ended, failed, cancelled, its fingers still
///   down): the recognizer lets go of the other device, silently (as a
///   restart: no action), and takes the new finger.
/// - Otherwise (it recognized, waits to, or waits for a further tap) the
///   finger passes it by and waits: when the finger moves farther than
///   ``TouchIndependence/restingMovement`` from where it landed, it takes
///   the recognizer if it is free or lets go by the rule above, landing
///   there and then (`touchesBegan`). The fingers a recognizer lets go of
///   wait for it the same way.
///
/// So a finger resting on one device never swallows a gesture on another,
/// and the finger that moves gets the recognizer. Failure requirements and
/// exclusivity are each engine's own: a recognizer held by another device
/// is not in play here, and is not waited for.
extension TouchRouter {
    /// Whether `recognizer` is in play with another engine than `engine`: another device's gesture holds it.
    static func isHeldElsewhere(_ recognizer: GestureRecognizer, by engine: GestureEngine) -> Bool {
        guard let holder = recognizer.core.engine else { return false }
        return holder !== engine
    }

    /// Asks the engine holding `recognizer` to let go of it for `touch`,
    /// landing on another device; when it does not, `touch` waits for it.
    /// Returns whether it let go.
    func anotherDeviceLetsGo(of recognizer: GestureRecognizer, for touch: Touch) -> Bool {
        if let holder = recognizer.core.engine, holder.letGoForAnotherDevice(recognizer) { return true }
        if !touch.phase.isFinal { storage.waitingForDevice.append((touch.id, recognizer)) }
        return false
    }

    /// Whether `recognizer`, in play here, may go to another device's
    /// finger: its gesture is over, or has not started and every finger it
    /// follows rests.
    func mayLetGo(_ recognizer: GestureRecognizer) -> Bool {
        if recognizer.state.isFinal { return true }
        guard recognizer.state == .possible, recognizer.core.pendingState == nil, recognizer.activeTouchCount > 0 else { return false }
        for touch in recognizer.touches where !touch.phase.isFinal && !rests(touch) { return false }
        return true
    }

    /// Whether `touch` is within ``TouchIndependence/restingMovement`` of where it landed.
    private func rests(_ touch: Touch) -> Bool {
        guard let index = TouchBinding.index(of: touch.id, in: storage.bindings) else { return true }
        return touch.surfaceLocation.distance(to: storage.bindings[index].landing) <= TouchIndependence.restingMovement
    }

    /// Forgets `recognizer`, which goes to another device's gesture; the
    /// fingers in `waiting` (those it followed, still down) wait for it.
    func forget(_ recognizer: GestureRecognizer, waiting: [TouchID]) {
        for index in storage.bindings.indices { storage.bindings[index].remove(recognizer) }
        storage.deferred.removeAll { $0.recognizer === recognizer }
        storage.lostFinger.removeAll { $0 === recognizer }
        for id in waiting where TouchBinding.index(of: id, in: storage.bindings) != nil {
            storage.waitingForDevice.append((id, recognizer))
        }
        receiversMayHaveChanged()
    }

    /// Gives the recognizers fingers wait for to those fingers, when one
    /// of them moved away from where it landed and the recognizer is free
    /// or its holder lets go: each gets `touchesBegan` with every finger of
    /// this device waiting for it, where they are, then `didProcessFrame`.
    /// Returns whether any recognizer took a finger.
    func takeFromOtherDevices(_ frame: TouchFrame, in engine: GestureEngine) -> Bool {
        guard !storage.waitingForDevice.isEmpty else { return false }
        var takers: [GestureRecognizer] = []
        for (id, recognizer) in storage.waitingForDevice where !takers.containsIdentical(recognizer) {
            guard recognizer.core.engine !== engine, let index = frame.touches.index(ofTouch: id),
                  !frame.touches[index].phase.isFinal, !rests(frame.touches[index]) else { continue }
            if let holder = recognizer.core.engine, !holder.letGoForAnotherDevice(recognizer) { continue }
            guard Self.canTake(frame.touches[index], recognizer) else { continue }
            takers.append(recognizer)
        }
        guard !takers.isEmpty else { return false }
        for recognizer in takers { take(recognizer, in: frame, engine: engine) }
        storage.waitingForDevice.removeAll { entry in takers.containsIdentical(entry.recognizer) }
        engine.noteArbitrationInput()
        return true
    }

    /// `recognizer` takes every finger waiting for it, as landing now.
    private func take(_ recognizer: GestureRecognizer, in frame: TouchFrame, engine: GestureEngine) {
        recognizer.core.delivery.clear(stamp: storage.frameStamp)
        for (id, waiter) in storage.waitingForDevice where waiter === recognizer {
            guard let bindingIndex = TouchBinding.index(of: id, in: storage.bindings),
                  let index = frame.touches.index(ofTouch: id), !frame.touches[index].phase.isFinal else { continue }
            var landing = frame.touches[index]
            landing.phase = .began
            engine.admit(recognizer, following: id)
            engine.trace(recognizer, .tookLandingTouch(id))
            recognizer.core.delivery.updates.append(landing)
            recognizer.core.delivery.began.append(landing)
            storage.bindings[bindingIndex].add(recognizer)
        }
        recognizer.takeDeliveredTouches()
        if recognizer.isReceiving { recognizer.touchesBegan(recognizer.core.delivery.began, in: frame) }
        if recognizer.isReceiving { recognizer.didProcessFrame(frame) }
    }
}
