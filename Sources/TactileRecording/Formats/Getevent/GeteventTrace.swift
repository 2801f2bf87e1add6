// An Android getevent trace as printed: one device's events, protocol A kept, and the protocol they follow.
import Tactile

/// The events of one device in an Android `getevent -lt` trace, as they were
/// printed: protocol A stays protocol A here. ``Recording/init(getevent:options:)``
/// turns a trace into a recording a `TouchAssembler` can read.
///
/// `getevent -lt` prints one event per line, with the kernel timestamp,
/// optionally the device node (when it watches several), the type, the code
/// (by name with `-l`, else in hex) and the value in hex (two's complement,
/// `ffffffff` = -1; keys as `DOWN`, `UP`, `REPEAT` with `-l`):
///
/// ```
/// [    1193.605705] EV_ABS       ABS_MT_POSITION_X    00000213
/// [    1193.605731] EV_SYN       SYN_MT_REPORT        00000000
/// [  212989.315368] /dev/input/event1: EV_KEY  BTN_TOUCH  DOWN
/// ```
///
/// The `add device N: /dev/input/eventN` blocks getevent prints first are read
/// for the device names (`name: "…"`); their other lines are skipped.
public struct GeteventTrace: Hashable, Sendable {
    /// How a trace's multitouch events are organised.
    public enum MultitouchProtocol: String, Hashable, Sendable {
        /// `SYN_MT_REPORT` after each contact, no slots.
        case a
        /// Slots (`ABS_MT_SLOT`) and tracking ids: what the kernel sends today.
        case b
        /// Tracking ids and partial updates as in protocol B, but never an
        /// `ABS_MT_SLOT`: one contact in the implied slot 0.
        case bWithoutSlots
        /// No `ABS_MT_*` events at all (a single-touch device, or keys only).
        case none
    }

    /// The device node the events came from, when getevent printed one.
    public var devicePath: String?
    /// The name getevent printed for that device in its `add device` block, if it did.
    public var deviceName: String?
    /// The events, in file order, with the kernel's timestamps.
    public var events: [InputEvent]
    /// The device nodes that sent events, in order of appearance (empty when
    /// the trace names none).
    public var devicesSeen: [String]

    public init(devicePath: String? = nil, deviceName: String? = nil, events: [InputEvent], devicesSeen: [String] = []) {
        self.devicePath = devicePath
        self.deviceName = deviceName
        self.events = events
        self.devicesSeen = devicesSeen
    }

    /// The protocol the events follow, judged from the codes they use.
    public var multitouchProtocol: MultitouchProtocol {
        var sawMultitouch = false
        var sawSlot = false
        for event in events {
            if event.type == .syn, event.code == SynCode.mtReport { return .a }
            guard event.type == .abs else { continue }
            if event.code == AbsCode.mtSlot { sawSlot = true }
            if ProtocolAConverter.isContactCode(event.code) { sawMultitouch = true }
        }
        if sawSlot { return .b }
        return sawMultitouch ? .bWithoutSlots : .none
    }
}
