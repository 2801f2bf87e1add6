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
    /// The whole message; its first line ends with where the expectation
    /// is written (`(at ZoomTests.swift:31)`).
    public var description: String
    /// The file (`Module/File.swift`, as `#fileID`) and line of the expectation, when known.
    public var fileID: String?
    public var line: Int?
    /// Whether the failure was recorded at its line with the test framework
    /// running before it was thrown (``TouchTester/recordsFailures``).
    public internal(set) var isRecorded = false

    /// A failure saying `description`.
    public init(_ description: String) {
        self.description = description
    }

    /// A failure saying `description`, of the expectation written at `fileID`:`line`.
    ///
    /// ```swift
    /// throw TouchTestFailure("zoom: expected ended", fileID: #fileID, line: #line)
    /// ```
    public init(_ description: String, fileID: String, line: Int) {
        let file = fileID.split(separator: "/").last.map(String.init) ?? fileID
        var lines = description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[0] += " (at \(file):\(line))"
        self.description = lines.joined(separator: "\n")
        self.fileID = fileID
        self.line = line
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

    /// Lines that explain what `recognizer` did: its actions in short, then
    /// its last trace lines (the trace names recognizers, so a namesake's
    /// steps are among them: the first line says when one shares the name).
    func explanation(of recognizer: GestureRecognizer) -> [String] {
        let name = recognizer.name
        let own = actions(of: recognizer)
        var lines: [String] = []
        let namesakes = Self.recognizers(in: window).filter { $0 !== recognizer && $0.name == name }.count
        if namesakes > 0 {
            lines.append("  note: \(namesakes) other recognizer\(namesakes == 1 ? " is" : "s are") named \"\(name)\" too: "
                         + "only this one's actions count (name them apart: init(name:))")
        }
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

    /// Every recognizer attached to `view` and the views under it.
    static func recognizers(in view: View) -> [GestureRecognizer] {
        view.gestureRecognizers + view.subviews.flatMap { recognizers(in: $0) }
    }
}
