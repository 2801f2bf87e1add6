import Tactile

/// Turns the header's JSON trees into the model, strictly: every object's
/// keys known and the required ones present, every number of the right kind
/// and range, every list within its limit. Errors name the line, column and
/// path of the offending value.
struct RecordingHeaderDecoder {
    let file: String
    let limits: RecordingReader.Limits

    // MARK: Building blocks

    func failure(_ problem: RecordingError.Problem, _ message: String, _ node: JSONNode, _ path: String) -> RecordingError {
        RecordingError(file: file, line: node.position.line, column: node.position.column, path: path, problem: problem, message: message)
    }

    func wrongType(_ expected: String, _ node: JSONNode, _ path: String) -> RecordingError {
        failure(.wrongType, "expected \(expected), found \(node.found)", node, path)
    }

    /// The members of an object, after checking that it has only `required`
    /// and `optional` keys and all of the required ones.
    func object(
        _ node: JSONNode, _ path: String, what: String, required: [String], optional: [String] = []
    ) throws(RecordingError) -> [String: JSONNode] {
        guard case .object(let members) = node.value else { throw wrongType(what + " (an object)", node, path) }
        var result: [String: JSONNode] = [:]
        for member in members {
            guard required.contains(member.key) || optional.contains(member.key) else {
                let known = (required + optional).map { "\"\($0)\"" }.joined(separator: ", ")
                throw RecordingError(
                    file: file, line: member.position.line, column: member.position.column, path: JSONPath.key(path, member.key),
                    problem: .unknownField, message: "expected only the keys \(known) in \(what), found \"\(member.key)\"")
            }
            result[member.key] = member.node
        }
        for key in required where result[key] == nil {
            throw failure(.missingField, "expected the key \"\(key)\" in \(what), found none", node, path)
        }
        return result
    }

    /// A required member of an already checked object (`object` guarantees it is there).
    func member(_ members: [String: JSONNode], _ key: String, _ parent: JSONNode, _ path: String) throws(RecordingError) -> JSONNode {
        guard let node = members[key] else {
            throw failure(.missingField, "expected the key \"\(key)\", found none", parent, path)
        }
        return node
    }

    func array(_ node: JSONNode, _ path: String, what: String, maximumCount: Int) throws(RecordingError) -> [JSONNode] {
        guard case .array(let elements) = node.value else { throw wrongType(what + " (an array)", node, path) }
        guard elements.count <= maximumCount else {
            throw failure(.tooLarge, "expected at most \(maximumCount) entries in \(what), found \(elements.count)", node, path)
        }
        return elements
    }

    func string(_ node: JSONNode, _ path: String, what: String, maximumLength: Int? = nil) throws(RecordingError) -> String {
        guard case .string(let text) = node.value else { throw wrongType(what + " (a string)", node, path) }
        if let maximumLength, text.utf8.count > maximumLength {
            throw failure(.tooLarge, "expected \(what) of at most \(maximumLength) bytes, found \(text.utf8.count)", node, path)
        }
        return text
    }

    func optionalString(_ node: JSONNode?, _ path: String, what: String) throws(RecordingError) -> String? {
        guard let node else { return nil }
        if case .null = node.value { return nil }
        return try string(node, path, what: what)
    }

    /// An integer within `range`, as `T`.
    func integer<T: FixedWidthInteger>(
        _ node: JSONNode, _ path: String, what: String, as type: T.Type, in range: ClosedRange<Int64>? = nil
    ) throws(RecordingError) -> T {
        let range = range ?? (Int64(clamping: T.min)...Int64(clamping: T.max))
        let expected = "\(what) (an integer from \(range.lowerBound) to \(range.upperBound))"
        guard case .number(let text, let isInteger) = node.value else { throw wrongType(expected, node, path) }
        guard isInteger else { throw failure(.invalidNumber, "expected \(expected), found \(node.found)", node, path) }
        guard let value = Int64(text), range.contains(value), let result = T(exactly: value) else {
            throw failure(.outOfRange, "expected \(expected), found \(node.found)", node, path)
        }
        return result
    }

    func optionalInteger<T: FixedWidthInteger>(
        _ node: JSONNode?, _ path: String, what: String, as type: T.Type, in range: ClosedRange<Int64>? = nil
    ) throws(RecordingError) -> T? {
        guard let node else { return nil }
        if case .null = node.value { return nil }
        return try integer(node, path, what: what, as: type, in: range)
    }

    /// A finite double, optionally at least `minimum` (or above it, when `strictly`).
    func double(_ node: JSONNode, _ path: String, what: String, minimum: Double? = nil, strictly: Bool = false) throws(RecordingError) -> Double {
        guard case .number(let text, _) = node.value else { throw wrongType(what + " (a number)", node, path) }
        guard let value = Double(text), value.isFinite else {
            throw failure(.outOfRange, "expected \(what) (a number that fits a double), found \(node.found)", node, path)
        }
        if let minimum, strictly ? !(value > minimum) : !(value >= minimum) {
            throw failure(.outOfRange, "expected \(what) \(strictly ? "above" : "of at least") \(minimum), found \(node.found)", node, path)
        }
        return value
    }

    func optionalDouble(_ node: JSONNode?, _ path: String, what: String) throws(RecordingError) -> Double? {
        guard let node else { return nil }
        if case .null = node.value { return nil }
        return try double(node, path, what: what)
    }

    /// Integers in an array, each unique.
    func codes(_ node: JSONNode, _ path: String, what: String, maximum: UInt16, maximumCount: Int) throws(RecordingError) -> [UInt16] {
        var seen = Set<UInt16>()
        var codes: [UInt16] = []
        for (index, element) in try array(node, path, what: what, maximumCount: maximumCount).enumerated() {
            let elementPath = JSONPath.index(path, index)
            let code = try integer(element, elementPath, what: "a code", as: UInt16.self, in: 0...Int64(maximum))
            guard seen.insert(code).inserted else {
                throw failure(.invalidValue, "expected each code once in \(what), found \(code) again", element, elementPath)
            }
            codes.append(code)
        }
        return codes
    }

    // MARK: Header fields

    /// `created`: empty, or ISO 8601 in UTC (`2026-11-21T12:00:00Z`, fractions of a second allowed).
    func created(_ node: JSONNode) throws(RecordingError) -> String {
        let text = try string(node, "created", what: "the creation time", maximumLength: 64)
        guard text.isEmpty || Self.isUTCTimestamp(text) else {
            throw failure(.invalidValue, "expected the creation time as ISO 8601 in UTC (like \"2026-11-21T12:00:00Z\") or \"\", found \(node.found)", node, "created")
        }
        return text
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` with plausible field values.
    static func isUTCTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return false }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<(start + count) {
                let digit = Int(bytes[index]) - 0x30
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        let separators: [(Int, UInt8)] = [(4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")), (10, UInt8(ascii: "T")), (13, UInt8(ascii: ":")), (16, UInt8(ascii: ":"))]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1 }) else { return false }
        guard number(0, 4) != nil, let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return false }
        if bytes.count == 20 { return true }
        guard bytes[19] == UInt8(ascii: "."), bytes.count >= 22, bytes.count <= 30 else { return false }
        return number(20, bytes.count - 21) != nil
    }

    func device(_ node: JSONNode) throws(RecordingError) -> DeviceDescription {
        let path = "device"
        let members = try object(node, path, what: "the device", required: ["name", "identity", "properties", "keys", "axes", "otherCodes", "kind"])
        let name = try string(try member(members, "name", node, path), "device.name", what: "the device name", maximumLength: limits.maximumNameLength)

        let identityNode = try member(members, "identity", node, path)
        let identity = try object(identityNode, "device.identity", what: "the device identity", required: ["bustype", "vendor", "product", "version"])
        func id(_ key: String) throws(RecordingError) -> UInt16 {
            try integer(try member(identity, key, identityNode, "device.identity"), "device.identity." + key, what: "the \(key)", as: UInt16.self)
        }
        let deviceIdentity = DeviceIdentity(bustype: try id("bustype"), vendor: try id("vendor"), product: try id("product"), version: try id("version"))

        let properties = try codes(try member(members, "properties", node, path), "device.properties", what: "the device properties", maximum: 0x1f, maximumCount: 32)
        let keys = try codes(try member(members, "keys", node, path), "device.keys", what: "the device keys", maximum: KeyCode.max, maximumCount: Int(KeyCode.max) + 1)

        var axes: [AbsoluteAxis] = []
        var axisCodes = Set<UInt16>()
        let axisNodes = try array(try member(members, "axes", node, path), "device.axes", what: "the device axes", maximumCount: limits.maximumAxes)
        for (index, axisNode) in axisNodes.enumerated() {
            let axisPath = JSONPath.index("device.axes", index)
            let axis = try object(axisNode, axisPath, what: "an axis", required: ["code", "minimum", "maximum", "fuzz", "flat", "resolution"])
            func field(_ key: String) throws(RecordingError) -> Int32 {
                try integer(try member(axis, key, axisNode, axisPath), axisPath + "." + key, what: "the axis \(key)", as: Int32.self)
            }
            let codeNode = try member(axis, "code", axisNode, axisPath)
            let code = try integer(codeNode, axisPath + ".code", what: "the axis code", as: UInt16.self, in: 0...Int64(AbsCode.max))
            guard axisCodes.insert(code).inserted else {
                throw failure(.invalidValue, "expected each axis once, found code \(code) again", codeNode, axisPath + ".code")
            }
            axes.append(AbsoluteAxis(
                code: code, minimum: try field("minimum"), maximum: try field("maximum"),
                fuzz: try field("fuzz"), flat: try field("flat"), resolution: try field("resolution")))
        }

        var otherCodes: [EventCodeSet] = []
        var otherTypes = Set<UInt16>()
        let setNodes = try array(try member(members, "otherCodes", node, path), "device.otherCodes", what: "the device's other codes", maximumCount: 32)
        for (index, setNode) in setNodes.enumerated() {
            let setPath = JSONPath.index("device.otherCodes", index)
            let set = try object(setNode, setPath, what: "a set of codes", required: ["type", "codes"])
            let typeNode = try member(set, "type", setNode, setPath)
            let type = try integer(typeNode, setPath + ".type", what: "the event type", as: UInt16.self, in: 0...Int64(EventType.max.rawValue))
            guard otherTypes.insert(type).inserted else {
                throw failure(.invalidValue, "expected each event type once in the other codes, found type \(type) again", typeNode, setPath + ".type")
            }
            let codes = try codes(try member(set, "codes", setNode, setPath), setPath + ".codes", what: "the codes", maximum: KeyCode.max, maximumCount: Int(KeyCode.max) + 1)
            otherCodes.append(EventCodeSet(type: EventType(rawValue: type), codes: codes))
        }

        let kindNode = try member(members, "kind", node, path)
        let kindText = try string(kindNode, "device.kind", what: "the device kind")
        guard let kind = DeviceKind(rawValue: kindText) else {
            let kinds = DeviceKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw failure(.invalidValue, "expected the device kind (\(kinds)), found \(kindNode.found)", kindNode, "device.kind")
        }
        return DeviceDescription(
            name: name, identity: deviceIdentity, properties: properties, keys: keys, axes: axes, otherCodes: otherCodes, kind: kind)
    }

    func screen(_ node: JSONNode) throws(RecordingError) -> Screen {
        let screen = try object(node, "screen", what: "the screen", required: ["bounds", "pointsPerMillimetre"])
        let boundsNode = try member(screen, "bounds", node, "screen")
        let bounds = try object(boundsNode, "screen.bounds", what: "the screen bounds", required: ["origin", "size"])
        let originNode = try member(bounds, "origin", boundsNode, "screen.bounds")
        let origin = try object(originNode, "screen.bounds.origin", what: "the origin", required: ["x", "y"])
        let sizeNode = try member(bounds, "size", boundsNode, "screen.bounds")
        let size = try object(sizeNode, "screen.bounds.size", what: "the size", required: ["width", "height"])
        let x = try double(try member(origin, "x", originNode, "screen.bounds.origin"), "screen.bounds.origin.x", what: "x")
        let y = try double(try member(origin, "y", originNode, "screen.bounds.origin"), "screen.bounds.origin.y", what: "y")
        let width = try double(try member(size, "width", sizeNode, "screen.bounds.size"), "screen.bounds.size.width", what: "the width", minimum: 0)
        let height = try double(try member(size, "height", sizeNode, "screen.bounds.size"), "screen.bounds.size.height", what: "the height", minimum: 0)
        let density = try double(
            try member(screen, "pointsPerMillimetre", node, "screen"), "screen.pointsPerMillimetre",
            what: "points per millimetre", minimum: 0, strictly: true)
        return Screen(bounds: Rect(x: x, y: y, width: width, height: height), pointsPerMillimetre: density)
    }

    /// `axisValues` (version 2): `[{"code": 0…63, "value": int32}, …]`, each code once.
    func axisValues(_ node: JSONNode) throws(RecordingError) -> AxisValues {
        var values = AxisValues()
        var seen = Set<UInt16>()
        let entries = try array(node, "axisValues", what: "the axis values", maximumCount: Int(AbsCode.max) + 1)
        for (index, entryNode) in entries.enumerated() {
            let path = JSONPath.index("axisValues", index)
            let entry = try object(entryNode, path, what: "an axis value", required: ["code", "value"])
            let codeNode = try member(entry, "code", entryNode, path)
            let code = try integer(codeNode, path + ".code", what: "the axis code", as: UInt16.self, in: 0...Int64(AbsCode.max))
            guard seen.insert(code).inserted else {
                throw failure(.invalidValue, "expected each axis once in the axis values, found code \(code) again", codeNode, path + ".code")
            }
            values[code] = try integer(try member(entry, "value", entryNode, path), path + ".value", what: "the axis value", as: Int32.self)
        }
        return values
    }

    func summary(_ node: JSONNode) throws(RecordingError) -> RecordingSummary {
        let summary = try object(node, "summary", what: "the summary", required: ["duration", "eventCount", "frameCount", "maxTouches"])
        func count(_ key: String, _ what: String) throws(RecordingError) -> Int {
            try integer(try member(summary, key, node, "summary"), "summary." + key, what: what, as: Int.self, in: 0...Int64.max)
        }
        return RecordingSummary(
            duration: try double(try member(summary, "duration", node, "summary"), "summary.duration", what: "the duration in seconds", minimum: 0),
            eventCount: try count("eventCount", "the event count"),
            frameCount: try count("frameCount", "the frame count"),
            maxTouches: try count("maxTouches", "the most touches"))
    }

    func labels(_ node: JSONNode) throws(RecordingError) -> [RecordingLabel] {
        var labels: [RecordingLabel] = []
        for (index, labelNode) in try array(node, "labels", what: "the labels", maximumCount: limits.maximumLabels).enumerated() {
            let path = JSONPath.index("labels", index)
            let label = try object(
                labelNode, path, what: "a label", required: ["gesture"],
                optional: ["fingers", "start", "end", "recognizers", "absent", "values", "note"])
            let gesture = try string(try member(label, "gesture", labelNode, path), path + ".gesture", what: "the gesture", maximumLength: limits.maximumNameLength)
            let fingers = try optionalInteger(label["fingers"], path + ".fingers", what: "the finger count", as: Int.self, in: 0...1000)
            let start = try optionalDouble(label["start"], path + ".start", what: "the start time")
            let end = try optionalDouble(label["end"], path + ".end", what: "the end time")
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
                values: values, note: try optionalString(label["note"], path + ".note", what: "the note")))
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
