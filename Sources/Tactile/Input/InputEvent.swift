// One evdev event: time, type, code, value.

/// One evdev event, as the kernel delivers it: a timestamp split into seconds
/// and microseconds, a type, a code and a value.
///
/// Times keep the kernel's integer form so that a recording round-trips
/// exactly; ``time`` gives the same instant in seconds as a `Double`.
///
/// ```swift
/// let landing = [
///     InputEvent(time: 0.0, type: .abs, code: AbsCode.mtTrackingID, value: 7),
///     InputEvent(time: 0.0, type: .abs, code: AbsCode.mtPositionX, value: 500),
///     InputEvent(time: 0.0, type: .abs, code: AbsCode.mtPositionY, value: 300),
///     InputEvent(time: 0.0, type: .syn, code: SynCode.report, value: 0),
/// ]
/// pipeline.process(landing)
/// ```
public struct InputEvent: Hashable, Sendable {
    /// Whole seconds of the kernel timestamp (`input_event.input_event_sec`).
    public var seconds: Int64
    /// Microseconds within the second, 0 ..< 1_000_000.
    public var microseconds: Int32
    /// The event type (`EV_*`).
    public var type: EventType
    /// The code within the type (`SYN_*`, `ABS_*`, `KEY_*`/`BTN_*`, …).
    public var code: UInt16
    /// The value: an axis position, 1/0 for a key press/release, a slot index, a tracking id.
    public var value: Int32

    @inlinable
    public init(seconds: Int64, microseconds: Int32, type: EventType, code: UInt16, value: Int32) {
        self.seconds = seconds
        self.microseconds = microseconds
        self.type = type
        self.code = code
        self.value = value
    }

    /// Builds an event from a time in seconds, rounded to the nearest
    /// microsecond (a time beyond ±292 000 years is clamped; NaN is 0).
    public init(time: Double, type: EventType, code: UInt16, value: Int32) {
        let totalMicroseconds = Int64(saturating: (time * 1_000_000).rounded())
        var seconds = totalMicroseconds / 1_000_000
        var micro = totalMicroseconds % 1_000_000
        if micro < 0 {
            micro += 1_000_000
            seconds -= 1
        }
        self.init(seconds: seconds, microseconds: Int32(micro), type: type, code: code, value: value)
    }

    /// The same event `offset` microseconds later (earlier when negative),
    /// with seconds and microseconds normalized (clamped at the ends of
    /// ``timeInMicroseconds``'s range).
    public func shifted(byMicroseconds offset: Int64) -> InputEvent {
        let (sum, overflow) = timeInMicroseconds.addingReportingOverflow(offset)
        let total = overflow ? (offset < 0 ? Int64.min : .max) : sum
        var seconds = total / 1_000_000
        var micro = total % 1_000_000
        if micro < 0 {
            micro += 1_000_000
            seconds -= 1
        }
        return InputEvent(seconds: seconds, microseconds: Int32(micro), type: type, code: code, value: value)
    }

    /// The timestamp in seconds.
    @inlinable
    public var time: Double { Double(seconds) + Double(microseconds) * 1e-6 }

    /// The timestamp in whole microseconds, for exact comparisons.
    ///
    /// A time beyond what an `Int64` of microseconds holds (about ±292,000
    /// years; the recording readers refuse such times) is clamped to
    /// `Int64.min` or `Int64.max` instead of trapping.
    @inlinable
    public var timeInMicroseconds: Int64 {
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        let (total, carry) = whole.addingReportingOverflow(Int64(microseconds))
        guard !overflow, !carry else { return seconds < 0 ? .min : .max }
        return total
    }

    /// `true` for `EV_SYN`/`SYN_REPORT`, the end of a frame.
    @inlinable
    public var isReport: Bool { type == .syn && code == SynCode.report }
}

extension InputEvent: CustomStringConvertible {
    /// The event in evemu's `E:` notation, with symbolic names added.
    public var description: String {
        "\(seconds).\(TextFormat.decimal(microseconds, width: 6)) \(EventCodeNames.qualifiedName(type: type, code: code)) \(value)"
    }
}
