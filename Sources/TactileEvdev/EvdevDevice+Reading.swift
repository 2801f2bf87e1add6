// Reading a device's events: whole events from the node, libevdev's state kept with them, the resync after SYN_DROPPED.
import CLibevdev
import Tactile
#if canImport(Glibc)
import Glibc
#endif

extension EvdevDevice {
    /// The next event, without blocking.
    ///
    /// After the kernel reports `SYN_DROPPED` this returns, in order: that
    /// `SYN_DROPPED`, a `SYN_REPORT`, then libevdev's full current state as
    /// one frame closed by `SYN_REPORT` (see ``EvdevDevice``). A protocol-A
    /// device's events come converted to protocol B, each frame once its
    /// `SYN_REPORT` was read (the converter keeps its contacts across a drop).
    ///
    /// ```swift
    /// while case .event(let event) = try device.nextEvent() { print(event) }
    /// ```
    ///
    /// - Returns: ``ReadResult/event(_:)``, ``ReadResult/wouldBlock`` when nothing
    ///   is waiting, or ``ReadResult/endOfStream`` once the device is gone.
    /// - Throws: ``EvdevError`` for read failures other than the device going away.
    public func nextEvent() throws(EvdevError) -> ReadResult {
        guard converter != nil else { return try nextKernelEvent() }
        while true {
            if convertedIndex < converted.count {
                let event = converted[convertedIndex]
                convertedIndex += 1
                return .event(event)
            }
            switch try nextKernelEvent() {
            case .event(let event):
                guard let frame = converter?.process(event), !frame.isEmpty else { continue }
                converted = frame
                convertedIndex = 0
            case let other:
                return other
            }
        }
    }

    /// The next event as the kernel (and libevdev's resync) gives it.
    private func nextKernelEvent() throws(EvdevError) -> ReadResult {
        if pendingIndex < pending.count {
            let event = pending[pendingIndex]
            pendingIndex += 1
            if pendingIndex == pending.count {
                pending.removeAll(keepingCapacity: true)
                pendingIndex = 0
            }
            return .event(event)
        }
        if isGone { return .endOfStream }
        while true {
            switch reader.next() {
            case .nothing:
                return .wouldBlock
            case .endOfStream:
                isGone = true
                return .endOfStream
            case .failed(let code):
                throw EvdevError(errno: code, path: path, operation: "read")
            case .event(var raw):
                guard admit(&raw) else { continue }
                let event = Self.event(from: raw)
                guard event.type == .syn, event.code == SynCode.dropped else { return .event(event) }
                droppedCount += 1
                resync()
                pending = [event, InputEvent(seconds: event.seconds, microseconds: event.microseconds,
                                             type: .syn, code: SynCode.report, value: 0)]
                pending += ResyncFrame.events(from: handle, seconds: event.seconds, microseconds: event.microseconds)
                pendingIndex = 0
                return try nextKernelEvent()
            }
        }
    }

    /// Whether libevdev takes `raw` as it takes an event it read itself, its
    /// state then brought up to date with it: not an event of a code the
    /// device lacks, nor a second tracking ID for a slot, which libevdev drops
    /// (and says so); a slot beyond the device's is its last one, as libevdev
    /// caps it (and says so).
    ///
    /// ``contactsDown``, ``currentSlot`` and a resync read that state.
    private func admit(_ raw: inout input_event) -> Bool {
        let type = UInt32(raw.type), code = UInt32(raw.code)
        switch Int32(raw.type) {
        case EV_KEY, EV_ABS, EV_LED, EV_SW:
            if libevdev_set_event_value(handle, type, code, raw.value) == 0 { return true }
            // Refused: a code the device lacks, a second tracking ID, or a slot out of range (capped, as libevdev's read does).
            let slots = libevdev_get_num_slots(handle)
            guard Int32(raw.type) == EV_ABS, Int32(raw.code) == ABS_MT_SLOT, slots > -1,
                  raw.value < 0 || raw.value >= slots, libevdev_has_event_code(handle, type, code) != 0 else { return false }
            raw.value = slots - 1
            return libevdev_set_event_value(handle, type, code, raw.value) == 0
        default:
            return libevdev_has_event_code(handle, type, code) != 0
        }
    }

    /// Lets libevdev bring its state up to date after `SYN_DROPPED`: what was
    /// read after the drop is forgotten, libevdev drains the node and reads its
    /// state through ioctls; the delta events are discarded because
    /// ``ResyncFrame`` reports the full state.
    private func resync() {
        reader.discard()
        var raw = input_event()
        // libevdev reads the node before it syncs; a read that ends inside an
        // event (an emulated node) fails it, that read's bytes gone: try again.
        var rc = -EINVAL
        for _ in 0..<8 where rc != Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) && rc != -ENODEV {
            rc = libevdev_next_event(handle, LIBEVDEV_READ_FLAG_FORCE_SYNC.rawValue, &raw)
        }
        // BLOCKING: libevdev reads nothing while it hands out its deltas, so
        // that no event the node gives meanwhile stays in its queue.
        let flags = LIBEVDEV_READ_FLAG_SYNC.rawValue | LIBEVDEV_READ_FLAG_BLOCKING.rawValue
        var guardCount = 0
        while rc == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue), guardCount < 1 << 16 {
            rc = libevdev_next_event(handle, flags, &raw)
            guardCount += 1
        }
        if rc == -ENODEV { isGone = true }
    }

    static func event(from raw: input_event) -> InputEvent {
        InputEvent(seconds: Int64(raw.time.tv_sec), microseconds: Int32(truncatingIfNeeded: raw.time.tv_usec),
                   type: EventType(rawValue: raw.type), code: raw.code, value: raw.value)
    }
}
