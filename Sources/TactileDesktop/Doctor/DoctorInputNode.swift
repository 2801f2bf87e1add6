// An event node as the doctor sees it without opening it: its kind from udev's database (or sysfs's capability bits) and its name.
import Tactile
import TactileService

/// An event node (`/dev/input/event5`) as udev and sysfs describe it, so
/// that a node the user may not open is still known as a touchscreen.
///
/// The kind is udev's (`ID_INPUT_TOUCHSCREEN`, `ID_INPUT_TOUCHPAD` in
/// `/run/udev/data/c13:N`: what the udev rules match on); without it, the
/// capability bits in `/sys/class/input/eventN/device/` decide.
///
/// ```swift
/// let node = DoctorInputNode.read("event5", system: system)
/// node.kind          // .touchscreen
/// node.name          // "ELAN9008:00 04F3:2C1B"
/// ```
package struct DoctorInputNode: Hashable, Sendable {
    /// The node's path (`/dev/input/event5`), as on the machine (not under the root).
    public var path: String
    /// The device's name, if sysfs has it.
    public var name: String?
    /// What kind of device it is; `nil` when neither udev nor sysfs says.
    public var kind: DeviceKind?
    /// Whether it is one of `tactile serve`'s own virtual devices (its physical path says so).
    public var isServiceDevice: Bool

    /// A node with these properties.
    public init(path: String, name: String?, kind: DeviceKind?, isServiceDevice: Bool) {
        self.path = path
        self.name = name
        self.kind = kind
        self.isServiceDevice = isServiceDevice
    }

    /// Whether it is a touchscreen or a touchpad.
    public var isTouchDevice: Bool { kind == .touchscreen || kind == .touchpad }

    /// Describes `/dev/input/<node>` from udev's database and sysfs under the system's root.
    public static func read(_ node: String, system: DoctorSystem) -> DoctorInputNode {
        let sysfs = "/sys/class/input/" + node
        let device = sysfs + "/device"
        let name = system.systemText(device + "/name", limit: 4096).map(PlainText.trimmed).flatMap { $0.isEmpty ? nil : $0 }
        let phys = system.systemText(device + "/phys", limit: 4096).map(PlainText.trimmed)
        var kind: DeviceKind?
        if let number = system.systemText(sysfs + "/dev", limit: 64).map(PlainText.trimmed), !number.isEmpty,
           let database = system.systemText("/run/udev/data/c" + number, limit: 1 << 16) {
            kind = udevKind(database)
        }
        if kind == nil {
            kind = capabilityKind(abs: system.systemText(device + "/capabilities/abs", limit: 4096),
                                  key: system.systemText(device + "/capabilities/key", limit: 4096),
                                  properties: system.systemText(device + "/properties", limit: 4096))
        }
        return DoctorInputNode(path: "/dev/input/" + node, name: name, kind: kind,
                               isServiceDevice: UInputSink.isServiceDevice(phys: phys))
    }

    /// The kind udev's database record gives (`E:ID_INPUT_TOUCHSCREEN=1`),
    /// `.other` for an input device of another kind, `nil` without `ID_INPUT`.
    ///
    /// ```swift
    /// DoctorInputNode.udevKind("E:ID_INPUT=1\nE:ID_INPUT_TOUCHPAD=1\n")   // .touchpad
    /// ```
    public static func udevKind(_ record: String) -> DeviceKind? {
        let properties = Set(record.split(separator: "\n").map { PlainText.trimmed($0) })
        if properties.contains("E:ID_INPUT_TOUCHSCREEN=1") { return .touchscreen }
        if properties.contains("E:ID_INPUT_TOUCHPAD=1") { return .touchpad }
        return properties.contains("E:ID_INPUT=1") ? .other : nil
    }

    /// The kind the capability bits give (sysfs's hexadecimal masks, most
    /// significant word first): a touchscreen reports absolute positions,
    /// `BTN_TOUCH` and `INPUT_PROP_DIRECT`; a touchpad positions,
    /// `BTN_TOUCH` and `BTN_TOOL_FINGER` without being direct. `nil` without
    /// any mask.
    ///
    /// ```swift
    /// DoctorInputNode.capabilityKind(abs: "660800000000003", key: "400 0 0 0 0 0", properties: "2")   // .touchscreen
    /// ```
    public static func capabilityKind(abs: String?, key: String?, properties: String?) -> DeviceKind? {
        guard abs != nil || key != nil else { return nil }
        let positions = bit(0x00, in: abs) || bit(0x35, in: abs)   // ABS_X, ABS_MT_POSITION_X
        let touch = bit(0x14a, in: key)                              // BTN_TOUCH
        guard positions, touch else { return .other }
        if bit(1, in: properties) { return .touchscreen }            // INPUT_PROP_DIRECT
        if bit(0x145, in: key), !bit(0x140, in: key) { return .touchpad }   // BTN_TOOL_FINGER, not BTN_TOOL_PEN
        return .other
    }

    /// Whether bit `number` is set in a sysfs mask (`"3 0 ff"`: words of the
    /// machine's word size, most significant first).
    static func bit(_ number: Int, in mask: String?) -> Bool {
        guard let mask else { return false }
        let words = mask.split(whereSeparator: { $0 == " " || $0 == "\n" }).reversed().map { UInt64($0, radix: 16) }
        let width = UInt.bitWidth
        let index = number / width
        guard index < words.count, let word = words[index] else { return false }
        return word & (1 << UInt64(number % width)) != 0
    }

}
