// What a device is: its kind, name, axes, keys, properties and slots.

/// What kind of touch device a description belongs to.
public enum DeviceKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// Touches land on a display (`INPUT_PROP_DIRECT`).
    case touchscreen
    /// An indirect surface that moves a pointer (laptop touchpads, tablets without display).
    case touchpad
    /// Anything else: no touch capability.
    case other
}

/// Bus type and ids of a device (`struct input_id`).
public struct DeviceIdentity: Hashable, Sendable, Codable {
    public var bustype: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16

    public init(bustype: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0) {
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
    }
}

/// The event codes of one type that a device announces, for types the
/// description has no dedicated field for (`EV_MSC`, `EV_REL`, `EV_SW`…).
public struct EventCodeSet: Hashable, Sendable, Codable {
    public var type: EventType
    public var codes: [UInt16]

    public init(type: EventType, codes: [UInt16]) {
        self.type = type
        self.codes = codes.sorted()
    }
}

/// Everything the engine needs to know about a device: who it is, what it can
/// report and how to turn its units into millimetres.
///
/// Built from libevdev for a live device and stored in every recording, so a
/// recording replays exactly as the device it came from.
///
/// ```swift
/// let pad = DeviceDescription(
///     name: "Touchpad", properties: [InputProperty.pointer, InputProperty.buttonPad],
///     keys: [KeyCode.touch, KeyCode.toolFinger, KeyCode.toolDoubleTap],
///     axes: [AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 4),
///            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 1939, resolution: 20),
///            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 1299, resolution: 20),
///            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535)])
/// print(pad.kind, pad.slotCount)   // touchpad 5
/// ```
public struct DeviceDescription: Hashable, Sendable, Codable {
    /// The kernel's device name.
    public var name: String
    public var identity: DeviceIdentity
    /// `INPUT_PROP_*` values the device sets, ascending.
    public var properties: [UInt16]
    /// `EV_KEY` codes the device can send (`BTN_TOUCH`, `BTN_TOOL_FINGER` … `BTN_TOOL_QUINTTAP`, buttons), ascending.
    public var keys: [UInt16]
    /// Absolute axes, ascending by code.
    public var axes: [AbsoluteAxis]
    /// Codes of other event types (`EV_MSC`, `EV_REL`, …) the device announces.
    public var otherCodes: [EventCodeSet]
    /// What the device is, as derived from properties, keys and axes (see ``DeviceKind``).
    public var kind: DeviceKind

    /// Describes a device; `kind` defaults to what ``classify(properties:keys:axes:otherCodes:)`` infers.
    public init(
        name: String,
        identity: DeviceIdentity = DeviceIdentity(),
        properties: [UInt16] = [],
        keys: [UInt16] = [],
        axes: [AbsoluteAxis] = [],
        otherCodes: [EventCodeSet] = [],
        kind: DeviceKind? = nil
    ) {
        self.name = name
        self.identity = identity
        self.properties = Array(Set(properties)).sorted()
        self.keys = Array(Set(keys)).sorted()
        var byCode: [UInt16: AbsoluteAxis] = [:]
        for axis in axes { byCode[axis.code] = axis }
        self.axes = byCode.values.sorted { $0.code < $1.code }
        self.otherCodes = otherCodes.sorted { $0.type < $1.type }
        self.kind = kind ?? Self.classify(properties: properties, keys: keys, axes: axes, otherCodes: otherCodes)
    }

    /// The axis with `code`, if the device has it.
    public func axis(_ code: UInt16) -> AbsoluteAxis? {
        axes.first { $0.code == code }
    }

    /// Whether the device sets the input property.
    public func hasProperty(_ property: UInt16) -> Bool { properties.contains(property) }

    /// Whether the device announces the key or button.
    public func hasKey(_ code: UInt16) -> Bool { keys.contains(code) }

    /// Whether the device announces `code` of `type`.
    public func hasCode(_ code: UInt16, type: EventType) -> Bool {
        switch type {
        case .syn: return true
        case .key: return hasKey(code)
        case .abs: return axis(code) != nil
        default: return otherCodes.first { $0.type == type }?.codes.contains(code) ?? false
        }
    }

    /// The number of multitouch slots (protocol B), or 0 for a device without
    /// `ABS_MT_SLOT`; never more than ``DeviceLimits/maximumSlots``, whatever
    /// the axis claims (readers refuse such an axis; see ``AbsoluteAxis/limitProblem``).
    public var slotCount: Int {
        guard let slot = axis(AbsCode.mtSlot) else { return 0 }
        return Swift.min(Swift.max(0, Int(slot.maximum) - Int(slot.minimum) + 1), DeviceLimits.maximumSlots)
    }

    /// The most fingers the device can count, from its slots and `BTN_TOOL_*` keys.
    public var maximumFingerCount: Int {
        let toolCount = keys.compactMap(KeyCode.fingerCount(ofTool:)).max() ?? 0
        let single = (axis(AbsCode.x) != nil && hasKey(KeyCode.touch)) ? 1 : 0
        return Swift.max(slotCount, toolCount, single)
    }

    /// The axes that give touch positions: `ABS_MT_POSITION_X/Y` on a
    /// multitouch device, `ABS_X/Y` otherwise; `nil` when there are none.
    public var positionAxes: (x: AbsoluteAxis, y: AbsoluteAxis)? {
        if let x = axis(AbsCode.mtPositionX), let y = axis(AbsCode.mtPositionY) { return (x, y) }
        if let x = axis(AbsCode.x), let y = axis(AbsCode.y) { return (x, y) }
        return nil
    }

    /// Infers the kind the way libinput and udev do: a direct device with touch
    /// positions is a touchscreen; an indirect one with finger tools, slots or
    /// `INPUT_PROP_POINTER`/`BUTTONPAD` is a touchpad; a mouse with a touch
    /// surface (relative axes), a pen tablet, or anything without touch
    /// positions is `other`.
    public static func classify(
        properties: [UInt16], keys: [UInt16], axes: [AbsoluteAxis], otherCodes: [EventCodeSet] = []
    ) -> DeviceKind {
        let codes = Set(axes.map(\.code))
        let hasMT = codes.contains(AbsCode.mtPositionX) && codes.contains(AbsCode.mtPositionY)
        let hasST = codes.contains(AbsCode.x) && codes.contains(AbsCode.y)
        let keySet = Set(keys)
        let touchCapable = hasMT || (hasST && (keySet.contains(KeyCode.touch) || keySet.contains(KeyCode.toolFinger)))
        guard touchCapable else { return .other }
        let relative = otherCodes.first { $0.type == .rel }?.codes ?? []
        if relative.contains(0x00), relative.contains(0x01) { return .other }  // REL_X/REL_Y: a mouse
        // Pen tablets report positions too: tilt, hover distance or stylus buttons give them away.
        let penOnly = keySet.contains(KeyCode.toolPen) && !keySet.contains(KeyCode.toolFinger)
            && (codes.contains(0x1a) || codes.contains(AbsCode.distance) || keySet.contains(KeyCode.stylus))
        if !hasMT, penOnly { return .other }
        if properties.contains(InputProperty.direct) { return .touchscreen }
        if properties.contains(InputProperty.pointer) || properties.contains(InputProperty.buttonPad)
            || keySet.contains(KeyCode.toolFinger) {
            return .touchpad
        }
        // Old kernels set no properties; touch without a finger tool is a screen.
        return .touchscreen
    }
}
