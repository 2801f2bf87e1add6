// How a getevent trace becomes a recording: protocol B events on a made-up touchscreen.
import Tactile

extension Recording {
    /// A recording of an Android `getevent` trace.
    ///
    /// The events become protocol B (`ProtocolAConverter` for protocol A;
    /// an explicit slot 0 for ``GeteventTrace/MultitouchProtocol/bWithoutSlots``;
    /// protocol B and single-touch traces as they are), with `BTN_TOUCH`
    /// following the contacts, and timestamps kept. getevent prints no device
    /// description, so one is synthesized unless `options.device` gives it: a
    /// direct touchscreen with `options.slotCount` slots (10 by default) whose axes reach the
    /// observed maximum rounded up to the next `2ⁿ − 1` (a Galaxy S trace
    /// reaching x = 1019 gets 0…1023), resolution 0 (unknown), and every code
    /// the events use.
    public init(getevent trace: GeteventTrace, options: TraceOptions = TraceOptions()) {
        let slotCount = options.slots(standard: 10)
        let events: [InputEvent]
        switch trace.multitouchProtocol {
        case .a:
            events = ProtocolAConverter.convert(
                trace.events,
                configuration: .init(slotCount: slotCount, maximumMatchDistance: options.maximumMatchDistance))
        case .bWithoutSlots:
            events = Self.placedInSlotZero(trace.events)
        case .b, .none:
            events = trace.events
        }
        let name = options.deviceName ?? trace.deviceName ?? "Android touchscreen (getevent)"
        let device = options.device ?? ObservedDevice.touchscreen(name: name, events: events, slotCount: slotCount)
        self.init(device: device, screen: options.screen, events: events)
    }

    /// Protocol B without slot events: everything happens in slot 0. The
    /// values pass through the emitter (which adds the slot and `BTN_TOUCH`);
    /// frames keep their `SYN_REPORT` times.
    private static func placedInSlotZero(_ input: [InputEvent]) -> [InputEvent] {
        var emitter = ProtocolBEmitter(slotCount: 1, synthesizesTouchButton: true)
        var frame: [InputEvent] = []
        for event in input {
            guard event.isReport else {
                frame.append(event)
                continue
            }
            let time = ProtocolBEmitter.time(of: event)
            for item in frame {
                if item.type == .abs, item.code == AbsCode.mtTrackingID {
                    if item.value < 0 {
                        emitter.lift(slot: 0, time: time)
                    } else {
                        emitter.begin(slot: 0, trackingID: item.value, time: time)
                    }
                } else if item.type == .abs, ProtocolAConverter.isContactCode(item.code) {
                    emitter.set(item.code, item.value, slot: 0, time: time)
                } else if !(item.type == .key && item.code == KeyCode.touch) {
                    emitter.passThrough(item, time: time)
                }
            }
            frame.removeAll(keepingCapacity: true)
            emitter.endFrame(time: time)
        }
        return emitter.takeOutput()
    }
}
