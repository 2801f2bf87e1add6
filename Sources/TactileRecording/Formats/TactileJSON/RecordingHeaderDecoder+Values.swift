// The header decoder's building blocks: objects with known keys, arrays, strings and numbers of the right kind and range.
import Tactile

extension RecordingHeaderDecoder {
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
                    problem: .unknownField, message: "expected only the keys \(known) in \(what), found \(TextFormat.excerpt(member.key))")
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

    /// A finite double, optionally at least `minimum` (or above it, when `strictly`).
    func double(_ node: JSONNode, _ path: String, what: String, minimum: Double? = nil, strictly: Bool = false,
                maximum: Double? = nil) throws(RecordingError) -> Double {
        guard case .number(let text, _) = node.value else { throw wrongType(what + " (a number)", node, path) }
        guard let value = Double(text), value.isFinite else {
            throw failure(.outOfRange, "expected \(what) (a number that fits a double), found \(node.found)", node, path)
        }
        if let minimum, strictly ? !(value > minimum) : !(value >= minimum) {
            throw failure(.outOfRange, "expected \(what) \(strictly ? "above" : "of at least") \(minimum), found \(node.found)", node, path)
        }
        if let maximum, value > maximum {
            throw failure(.outOfRange, "expected \(what) of at most \(FixedDecimal.format(maximum, places: 2)), found \(node.found)", node, path)
        }
        return value
    }

    /// What `read` makes of `node`, or nil when it is missing or `null`.
    func optional<T>(_ node: JSONNode?, _ read: (JSONNode) throws(RecordingError) -> T) throws(RecordingError) -> T? {
        guard let node else { return nil }
        if case .null = node.value { return nil }
        return try read(node)
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
}
