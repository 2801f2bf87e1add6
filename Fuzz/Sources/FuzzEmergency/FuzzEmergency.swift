// libFuzzer harness: whatever the config and the touches before, the emergency's fingers held still for its time make it.
#if canImport(Glibc)
import Glibc
#endif
import FuzzServiceSupport
import FuzzSupport
import Tactile
import TactileService

/// The layout (every read past the end is 0):
///
/// - flags: the device's (``FuzzDevice``), and bit 6: the resting fingers
///   send no frame at all (perfectly still: only the watch's deadline can
///   make the gesture), else a frame every 10 ms with a unit of jitter;
/// - the config: bits 0…2 one of ``FuzzConfigs/all``; bit 3 adds a long
///   press of the emergency's fingers (that claims, with bit 4) and a hold
///   of as many, bindings the loader refuses (they would act on the way
///   out) but a config built in code could have; bits 5…7 the emergency's
///   fingers (4 + n % 5: 4…8);
/// - the emergency's duration: 1 + byte / 64 seconds (1…4.98 s);
/// - the device (``FuzzDevice``; given at least as many slots as the
///   emergency's fingers), the starting slot;
/// - the touches before: a ``TouchScript``.
///
/// Then every finger the script left down lifts, the emergency's fingers
/// land spread over the surface, and rest for its duration and 50 ms more.
///
/// Invariants (a `fatalError` is a finding):
/// 1. the emergency is made, by the time the fingers rested its duration
///    (with a frame's tolerance: 10 ms);
/// 2. once made, the copy holds no contact and `BTN_TOUCH` is up: every
///    touch was cancelled, a palm before its release.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEmergency(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzCursor(FuzzInput.bytes(start, count))
    let flags = input.byte()
    let choice = input.byte()
    let duration = 1 + Double(input.byte()) / 64
    let fingers = 4 + Int(choice >> 5) % 5
    let device = withSlots(atLeast: fingers, FuzzDevice.decode(flags: flags, &input))
    let startingSlot = Int(input.byte())
    var config = FuzzConfigs.all[Int(choice & 7) % FuzzConfigs.all.count].config
    config.emergency = EmergencyGesture(fingers: fingers, duration: duration)
    if choice & 8 != 0 { config.bindings += shadows(fingers: fingers, claims: choice & 16 != 0) }
    var script = TouchScript.decodeScript(device: device, startingSlot: startingSlot, &input, maximumEvents: 5_000)
    let before = script.events.count
    // Every finger lifts; the emergency's land, spread along the middle, and rest.
    for slot in script.fingers.indices { script.fingers[slot].id = -1 }
    script.sentSlot = -1   // the next frame names its slot, whatever raw events left the device in
    script.frame(after: 20_000)
    let span = (x: script.xRange.upperBound - script.xRange.lowerBound, y: script.yRange.upperBound - script.yRange.lowerBound)
    for finger in 0..<fingers {
        let x = script.xRange.lowerBound + span.x * Int64(finger + 1) / Int64(fingers + 1)
        script.fingers[finger] = TouchScript.Finger(id: 40_000 + Int32(finger), x: x, y: script.yRange.lowerBound + span.y / 2)
    }
    script.frame(after: 10_000)
    let landed = Double(script.microseconds) / 1_000_000
    let still = flags & 0x40 != 0 || span.x < 1_000 || span.y < 1_000
    if !still {
        var step = 0
        while Double(script.microseconds) / 1_000_000 < landed + duration + 0.05 {
            step += 1
            for finger in 0..<fingers { script.fingers[finger].x += step % 2 == 0 ? -1 : 1 }
            script.frame(after: 10_000)
        }
    }
    let events = script.events
    if verbose { print("\(fingers) fingers for \(duration) s, \(before) events before, \(events.count) in all, still: \(still)") }
    MainActor.assumeIsolated {
        check(device: device, config: config, startingSlot: Int32(startingSlot), events: events,
              deadline: landed + duration + 0.01, end: landed + duration + 0.05)
    }
    return 0
}

@MainActor
private func check(device: DeviceDescription, config: GestureConfig, startingSlot: Int32, events: [InputEvent], deadline: Double, end: Double) {
    let sink = RecordingSink()
    let (service, copy) = FuzzService.device(device, config: config, sink: sink, startingSlot: startingSlot)
    var madeAt: Double?
    service.onReport = { report in
        if verbose { print("  \(report)") }
        if case .emergency(let time) = report { madeAt = time }
    }
    service.replay(events)
    service.fireTimers(through: end)
    // 1.
    guard let madeAt, service.emergencyMade else {
        fatalError("\(config.emergency.fingers) fingers rested \(config.emergency.duration) s and more: no emergency")
    }
    if madeAt > deadline {
        fatalError("the emergency came at \(madeAt), after the fingers had rested its \(config.emergency.duration) s (\(deadline))")
    }
    // 2.
    var model = KernelModel(slotCount: max(1, device.slotCount))
    for event in sink.events(of: copy) { model.apply(event) }
    if let held = model.firstActiveSlot {
        fatalError("after the emergency the copy still holds tracking id \(model.value(AbsCode.mtTrackingID, slot: held)) in slot \(held)")
    }
    if model.key(KeyCode.touch) { fatalError("after the emergency the copy's BTN_TOUCH is still down") }
}

/// A long press and a hold of the emergency's own fingers: what the loader refuses, built in code.
private func shadows(fingers: Int, claims: Bool) -> [Binding] {
    let location = SourceLocation(file: "fuzz.toml", line: 1, column: 1)
    let count = Parameter(name: "fingers", value: .integer(fingers), location: location)
    return [
        Binding(name: "shadow press", recognizer: RecognizerSpec(kind: .longPress, parameters: [count]), claimsTouches: claims,
                actions: [.began: [.key(KeyChord(keys: [29, 46], text: "ctrl+c"))]], location: location),
        Binding(name: "shadow hold", recognizer: RecognizerSpec(kind: .hold), claimsTouches: claims,
                actions: [.began: [.command(["true"])]], location: location),
    ]
}

/// `device` with at least `count` slots (its `ABS_MT_SLOT` maximum raised when it has fewer).
private func withSlots(atLeast count: Int, _ device: DeviceDescription) -> DeviceDescription {
    guard device.slotCount < count else { return device }
    var axes = device.axes.filter { $0.code != AbsCode.mtSlot }
    axes.append(AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: Int32(count - 1)))
    return DeviceDescription(name: device.name, properties: device.properties, keys: device.keys,
                             axes: axes.sorted { $0.code < $1.code }, kind: device.kind)
}

/// `FUZZ_SERVICE_VERBOSE=1`: each input's gesture and the service's reports are printed (running a seed by hand).
private let verbose = getenv("FUZZ_SERVICE_VERBOSE") != nil
