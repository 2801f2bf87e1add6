// The frames the gate builds when some contact is held or dropped: the copy brought to the device's values, slot by slot, then its keys and emulated axes.
import Tactile

extension TouchGate {
    /// Appends what brings the copy's passing slots among `touched` to the device's values.
    mutating func appendSlotChanges(for touched: [Int], to out: inout [InputEvent], time: Double) {
        for slot in touched where slots[slot].mode == .pass && slots[slot].cancelDue == nil
            && (slots[slot].input.isActive || slots[slot].output.isActive) {
            guard hasSlots else {
                slots[slot].output = slots[slot].input   // BTN_TOUCH carries it (appendKeyChanges)
                continue
            }
            let changes = slots[slot].output.changes(to: slots[slot].input, codes: slotCodes)
            guard !changes.isEmpty else { continue }
            selectOutputSlot(slot, in: &out, time: time)
            for change in changes {
                out.append(InputEvent(time: time, type: .abs, code: change.code, value: change.value))
                setOutput(change.code, change.value, inSlot: slot, at: time)
            }
        }
    }

    /// Appends `ABS_MT_SLOT` when the copy's current slot is another one.
    mutating func selectOutputSlot(_ slot: Int, in out: inout [InputEvent], time: Double) {
        guard hasSlots, outputSlot != slot else { return }
        out.append(InputEvent(time: time, type: .abs, code: AbsCode.mtSlot, value: Int32(slot)))
        outputSlot = slot
    }

    /// Appends the single-touch axes that change: those of the oldest contact
    /// the copy holds (pressure 0 when it holds none, the pointer staying
    /// where it was), as the kernel's pointer emulation
    /// (`input_mt_report_pointer_emulation`) makes them. Never the device's
    /// own values: in a rebuilt frame those may still be a claimed finger's
    /// (its last position, until the device next moves the pointer).
    mutating func appendAxisChanges(to out: inout [InputEvent], time: Double) {
        guard !emulatedAxes.isEmpty else { return }
        let oldest = slots.filter { $0.output.isActive }.min { $0.outputOrder < $1.outputOrder }
        for axis in emulatedAxes {
            let value: Int32
            if let oldest {
                value = oldest.output[axis.source]
            } else if axis.code == AbsCode.pressure {
                value = 0
            } else {
                continue   // no contact: the pointer stays where it was
            }
            guard outputAxes[axis.code] != value else { continue }
            out.append(InputEvent(time: time, type: .abs, code: axis.code, value: value))
            outputAxes[axis.code] = value
        }
    }

    /// Appends the touch keys that change: as the device holds them when
    /// every contact passes (`followDevice`), otherwise counted from the
    /// contacts the copy holds.
    mutating func appendKeyChanges(to out: inout [InputEvent], time: Double, followDevice: Bool) {
        var target: [UInt16: Int32] = [:]
        if followDevice {
            target = inputKeys
        } else {
            let count = slots.reduce(0) { $0 + ($1.output.isActive ? 1 : 0) }
            if touchKeys.contains(KeyCode.touch) { target[KeyCode.touch] = count > 0 ? 1 : 0 }
            let top = Self.fingerKeys.last { touchKeys.contains($0.key) && $0.count <= count }
            for pair in Self.fingerKeys where touchKeys.contains(pair.key) {
                target[pair.key] = pair.key == top?.key ? 1 : 0
            }
        }
        for key in touchKeys.sorted() where outputKeys[key, default: 0] != target[key, default: 0] {
            out.append(InputEvent(time: time, type: .key, code: key, value: target[key, default: 0]))
            outputKeys[key] = target[key, default: 0]
        }
    }

    /// `events` closed by `SYN_REPORT`, or nothing when there are none.
    func close(_ events: [InputEvent], time: Double) -> [InputEvent] {
        events.isEmpty ? [] : events + [InputEvent(time: time, type: .syn, code: SynCode.report, value: 0)]
    }
}
