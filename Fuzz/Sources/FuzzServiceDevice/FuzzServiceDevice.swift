// libFuzzer harness: a touch device's event stream through a ServiceDevice (engine, claims, touch gate, actions)
// under the default config, with invariants on what its copy is sent.
import FuzzSupport
import Tactile
import TactileService

/// The layout (every read past the end is 0):
///
/// - flags: bit 0 touchpad (else touchscreen); bit 1 raw axis ranges (Int32
///   minimum and maximum, as `FuzzAssembler` does) instead of sane ones; bit 2
///   `ABS_MT_TOOL_TYPE`; bit 3 `ABS_MT_PRESSURE`; bit 4 the finger-count keys;
///   bit 5 `INPUT_PROP_DIRECT`; bit 6 no timers advanced between events;
/// - slots: the `ABS_MT_SLOT` maximum (mod 16: 1…16 slots; 0xFF: a raw Int32);
/// - x and y ranges (two UInt16 each, or Int32s in raw mode), a resolution byte;
/// - the starting slot (`ABS_MT_SLOT`'s value when opened), a byte;
/// - events, 7 bytes each, as `FuzzAssembler`'s: time step (0xFF: 5 ms back),
///   type selector, code, value (Int32); a selector with bit 2 set takes a
///   small value (`Int8` of the value's first byte) so slots and tracking ids
///   are mostly in range.
///
/// Invariants (a `fatalError` is a finding):
///
/// 1. every batch written to any virtual device ends with `SYN_REPORT`;
/// 2. no `ABS_MT_SLOT` value outside the device's slots is written to the
///    copy, except one the device itself sent in the frame passed on byte
///    for byte (the gate passes those untouched; the kernel ignores them);
/// 3. after `finish`, replaying everything the copy was sent through a slot
///    model (the kernel's: out-of-range slots ignored) leaves no tracking id
///    ≥ 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServiceDevice(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzCursor(FuzzInput.bytes(start, count))
    let flags = input.byte()
    let device = decodeDevice(flags: flags, &input)
    let startingSlot = Int32(input.byte())
    let events = decodeEvents(&input)
    MainActor.assumeIsolated {
        run(device: device, startingSlot: startingSlot, events: events, advancesTimers: flags & 0x40 == 0)
    }
    return 0
}

/// The default config, parsed once.
private let defaultConfig = ConfigLoader.defaultConfig

@MainActor
private func run(device description: DeviceDescription, startingSlot: Int32, events: [InputEvent], advancesTimers: Bool) {
    let sink = CheckingSink()
    let commands = RecordingCommandRunner()
    let outputs: DeviceOutputs
    do {
        let keyboard = try sink.create(.keyboard, name: "Tactile keyboard")
        outputs = try ServiceDevice.makeOutputs(for: description, config: defaultConfig, sink: sink, keyboard: keyboard, passThrough: true)
    } catch {
        fatalError("the recording sink refused a device: \(error)")
    }
    guard let copy = outputs.touchCopy else { fatalError("no touch copy with passThrough") }
    let service = ServiceDevice(description: description, config: defaultConfig, sink: sink, outputs: outputs,
                                commands: commands, axisValues: AxisValues([AbsCode.mtSlot: startingSlot]))
    var reports = 0
    service.onReport = { _ in reports += 1 }

    let slotCount = max(1, description.slotCount)
    var frameSlots: Set<Int32> = []   // out-of-range slot values the device sent in the current frame
    var lastTime = 0.0
    for event in events {
        if advancesTimers {
            var turns = 0
            while let deadline = service.nextDeadline, deadline <= event.time, turns < 64 {
                service.advance(to: deadline)
                turns += 1
            }
        }
        if event.type == .abs, event.code == AbsCode.mtSlot, !(0..<Int32(slotCount)).contains(event.value) {
            frameSlots.insert(event.value)
        }
        sink.allowedSlots = frameSlots
        service.process(event)
        if event.isReport { frameSlots = [] }
        lastTime = max(lastTime, event.time)
    }
    sink.allowedSlots = []
    service.finish(at: lastTime + 10)

    // 2 and 3: replay the copy.
    var slots = Array(repeating: Int32(-1), count: slotCount)
    var slot = 0
    for event in sink.events(of: copy) where event.type == .abs {
        if event.code == AbsCode.mtSlot {
            if slots.indices.contains(Int(event.value)) { slot = Int(event.value) }
        } else if event.code == AbsCode.mtTrackingID {
            slots[slot] = event.value
        }
    }
    if description.axis(AbsCode.mtSlot) != nil, let held = slots.firstIndex(where: { $0 >= 0 }) {
        fatalError("after finish the copy still holds tracking id \(slots[held]) in slot \(held) (\(slotCount) slots)")
    }
    withExtendedLifetime(reports) {}
}

/// A `RecordingSink` that checks each batch as it is written.
private final class CheckingSink: OutputSink {
    let recording = RecordingSink()
    var copies: Set<VirtualDeviceID> = []
    var slotCounts: [VirtualDeviceID: Int] = [:]
    /// Out-of-range slot values the device itself sent in the frame being handled.
    var allowedSlots: Set<Int32> = []

    func create(_ template: VirtualDeviceTemplate, name: String) throws(OutputError) -> VirtualDeviceID {
        let id = try recording.create(template, name: name)
        if case .touchCopy(let device) = template {
            copies.insert(id)
            slotCounts[id] = max(1, device.slotCount)
        }
        return id
    }

    func write(_ events: [InputEvent], to device: VirtualDeviceID) throws(OutputError) {
        guard let last = events.last, last.type == .syn, last.code == SynCode.report else {
            fatalError("a batch of \(events.count) events to \(device) does not end with SYN_REPORT: \(events.suffix(4))")
        }
        if copies.contains(device), let count = slotCounts[device] {
            for event in events where event.type == .abs && event.code == AbsCode.mtSlot {
                if !(0..<Int32(count)).contains(event.value), !allowedSlots.contains(event.value) {
                    fatalError("slot \(event.value) written to the copy of a device with \(count) slots")
                }
            }
        }
        try recording.write(events, to: device)
    }

    func destroy(_ device: VirtualDeviceID) { recording.destroy(device) }
    var createdNodes: Set<String> { recording.createdNodes }
    func events(of device: VirtualDeviceID) -> [InputEvent] { recording.events(of: device) }
}

/// The touch keys: BTN_TOUCH, then the finger counts, then BTN_TOOL_PEN and BTN_LEFT.
private let touchKeys: [UInt16] = [0x14a, 0x145, 0x14d, 0x14e, 0x14f, 0x148, 0x140, 0x110]
/// The absolute axes the events name.
private let touchAxes: [UInt16] = [0x2f, 0x39, 0x35, 0x36, 0x2f, 0x39, 0x35, 0x36, 0x37, 0x3a, 0x30, 0x00, 0x01, 0x18]

private func absCode(_ byte: UInt8) -> UInt16 {
    byte < 224 ? touchAxes[Int(byte) % touchAxes.count] : UInt16(byte & 0x3f)
}

private func decodeDevice(flags: UInt8, _ input: inout FuzzCursor) -> DeviceDescription {
    let raw = flags & 2 != 0
    let slotByte = input.byte()
    let slotMaximum = slotByte == 0xFF ? input.int32() : Int32(slotByte % 16)
    func range() -> (Int32, Int32) {
        if raw { return (input.int32(), input.int32()) }
        let minimum = Int32(Int16(bitPattern: input.uint16())) / 64
        return (minimum, minimum + 1 + Int32(input.uint16() % 16384))
    }
    let (xMin, xMax) = range(), (yMin, yMax) = range()
    let resolution = Int32(input.byte() / 8)
    var axes = [
        AbsoluteAxis(code: AbsCode.x, minimum: xMin, maximum: xMax, resolution: resolution),
        AbsoluteAxis(code: AbsCode.y, minimum: yMin, maximum: yMax, resolution: resolution),
        AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: slotMaximum),
        AbsoluteAxis(code: AbsCode.mtPositionX, minimum: xMin, maximum: xMax, resolution: resolution),
        AbsoluteAxis(code: AbsCode.mtPositionY, minimum: yMin, maximum: yMax, resolution: resolution),
        AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
    ]
    if flags & 4 != 0 { axes.append(AbsoluteAxis(code: AbsCode.mtToolType, minimum: 0, maximum: 2)) }
    if flags & 8 != 0 {
        axes.append(AbsoluteAxis(code: AbsCode.mtPressure, minimum: 0, maximum: 255))
        axes.append(AbsoluteAxis(code: AbsCode.pressure, minimum: 0, maximum: 255))
    }
    var keys: [UInt16] = [KeyCode.touch]
    if flags & 16 != 0 { keys += [KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.toolQuadTap, KeyCode.toolQuintTap] }
    let touchpad = flags & 1 != 0
    if touchpad { keys.append(0x110) }
    let properties: [UInt16] = flags & 32 != 0 ? [1] : (touchpad ? [0] : [])
    return DeviceDescription(name: "fuzz", properties: properties, keys: keys.sorted(), axes: axes.sorted { $0.code < $1.code },
                             kind: touchpad ? .touchpad : .touchscreen)
}

/// At most this many events an input.
private let maximumEvents = 10_000

private func decodeEvents(_ input: inout FuzzCursor) -> [InputEvent] {
    var events: [InputEvent] = []
    var microseconds: Int64 = 1_000_000
    while !input.isAtEnd, events.count < maximumEvents {
        let step = input.byte()
        microseconds += step == 0xFF ? -5_000 : Int64(step) * 1_000
        let selector = input.byte(), codeByte = input.byte()
        let raw = input.int32()
        let value = selector & 4 != 0 ? Int32(Int8(truncatingIfNeeded: raw)) : raw
        let type: EventType, code: UInt16
        switch selector & 3 {
        case 0: (type, code) = (.syn, [SynCode.report, SynCode.report, SynCode.report, SynCode.dropped][Int(codeByte) % 4])
        case 1: (type, code) = (.key, touchKeys[Int(codeByte) % touchKeys.count])
        case 2: (type, code) = (.abs, absCode(codeByte))
        default: (type, code) = (EventType(rawValue: UInt16(selector >> 3)), UInt16(codeByte))
        }
        let time = max(0, microseconds)
        events.append(InputEvent(seconds: time / 1_000_000, microseconds: Int32(time % 1_000_000), type: type, code: code, value: value))
    }
    return events
}
