// The one finger script: which fingers are down where at which times, turned into evdev frames by the kernel model.
import Tactile

/// Which fingers are down where, frame by frame, and the evdev events a
/// device sends for them: the one way tests, fuzz targets, benchmarks and
/// ``TactileTesting`` build touch streams by finger.
///
/// Fingers are named by keys of the caller's choosing. ``down(_:_:)`` lands
/// a finger or moves it, ``up(_:)`` lifts it, and ``frame(at:)`` sends what
/// changed as the kernel does (`EvdevEncoder`: slots, tracking ids, values
/// filtered and defuzzed, `BTN_TOUCH`, `BTN_TOOL_*`, the single-touch axes
/// of the oldest contact, `MSC_TIMESTAMP`), so only codes the device
/// declares are sent. For streams no kernel sends (a slot without a
/// tracking id, `SYN_DROPPED`, values out of range), ``raw(_:)`` and
/// ``rawFrame(at:_:)`` add events as they are.
///
/// ```swift
/// var script = FingerScript(device: SynthesizedDevices.touchscreen)
/// script.down(0, FingerScript.Finger(x: 1000, y: 800))
/// script.frame(at: 0.010)                     // lands: tracking id 1, BTN_TOUCH 1
/// script.down(0, FingerScript.Finger(x: 1040, y: 800))
/// script.frame(at: 0.018)                     // moves: ABS_MT_POSITION_X, ABS_X
/// script.up(0)
/// script.frame(at: 0.026)                     // lifts: tracking id -1, BTN_TOUCH 0
/// let events = script.events
/// ```
@_spi(Testing)
public struct FingerScript: Sendable {
    /// Where a finger is, in device units, and how it presses.
    public struct Finger: Sendable, Hashable {
        public var x: Int32
        public var y: Int32
        /// `ABS_MT_PRESSURE`, sent when the device declares it.
        public var pressure: Int32
        /// `ABS_MT_TOUCH_MAJOR`, sent when the device declares it.
        public var touchMajor: Int32
        /// The slot the device reports the finger in, as a driver that
        /// numbers contacts itself does; `nil`: the lowest free slot, as
        /// `input_mt_assign_slots` picks.
        public var slot: Int?
        /// `ABS_MT_TOOL_TYPE` (0, `MT_TOOL_FINGER`; 2, `MT_TOOL_PALM`), sent when the device declares it.
        public var toolType: Int32

        /// A finger at `x`, `y` (device units).
        ///
        /// ```swift
        /// let finger = FingerScript.Finger(x: 300, y: 200, pressure: 70, slot: 1)
        /// let palm = FingerScript.Finger(x: 900, y: 500, toolType: 2)
        /// ```
        public init(x: Int32, y: Int32, pressure: Int32 = 0, touchMajor: Int32 = 0, slot: Int? = nil, toolType: Int32 = 0) {
            self.x = x
            self.y = y
            self.pressure = pressure
            self.touchMajor = touchMajor
            self.slot = slot
            self.toolType = toolType
        }
    }

    /// The device the events are of.
    public var device: DeviceDescription { encoder.device }
    /// Every event so far, frame after frame.
    public private(set) var events: [InputEvent] = []
    /// The fingers down, by key.
    public private(set) var fingers: [Int: Finger] = [:]
    /// Keys of the fingers down, in the order they landed (new fingers take free slots in this order).
    private var landingOrder: [Int] = []
    /// The kernel's side: slots, tracking ids and the values last sent.
    package var encoder: EvdevEncoder

    /// A script for a freshly opened `device`, whose first new contact gets
    /// `firstTrackingID`, with `currentSlot` the slot the kernel holds as current
    /// (a client that opens a device in use starts in the slot last named).
    ///
    /// ```swift
    /// var script = FingerScript(device: SynthesizedDevices.touchpad, firstTrackingID: 100)
    /// ```
    public init(device: DeviceDescription, firstTrackingID: Int32 = 1, currentSlot: Int = 0) {
        encoder = EvdevEncoder(device: device, firstTrackingID: firstTrackingID, currentSlot: currentSlot)
    }

    /// The slot per-slot events apply to until `ABS_MT_SLOT` names another.
    /// Raw events do not change it: after raw events that name a slot, set it
    /// to -1 and the next frame names its slot, whatever it is.
    ///
    /// ```swift
    /// script.currentSlot = -1
    /// ```
    public var currentSlot: Int {
        get { encoder.emittedSlot }
        set { encoder.emittedSlot = newValue }
    }

    /// Lands the finger `key` at `finger`, or moves it there when it is down;
    /// sent with the next ``frame(at:)``.
    ///
    /// ```swift
    /// script.down(7, FingerScript.Finger(x: 120, y: 340))
    /// ```
    public mutating func down(_ key: Int, _ finger: Finger) {
        if fingers.updateValue(finger, forKey: key) == nil { landingOrder.append(key) }
    }

    /// Lifts the finger `key` (nothing when it is up); sent with the next ``frame(at:)``.
    ///
    /// ```swift
    /// script.up(7)
    /// ```
    public mutating func up(_ key: Int) {
        guard fingers.removeValue(forKey: key) != nil else { return }
        landingOrder.removeAll { $0 == key }
    }

    /// Sends a frame at `microseconds`: what changed since the last one, in
    /// the kernel's order, closed by `SYN_REPORT`. Returns its events, none
    /// when nothing changed (the kernel sends no lone `SYN_REPORT`).
    ///
    /// ```swift
    /// let frame = script.frame(atMicroseconds: 1_010_000)
    /// ```
    @discardableResult
    public mutating func frame(atMicroseconds microseconds: Int64) -> [InputEvent] {
        let contacts = landingOrder.compactMap { key in fingers[key].map { SensedContact(key: key, finger: $0) } }
        let frame = encoder.encode(time: microseconds, contacts: contacts)
        events += frame
        return frame
    }

    /// Sends a frame at `time` seconds (to the nearest microsecond), as ``frame(atMicroseconds:)``.
    ///
    /// ```swift
    /// script.frame(at: 1.01)
    /// ```
    @discardableResult
    public mutating func frame(at time: Double) -> [InputEvent] {
        frame(atMicroseconds: Int64(saturating: (time * 1_000_000).rounded()))
    }

    /// Adds `events` as they are, past the kernel model (which does not see
    /// them): streams no kernel sends, or events of codes it does not model.
    ///
    /// ```swift
    /// script.raw([InputEvent(time: 0.5, type: .syn, code: SynCode.dropped, value: 0)])
    /// ```
    public mutating func raw(_ events: [InputEvent]) {
        self.events += events
    }

    /// Adds a frame written by hand at `time` seconds: `body`'s events as
    /// they are, then `SYN_REPORT`, past the kernel model.
    ///
    /// ```swift
    /// script.rawFrame(at: 0.5, [(.abs, AbsCode.mtSlot, 3), (.abs, AbsCode.mtPositionX, 10)])
    /// ```
    public mutating func rawFrame(at time: Double, _ body: [(EventType, UInt16, Int32)]) {
        events += body.map { InputEvent(time: time, type: $0.0, code: $0.1, value: $0.2) }
        events.append(InputEvent(time: time, type: .syn, code: SynCode.report, value: 0))
    }
}
