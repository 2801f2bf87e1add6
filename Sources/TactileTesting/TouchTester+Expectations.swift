// Expectations on what the recognizers did: a state with values within a tolerance, a sequence of actions, nothing at all.
import Tactile

extension TouchTester {
    /// Throws unless `recognizer` reported `state`, its last such action
    /// carrying each of `values` within its tolerance (names as in the
    /// action log: `scale`, `velocity.x`, `translation.y`, …). Only that
    /// recognizer's actions count, not those of another with its name.
    ///
    /// ```swift
    /// tester.pinch(center: Point(x: 400, y: 300), fromSpan: 100, toSpan: 200)
    /// try tester.expect(pinch, to: .ended, with: ["scale": 2.0 ± 0.1])
    /// ```
    ///
    /// - Returns: the action that met the expectation.
    @discardableResult
    public func expect(_ recognizer: GestureRecognizer, to state: GestureRecognizerState,
                       with values: [String: ApproximateValue] = [:],
                       fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line,
                       column: Int = #column) throws(TouchTestFailure) -> ActionRecord {
        let name = recognizer.name
        let wanted = values.sorted { $0.key < $1.key }
        let expected = "\(state.rawValue)" + (wanted.isEmpty ? "" : " with " + wanted.map { "\($0.key) ≈ \($0.value)" }.joined(separator: ", "))
        guard let action = actions(of: recognizer).last(where: { $0.state == state }) else {
            throw recorded((["\(name): expected \(expected); it never reported \(state.rawValue) (clock at \(ApproximateValue.format(now)) s)"]
                                    + explanation(of: recognizer)).joined(separator: "\n"), fileID: fileID, filePath: filePath, line: line, column: column)
        }
        var wrong: [String] = []
        for (key, approximate) in wanted {
            if let actual = action.value(named: key) {
                if !approximate.accepts(actual) { wrong.append("\(key) \(ApproximateValue.format(actual))") }
            } else {
                wrong.append("no \(key) (it reports " + action.values.map(\.name).joined(separator: ", ") + ")")
            }
        }
        guard wrong.isEmpty else {
            throw recorded((["\(name): expected \(expected); got \(state.rawValue) at \(ApproximateValue.format(action.time)) s with "
                                     + wrong.joined(separator: ", ")] + explanation(of: recognizer)).joined(separator: "\n"),
                                   fileID: fileID, filePath: filePath, line: line, column: column)
        }
        return action
    }

    /// Throws unless `recognizer` (every recognizer, when nil) reported no action.
    public func expectNoAction(from recognizer: GestureRecognizer? = nil,
                               fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line,
                       column: Int = #column) throws(TouchTestFailure) {
        let reported = zip(actions, actionSources).filter { recognizer == nil || $0.1 === recognizer }
        guard let first = reported.first?.0 else { return }
        var explained: [GestureRecognizer] = []
        for (_, source) in reported where !explained.contains(where: { $0 === source }) { explained.append(source) }
        throw recorded((["\(recognizer?.name ?? "no recognizer"): expected no action; got \(reported.count), the first "
                                 + "\(first.recognizer) \(first.state.rawValue) at \(ApproximateValue.format(first.time)) s"]
                                + explained.flatMap(explanation(of:))).joined(separator: "\n"), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Throws unless the actions so far, left out `changed` ones, are
    /// exactly `sequence`: each a recognizer and the state it reported, in order.
    ///
    /// ```swift
    /// try tester.expectActions([(doubleTap, .ended)])   // and no single tap before it
    /// ```
    public func expectActions(_ sequence: [(GestureRecognizer, GestureRecognizerState)],
                              fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line,
                       column: Int = #column) throws(TouchTestFailure) {
        let made = zip(actions, actionSources).filter { $0.0.state != .changed }
        let matches = made.count == sequence.count
            && zip(made, sequence).allSatisfy { $0.0.1 === $0.1.0 && $0.0.0.state == $0.1.1 }
        guard !matches else { return }
        let actual = made.map { "\($0.0.recognizer) \($0.0.state.rawValue)" }
        let expected = sequence.map { "\($0.0.name) \($0.1.rawValue)" }
        var first = 0
        while first < made.count, first < sequence.count, made[first].1 === sequence[first].0, made[first].0.state == sequence[first].1 { first += 1 }
        let got = first < actual.count ? actual[first] : "nothing more"
        let wanted = first < expected.count ? expected[first] : "nothing more"
        var explained: [GestureRecognizer] = []
        for recognizer in made.map(\.1) + sequence.map(\.0) where !explained.contains(where: { $0 === recognizer }) { explained.append(recognizer) }
        throw recorded((["actions differ at \(first + 1): expected \(wanted), got \(got)",
                                 "  expected: " + (expected.isEmpty ? "none" : expected.joined(separator: ", ")),
                                 "  got:      " + (actual.isEmpty ? "none" : actual.joined(separator: ", "))]
                                + explained.flatMap(explanation(of:))).joined(separator: "\n"), fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
