// How the assembler reads each event: absolute axes (slots, tracking ids, positions) and keys.

extension TouchAssembler {
    // MARK: - Absolute axes

    mutating func handleAbsolute(code: UInt16, value: Int32, time: Double) {
        guard code < 64, declaredAbs & (1 << UInt64(code)) != 0 else {
            recordUndeclared(.abs, code, time)
            return
        }
        switch mode {
        case .multitouch:
            switch code {
            case AbsCode.mtSlot:
                if slots.indices.contains(Int(value)) {
                    currentSlot = Int(value)
                } else {
                    currentSlot = -1
                    diagnostics.record(.slotOutOfRange, "ABS_MT_SLOT \(value) at \(Self.format(time)) s; \(device.name) has \(slots.count) slots")
                }
            case AbsCode.mtTrackingID:
                guard currentSlot >= 0 else { return }
                handleTrackingID(value, slot: currentSlot, time: time)
            case xCode, yCode:
                guard currentSlot >= 0 else { return }
                setPosition(code: code, value: value, slot: currentSlot, time: time)
            case AbsCode.mtPressure:
                guard currentSlot >= 0 else { return }
                reviveIfStale(currentSlot)
                slots[currentSlot].pressure = clamped(value, pressureAxis, code: code, time: time)
            case AbsCode.mtToolType:
                guard currentSlot >= 0 else { return }
                slots[currentSlot].toolType = value
            default:
                break  // legacy single-touch emulation and shape axes are not needed
            }
        case .singleTouch:
            switch code {
            case xCode, yCode:
                setPosition(code: code, value: value, slot: 0, time: time)
            case AbsCode.pressure:
                slots[0].pressure = clamped(value, pressureAxis, code: code, time: time)
            default:
                break
            }
        case .none:
            break
        }
    }

    mutating func handleTrackingID(_ value: Int32, slot index: Int, time: Double) {
        if value == -1 {
            if slots[index].active {
                finish(slot: index, phase: .ended)
            } else if slots[index].stale {
                slots[index].stale = false
            } else {
                diagnostics.record(.releaseWithoutTouch, "ABS_MT_TRACKING_ID -1 for empty slot \(index) at \(Self.format(time)) s")
            }
            slots[index].trackingID = -1
        } else if value < -1 {
            diagnostics.record(.invalidTrackingID, "ABS_MT_TRACKING_ID \(value) in slot \(index) at \(Self.format(time)) s")
        } else {
            if slots[index].active {
                guard slots[index].trackingID != value else { return }  // repeated id: nothing new
                finish(slot: index, phase: .ended)  // the slot was taken over by a new touch
            }
            begin(slot: index, trackingID: value)
        }
    }

    mutating func setPosition(code: UInt16, value: Int32, slot index: Int, time: Double) {
        reviveIfStale(index)
        let isX = code == xCode
        let axis = isX ? mapping.xAxis : mapping.yAxis
        let clampedValue = clamped(value, axis, code: code, time: time)
        slots[index].hasPosition = true
        if isX {
            if slots[index].x != clampedValue { slots[index].x = clampedValue; slots[index].moved = true }
        } else {
            if slots[index].y != clampedValue { slots[index].y = clampedValue; slots[index].moved = true }
        }
    }

    mutating func clamped(_ value: Int32, _ axis: AbsoluteAxis?, code: UInt16, time: Double) -> Int32 {
        guard let axis, !axis.contains(value), axis.maximum >= axis.minimum else { return value }
        diagnostics.record(
            .valueOutOfRange,
            "\(EventCodeNames.name(ofCode: code, type: .abs)) \(value) outside \(axis.minimum)…\(axis.maximum) at \(Self.format(time)) s"
        )
        return axis.clamp(value)
    }

    // MARK: - Keys

    mutating func handleKey(code: UInt16, value: Int32, time: Double) {
        guard declaredKeys.contains(code) else {
            recordUndeclared(.key, code, time)
            return
        }
        let down = value != 0
        if let count = KeyCode.fingerCount(ofTool: code) {
            let bit = UInt8(1) << UInt8(count - 1)
            pressedTools = down ? pressedTools | bit : pressedTools & ~bit
        }
        guard code == contactKey else { return }
        contactDown = down
        guard mode == .singleTouch else { return }
        if down {
            if !slots[0].active { begin(slot: 0, trackingID: 0) }
        } else if slots[0].active {
            finish(slot: 0, phase: .ended)
        } else if slots[0].stale {
            slots[0].stale = false
        } else {
            diagnostics.record(.releaseWithoutTouch, "\(EventCodeNames.name(ofCode: code, type: .key)) 0 with no touch down at \(Self.format(time)) s")
        }
    }
}
