// The values a device's absolute axes hold at one moment (where reading began).

/// The values a device's absolute axes hold at one moment, as `EVIOCGABS`
/// reports them (`input_absinfo.value`): above all the state a device was in
/// when reading began, which a recording keeps so that its replay starts
/// where the device was.
///
/// What such a snapshot can tell:
/// - `ABS_MT_SLOT`: the slot the next events apply to. A stream that starts
///   with events for slot 1 and no `ABS_MT_SLOT` of its own (the kernel sends
///   one only when the slot changes) belongs to slot 1, and
///   ``TouchAssembler`` starts there.
/// - the single-touch axes (`ABS_X`, `ABS_Y`, `ABS_PRESSURE`…): their last values.
/// - Not the contacts: the kernel keeps per-slot values (tracking id,
///   position) apart, readable only with `EVIOCGMTSLOTS`; for `ABS_MT_*`
///   codes other than the slot, `EVIOCGABS` returns a value that the kernel
///   never updates. Neither does it hold the keys (`BTN_TOUCH`, `BTN_TOOL_*`).
///
/// Axes not listed hold 0, as a device that was never told otherwise does;
/// setting a value of 0 removes it, so equal snapshots compare equal.
///
/// ```swift
/// let values: AxisValues = [AbsCode.mtSlot: 1]   // the stream starts in slot 1
/// var assembler = TouchAssembler(device: touchpad, axisValues: values)
/// ```
public struct AxisValues: Hashable, Sendable {
    /// The non-zero values by `ABS_*` code.
    private var storage: [UInt16: Int32]

    /// No values: every axis at 0.
    public init() {
        storage = [:]
    }

    /// The given values (zeros are dropped); a code given twice keeps its last value.
    public init<S: Sequence>(_ values: S) where S.Element == (code: UInt16, value: Int32) {
        storage = [:]
        for (code, value) in values { self[code] = value }
    }

    /// The values of a dictionary by `ABS_*` code (zeros are dropped).
    public init(_ values: [UInt16: Int32]) {
        storage = values.filter { $0.value != 0 }
    }

    /// The value of the axis with `code` (0 when not listed). Setting 0 removes it.
    public subscript(code: UInt16) -> Int32 {
        get { storage[code] ?? 0 }
        set { storage[code] = newValue == 0 ? nil : newValue }
    }

    /// The non-zero values, ascending by code.
    public var entries: [(code: UInt16, value: Int32)] {
        storage.sorted { $0.key < $1.key }.map { (code: $0.key, value: $0.value) }
    }

    /// Whether every axis is at 0.
    public var isEmpty: Bool { storage.isEmpty }

    /// The number of non-zero values.
    public var count: Int { storage.count }

    /// The slot events apply to until an `ABS_MT_SLOT` says otherwise (the value of `ABS_MT_SLOT`).
    public var slot: Int { Int(self[AbsCode.mtSlot]) }

    /// Only the values whose codes pass `isIncluded`.
    public func filter(_ isIncluded: (UInt16) -> Bool) -> AxisValues {
        AxisValues(entries.filter { isIncluded($0.code) })
    }
}

extension AxisValues: ExpressibleByDictionaryLiteral {
    /// `[AbsCode.mtSlot: 1, AbsCode.x: 1677]`; zeros are dropped, a code given twice keeps its last value.
    public init(dictionaryLiteral elements: (UInt16, Int32)...) {
        self.init(elements.map { (code: $0.0, value: $0.1) })
    }
}

extension AxisValues: Codable {
    private struct Entry: Codable {
        var code: UInt16
        var value: Int32
    }

    /// Decodes `[{"code": 47, "value": 1}, …]`.
    public init(from decoder: any Decoder) throws {
        let entries = try [Entry](from: decoder)
        self.init(entries.map { (code: $0.code, value: $0.value) })
    }

    /// Encodes the non-zero values as `[{"code": 47, "value": 1}, …]`, ascending by code.
    public func encode(to encoder: any Encoder) throws {
        try entries.map { Entry(code: $0.code, value: $0.value) }.encode(to: encoder)
    }
}

extension AxisValues: CustomStringConvertible {
    /// `ABS_MT_SLOT 1, ABS_X 1677`, or `none` when empty.
    public var description: String {
        isEmpty ? "none" : entries.map { "\(EventCodeNames.name(ofCode: $0.code, type: .abs)) \($0.value)" }.joined(separator: ", ")
    }
}
