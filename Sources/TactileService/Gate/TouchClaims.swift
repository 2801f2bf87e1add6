// Who has each contact of a grabbed device: the app, nobody yet (held in a zone), or a binding — the one owner of claims.
import Tactile

/// The one owner of what happens to a grabbed device's contacts: the
/// `TouchGate` (each slot's mode, what the copy holds), the touches held
/// back in a zone with their limits, and the bindings that took their
/// touches in the gesture in progress.
///
/// Its rules:
/// 1. **Landing.** A contact whose touch the engine bound to a holding
///    zone is held; any other passes.
/// 2. **Claims.** A binding that claims takes its touches the first time it
///    acts in a gesture (so a pinch that never reaches its first step
///    leaves the app its two fingers), and from then on every finger that
///    joins it, until the gesture ends. Held touches are dropped; passed
///    ones are cancelled, or lifted at rest where the compositor drops
///    the cancel (`TouchGate.claim`, ``ClaimedTouchEnd``).
/// 3. **Release.** A held touch goes on to the app, its frames replayed, as
///    soon as no recognizer of its zone is undecided for it (the engine
///    says which are, ``GestureEngine/undecidedRecognizers(for:)``), or once
///    it has been held ``maximumHold`` seconds (a deadline of its own, so
///    it is met with no frame coming).
/// 4. **Cancelling everything** (the emergency, the end): every contact the
///    copy holds is cancelled as a claim would, never lifted.
///
/// ```swift
/// var claims = TouchClaims(device: panel)
/// let out = claims.pass(frame: events, at: time, touches: frame.touches) { map.holdingZone(of: engine.view(boundTo: $0)) }
/// let taken = claims.claim(firing, claims: true, acting: true)
/// let released = claims.releaseDecided(at: time) { touch in !engine.undecidedRecognizers(for: touch).filter(map.holdsTouches).isEmpty }
/// ```
struct TouchClaims {
    /// The longest a touch is held back in a zone, in seconds, before it goes on undecided.
    static let maximumHold = 1.5

    /// A touch held back in a zone.
    struct HeldTouch: Hashable {
        var zone: String
        var touch: TouchID
        var since: Double
    }

    /// What the gate does: the copy's frames.
    private(set) var gate: TouchGate
    /// Held touches, by slot.
    private var held: [Int: HeldTouch] = [:]
    /// Bindings that took their touches in the gesture in progress.
    private var claiming: Set<Int> = []

    /// Claims for `device` (on `display`), starting in the device's slot
    /// `currentSlot`, ending claimed touches as `claimedTouchEnd` says.
    init(device: DeviceDescription, currentSlot: Int = 0, claimedTouchEnd: ClaimedTouchEnd = .cancel, display: Screen = .standard) {
        gate = TouchGate(device: device, currentSlot: currentSlot, claimedTouchEnd: claimedTouchEnd, display: display)
    }

    /// When something is due with no frame coming: a touch held its longest,
    /// or a touchpad's frozen contacts to cancel.
    var nextDeadline: Double? {
        var earliest = gate.nextDeadline
        for touch in held.values { earliest = Double.earliest(earliest, touch.since + Self.maximumHold) }
        return earliest
    }

    /// Whether no contact is down, held or waiting: a new config may take over.
    var isIdle: Bool { held.isEmpty && gate.isIdle }

    /// The slot the device's next per-slot events apply to.
    var deviceSlot: Int { gate.deviceSlot }

    // MARK: Frames

    /// The copy's frames for one frame of the device (`frame`, its events
    /// through `SYN_REPORT`); `touches` are the engine's touches of the frame,
    /// `zone` names the holding zone a touch was bound to (rule 1).
    mutating func pass(frame: [InputEvent], at time: Double, touches: [Touch], zone: (TouchID) -> String?) -> [InputEvent] {
        var landed: [(slot: Int, touch: HeldTouch)] = []
        let out = gate.process(frame: frame, at: time) { slot in
            guard let touch = touches.first(where: { $0.slot == slot && $0.phase == .began }),
                  let name = zone(touch.id) else { return .pass }
            landed.append((slot, HeldTouch(zone: name, touch: touch.id, since: time)))
            return .hold
        }
        for (slot, touch) in landed where gate.mode(ofSlot: slot) == .hold { held[slot] = touch }
        return out
    }

    /// The touch held in `slot`, if one is.
    func heldTouch(inSlot slot: Int) -> HeldTouch? {
        held[slot]
    }

    // MARK: Claims

    /// Takes `firing`'s touches for its binding (rule 2): `claims` is the
    /// binding's `claim`, `acting` whether it acts in this firing. Returns the
    /// copy's frames and the slots newly taken.
    mutating func claim(_ firing: BindingFiring, claims: Bool, acting: Bool) -> (events: [InputEvent], slots: [Int]) {
        if firing.phase == .began { claiming.remove(firing.bindingIndex) }
        defer { if firing.phase == .ended || firing.phase == .cancelled { claiming.remove(firing.bindingIndex) } }
        guard claims, acting || claiming.contains(firing.bindingIndex), firing.phase != .cancelled else { return ([], []) }
        claiming.insert(firing.bindingIndex)
        let newly = Set(firing.slots).sorted().filter { slot in
            gate.mode(ofSlot: slot) != .drop && (gate.isDown(slot: slot) || held[slot] != nil)
        }
        guard !newly.isEmpty else { return ([], []) }
        for slot in newly { held[slot] = nil }
        return (gate.claim(slots: newly, at: firing.time), newly)
    }

    /// A new config (taken while idle): no binding of the old one claims
    /// anything any more, and claimed touches end as `claimedTouchEnd` says.
    mutating func forgetBindings(claimedTouchEnd: ClaimedTouchEnd) {
        claiming = []
        gate.claimedTouchEnd = claimedTouchEnd
    }

    // MARK: Decisions

    /// A held touch that went on to the app.
    struct Release: Hashable {
        var slot: Int
        var zone: String
        var heldFor: Double
    }

    /// Releases the held touches whose zone's gestures all decided, or that
    /// were held their longest (rule 3), and cancels a touchpad's frozen
    /// contacts that are due. `isUndecided` says whether a recognizer of the
    /// touch's zone is still undecided for it.
    mutating func releaseDecided(at time: Double, isUndecided: (TouchID) -> Bool) -> (events: [InputEvent], released: [Release]) {
        var out = gate.completeCancels(at: time)
        var released: [Release] = []
        for slot in held.keys.sorted() {
            guard let entry = held[slot] else { continue }
            guard gate.mode(ofSlot: slot) == .hold else { held[slot] = nil; continue }
            if time - entry.since < Self.maximumHold && isUndecided(entry.touch) { continue }
            held[slot] = nil
            out += gate.release(slot: slot, at: time)
            released.append(Release(slot: slot, zone: entry.zone, heldFor: time - entry.since))
        }
        return (out, released)
    }

    /// Cancels every contact the copy holds (rule 4); nothing is held after.
    mutating func cancelAll(at time: Double) -> [InputEvent] {
        held = [:]
        claiming = []
        return gate.cancelAll(at: time)
    }
}
