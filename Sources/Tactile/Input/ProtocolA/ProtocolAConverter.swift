// Multitouch protocol A turned into protocol B, frame by frame.

/// Turns multitouch protocol A into protocol B, frame by frame.
///
/// Protocol A (old drivers, Android's `getevent` traces of the early 2010s)
/// sends every contact anew in every frame: its `ABS_MT_*` values, then
/// `SYN_MT_REPORT`; a frame with no contacts is an empty `SYN_MT_REPORT`.
/// There are no slots, and tracking ids are optional. Protocol B, which
/// ``TouchAssembler`` reads, keeps each contact in a slot and sends only what
/// changed.
///
/// Each frame, the converter matches the reported contacts with the contacts
/// it is tracking:
///
/// 1. by `ABS_MT_TRACKING_ID` when a contact carries one (an id it has not
///    seen is a new contact);
/// 2. contacts without an id by nearest position (`ABS_MT_POSITION_X/Y`, in
///    device units) among the tracked contacts left, closest pairs first,
///    no farther apart than ``Configuration/maximumMatchDistance``.
///
/// A tracked contact that matched nothing has lifted: its slot gets
/// `ABS_MT_TRACKING_ID -1`. A reported contact that matched nothing lands in
/// the lowest free slot (preferring slots that were not freed in the same
/// frame) with a fresh tracking id from a counter, as the kernel assigns
/// them. Matched contacts send only the values that changed. Contacts beyond
/// the slots are dropped and counted in ``droppedContacts``.
///
/// Other events of a frame (`ABS_X`, `ABS_MISC`, keys, `MSC_*`) pass through
/// after the slot events. With ``Configuration/synthesizesTouchButton``,
/// incoming `BTN_TOUCH` events are replaced by one that follows the contact
/// count. Every event of an output frame carries the time of the frame's
/// `SYN_REPORT`.
///
/// Edge cases, as the kernel documentation allows them: values after the last
/// `SYN_MT_REPORT` of a frame form one more contact; a frame with no
/// multitouch data at all keeps the contacts as they were, unless it holds
/// `BTN_TOUCH 0` (a driver may omit the empty `SYN_MT_REPORT` then), which
/// lifts them all; after `SYN_DROPPED` the events up to the next
/// `SYN_REPORT` are discarded and the contacts kept.
public struct ProtocolAConverter: Sendable {
    /// How contacts become slots.
    public struct Configuration: Hashable, Sendable {
        /// Slots of the protocol-B device (the most contacts tracked at once).
        public var slotCount: Int
        /// The farthest, in device units, a contact without a tracking id may
        /// move between frames and still be the same contact; `nil` for no limit.
        public var maximumMatchDistance: Double?
        /// Whether `BTN_TOUCH` is generated from the contact count (and incoming ones dropped).
        public var synthesizesTouchButton: Bool
        /// The tracking id the first new contact gets; later ones count up (modulo 2¹⁶).
        public var firstTrackingID: Int32

        public init(slotCount: Int = 10, maximumMatchDistance: Double? = nil, synthesizesTouchButton: Bool = true, firstTrackingID: Int32 = 0) {
            self.slotCount = min(max(1, slotCount), DeviceLimits.maximumSlots)
            self.maximumMatchDistance = maximumMatchDistance
            self.synthesizesTouchButton = synthesizesTouchButton
            self.firstTrackingID = firstTrackingID & 0xFFFF
        }

        /// The slots a protocol-A device gets: 10, as libinput gives such a
        /// device through mtdev.
        public static let deviceSlotCount = 10

        /// How the stream of a protocol-A device with a description of its own
        /// is converted (evemu and `libinput record` files, live devices):
        /// ``deviceSlotCount`` slots, no distance limit, and the device's own
        /// keys (`BTN_TOUCH` included) passed through unchanged, as mtdev
        /// leaves them. ``DeviceDescription/convertedToProtocolB(slotCount:)``
        /// describes the device the result belongs to.
        public static let device = Configuration(slotCount: deviceSlotCount, synthesizesTouchButton: false)
    }

    /// The configuration in use.
    public let configuration: Configuration
    /// Contacts that found no free slot, over all frames so far.
    public private(set) var droppedContacts = 0
    /// The most contacts reported in one frame so far (including dropped ones).
    public private(set) var maximumContacts = 0
    /// Frames converted so far.
    public private(set) var frameCount = 0

    private var emitter: ProtocolBEmitter
    /// The source tracking id of each slot's contact (`nil`: none given or slot free).
    private var sourceIDs: [Int32?]
    private var nextTrackingID: Int32

    // The frame being read.
    private var contacts: [Contact] = []
    private var pending = Contact()
    private var others: [InputEvent] = []
    private var sawMultitouch = false
    private var touchReleased = false
    private var dropping = false

    /// A converter for a device with `configuration.slotCount` slots.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        emitter = ProtocolBEmitter(slotCount: configuration.slotCount, synthesizesTouchButton: configuration.synthesizesTouchButton)
        sourceIDs = Array(repeating: nil, count: configuration.slotCount)
        nextTrackingID = configuration.firstTrackingID
    }

    /// Converts a whole protocol-A stream. Events after the last `SYN_REPORT`
    /// belong to no frame and are left out.
    public static func convert<S: Sequence>(_ events: S, configuration: Configuration = Configuration()) -> [InputEvent]
    where S.Element == InputEvent {
        var converter = ProtocolAConverter(configuration: configuration)
        return converter.process(events)
    }

    /// Feeds events; returns the protocol-B events of the frames they complete.
    public mutating func process<S: Sequence>(_ events: S) -> [InputEvent] where S.Element == InputEvent {
        var output: [InputEvent] = []
        for event in events { output.append(contentsOf: process(event)) }
        return output
    }

    /// Feeds one event; returns the protocol-B events of the frame it completes
    /// (none unless it is a `SYN_REPORT`).
    public mutating func process(_ event: InputEvent) -> [InputEvent] {
        if event.type == .syn {
            switch event.code {
            case SynCode.report:
                if dropping {
                    dropping = false
                    resetFrame()
                    return []
                }
                finishFrame(time: ProtocolBEmitter.time(of: event))
                return emitter.takeOutput()
            case SynCode.mtReport:
                if !dropping {
                    sawMultitouch = true
                    keepPendingContact()
                    pending = Contact()
                }
            case SynCode.dropped:
                dropping = true
            default:
                if !dropping { others.append(event) }
            }
            return []
        }
        guard !dropping else { return [] }
        if event.type == .abs, Self.isContactCode(event.code) {
            sawMultitouch = true
            pending.set(event.code, event.value)
        } else if event.type == .key, event.code == KeyCode.touch {
            if event.value == 0 { touchReleased = true }
            if !configuration.synthesizesTouchButton { others.append(event) }
        } else {
            others.append(event)
        }
        return []
    }

    /// `ABS_MT_*` codes that describe a contact (not `ABS_MT_SLOT`).
    package static func isContactCode(_ code: UInt16) -> Bool {
        code >= AbsCode.mtTouchMajor && code <= AbsCode.mtToolY
    }

    // MARK: - Frames

    private mutating func finishFrame(time: ProtocolBEmitter.Time) {
        keepPendingContact()
        frameCount += 1
        if sawMultitouch || touchReleased {
            match(sawMultitouch ? contacts : [], time: time)
        }
        for event in others { emitter.passThrough(event, time: time) }
        emitter.endFrame(time: time)
        resetFrame()
    }

    /// Keeps the contact being read; past ``DeviceLimits/maximumSlots`` in one
    /// frame the rest are dropped (no device has slots for them, and matching
    /// costs contacts × slots).
    private mutating func keepPendingContact() {
        if !pending.values.isEmpty, contacts.count < DeviceLimits.maximumSlots { contacts.append(pending) }
    }

    private mutating func resetFrame() {
        contacts.removeAll(keepingCapacity: true)
        pending = Contact()
        others.removeAll(keepingCapacity: true)
        sawMultitouch = false
        touchReleased = false
    }

    private mutating func match(_ reported: [Contact], time: ProtocolBEmitter.Time) {
        maximumContacts = max(maximumContacts, reported.count)
        let slots = emitter.slotCount
        var slotOfContact = [Int?](repeating: nil, count: reported.count)
        var claimed = [Bool](repeating: false, count: slots)

        // 1. Tracking ids.
        for (index, contact) in reported.enumerated() {
            guard let id = contact.trackingID else { continue }
            if let slot = (0..<slots).first(where: { !claimed[$0] && emitter.trackingID(inSlot: $0) >= 0 && sourceIDs[$0] == id }) {
                slotOfContact[index] = slot
                claimed[slot] = true
            }
        }
        // 2. Nearest positions, for contacts without an id.
        var pairs: [(distance: Double, contact: Int, slot: Int)] = []
        for (index, contact) in reported.enumerated() where contact.trackingID == nil {
            for slot in 0..<slots where !claimed[slot] && emitter.trackingID(inSlot: slot) >= 0 {
                let distance = self.distance(contact, slot: slot)
                if let limit = configuration.maximumMatchDistance, distance > limit { continue }
                pairs.append((distance, index, slot))
            }
        }
        pairs.sort { ($0.distance, $0.contact, $0.slot) < ($1.distance, $1.contact, $1.slot) }
        for pair in pairs where slotOfContact[pair.contact] == nil && !claimed[pair.slot] {
            slotOfContact[pair.contact] = pair.slot
            claimed[pair.slot] = true
        }
        // 3. New contacts take free slots, those free before this frame first.
        let freeBefore = (0..<slots).filter { emitter.trackingID(inSlot: $0) < 0 }
        let freedNow = (0..<slots).filter { emitter.trackingID(inSlot: $0) >= 0 && !claimed[$0] }
        var available = freeBefore + freedNow
        var isNew = [Bool](repeating: false, count: reported.count)
        for index in reported.indices where slotOfContact[index] == nil {
            guard !available.isEmpty else {
                droppedContacts += 1
                continue
            }
            slotOfContact[index] = available.removeFirst()
            isNew[index] = true
        }
        // Emit slot by slot: lifts, then new or changed contacts.
        var contactInSlot = [Int?](repeating: nil, count: slots)
        for (index, slot) in slotOfContact.enumerated() {
            if let slot { contactInSlot[slot] = index }
        }
        for slot in 0..<slots {
            let contactIndex = contactInSlot[slot]
            let wasActive = emitter.trackingID(inSlot: slot) >= 0
            if wasActive, contactIndex.map({ isNew[$0] }) ?? true {
                emitter.lift(slot: slot, time: time)
                sourceIDs[slot] = nil
            }
            guard let contactIndex else { continue }
            let contact = reported[contactIndex]
            if isNew[contactIndex] {
                emitter.begin(slot: slot, trackingID: nextTrackingID, time: time)
                nextTrackingID = (nextTrackingID &+ 1) & 0xFFFF
            }
            sourceIDs[slot] = contact.trackingID
            for (code, value) in contact.values where code != AbsCode.mtTrackingID {
                emitter.set(code, value, slot: slot, time: time)
            }
        }
    }

    private func distance(_ contact: Contact, slot: Int) -> Double {
        guard let x = contact.value(AbsCode.mtPositionX), let y = contact.value(AbsCode.mtPositionY),
              let slotX = emitter.value(AbsCode.mtPositionX, inSlot: slot),
              let slotY = emitter.value(AbsCode.mtPositionY, inSlot: slot)
        else { return .greatestFiniteMagnitude / 2 }
        let dx = Double(x) - Double(slotX), dy = Double(y) - Double(slotY)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// One contact of a frame: its values in the order they came, the last of each code kept.
    private struct Contact: Sendable {
        var values: [(code: UInt16, value: Int32)] = []

        mutating func set(_ code: UInt16, _ value: Int32) {
            if let index = values.firstIndex(where: { $0.code == code }) {
                values[index].value = value
            } else {
                values.append((code, value))
            }
        }

        func value(_ code: UInt16) -> Int32? { values.first { $0.code == code }?.value }

        var trackingID: Int32? { value(AbsCode.mtTrackingID).flatMap { $0 >= 0 ? $0 : nil } }
    }
}
