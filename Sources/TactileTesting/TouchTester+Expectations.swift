// Expectations on what the recognizers did: a state with values within a tolerance, a sequence of actions, nothing at all.
import Tactile

extension TouchTester {
    /// Throws unless `recognizer` reported `state`, its last such action
    /// carrying each of `values` within its tolerance (names as in the
    /// action log: `scale`, `velocity.x`, `translation.y`, …).
    ///
    /// ```swift
    /// tester.pinch(center: Point(x: 400, y: 300), fromSpan: 100, toSpan: 200)
    /// try tester.expect(pinch, to: .ended, with: ["scale": 2.0 ± 0.1])
    /// ```
    ///
    /// - Returns: the action that met the expectation.
    @discardableResult
    public func expect(_ recognizer: GestureRecognizer, to state: GestureRecognizerState,
                       with values: [String: ApproximateValue] = [:]) throws(TouchTestFailure) -> ActionRecord {
        let name = recognizer.name
        let wanted = values.sorted { $0.key < $1.key }
        let expected = "\(state.rawValue)" + (wanted.isEmpty ? "" : " with " + wanted.map { "\($0.key) ≈ \($0.value)" }.joined(separator: ", "))
        guard let action = actions.last(where: { $0.recognizer == name && $0.state == state }) else {
            throw TouchTestFailure((["\(name): expected \(expected); it never reported \(state.rawValue) (clock at \(ApproximateValue.format(now)) s)"]
                                    + explanation(of: name)).joined(separator: "\n"))
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
            throw TouchTestFailure((["\(name): expected \(expected); got \(state.rawValue) at \(ApproximateValue.format(action.time)) s with "
                                     + wrong.joined(separator: ", ")] + explanation(of: name)).joined(separator: "\n"))
        }
        return action
    }

    /// Throws unless `recognizer` (every recognizer, when nil) reported no action.
    public func expectNoAction(from recognizer: GestureRecognizer? = nil) throws(TouchTestFailure) {
        let reported = actions.filter { recognizer == nil || $0.recognizer == recognizer?.name }
        guard let first = reported.first else { return }
        let names = Array(Set(reported.map(\.recognizer))).sorted()
        throw TouchTestFailure((["\(recognizer?.name ?? "no recognizer"): expected no action; got \(reported.count), the first "
                                 + "\(first.recognizer) \(first.state.rawValue) at \(ApproximateValue.format(first.time)) s"]
                                + names.flatMap(explanation(of:))).joined(separator: "\n"))
    }

    /// Throws unless the actions so far, left out `changed` ones, are
    /// exactly `sequence`: each a recognizer and the state it reported, in order.
    ///
    /// ```swift
    /// try tester.expectActions([(doubleTap, .ended)])   // and no single tap before it
    /// ```
    public func expectActions(_ sequence: [(GestureRecognizer, GestureRecognizerState)]) throws(TouchTestFailure) {
        let actual = actions.filter { $0.state != .changed }.map { "\($0.recognizer) \($0.state.rawValue)" }
        let expected = sequence.map { "\($0.0.name) \($0.1.rawValue)" }
        guard actual != expected else { return }
        var first = 0
        while first < actual.count, first < expected.count, actual[first] == expected[first] { first += 1 }
        let got = first < actual.count ? actual[first] : "nothing more"
        let wanted = first < expected.count ? expected[first] : "nothing more"
        let names = Array(Set(actions.map(\.recognizer) + sequence.map(\.0.name))).sorted()
        throw TouchTestFailure((["actions differ at \(first + 1): expected \(wanted), got \(got)",
                                 "  expected: " + (expected.isEmpty ? "none" : expected.joined(separator: ", ")),
                                 "  got:      " + (actual.isEmpty ? "none" : actual.joined(separator: ", "))]
                                + names.flatMap(explanation(of:))).joined(separator: "\n"))
    }
}
