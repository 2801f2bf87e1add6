// What the gate does when a gesture decides: a claim drops a contact (cancelling it if it was passed on), a release replays a held one, the end cancels everything.
import Tactile

extension TouchGate {
    /// Takes the contacts in `slots` from the app: held ones are dropped (the
    /// app never sees them), passed ones are cancelled (a palm frame, then
    /// their release; on a touchpad, with two or more, one palm now and the
    /// rest ``touchpadCancelDelay`` later). Returns the frames the copy sends
    /// (empty when none).
    public mutating func claim(slots claimed: some Sequence<Int>, at time: Double) -> [InputEvent] {
        var cancelled: [Int] = []
        for slot in Set(claimed).sorted() where self.slots.indices.contains(slot) {
            guard self.slots[slot].input.isActive || self.slots[slot].output.isActive else { continue }
            switch self.slots[slot].mode {
            case .drop:
                continue
            case .hold:
                self.slots[slot].held = []
            case .pass:
                if self.slots[slot].output.isActive && self.slots[slot].cancelDue == nil { cancelled.append(slot) }
            }
            self.slots[slot].mode = self.slots[slot].input.isActive ? .drop : .pass
        }
        guard !cancelled.isEmpty else { return [] }
        if lifts { return lift(cancelled, at: time) }
        guard defersCancels else { return cancel(cancelled, at: time) }
        if let due = nextDeadline {
            // A cancel already waits: these join it, frozen until then.
            for slot in cancelled { self.slots[slot].cancelDue = due }
            return []
        }
        guard cancelled.count >= 2 else { return cancel(cancelled, at: time) }
        // One palm now changes libinput's finger count; the rest wait, frozen, past its switch timeout.
        let due = time + Self.touchpadCancelDelay
        for slot in cancelled { self.slots[slot].cancelDue = due }
        var out: [InputEvent] = []
        if let first = cancelled.last {
            markPalm([first], in: &out, time: time)
        }
        return close(out, time: time)
    }

    /// Lifts each of `claimed` (``ClaimedTouchEnd/lift``) once it has rested
    /// ``restBeforeLift`` where the app last saw it: now if it has, else
    /// frozen there until then (``completeCancels(at:all:)``, due at ``nextDeadline``).
    mutating func lift(_ claimed: [Int], at time: Double) -> [InputEvent] {
        var now: [Int] = []
        for slot in claimed {
            let due = slots[slot].outputMovedAt + Self.restBeforeLift
            if due <= time { now.append(slot) } else { slots[slot].cancelDue = due }
        }
        return cancel(now, at: time)
    }

    /// Ends the contacts whose wait is over by `time` (``nextDeadline``): a touchpad's frozen ones, or lifts at rest;
    /// with `all`, every waiting one. Returns the frames (empty when none).
    public mutating func completeCancels(at time: Double, all: Bool = false) -> [InputEvent] {
        let due = slots.indices.filter { slot in slots[slot].cancelDue.map { all || $0 <= time } ?? false }
        guard !due.isEmpty else { return [] }
        for slot in due { slots[slot].cancelDue = nil }
        return cancel(due.filter { slots[$0].output.isActive }, at: time)
    }

    /// The three frames of a cancel: palms, releases (with the touch keys the
    /// copy then has), tool types back. When the gate ``lifts``, only the releases.
    mutating func cancel(_ cancelled: [Int], at time: Double) -> [InputEvent] {
        guard !cancelled.isEmpty else { return [] }
        var palms: [InputEvent] = []
        if hasSlots && !lifts { markPalm(cancelled, in: &palms, time: time) }
        var release: [InputEvent] = []
        for slot in cancelled {
            if hasSlots {
                selectOutputSlot(slot, in: &release, time: time)
                release.append(InputEvent(time: time, type: .abs, code: AbsCode.mtTrackingID, value: -1))
            }
            slots[slot].output.trackingID = -1
        }
        appendAxisChanges(to: &release, time: time)
        appendKeyChanges(to: &release, time: time, followDevice: false)
        // Then the slots are fingers again, before anything lands in them (the device's own tool type).
        var reset: [InputEvent] = []
        if hasSlots {
            for slot in cancelled where slots[slot].output[AbsCode.mtToolType] != slots[slot].input[AbsCode.mtToolType] {
                selectOutputSlot(slot, in: &reset, time: time)
                reset.append(InputEvent(time: time, type: .abs, code: AbsCode.mtToolType, value: slots[slot].input[AbsCode.mtToolType]))
                slots[slot].output[AbsCode.mtToolType] = slots[slot].input[AbsCode.mtToolType]
            }
        }
        return close(palms, time: time) + close(release, time: time) + close(reset, time: time)
    }

    /// Appends `MT_TOOL_PALM` on each of `cancelled` that is not a palm on the copy yet.
    mutating func markPalm(_ cancelled: [Int], in out: inout [InputEvent], time: Double) {
        for slot in cancelled where slots[slot].output[AbsCode.mtToolType] != palmTool {
            selectOutputSlot(slot, in: &out, time: time)
            out.append(InputEvent(time: time, type: .abs, code: AbsCode.mtToolType, value: palmTool))
            slots[slot].output[AbsCode.mtToolType] = palmTool
        }
    }

    /// Lets a held contact go on: its frames so far are replayed, one frame
    /// each, and it passes from then on. Returns the frames (empty when the
    /// slot holds nothing).
    public mutating func release(slot: Int, at time: Double) -> [InputEvent] {
        guard slots.indices.contains(slot), slots[slot].mode == .hold else { return [] }
        let held = slots[slot].held
        slots[slot].held = []
        slots[slot].mode = .pass
        var out: [InputEvent] = []
        for frame in held {
            var events: [InputEvent] = []
            let changes = slots[slot].output.changes(to: frame.values, codes: slotCodes)
            if !changes.isEmpty {
                selectOutputSlot(slot, in: &events, time: frame.time)
                for change in changes {
                    events.append(InputEvent(time: frame.time, type: .abs, code: change.code, value: change.value))
                    setOutput(change.code, change.value, inSlot: slot, at: frame.time)
                }
            }
            appendAxisChanges(to: &events, time: frame.time)
            appendKeyChanges(to: &events, time: frame.time, followDevice: false)
            out += close(events, time: frame.time)
        }
        // Anything since (none, normally) brings the copy to the device's state.
        var rest: [InputEvent] = []
        appendSlotChanges(for: [slot], to: &rest, time: time)
        appendAxisChanges(to: &rest, time: time)
        appendKeyChanges(to: &rest, time: time, followDevice: everyContactPasses)
        return out + close(rest, time: time)
    }

    /// Ends every contact the copy holds (the service stops or lets the
    /// device go) as a claim does: cancelled (palms, their release, tool
    /// types back), so no app takes the end of a touch for a tap; lifted at
    /// once where the compositor drops the cancel (``ClaimedTouchEnd/lift``).
    /// Without slots, the contact is released (`BTN_TOUCH` 0).
    public mutating func cancelAll(at time: Double) -> [InputEvent] {
        let active = slots.indices.filter { slots[$0].output.isActive }
        for slot in slots.indices {
            slots[slot].mode = .pass
            slots[slot].held = []
            slots[slot].cancelDue = nil
        }
        var out = cancel(active, at: time)
        // Keys the copy still holds (none, normally: the release frame counted no contact).
        var keys: [InputEvent] = []
        for key in touchKeys.sorted() where outputKeys[key, default: 0] != 0 {
            keys.append(InputEvent(time: time, type: .key, code: key, value: 0))
            outputKeys[key] = 0
        }
        out += close(keys, time: time)
        return out
    }
}
