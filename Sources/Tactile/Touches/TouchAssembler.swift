// Turning a device's evdev events into touch frames: the assembler's state and its entry points.

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
    public internal(set) var diagnostics = AssemblerDiagnostics()

    enum Mode: Sendable { case multitouch, singleTouch, none }

    struct Slot: Sendable {
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

    let mode: Mode
    let isSemiMultitouch: Bool
    let xCode: UInt16
    let yCode: UInt16
    let pressureAxis: AbsoluteAxis?
    let contactKey: UInt16?
    /// Whether the device has a slot for every finger its `BTN_TOOL_*` keys can count.
    let toolsAreRedundant: Bool
    let declaredAbs: UInt64
    let declaredKeys: Set<UInt16>
    let declaredOther: [EventType: Set<UInt16>]

    var slots: [Slot]
    /// The slot events apply to; -1 after an out-of-range `ABS_MT_SLOT`.
    var currentSlot = 0
    var dropping = false
    var nextTouchID: UInt64 = 1
    /// Bit n-1 is set while the `BTN_TOOL_*` for n fingers is down.
    var pressedTools: UInt8 = 0
    var contactDown = false
    var lastTime: Int64 = .min
    /// Touches that ended (or began and ended) within the frame being assembled.
    var finished: [Touch] = []
    /// The storage of the last frame's touches, handed back by
    /// ``recycle(_:)`` once the frame has been delivered, and refilled by
    /// the next frame: no allocation per frame while nobody else keeps the
    /// frame's touches (one who does keeps them: the next frame then gets
    /// storage of its own).
    var spareTouches: [Touch] = []
    /// The finger count of the previous frame.
    var previousFingerCount = 0
    /// Since when the device has counted fingers it does not track, if it does.
    var untrackedSince: Double?

    /// An assembler for `device`, mapping its surface onto `screen` as
    /// `transform` lays it there (upright by default; see ``SurfaceMapping``).
    /// `axisValues` are the values the device's axes held when its events
    /// began (a recording's ``AxisValues``): events before the first
    /// `ABS_MT_SLOT` apply to their `ABS_MT_SLOT`, slot 0 by default.
    public init(device: DeviceDescription, screen: Screen = .standard, axisValues: AxisValues = AxisValues(),
                transform: SurfaceTransform = .identity) {
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
        mapping = SurfaceMapping(device: device, screen: screen, axes: positionAxes, transform: transform)
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
        let noAxisResolution = mapping.xAxis.resolution < 0 || mapping.yAxis.resolution < 0
            ? "no usable axis resolution (\(x) \(mapping.xAxis.resolution), \(y) \(mapping.yAxis.resolution): a negative one is taken as none)"
            : "no axis resolution"
        switch mapping.sizeSource {
        case .resolution:
            return "\(device.name): \(millimetres)"
        case .otherAxis:
            let (missing, given) = mapping.xAxis.resolution > 0 ? ((y, mapping.yAxis), x) : ((x, mapping.xAxis), y)
            return "\(device.name): \(Self.noResolution(missing.1)) on \(missing.0); taken as \(given)'s, \(millimetres)"
        case .screen:
            let points = "\(FixedDecimal.format(screen.bounds.width, places: 0))×\(FixedDecimal.format(screen.bounds.height, places: 0)) pt"
            let dpi = FixedDecimal.format(screen.pointsPerMillimetre * 25.4, places: 0)
            return "\(device.name): \(noAxisResolution); sized as its screen (\(points) at \(dpi) dpi), \(millimetres); "
                + "pass --screen/--dpi or give the recording its screen for real millimetres"
        case .typicalTouchpad:
            return "\(device.name): \(noAxisResolution); taken as a typical touchpad, \(FixedDecimal.format(SurfaceMapping.estimatedTouchpadWidth, places: 0)) mm "
                + "along its longer side: \(millimetres); give the recording its size with tactile convert --surface-size WxH"
        }
    }

    /// "no resolution", or what is wrong with the one the axis reports: a
    /// negative resolution is taken as none (units per millimetre cannot be negative).
    static func noResolution(_ axis: AbsoluteAxis) -> String {
        axis.resolution < 0 ? "a negative resolution (\(axis.resolution), taken as none)" : "no resolution"
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

    /// Tracked touches, or more when the `BTN_TOOL_*` keys count more fingers
    /// than the device has slots (a two-slot pad's `BTN_TOOL_TRIPLETAP`). A
    /// device with a slot for every finger its tool keys can count tracks each
    /// one, and its keys add nothing (N-Trig screens hold
    /// `BTN_TOOL_DOUBLETAP` for any touch). On a device with `BTN_TOUCH`,
    /// tools alone (a hovering finger) do not count while `BTN_TOUCH` is up.
    func fingerCount(active: Int) -> Int {
        if contactKey == KeyCode.touch, !contactDown { return active }
        let tools = pressedTools == 0 ? 0 : 8 - pressedTools.leadingZeroBitCount
        if toolsAreRedundant { return active }
        return max(active, tools)
    }

    mutating func recordUndeclared(_ type: EventType, _ code: UInt16, _ time: Double) {
        diagnostics.record(.undeclaredCode, "\(EventCodeNames.qualifiedName(type: type, code: code)) at \(Self.format(time)) s is not announced by \(device.name)")
    }

    func seconds(_ micro: Int64) -> String { Self.format(Double(micro) / 1_000_000) }

    /// Times in diagnostics, to the microsecond.
    static func format(_ time: Double) -> String { FixedDecimal.format(time, places: 6) }
}
