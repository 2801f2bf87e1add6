// The steps of a device's cycle after the engine: firings planned and their touches claimed, actions run, held touches decided.
import Tactile

extension ServiceDevice {
    /// The cycle's firings with their actions (steps counted), their touches claimed.
    func plan() -> [ActionPlan] {
        let due = firings
        firings = []
        return due.map { firing in
            let binding = map.bindings[firing.bindingIndex]
            var count = 0
            if let step = binding.step, firing.phase != .cancelled {
                var counter = steps[firing.bindingIndex] ?? StepCounter(step: step)
                count = counter.steps(for: firing)
                steps[firing.bindingIndex] = counter
            }
            let plan = ActionPlan(firing: firing, binding: binding, steps: count)
            if let copy = outputs.touchCopy, let taken = claims?.claim(firing, claims: binding.claimsTouches, acting: plan.acts) {
                write(taken.events, to: copy, at: firing.time)
                if !taken.slots.isEmpty { report(.claimed(binding: binding.name, slots: taken.slots, time: firing.time)) }
            }
            return plan
        }
    }

    /// Enables the bindings with app conditions that admit the app with the
    /// focus now, and disables the others: called while no touch is bound,
    /// so a gesture is judged by the app that had the focus when it started,
    /// even if it moves the focus itself.
    func gateByFocus() {
        let focused = focusedApp?()
        for (index, binding) in map.bindings.enumerated() where binding.conditions.dependsOnFocus {
            let admitted = binding.conditions.admits(focused: focused)
            if map.recognizers[index].isEnabled != admitted { map.recognizers[index].isEnabled = admitted }
        }
    }

    /// Runs the planned actions, then decides held touches.
    func carryOut(_ plans: [ActionPlan], at time: Double) {
        for plan in plans { actions.perform(plan, binding: map.bindings[plan.firing.bindingIndex]) }
        let engine = pipeline.engine, map = self.map
        guard let copy = outputs.touchCopy, let decided = claims?.releaseDecided(at: time, isUndecided: { touch in
            engine.undecidedRecognizers(for: touch).contains(where: map.holdsTouches(for:))
        }) else { return }
        write(decided.events, to: copy, at: time)
        for release in decided.released {
            report(.released(slot: release.slot, zone: release.zone, time: time, heldFor: release.heldFor))
        }
    }

    func write(_ events: [InputEvent], to device: VirtualDeviceID, at time: Double) {
        guard !events.isEmpty else { return }
        let start = measuresLatency ? LatencyRecorder.now() : 0
        do {
            try sink.write(events, to: device)
        } catch {
            report(.failed(error.description, time: time))
        }
        if measuresLatency { writingNanoseconds &+= LatencyRecorder.now() &- start }
    }
}
