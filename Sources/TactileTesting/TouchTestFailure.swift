// What a failed touch expectation says: the recognizer, the time, the expected and actual values, and the trace lines that explain it.
import Tactile

/// An expectation of a ``TouchTester`` that did not hold. Thrown, so it
/// fails a Swift Testing `@Test` and an XCTest method alike, with its
/// ``description`` as the message:
///
/// ```
/// pinch: expected ended with scale ≈ 2.000 ± 0.100; got ended at 0.612 s with scale 1.532
///   pinch's actions: began 0.105 s, changed ×12 (0.117 s … 0.600 s), ended 0.612 s
///   pinch's trace (last 3 of 9):
///     0.105000 pinch@window: began …
/// ```
public struct TouchTestFailure: Error, CustomStringConvertible, Sendable {
    /// The whole message.
    public var description: String

    /// A failure saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}

/// A value and how far from it an actual value may be: `2.0 ± 0.1`.
public struct ApproximateValue: Hashable, Sendable, CustomStringConvertible {
    /// The value expected.
    public var value: Double
    /// The largest difference accepted.
    public var tolerance: Double

    /// `value` give or take `tolerance`.
    public init(_ value: Double, tolerance: Double) {
        self.value = value
        self.tolerance = abs(tolerance)
    }

    /// Whether `actual` is within the tolerance.
    public func accepts(_ actual: Double) -> Bool { abs(actual - value) <= tolerance }

    /// `2.000 ± 0.100`.
    public var description: String { "\(Self.format(value)) ± \(Self.format(tolerance))" }

    static func format(_ value: Double) -> String { FixedDecimal.format(value, places: 3) }
}

infix operator ± : RangeFormationPrecedence

/// `value` give or take `tolerance`, for expectations: `["scale": 2.0 ± 0.1]`.
public func ± (value: Double, tolerance: Double) -> ApproximateValue {
    ApproximateValue(value, tolerance: tolerance)
}

extension TouchTester {
    /// How many trace lines of a recognizer a failure quotes, at most (the last ones).
    static let quotedTraceLines = 12

    /// Lines that explain what `name` did: its actions in short, then its last trace lines.
    func explanation(of name: String) -> [String] {
        let own = actions.filter { $0.recognizer == name }
        var lines: [String] = []
        if own.isEmpty {
            lines.append("  \(name)'s actions: none")
        } else {
            var parts: [String] = []
            var index = 0
            while index < own.count {
                let state = own[index].state
                var end = index
                while end + 1 < own.count, own[end + 1].state == state { end += 1 }
                let first = ApproximateValue.format(own[index].time), last = ApproximateValue.format(own[end].time)
                parts.append(end == index ? "\(state.rawValue) \(first) s" : "\(state.rawValue) ×\(end - index + 1) (\(first) s … \(last) s)")
                index = end + 1
            }
            lines.append("  \(name)'s actions: " + parts.joined(separator: ", "))
        }
        let steps = trace.filter { $0.recognizer == name }
        if steps.isEmpty {
            lines.append("  \(name)'s trace: empty (no touch reached it: is it attached to a view under the touches, and enabled?)")
        } else {
            let shown = steps.suffix(Self.quotedTraceLines)
            lines.append("  \(name)'s trace" + (shown.count < steps.count ? " (last \(shown.count) of \(steps.count)):" : ":"))
            lines += shown.map { "    " + $0.description }
        }
        return lines
    }
}
