// libFuzzer harness: a touch device's event stream through a ServiceDevice (engine, claims, touch gate, actions)
// under one of a handful of configs, with invariants on what its copy is sent.
#if canImport(Glibc)
import Glibc
#endif
import FuzzServiceSupport
import FuzzSupport
import Tactile
import TactileService

/// The layout (every read past the end is 0):
///
/// - flags: bit 0 touchpad (else touchscreen); bit 1 raw axis ranges (Int32
///   minimum and maximum, as `FuzzAssembler` does) instead of sane ones; bit 2
///   `ABS_MT_TOOL_TYPE`; bit 3 `ABS_MT_PRESSURE`; bit 4 the finger-count keys;
///   bit 5 `INPUT_PROP_DIRECT`; bit 6 no timers advanced between events;
/// - the config and mode: bits 0…2 the config (mod 6: the default, then
///   ``FuzzConfigs/texts``: holding edges with swipes and taps, a 0.2 s long
///   press with a two-finger scroll, pinch and rotation steps, edges with
///   `hold = false`, bindings with `claim = false`, a touchpad's); bit 3 the
///   raw event mode (else a ``TouchScript``);
/// - slots: the `ABS_MT_SLOT` maximum (mod 16: 1…16 slots; 0xFF: a raw Int32);
/// - x and y ranges (two UInt16 each, or Int32s in raw mode), a resolution byte;
/// - the starting slot (`ABS_MT_SLOT`'s value when opened), a byte;
/// - a touch script (see ``TouchScript``: fingers landing, moving, lifting,
///   dragged, spread and turned, coordinates often snapped to the edges, in
///   the frames a well-behaved device sends), or raw events, 7 bytes each, as
///   `FuzzAssembler`'s: time step (0xFF: 5 ms back), type selector, code,
///   value (Int32); a selector with bit 2 set takes a small value (`Int8` of
///   the value's first byte) so slots and tracking ids are mostly in range.
///
/// Invariants (a `fatalError` is a finding); "the copy" is what it was sent,
/// replayed through a ``KernelModel`` (slots out of range ignored, repeated values dropped):
///
/// 1. every batch written to any virtual device ends with `SYN_REPORT`;
/// 2. no `ABS_MT_SLOT` value outside the device's slots is written to the
///    copy, except one the device itself sent in the frame passed on byte
///    for byte (the gate passes those untouched; the kernel ignores them);
/// 3. after `finish` the copy holds no contact (no tracking id ≥ 0) and
///    `BTN_TOUCH` is up;
/// 4. for a device without `ABS_MT_TOOL_TYPE` (and a stream without it, as
///    the kernel delivers): the copy never gets a new tracking id in a slot
///    whose tool type is `MT_TOOL_PALM` (libinput would take the finger for a palm);
/// 5. when the device's own stream has `BTN_TOUCH` down exactly while it has
///    contacts (after each `SYN_REPORT`), names no slot the device lacks and
///    has no `SYN_DROPPED`, so has the copy's;
/// 6. when nothing was claimed or released and the emergency was not made
///    (no `.claimed`, `.released` or `.emergency` report: no touch was taken,
///    none held, none cancelled on the way out), the stream has no `SYN_DROPPED`,
///    starts in slot 0, never names a slot the device lacks and never changes a
///    tracking id ≥ 0 straight to another,
///    the copy was sent the device's frames byte for byte until `finish`:
///    each frame with an event besides `SYN_*`, its events but `SYN_*` in
///    order, then `SYN_REPORT` (an empty frame the kernel would not send on).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServiceDevice(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzCursor(FuzzInput.bytes(start, count))
    let flags = input.byte()
    let mode = input.byte()
    let device = FuzzDevice.decode(flags: flags, &input)
    let startingSlot = Int32(input.byte())
    let events = mode & 8 != 0
        ? decodeEvents(&input)
        : TouchScript.decode(device: device, startingSlot: Int(startingSlot), &input, maximumEvents: maximumEvents)
    let (name, config) = FuzzConfigs.all[Int(mode & 7) % FuzzConfigs.all.count]
    if verbose { print("config \(name), \(events.count) events (\(mode & 8 != 0 ? "raw" : "script"))") }
    MainActor.assumeIsolated {
        run(device: device, config: config, startingSlot: startingSlot, events: events, advancesTimers: flags & 0x40 == 0)
    }
    return 0
}

@MainActor
private func run(device description: DeviceDescription, config: GestureConfig, startingSlot: Int32, events: [InputEvent], advancesTimers: Bool) {
    let sink = CheckingSink()
    let (service, copy) = FuzzService.device(description, config: config, sink: sink, startingSlot: startingSlot)
    var tookOrHeld = false
    service.onReport = { report in
        if verbose { print("  \(report)") }
        switch report {
        case .claimed, .released, .emergency: tookOrHeld = true
        default: break
        }
    }

    let slotCount = max(1, description.slotCount)
    let lastTime = feed(events, to: service, sink: sink, slotCount: slotCount, advancesTimers: advancesTimers)
    let beforeFinish = sink.events(of: copy).count
    sink.allowedSlots = []
    service.finish(at: lastTime + 10)

    let sent = sink.events(of: copy)
    if verbose {
        print("device:"); for event in events { print("  \(event)") }
        print("copy:"); for event in sent { print("  \(event)") }
    }
    let firstSlot = min(max(0, Int(startingSlot)), slotCount - 1)
    let stream = DeviceStream(events, description: description, slotCount: slotCount, firstSlot: firstSlot)
    checkReplayedCopy(sent, stream: stream, slotCount: slotCount)

    // 6: byte for byte.
    guard !tookOrHeld, !stream.hasDropped, firstSlot == 0, !stream.idChangesStraight, !stream.hasInvalidSlot else { return }
    checkByteForByte(Array(sent.prefix(beforeFinish)), device: events)
}

/// Sends `events` to the service one by one, advancing its timers up to each event's time first
/// (at most 64 turns) when `advancesTimers`, and telling the sink which out-of-range slot values
/// the device itself sent in the frame. Returns the latest event time.
@MainActor
private func feed(_ events: [InputEvent], to service: ServiceDevice, sink: CheckingSink, slotCount: Int, advancesTimers: Bool) -> Double {
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
    return lastTime
}

/// What the device's own stream promises, and so which invariants the copy is held to.
private struct DeviceStream {
    /// The device has `ABS_MT_SLOT`.
    let hasSlots: Bool
    /// `BTN_TOUCH` is down exactly while the device has contacts, after each `SYN_REPORT`.
    private(set) var keepsTouch = true
    /// The stream has a `SYN_DROPPED`.
    private(set) var hasDropped = false
    /// A tracking id ≥ 0 changes straight to another in some slot.
    private(set) var idChangesStraight = false
    /// The stream names a slot the device does not have.
    let hasInvalidSlot: Bool
    /// Invariant 4 holds: the device has slots but no `ABS_MT_TOOL_TYPE`, nor does its stream.
    let checksPalm: Bool
    /// Invariant 5 holds: the device has `BTN_TOUCH`, and the models of the device and its copy do not part.
    let checksTouch: Bool

    /// The stream `events` of the device `description`, replayed from slot `firstSlot`.
    init(_ events: [InputEvent], description: DeviceDescription, slotCount: Int, firstSlot: Int) {
        var device = KernelModel(slotCount: slotCount, slot: firstSlot)
        var hasToolType = false
        for event in events {
            if event.type == .abs, event.code == AbsCode.mtTrackingID, event.value >= 0,
               device.value(AbsCode.mtTrackingID) >= 0, device.value(AbsCode.mtTrackingID) != event.value {
                idChangesStraight = true
            }
            device.apply(event)
            if event.type == .syn, event.code == SynCode.dropped { hasDropped = true }
            if event.type == .abs, event.code == AbsCode.mtToolType { hasToolType = true }
            if event.isReport, device.key(KeyCode.touch) != (device.activeCount > 0) { keepsTouch = false }
        }
        hasSlots = description.axis(AbsCode.mtSlot) != nil
        checksPalm = hasSlots && description.axis(AbsCode.mtToolType) == nil && !hasToolType
        // A slot the device does not have is never sent on by the kernel, which applies what follows
        // to the slot before; the service drops it, as the engine does: the models part there.
        hasInvalidSlot = hasSlots && events.contains {
            $0.type == .abs && $0.code == AbsCode.mtSlot && !(0..<slotCount).contains(Int($0.value))
        }
        // After SYN_DROPPED the rest of a frame is lost for the service (and the engine) until the
        // device's resync frame, which a fuzzed stream need not send: the models part there too.
        checksTouch = description.keys.contains(KeyCode.touch) && !hasInvalidSlot && !hasDropped
    }
}

/// Invariants 3, 4 and 5: the copy `sent` replayed through a ``KernelModel``.
private func checkReplayedCopy(_ sent: [InputEvent], stream: DeviceStream, slotCount: Int) {
    var model = KernelModel(slotCount: slotCount)
    for (index, event) in sent.enumerated() {
        if stream.checksPalm, event.type == .abs, event.code == AbsCode.mtTrackingID, event.value >= 0,
           event.value != model.value(AbsCode.mtTrackingID), model.value(AbsCode.mtToolType) == 2 {
            fatalError("event \(index) of the copy: new tracking id \(event.value) in slot \(model.slot), whose tool type is MT_TOOL_PALM (the device has no ABS_MT_TOOL_TYPE)")
        }
        model.apply(event)
        if stream.checksTouch, stream.keepsTouch, event.isReport, model.key(KeyCode.touch) != (model.activeCount > 0) {
            fatalError("event \(index) of the copy (SYN_REPORT at \(event.time)): BTN_TOUCH \(model.key(KeyCode.touch) ? 1 : 0) with \(model.activeCount) contacts, where the device's stream keeps BTN_TOUCH with its contacts")
        }
    }
    if stream.hasSlots, let held = model.firstActiveSlot {
        fatalError("after finish the copy still holds tracking id \(model.value(AbsCode.mtTrackingID, slot: held)) in slot \(held) (\(slotCount) slots)")
    }
    if stream.checksTouch, model.key(KeyCode.touch) {
        fatalError("after finish the copy's BTN_TOUCH is still down")
    }
}

/// Invariant 6: the copy was sent, before `finish`, exactly the device's frames that have an event
/// besides `SYN_*`, each its events but `SYN_*` then `SYN_REPORT` (at the frame's time, within 2 µs).
private func checkByteForByte(_ got: [InputEvent], device events: [InputEvent]) {
    var expected: [InputEvent] = []
    var frame: [InputEvent] = []
    for event in events {
        if event.isReport {
            if !frame.isEmpty { expected += frame + [event] }
            frame = []
        } else if event.type != .syn {
            frame.append(event)
        }
    }
    for index in 0..<max(expected.count, got.count) {
        guard index < expected.count, index < got.count else {
            fatalError("nothing claimed or held, but the copy was sent \(got.count) events before finish where the device's frames have \(expected.count); the first extra: \(index < got.count ? got[index] : expected[index])")
        }
        let want = expected[index], have = got[index]
        let same = want.isReport
            ? have.isReport && have.value == 0 && abs(have.time - want.time) < 0.000_002
            : have == want
        if !same {
            fatalError("nothing claimed or held, but event \(index) of the copy is \(have) where the device sent \(want)")
        }
    }
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

/// `FUZZ_SERVICE_VERBOSE=1`: each input's config and the service's reports are printed (running a seed by hand).
private let verbose = getenv("FUZZ_SERVICE_VERBOSE") != nil

/// At most this many events an input.
private let maximumEvents = 10_000

/// Raw events, 7 bytes each (see ``rawEvent(_:microseconds:)``).
private func decodeEvents(_ input: inout FuzzCursor) -> [InputEvent] {
    var events: [InputEvent] = []
    var microseconds: Int64 = 1_000_000
    while !input.isAtEnd, events.count < maximumEvents {
        var peek = input
        let step = peek.byte()
        microseconds += step == 0xFF ? -5_000 : Int64(step) * 1_000
        events.append(rawEvent(&input, microseconds: microseconds))
    }
    return events
}
