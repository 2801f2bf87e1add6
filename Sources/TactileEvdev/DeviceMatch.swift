// Which device a following session reads: "the touchscreen", or one device by what identifies it wherever it is plugged in.
import Tactile

/// Which device a ``FollowingSession`` reads, whatever node it has: a kind
/// ("the touchscreen": the first one, in node order) or one device by what
/// identifies it. Every field that is set must match; a field left `nil`
/// matches anything. Only touch devices (touchpads and touchscreens) match.
///
/// What identifies a device, and why:
/// - **name** and **ids** (bus, vendor, product: `struct input_id`, not its
///   version, which a firmware update changes): the model. They stay the
///   same on every port and every node, so they are what ``device(_:)``
///   takes.
/// - **uniq** (`EVIOCGUNIQ`): a serial number, when the device has one
///   (most touchscreens have none); it tells two panels of one model apart
///   wherever they are plugged in, so ``device(_:)`` takes it when it is there.
/// - **phys** (`EVIOCGPHYS`): where the device is plugged in
///   (`usb-0000:00:14.0-2/input0`). It changes with the port, so
///   ``device(_:)`` leaves it out; set it to tell two panels of one model
///   without serials apart by their ports (a kiosk with two panels).
/// - The node (`/dev/input/event5`) identifies nothing: the kernel gives a
///   device that comes back the first free number, often another.
///
/// ```swift
/// let session = FollowingSession(following: .touchscreen, window: window)
/// // This panel, wherever it is plugged in:
/// let panel = FollowingSession(following: .device(try EvdevDevice(path: "/dev/input/event5")), window: window)
/// // The panel of this model on the left USB port:
/// var left = DeviceMatch(kind: .touchscreen, name: "ILITEK ILITEK-TP")
/// left.phys = "usb-0000:01:00.0-1.2/input0"
/// ```
public struct DeviceMatch: Sendable, Hashable, CustomStringConvertible {
    /// The kind of device; `nil`: a touchpad or a touchscreen.
    public var kind: DeviceKind?
    /// The kernel's device name, exactly.
    public var name: String?
    /// Bus type, vendor and product (the version is not compared).
    public var ids: DeviceIdentity?
    /// The unique identifier (`EVIOCGUNIQ`; ``EvdevDevice/uniqueIdentifier``).
    public var uniq: String?
    /// Where the device is plugged in (`EVIOCGPHYS`; ``EvdevDevice/physicalLocation``).
    public var phys: String?

    /// A match on the fields given; the others match anything.
    public init(kind: DeviceKind? = nil, name: String? = nil, ids: DeviceIdentity? = nil, uniq: String? = nil, phys: String? = nil) {
        self.kind = kind
        self.name = name
        self.ids = ids
        self.uniq = uniq
        self.phys = phys
    }

    /// The first touchscreen, in node order.
    public static let touchscreen = DeviceMatch(kind: .touchscreen)
    /// The first touchpad, in node order.
    public static let touchpad = DeviceMatch(kind: .touchpad)
    /// The first touch device (touchpad or touchscreen), in node order.
    public static let anyTouchDevice = DeviceMatch()

    /// `device`, wherever it is plugged in: its kind, name and ids, and its
    /// unique identifier when it has one (not its port: see the type).
    public static func device(_ device: EvdevDevice) -> DeviceMatch {
        let description = device.description
        return DeviceMatch(kind: description.kind, name: description.name, ids: description.identity, uniq: device.uniqueIdentifier)
    }

    /// Whether a device described by `description`, with unique identifier
    /// `uniq` and physical location `phys`, is the one this match names.
    ///
    /// ```swift
    /// DeviceMatch.touchscreen.matches(device.description)   // true for any touchscreen
    /// ```
    public func matches(_ description: DeviceDescription, uniq: String? = nil, phys: String? = nil) -> Bool {
        guard description.kind != .other, kind.map({ $0 == description.kind }) ?? true else { return false }
        if let name, name != description.name { return false }
        if let ids {
            let other = description.identity
            guard ids.bustype == other.bustype, ids.vendor == other.vendor, ids.product == other.product else { return false }
        }
        if let wanted = self.uniq, wanted != uniq { return false }
        if let wanted = self.phys, wanted != phys { return false }
        return true
    }

    /// Whether `device` is the one this match names.
    public func matches(_ device: EvdevDevice) -> Bool {
        matches(device.description, uniq: device.uniqueIdentifier, phys: device.physicalLocation)
    }

    /// Whether a node that cannot be opened, whose name sysfs gives as
    /// `name` (`nil`: unknown), may hold the device: what decides whether
    /// its problem is worth saying.
    func mayBe(name nodeName: String?) -> Bool {
        guard let name, let nodeName else { return true }
        return name == nodeName
    }

    /// "the touchscreen", "“ILITEK-TP” (touchscreen, 222a:0001, on usb-…)".
    public var description: String {
        var parts: [String] = []
        if let kind { parts.append(kind.rawValue) }
        if let ids { parts.append(Self.hex(ids.vendor) + ":" + Self.hex(ids.product)) }
        if let uniq { parts.append("serial " + TextFormat.visible(uniq)) }
        if let phys { parts.append("on " + TextFormat.visible(phys)) }
        guard let name else {
            let rest = parts.dropFirst().joined(separator: ", ")
            return "the " + (kind?.rawValue ?? "touch device") + (rest.isEmpty ? "" : " (\(rest))")
        }
        return "“\(TextFormat.visible(name))”" + (parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))")
    }

    private static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
