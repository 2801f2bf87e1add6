/// Turns a device's evdev event stream into one ``TouchFrame`` per `SYN_REPORT`.
///
/// Handles multitouch protocol B (slots, tracking ids, partial updates, a
/// touch that begins and ends within one frame, tracking-id reuse, the slot
/// the device was in when reading began implied at the start: slot 0 unless
/// the ``AxisValues`` given say otherwise), single-touch devices (`ABS_X`/`ABS_Y` with
/// `BTN_TOUCH`), devices that count more fingers than they have slots
/// (`BTN_TOOL_*`), and `SYN_DROPPED`.
///
/// After `SYN_DROPPED` the assembler discards events up to the next
/// `SYN_REPORT` and emits that frame with every touch in flight `cancelled`,
/// so nothing stays stuck. Slots are then *stale*: a stale slot whose last
/// tracking id was valid comes back as a new touch as soon as an event
/// arrives for it, a new tracking id starts a touch as usual, and a lift
/// clears it silently. A live source feeds libevdev's resync state as one
/// frame right after the drop, which restores every finger at once.
///
/// Bad input never stops it: out-of-range values are clamped, undeclared
/// codes and impossible slots ignored, time going backwards held level, each
/// counted in ``diagnostics``.
///
/// ```swift
/// var assembler = TouchAssembler(device: recording.device, screen: recording.screen,
///                                axisValues: recording.axisValues)
/// let frames = assembler.process(recording.events)
/// print(assembler.diagnostics.summary)   // what it had to work around
/// ```
public struct TouchAssembler: Sendable {
    /// The device whose events are assembled.
    public let device: DeviceDescription
    /// How positions become millimetres and screen points.
    public let mapping: SurfaceMapping
    /// What went wrong so far, counted.
    public private(set) var diagnostics = AssemblerDiagnostics()

    private enum Mode: Sendable { case multitouch, singleTouch, none }

    private struct Slot: Sendable {
        var active = false
        var touchID = TouchID(rawValue: 0)
        var trackingID: Int32 = -1
        var x: Int32 = 0
        var y: Int32 = 0
        var pressure: Int32 = 0
        var toolType: Int32 = 0
        var beganAt = 0.0
        /// Began in the frame being assembled.
        var began = false
        /// Position changed in the frame being assembled.
        var moved = false
        /// State unknown after `SYN_DROPPED`.
        var stale = false
        /// Whether the slot ever received a position.
        var hasPosition = false
        /// The screen position in the previous frame, and when the touch last moved.
        var previousLocation = Point.zero
        var movedAt = 0.0
    }

    private let mode: Mode
    private let isSemiMultitouch: Bool
    private let xCode: UInt16
    private let yCode: UInt16
    private let pressureAxis: AbsoluteAxis?
    private let contactKey: UInt16?
    /// Whether the device has a slot for every finger its `BTN_TOOL_*` keys can count.
    private let toolsAreRedundant: Bool
    private let declaredAbs: UInt64
    private let declaredKeys: Set<UInt16>
    private let declaredOther: [EventType: Set<UInt16>]

    private var slots: [Slot]
    /// The slot events apply to; -1 after an out-of-range `ABS_MT_SLOT`.
    private var currentSlot = 0
    private var dropping = false
    private var nextTouchID: UInt64 = 1
    /// Bit n-1 is set while the `BTN_TOOL_*` for n fingers is down.
    private var pressedTools: UInt8 = 0
    private var contactDown = false
    private var lastTime: Int64 = .min
    /// Touches that ended (or began and ended) within the frame being assembled.
    private var finished: [Touch] = []
    /// The finger count of the previous frame.
    private var previousFingerCount = 0
    /// Since when the device has counted fingers it does not track, if it does.
    private var untrackedSince: Double?

    /// An assembler for `device`, mapping its surface onto `screen`.
    /// `axisValues` are the values the device's axes held when its events
    /// began (a recording's ``AxisValues``): events before the first
    /// `ABS_MT_SLOT` apply to their `ABS_MT_SLOT`, slot 0 by default.
    public init(device: DeviceDescription, screen: Screen = .standard, axisValues: AxisValues = AxisValues()) {
        self.device = device
        isSemiMultitouch = device.hasProperty(InputProperty.semiMT)
        let axis = { device.axis($0) }
        let multitouch = device.slotCount > 0 && axis(AbsCode.mtPositionX) != nil && axis(AbsCode.mtPositionY) != nil
        let positionAxes: (x: AbsoluteAxis, y: AbsoluteAxis)?
        if multitouch, let x = axis(AbsCode.mtPositionX), let y = axis(AbsCode.mtPositionY) {
            mode = .multitouch
            xCode = AbsCode.mtPositionX
            yCode = AbsCode.mtPositionY
            pressureAxis = axis(AbsCode.mtPressure)
            positionAxes = (x, y)
        } else if let x = axis(AbsCode.x), let y = axis(AbsCode.y) {
            mode = .singleTouch
            xCode = AbsCode.x
            yCode = AbsCode.y
            pressureAxis = axis(AbsCode.pressure)
            positionAxes = (x, y)
        } else {
            mode = .none
            xCode = AbsCode.x
            yCode = AbsCode.y
            pressureAxis = nil
            positionAxes = nil
        }
        mapping = SurfaceMapping(device: device, screen: screen, axes: positionAxes)
        contactKey = [KeyCode.touch, KeyCode.toolFinger, KeyCode.buttonLeft].first(where: device.hasKey)
        let toolCapacity = device.keys.compactMap(KeyCode.fingerCount(ofTool:)).max() ?? 0
        toolsAreRedundant = mode == .multitouch && toolCapacity <= device.slotCount
        declaredAbs = device.axes.reduce(0) { $1.code < 64 ? $0 | (1 << UInt64($1.code)) : $0 }
        declaredKeys = Set(device.keys)
        var other: [EventType: Set<UInt16>] = [:]
        for set in device.otherCodes { other[set.type, default: []].formUnion(set.codes) }
        declaredOther = other
        // Until a slot receives a position, it sits at the centre of the surface.
        var initial = Slot()
        initial.x = Int32((Int64(mapping.xAxis.minimum) + Int64(mapping.xAxis.maximum)) / 2)
        initial.y = Int32((Int64(mapping.yAxis.minimum) + Int64(mapping.yAxis.maximum)) / 2)
        slots = Array(repeating: initial, count: mode == .multitouch ? device.slotCount : 1)
        if mode == .multitouch, axisValues.slot != 0 {
            if slots.indices.contains(axisValues.slot) {
                currentSlot = axisValues.slot
            } else {
                currentSlot = -1
                diagnostics.record(.slotOutOfRange, "ABS_MT_SLOT \(axisValues.slot) when the events began; \(device.name) has \(slots.count) slots")
            }
        }
        if mapping.isEstimated, mode != .none {
            diagnostics.record(.resolutionEstimated, Self.estimateMessage(device: device, mapping: mapping, screen: screen))
        }
    }

    /// The one warning about millimetres the device does not report: what was
    /// assumed, the size it gives, and how to give the real one.
    static func estimateMessage(device: DeviceDescription, mapping: SurfaceMapping, screen: Screen) -> String {
        let size = mapping.surfaceSize
        let millimetres = "\(FixedDecimal.format(size.width, places: 0)) × \(FixedDecimal.format(size.height, places: 0)) mm"
        let x = EventCodeNames.name(ofCode: mapping.xAxis.code, type: .abs), y = EventCodeNames.name(ofCode: mapping.yAxis.code, type: .abs)
        switch mapping.sizeSource {
        case .resolution:
            return "\(device.name): \(millimetres)"
        case .otherAxis:
            let (missing, given) = mapping.xAxis.resolution > 0 ? (y, x) : (x, y)
            return "\(device.name): no resolution on \(missing); taken as \(given)'s, \(millimetres)"
        case .screen:
            let points = "\(FixedDecimal.format(screen.bounds.width, places: 0))×\(FixedDecimal.format(screen.bounds.height, places: 0)) pt"
            let dpi = FixedDecimal.format(screen.pointsPerMillimetre * 25.4, places: 0)
            return "\(device.name): no axis resolution; sized as its screen (\(points) at \(dpi) dpi), \(millimetres); "
                + "pass --screen/--dpi or give the recording its screen for real millimetres"
        case .typicalTouchpad:
            return "\(device.name): no axis resolution; taken as a typical touchpad, \(FixedDecimal.format(SurfaceMapping.estimatedTouchpadWidth, places: 0)) mm "
                + "along its longer side: \(millimetres); give the recording its size with tactile convert --surface-size WxH"
        }
    }

    /// Feeds one event; returns the finished frame when the event is a `SYN_REPORT`.
    public mutating func process(_ event: InputEvent) -> TouchFrame? {
        var micro = event.timeInMicroseconds
        if micro < lastTime {
            diagnostics.record(.timeWentBackwards, "event at \(seconds(micro)) s follows one at \(seconds(lastTime)) s")
            micro = lastTime
        }
        lastTime = micro
        let time = Double(micro) / 1_000_000

        if event.type == .syn {
            switch event.code {
            case SynCode.report:
                return dropping ? finishDrop(time: time) : finishFrame(time: time)
            case SynCode.dropped:
                dropping = true
                diagnostics.record(.eventsDropped, "SYN_DROPPED at \(Self.format(time)) s")
            case SynCode.mtReport:
                diagnostics.record(
                    .unsupportedProtocol,
                    "SYN_MT_REPORT (protocol A) at \(Self.format(time)) s on \(device.name), which the assembler reads only as protocol B or single-touch; convert the stream with ProtocolAConverter (`tactile convert` does it for a recording)")
            default:
                break
            }
            return nil
        }
        if dropping {
            // Keep following slot changes so the resync lands in the right slot.
            if event.type == .abs, event.code == AbsCode.mtSlot, mode == .multitouch {
                currentSlot = slots.indices.contains(Int(event.value)) ? Int(event.value) : -1
            }
            return nil
        }
        switch event.type {
        case .abs: handleAbsolute(code: event.code, value: event.value, time: time)
        case .key: handleKey(code: event.code, value: event.value, time: time)
        default:
            if declaredOther[event.type]?.contains(event.code) != true {
                recordUndeclared(event.type, event.code, time)
            }
        }
        return nil
    }

    /// Feeds a sequence of events and returns the frames they complete.
    public mutating func process<S: Sequence>(_ events: S) -> [TouchFrame] where S.Element == InputEvent {
        var frames: [TouchFrame] = []
        for event in events {
            if let frame = process(event) { frames.append(frame) }
        }
        return frames
    }

    // MARK: - Absolute axes

    private mutating func handleAbsolute(code: UInt16, value: Int32, time: Double) {
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

    private mutating func handleTrackingID(_ value: Int32, slot index: Int, time: Double) {
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

    private mutating func setPosition(code: UInt16, value: Int32, slot index: Int, time: Double) {
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

    private mutating func clamped(_ value: Int32, _ axis: AbsoluteAxis?, code: UInt16, time: Double) -> Int32 {
        guard let axis, !axis.contains(value), axis.maximum >= axis.minimum else { return value }
        diagnostics.record(
            .valueOutOfRange,
            "\(EventCodeNames.name(ofCode: code, type: .abs)) \(value) outside \(axis.minimum)…\(axis.maximum) at \(Self.format(time)) s"
        )
        return axis.clamp(value)
    }

    // MARK: - Keys

    private mutating func handleKey(code: UInt16, value: Int32, time: Double) {
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

    // MARK: - Touch life

    private mutating func begin(slot index: Int, trackingID: Int32) {
        slots[index].active = true
        slots[index].began = true
        slots[index].moved = false
        slots[index].stale = false
        slots[index].trackingID = trackingID
        slots[index].touchID = TouchID(rawValue: nextTouchID)
        nextTouchID &+= 1
    }

    /// After a drop, the first event for a slot whose finger was down brings it back as a new touch.
    private mutating func reviveIfStale(_ index: Int) {
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
    private mutating func finish(slot index: Int, phase: TouchPhase) {
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
    private func snapshot(slot index: Int, phase: TouchPhase, time: Double) -> Touch {
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

    private mutating func finishFrame(time: Double) -> TouchFrame {
        let active = slots.reduce(0) { $0 + ($1.active ? 1 : 0) }
        // Room for the touches there are, not for every slot: a ten-slot
        // screen's 1 KB would leave malloc's per-thread cache for one finger.
        var touches: [Touch] = []
        touches.reserveCapacity(finished.count + active)
        let fingers = fingerCount(active: active)
        // A finger the device counted but could not track, taking a slot
        // another finger freed, is no new finger: it landed when it was first counted.
        let landedAt = untrackedSince.flatMap { fingers <= previousFingerCount ? $0 : nil } ?? time
        for index in slots.indices {
            for var touch in finished where touch.slot == index {
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

    /// Ends the discarded window after `SYN_DROPPED`: every touch in flight is
    /// cancelled and every slot becomes stale.
    private mutating func finishDrop(time: Double) -> TouchFrame {
        dropping = false
        return cancelEverything(time: time, markStale: true)
    }

    /// Ends the input (the end of a recording, a device that went away): a
    /// last frame cancels every touch still down, so none stays stuck in the
    /// engine. Events after the last `SYN_REPORT` belong to an unfinished
    /// frame and are dropped. The assembler can be fed again afterwards.
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
    private mutating func cancelEverything(time: Double, markStale: Bool) -> TouchFrame {
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

    /// Tracked touches, or more when the `BTN_TOOL_*` keys count more fingers
    /// than the device has slots (a two-slot pad's `BTN_TOOL_TRIPLETAP`). A
    /// device with a slot for every finger its tool keys can count tracks each
    /// one, and its keys add nothing (N-Trig screens hold
    /// `BTN_TOOL_DOUBLETAP` for any touch). On a device with `BTN_TOUCH`,
    /// tools alone (a hovering finger) do not count while `BTN_TOUCH` is up.
    private func fingerCount(active: Int) -> Int {
        if contactKey == KeyCode.touch, !contactDown { return active }
        let tools = pressedTools == 0 ? 0 : 8 - pressedTools.leadingZeroBitCount
        if toolsAreRedundant { return active }
        return max(active, tools)
    }

    private mutating func recordUndeclared(_ type: EventType, _ code: UInt16, _ time: Double) {
        diagnostics.record(.undeclaredCode, "\(EventCodeNames.qualifiedName(type: type, code: code)) at \(Self.format(time)) s is not announced by \(device.name)")
    }

    private func seconds(_ micro: Int64) -> String { Self.format(Double(micro) / 1_000_000) }

    /// Times in diagnostics, to the microsecond.
    private static func format(_ time: Double) -> String { FixedDecimal.format(time, places: 6) }
}
