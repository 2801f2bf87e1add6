// The header decoder's fields about gestures: the labels and the expected actions (the golden log), ActionRecord's one decoding.
import Tactile

extension RecordingHeaderDecoder {
    func labels(_ node: JSONNode) throws(RecordingError) -> [RecordingLabel] {
        var labels: [RecordingLabel] = []
        for (index, labelNode) in try array(node, "labels", what: "the labels", maximumCount: limits.maximumLabels).enumerated() {
            let path = JSONPath.index("labels", index)
            let label = try object(
                labelNode, path, what: "a label", required: ["gesture"],
                optional: ["fingers", "start", "end", "recognizers", "absent", "values", "note"])
            let gesture = try string(try member(label, "gesture", labelNode, path), path + ".gesture", what: "the gesture", maximumLength: limits.maximumNameLength)
            let fingers = try optional(label["fingers"]) { node throws(RecordingError) in try integer(node, path + ".fingers", what: "the finger count", as: Int.self, in: 0...1000) }
            let start = try optional(label["start"]) { node throws(RecordingError) in try double(node, path + ".start", what: "the start time") }
            let end = try optional(label["end"]) { node throws(RecordingError) in try double(node, path + ".end", what: "the end time") }
            if let start, let end, let endNode = label["end"], end < start {
                throw failure(.invalidValue, "expected the end time at or after the start (\(start)), found \(end)", endNode, path + ".end")
            }
            func names(_ key: String) throws(RecordingError) -> [String] {
                guard let namesNode = label[key] else { return [] }
                var names: [String] = []
                for (nameIndex, nameNode) in try array(namesNode, path + "." + key, what: "the recognizer names", maximumCount: 1024).enumerated() {
                    names.append(try string(nameNode, JSONPath.index(path + "." + key, nameIndex), what: "a recognizer name", maximumLength: limits.maximumNameLength))
                }
                return names
            }
            var values: [String: Double] = [:]
            if let valuesNode = label["values"] {
                guard case .object(let members) = valuesNode.value else { throw wrongType("the values (an object of numbers)", valuesNode, path + ".values") }
                for member in members {
                    values[member.key] = try double(member.node, JSONPath.key(path + ".values", member.key), what: "the value \"\(member.key)\"")
                }
            }
            labels.append(RecordingLabel(
                gesture: gesture, fingers: fingers, start: start, end: end, recognizers: try names("recognizers"), absent: try names("absent"),
                values: values, note: try optional(label["note"]) { node throws(RecordingError) in try string(node, path + ".note", what: "the note") }))
        }
        return labels
    }

    func expected(_ node: JSONNode) throws(RecordingError) -> [ActionRecord] {
        let expected = try object(node, "expected", what: "the expected actions", required: ["actions"])
        var records: [ActionRecord] = []
        let actions = try array(try member(expected, "actions", node, "expected"), "expected.actions", what: "the actions", maximumCount: limits.maximumExpectedActions)
        records.reserveCapacity(actions.count)
        for (index, actionNode) in actions.enumerated() {
            records.append(try action(actionNode, JSONPath.index("expected.actions", index)))
        }
        return records
    }

    /// One action in the shape of `ActionRecord/jsonLine`; `values` keep their order.
    func action(_ node: JSONNode, _ path: String) throws(RecordingError) -> ActionRecord {
        let action = try object(node, path, what: "an action", required: ["t", "recognizer", "view", "state", "touches", "location", "values"])
        let time = try double(try member(action, "t", node, path), path + ".t", what: "the time in seconds")
        let recognizer = try string(try member(action, "recognizer", node, path), path + ".recognizer", what: "the recognizer name", maximumLength: limits.maximumNameLength)
        let view = try string(try member(action, "view", node, path), path + ".view", what: "the view name", maximumLength: limits.maximumNameLength)
        let stateNode = try member(action, "state", node, path)
        let stateText = try string(stateNode, path + ".state", what: "the state")
        guard let state = GestureRecognizerState(rawValue: stateText) else {
            let states = GestureRecognizerState.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw failure(.invalidValue, "expected the state (\(states)), found \(stateNode.found)", stateNode, path + ".state")
        }
        let touches = try integer(try member(action, "touches", node, path), path + ".touches", what: "the touch count", as: Int.self, in: 0...1_000_000)
        let locationNode = try member(action, "location", node, path)
        let location = try array(locationNode, path + ".location", what: "the location [x, y]", maximumCount: 2)
        guard location.count == 2 else {
            throw failure(.missingField, "expected the location as [x, y], found \(location.count) number\(location.count == 1 ? "" : "s")", locationNode, path + ".location")
        }
        let x = try double(location[0], path + ".location[0]", what: "x")
        let y = try double(location[1], path + ".location[1]", what: "y")
        let valuesNode = try member(action, "values", node, path)
        guard case .object(let members) = valuesNode.value else { throw wrongType("the values (an object of numbers or null)", valuesNode, path + ".values") }
        var values: [ActionValue] = []
        for member in members {
            if case .null = member.node.value {
                values.append(ActionValue(member.key, .nan))  // the action log writes NaN and infinities as null
            } else {
                values.append(ActionValue(member.key, try double(member.node, JSONPath.key(path + ".values", member.key), what: "the value \"\(member.key)\"")))
            }
        }
        return ActionRecord(
            time: time, recognizer: recognizer, view: view, state: state, touches: touches, location: Point(x: x, y: y), values: values)
    }
}
