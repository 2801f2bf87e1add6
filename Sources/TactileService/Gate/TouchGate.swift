// Which touches of a grabbed device reach the app: passed on, held back, or cancelled and dropped.
import Tactile

/// Decides, frame by frame, what the copy of a grabbed touch device sends
/// on: every touch the service does not claim, unchanged.
///
/// Each contact (a slot from landing to lifting) is in one of three modes:
///
/// - **pass**: its events go on as they come. While every contact passes,
///   a frame goes on **byte for byte** (the same events in the same order),
///   so an app behind the service sees exactly what the device sent.
/// - **hold**: it landed in a zone that holds touches (a screen edge) and its
///   frames are kept back until the zone's gestures decide: ``release(slot:at:)``
///   replays them, frame by frame, and the contact passes from then on;
///   ``claim(slots:at:)`` drops them and the app never sees the touch.
/// - **drop**: claimed by a gesture; nothing of it goes on until it lifts.
///
/// Claiming a contact that was already passed on **cancels** it: one frame
/// sets `ABS_MT_TOOL_TYPE` to `MT_TOOL_PALM` on its slot, the next releases
/// it, a third sets the slot's tool type back (to a finger) for the next
/// contact. libinput turns that into a touch cancel on a touchscreen
/// (`evdev-fallback.c`), where a plain lift would be a tap where the finger was.
/// Where the compositor drops that cancel (``ClaimedTouchEnd/lift``), the
/// contact is instead frozen where the app last saw it and released once it
/// has rested ``restBeforeLift`` (at once when it already has).
///
/// On a **touchpad** libinput has no touch cancel, and a gesture whose
/// fingers all turn palm or lift at once *ends* normally (the compositor
/// acts on it). What it does cancel is a gesture whose finger count changes
/// and stays changed for its switch timeout (100 ms in libinput): so when a
/// claim takes two or more contacts the copy holds, one is marked a palm at
/// once and the others are frozen where they are (nothing of them goes on),
/// and only ``touchpadCancelDelay`` later are they all cancelled as above
/// (``completeCancels(at:all:)``, due at ``nextDeadline``). libinput then ends
/// its gesture as cancelled, or never begins it.
///
/// Frames where some contact is held or dropped are rebuilt from the slots'
/// values instead (see ``process(frame:at:landing:)``): the copy's kernel
/// keeps its own slot values and drops repeated ones, so the gate keeps what
/// the device holds and what the copy holds, and sends the difference.
/// `BTN_TOUCH` and the `BTN_TOOL_*` finger counts then count the contacts
/// the copy holds, and the single-touch axes (`ABS_X`, `ABS_Y`,
/// `ABS_PRESSURE`) follow the oldest contact the copy holds, as the
/// kernel's pointer emulation does: a claimed finger never moves them.
///
/// ```swift
/// var gate = TouchGate(device: panel)
/// let out = gate.process(frame: events, at: time) { slot in inEdgeZone(slot) ? .hold : .pass }
/// try sink.write(out, to: copy)
/// try sink.write(gate.claim(slots: [0], at: time), to: copy)   // a gesture took slot 0
/// ```
package struct TouchGate {
    /// What happens to a contact's events.
    public enum Mode: Hashable, Sendable {
        /// Passed on as it comes, held back until its zone decides, or dropped (claimed).
        case pass, hold, drop
    }

    /// How long a touchpad's claimed contacts stay frozen on the copy, one of
    /// them a palm, before they are cancelled: longer than libinput's
    /// finger-count switch timeout (100 ms, `evdev-mt-touchpad-gestures.c`),
    /// so that libinput ends its gesture as cancelled instead of as done.
    public static let touchpadCancelDelay = 0.15

    /// How long a claimed touch that is lifted (``ClaimedTouchEnd/lift``)
    /// rests, frozen where the app last saw it, before it lifts: longer than
    /// the window GTK's swipe reads a release velocity from (150 ms,
    /// `gtkgestureswipe.c`) and five times the gap after which Flutter,
    /// Android and Chromium take a pointer for stopped (40 ms), so no
    /// toolkit reads a fling from the lift.
    public static let restBeforeLift = 0.2

    /// How far a resting finger may wander, in millimetres, and still rest:
    /// a panel's jitter (a unit or two) does not put the lift off.
    public static let restTolerance = 0.5
    /// ``restTolerance`` in the device's units, per axis.
    let restUnits: (x: Int32, y: Int32)

    /// How a claimed touch the app saw ends for it (``ClaimedTouchEnd``):
    /// set it while the gate ``isIdle``.
    public var claimedTouchEnd: ClaimedTouchEnd

    /// A frame of a held contact: when it came and the slot's values after it.
    struct HeldFrame {
        var time: Double
        var values: SlotValues
    }

    struct Slot {
        /// What the device holds.
        var input = SlotValues()
        /// What the copy holds (what was sent on).
        var output = SlotValues()
        var mode = Mode.pass
        /// The held contact's frames, oldest first.
        var held: [HeldFrame] = []
        /// When the copy's contact, claimed on a touchpad, is cancelled (frozen until then).
        var cancelDue: Double?
        /// When the copy's contact began, in the order contacts began (the oldest drives the single-touch axes).
        var outputOrder: UInt64 = 0
        /// When the copy's contact last landed or moved beyond ``TouchGate/restTolerance``
        /// from ``restingAt`` (a lift waits until it has rested ``TouchGate/restBeforeLift``).
        var outputMovedAt = 0.0
        /// Where the copy's contact was when it last landed or moved beyond the tolerance.
        var restingAt: (x: Int32, y: Int32) = (0, 0)
    }

    /// The finger-count keys (`BTN_TOOL_FINGER` … `BTN_TOOL_QUINTTAP`) by count.
    static let fingerKeys: [(count: Int, key: UInt16)] = [
        (1, KeyCode.toolFinger), (2, KeyCode.toolDoubleTap), (3, KeyCode.toolTripleTap),
        (4, KeyCode.toolQuadTap), (5, KeyCode.toolQuintTap),
    ]

    let hasSlots: Bool
    /// Whether cancels wait for libinput's finger-count switch (a touchpad).
    let defersCancels: Bool
    /// The per-slot codes the device has, ascending.
    let slotCodes: [UInt16]
    /// The touch keys the device has (`BTN_TOUCH` and the finger counts).
    let touchKeys: Set<UInt16>
    /// The single-touch axes the kernel emulates from the contacts, with the per-slot axis each follows.
    let emulatedAxes: [(code: UInt16, source: UInt16)]
    /// The slot that `MT_TOOL_PALM` cancels on needs the copy to have the axis (``VirtualDeviceTemplate/touchCopy(of:)`` adds it).
    let palmTool: Int32 = 2

    var slots: [Slot]
    /// The slot the device's next per-slot events apply to, and the copy's.
    var inputSlot: Int
    /// Whether the device's last `ABS_MT_SLOT` named a slot it has.
    var inputSlotIsValid = true
    var outputSlot: Int
    /// The touch keys as the device holds them and as the copy holds them.
    var inputKeys: [UInt16: Int32] = [:]
    var outputKeys: [UInt16: Int32] = [:]
    /// The emulated single-touch axes as the device holds them and as the copy holds them.
    var inputAxes: [UInt16: Int32] = [:]
    var outputAxes: [UInt16: Int32] = [:]
    /// Numbers the copy's contacts as they begin.
    var contactsBegun: UInt64 = 0

    /// A gate for `device`, starting in slot `currentSlot` (the device's
    /// `ABS_MT_SLOT` when opened), ending claimed touches as `claimedTouchEnd`
    /// says; `display` sizes a touchscreen without resolution.
    public init(device: DeviceDescription, currentSlot: Int = 0, claimedTouchEnd: ClaimedTouchEnd = .cancel, display: Screen = .standard) {
        self.claimedTouchEnd = claimedTouchEnd
        let surface = SurfaceMapping(device: device, screen: display)
        restUnits = (Int32((Self.restTolerance * surface.unitsPerMillimetreX).rounded(.up)),
                     Int32((Self.restTolerance * surface.unitsPerMillimetreY).rounded(.up)))
        hasSlots = device.axis(AbsCode.mtSlot) != nil
        defersCancels = hasSlots && device.kind == .touchpad
        // Without slots there is nothing to hold a contact's frames by, nor a palm to cancel it
        // with: its contact passes, and a claim releases it (BTN_TOUCH 0).
        // The copy has ABS_MT_TOOL_TYPE even when the device has not (``VirtualDeviceTemplate/touchCopy(of:)``):
        // a slot cancelled with MT_TOOL_PALM is set back to a finger for its next contact.
        var codes = device.axes.map(\.code).filter(SlotValues.holds)
        if hasSlots, !codes.contains(AbsCode.mtToolType) { codes.append(AbsCode.mtToolType) }
        slotCodes = codes.sorted()
        let fingerKeys = Set(Self.fingerKeys.map(\.key))
        touchKeys = Set(device.keys.filter { $0 == KeyCode.touch || fingerKeys.contains($0) })
        let pairs: [(UInt16, UInt16)] = [(AbsCode.x, AbsCode.mtPositionX), (AbsCode.y, AbsCode.mtPositionY), (AbsCode.pressure, AbsCode.mtPressure)]
        emulatedAxes = hasSlots ? pairs.filter { device.axis($0.0) != nil && device.axis($0.1) != nil }.map { (code: $0.0, source: $0.1) } : []
        let count = max(1, device.slotCount)
        slots = Array(repeating: Slot(), count: count)
        inputSlot = min(max(0, currentSlot), count - 1)
        outputSlot = 0
    }

    /// The mode of the contact in `slot`.
    public func mode(ofSlot slot: Int) -> Mode { slots.indices.contains(slot) ? slots[slot].mode : .pass }

    /// The slot the device's next per-slot events apply to (its last `ABS_MT_SLOT`).
    public var deviceSlot: Int { inputSlot }

    /// The slots whose contacts are held back now.
    public var heldSlots: [Int] { slots.indices.filter { slots[$0].mode == .hold } }

    /// Whether the contact in `slot` is down on the device.
    public func isDown(slot: Int) -> Bool { slots.indices.contains(slot) && slots[slot].input.isActive }

    /// Whether any contact the copy holds is down (what an app behind sees).
    public var copyHasContacts: Bool { slots.contains { $0.output.isActive } }

    /// Whether claimed touches are lifted rather than cancelled: a touchscreen's, with ``ClaimedTouchEnd/lift``
    /// (a touchpad's gesture ends cancelled whatever the compositor does with touches).
    var lifts: Bool { claimedTouchEnd == .lift && hasSlots && !defersCancels }

    /// When the next frozen contacts are due to be cancelled or lifted (``completeCancels(at:all:)``).
    public var nextDeadline: Double? {
        var earliest: Double?
        for slot in slots { earliest = Double.earliest(earliest, slot.cancelDue) }
        return earliest
    }

    /// Whether every contact passes: none held, dropped or waiting to be cancelled.
    var everyContactPasses: Bool { slots.allSatisfy { $0.mode == .pass && $0.cancelDue == nil } }

    /// Whether nothing is down, held or waiting to be cancelled: a new config may take over.
    public var isIdle: Bool {
        !slots.contains { $0.input.isActive || $0.output.isActive || $0.mode == .hold || $0.cancelDue != nil }
    }

    // MARK: Frames

    /// Takes one frame of the device (its events up to and including
    /// `SYN_REPORT`) and returns what the copy sends on, ending with
    /// `SYN_REPORT`, or nothing. `landing` is asked the mode of each contact
    /// that begins in the frame (hold for a holding zone, otherwise pass).
    public mutating func process(frame: [InputEvent], at time: Double, landing: (Int) -> Mode) -> [InputEvent] {
        var out: [InputEvent] = []
        // A contact landing while a touchpad's cancel waits: the cancel is done first (a slot is free for it).
        if nextDeadline != nil, frame.contains(where: { $0.type == .abs && $0.code == AbsCode.mtTrackingID && $0.value >= 0 }) {
            out = completeCancels(at: time, all: true)
        }
        var rawEligible = everyContactPasses && inputSlot == outputSlot
            && inputKeys == outputKeys && inputAxes == outputAxes && inputSlotIsValid
        var touched: [Int] = []
        var passThrough: [InputEvent] = []   // events that go on in a rebuilt frame too
        var dropped = false
        for event in frame {
            // After SYN_DROPPED the rest of the frame is lost (the kernel's buffer overflowed): only
            // the slot is followed, as the engine's assembler does; the resync frame after it
            // brings the device's whole state.
            if dropped && !(event.type == .abs && event.code == AbsCode.mtSlot) { continue }
            switch event.type {
            case .syn:
                if event.code == SynCode.dropped { dropped = true }
            case .abs where event.code == AbsCode.mtSlot && hasSlots:
                // A slot the device does not have: what follows is dropped until the next valid
                // one, as the engine's assembler drops it (the kernel never sends such a slot on).
                inputSlotIsValid = slots.indices.contains(Int(event.value))
                if inputSlotIsValid { inputSlot = Int(event.value) } else { rawEligible = false }
            case .abs where SlotValues.holds(event.code) && hasSlots:
                guard inputSlotIsValid else {
                    rawEligible = false
                    continue
                }
                if touched.last != inputSlot, !touched.contains(inputSlot) { touched.append(inputSlot) }
                let before = slots[inputSlot].input.trackingID
                slots[inputSlot].input[event.code] = event.value
                if event.code == AbsCode.mtTrackingID, event.value >= 0, event.value != before {
                    beginContact(in: inputSlot, landing: landing)
                }
            case .abs where emulatedAxes.contains(where: { $0.code == event.code }):
                inputAxes[event.code] = event.value
            case .key where touchKeys.contains(event.code):
                inputKeys[event.code] = event.value
                if !hasSlots && event.code == KeyCode.touch {
                    // Without slots, BTN_TOUCH is the contact (tracking id 0 while down).
                    let was = slots[0].input.isActive
                    slots[0].input.trackingID = event.value != 0 ? 0 : -1
                    if !touched.contains(0) { touched.append(0) }
                    if event.value != 0 && !was { beginContact(in: 0) { _ in .pass } }
                }
            default:
                passThrough.append(event)
            }
        }
        for slot in touched { endContactIfLifted(in: slot, at: time) }

        var body: [InputEvent] = []
        if rawEligible && !dropped && everyContactPasses {
            // Every contact passes: the frame goes on as it came, then the copy's model follows it.
            body = frame.filter { $0.type != .syn }
            followOnCopy(body, at: time)
            // Values the copy never saw (a slot the device last used for a dropped contact) are sent too.
            appendSlotChanges(for: touched, to: &body, time: time)
        } else {
            appendSlotChanges(for: touched, to: &body, time: time)
            let copyHasContacts = self.copyHasContacts
            body += passThrough.filter { event in
                event.type != .syn && (copyHasContacts || !(event.type == .abs && event.code < AbsCode.mtSlot))
            }
            appendAxisChanges(to: &body, time: time)
            appendKeyChanges(to: &body, time: time, followDevice: everyContactPasses)
        }
        return out + close(body, time: time)
    }

    /// Applies events sent on unchanged to the model of what the copy holds.
    private mutating func followOnCopy(_ events: [InputEvent], at time: Double) {
        for event in events {
            switch event.type {
            case .abs where event.code == AbsCode.mtSlot:
                if slots.indices.contains(Int(event.value)) { outputSlot = Int(event.value) }
            case .abs where SlotValues.holds(event.code):
                setOutput(event.code, event.value, inSlot: outputSlot, at: time)
            case .abs where emulatedAxes.contains(where: { $0.code == event.code }):
                outputAxes[event.code] = event.value
            case .key where touchKeys.contains(event.code):
                outputKeys[event.code] = event.value
                if !hasSlots && event.code == KeyCode.touch { slots[0].output.trackingID = event.value != 0 ? 0 : -1 }
            default:
                break
            }
        }
    }

    /// Sets a value the copy holds at `time`, numbering a contact that
    /// begins and noting when its position last changed.
    mutating func setOutput(_ code: UInt16, _ value: Int32, inSlot slot: Int, at time: Double) {
        if code == AbsCode.mtTrackingID, value >= 0, value != slots[slot].output.trackingID {
            contactsBegun &+= 1
            slots[slot].outputOrder = contactsBegun
            slots[slot].outputMovedAt = time
            slots[slot].restingAt = (slots[slot].output[AbsCode.mtPositionX], slots[slot].output[AbsCode.mtPositionY])
        }
        slots[slot].output[code] = value
        if code == AbsCode.mtPositionX || code == AbsCode.mtPositionY {
            let x = slots[slot].output[AbsCode.mtPositionX], y = slots[slot].output[AbsCode.mtPositionY]
            let rest = slots[slot].restingAt
            if abs(Int64(x) - Int64(rest.x)) > Int64(restUnits.x) || abs(Int64(y) - Int64(rest.y)) > Int64(restUnits.y) {
                slots[slot].outputMovedAt = time
                slots[slot].restingAt = (x, y)
            }
        }
    }

    /// A contact begins in `slot`: its mode comes from `landing`. A slot
    /// still holding an earlier contact that lifted undecided (a tap a
    /// double tap may yet take) holds the new one behind it, whatever
    /// `landing` says, so that both go on in order, or neither.
    private mutating func beginContact(in slot: Int, landing: (Int) -> Mode) {
        let mode = landing(slot)
        if slots[slot].mode == .hold && !slots[slot].held.isEmpty { return }
        slots[slot].mode = mode
        slots[slot].held = []
    }

    /// Records a held contact's frame, and lets a dropped contact's slot pass again once it lifts.
    private mutating func endContactIfLifted(in slot: Int, at time: Double) {
        switch slots[slot].mode {
        case .hold:
            slots[slot].held.append(HeldFrame(time: time, values: slots[slot].input))
        case .drop where !slots[slot].input.isActive:
            slots[slot].mode = .pass
        case .drop, .pass:
            break
        }
    }
}
