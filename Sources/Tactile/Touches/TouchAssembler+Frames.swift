// The assembler's touch life and frames: touches beginning and ending, SYN_REPORT, SYN_DROPPED, end of input.

extension TouchAssembler {
    // MARK: - Touch life

    mutating func begin(slot index: Int, trackingID: Int32) {
        slots[index].active = true
        slots[index].began = true
        slots[index].moved = false
        slots[index].stale = false
        slots[index].trackingID = trackingID
        slots[index].touchID = TouchID(rawValue: nextTouchID)
        nextTouchID &+= 1
    }

    /// After a drop, the first event for a slot whose finger was down brings it back as a new touch.
    mutating func reviveIfStale(_ index: Int) {
        guard slots[index].stale, !slots[index].active else { return }
        switch mode {
        case .multitouch where slots[index].trackingID >= 0:
            begin(slot: index, trackingID: slots[index].trackingID)
        case .singleTouch where contactDown:
            begin(slot: 0, trackingID: 0)
        default:
            break
        }
    }

    /// Snapshots the slot's touch with a final phase and frees the slot.
    /// Time fields are filled in when the frame is emitted (`beganAt` is NaN
    /// for a touch that also began in this frame).
    mutating func finish(slot index: Int, phase: TouchPhase) {
        var touch = snapshot(slot: index, phase: phase, time: .nan)
        if slots[index].began { touch.beganAt = .nan }
        finished.append(touch)
        slots[index].active = false
        slots[index].began = false
        slots[index].moved = false
    }

    /// `time` is NaN for a touch finishing within the frame being
    /// assembled; its `movedAt` is then NaN too when it moved in that frame,
    /// and both are filled in when the frame is emitted.
    @inline(__always)
    func snapshot(slot index: Int, phase: TouchPhase, time: Double) -> Touch {
        let slot = slots[index]
        let location = mapping.screenPoint(x: slot.x, y: slot.y)
        return Touch(
            id: slot.touchID, slot: index, trackingID: slot.trackingID, phase: phase,
            location: location,
            surfaceLocation: mapping.millimetres(x: slot.x, y: slot.y),
            pressure: slot.pressure, toolType: slot.toolType,
            timestamp: time, beganAt: slot.beganAt,
            previousLocation: slot.began ? location : slot.previousLocation,
            movedAt: slot.began || slot.moved ? time : slot.movedAt
        )
    }

    // MARK: - Frames

    mutating func finishFrame(time: Double) -> TouchFrame {
        let active = slots.reduce(0) { $0 + ($1.active ? 1 : 0) }
        // The last frame's storage when it came back (``recycle(_:)``);
        // otherwise room for the touches there are, not for every slot: a
        // ten-slot screen's 1 KB would leave malloc's per-thread cache for one finger.
        var touches: [Touch] = []
        swap(&touches, &spareTouches)
        touches.removeAll(keepingCapacity: true)
        touches.reserveCapacity(finished.count + active)
        let fingers = fingerCount(active: active)
        // A finger the device counted but could not track, taking a slot
        // another finger freed, is no new finger: it landed when it was first counted.
        let landedAt = untrackedSince.flatMap { fingers <= previousFingerCount ? $0 : nil } ?? time
        // Ended touches go before their slot's current one, in slot order:
        // sorted once (by slot, then as they ended), so the frame costs the
        // slots plus the ended touches, not their product.
        if finished.count > 1 {
            finished = finished.enumerated().sorted { ($0.element.slot, $0.offset) < ($1.element.slot, $1.offset) }.map(\.element)
        }
        var nextFinished = 0
        for index in slots.indices {
            while nextFinished < finished.count, finished[nextFinished].slot <= index {
                var touch = finished[nextFinished]
                nextFinished += 1
                guard touch.slot == index else { continue }
                touch.timestamp = time
                if touch.beganAt.isNaN { touch.beganAt = time }
                if touch.movedAt.isNaN { touch.movedAt = time }
                touches.append(touch)
            }
            guard slots[index].active else { continue }
            if slots[index].began {
                slots[index].beganAt = landedAt
                if !slots[index].hasPosition {
                    diagnostics.record(.missingPosition, "touch in slot \(index) began at \(Self.format(time)) s with no position; placed at the surface centre")
                }
            }
            let phase: TouchPhase = slots[index].began ? .began : (slots[index].moved ? .moved : .stationary)
            let touch = snapshot(slot: index, phase: phase, time: time)
            touches.append(touch)
            if slots[index].began || slots[index].moved { slots[index].movedAt = time }
            slots[index].previousLocation = touch.location
            slots[index].began = false
            slots[index].moved = false
        }
        finished.removeAll(keepingCapacity: true)
        if fingers > active {
            if untrackedSince == nil { untrackedSince = time }
        } else {
            untrackedSince = nil
        }
        previousFingerCount = fingers
        return TouchFrame(time: time, touches: touches, fingerCount: fingers, isBoundingBox: isSemiMultitouch)
    }

    /// Takes back a delivered frame's touches (leaving `touches` empty), so
    /// the next frame reuses their storage.
    mutating func recycle(_ touches: inout [Touch]) {
        swap(&spareTouches, &touches)
    }

    /// Ends the discarded window after `SYN_DROPPED`: every touch in flight is
    /// cancelled and every slot becomes stale.
    mutating func finishDrop(time: Double) -> TouchFrame {
        dropping = false
        return cancelEverything(time: time, markStale: true)
    }

    /// Ends the input (the end of a recording, a device that went away): a
    /// last frame cancels every touch still down, so none stays stuck in the
    /// engine. Events after the last `SYN_REPORT` belong to an unfinished
    /// frame and are dropped. The assembler can be fed again afterwards.
    ///
    /// The assembler streams nothing itself: hand this frame to the engine,
    /// then call ``GestureEngine/finishInput(at:)``, which ends the engine's
    /// action streams; ``InputPipeline/finishInput(at:)`` does all of it and
    /// ends its frame streams too.
    public mutating func finishInput(at time: Double? = nil) -> TouchFrame {
        let last = lastTime == .min ? 0 : Double(lastTime) / 1_000_000
        let end = max(time ?? last, last)
        dropping = false
        let frame = cancelEverything(time: end, markStale: false)
        if !frame.touches.isEmpty {
            diagnostics.record(.inputEnded, "input ended at \(Self.format(end)) s with \(frame.touches.count) touch(es) down; cancelled")
        }
        return frame
    }

    /// Cancels every touch in flight; touches that also began in the
    /// unfinished frame were never seen and vanish.
    mutating func cancelEverything(time: Double, markStale: Bool) -> TouchFrame {
        var touches: [Touch] = []
        for index in slots.indices {
            for var touch in finished where touch.slot == index && !touch.beganAt.isNaN {
                touch.phase = .cancelled
                touch.timestamp = time
                touches.append(touch)
            }
            if slots[index].active, !slots[index].began {
                touches.append(snapshot(slot: index, phase: .cancelled, time: time))
            }
            slots[index].active = false
            slots[index].began = false
            slots[index].moved = false
            slots[index].stale = markStale
        }
        finished.removeAll(keepingCapacity: true)
        return TouchFrame(time: time, touches: touches, fingerCount: 0)
    }
}
