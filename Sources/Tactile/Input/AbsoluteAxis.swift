// One absolute axis of a device, as the kernel's input_absinfo describes it.

/// One absolute axis of a device, as `struct input_absinfo` describes it.
public struct AbsoluteAxis: Hashable, Sendable, Codable {
    /// The `ABS_*` code of the axis.
    public var code: UInt16
    public var minimum: Int32
    public var maximum: Int32
    /// Noise the kernel filters out, in device units.
    public var fuzz: Int32
    /// Dead zone around the centre (joysticks), in device units.
    public var flat: Int32
    /// Units per millimetre for position axes (units per radian for orientation); 0 when unknown.
    public var resolution: Int32

    public init(code: UInt16, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.code = code
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// The number of units the axis spans (`maximum - minimum`, never negative).
    public var span: Double { Swift.max(0, Double(maximum) - Double(minimum)) }

    /// `value` limited to `minimum ... maximum`.
    @inlinable
    public func clamp(_ value: Int32) -> Int32 {
        Swift.min(Swift.max(value, minimum), Swift.max(minimum, maximum))
    }

    /// Whether `value` lies within `minimum ... maximum`.
    @inlinable
    public func contains(_ value: Int32) -> Bool {
        value >= minimum && value <= maximum
    }
}
