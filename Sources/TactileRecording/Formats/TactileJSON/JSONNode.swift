// A JSON value of a recording's header as the scanner gives it: a tree with where each value starts.
import Tactile

/// A JSON value of a recording's header, with where it starts in the file.
struct JSONNode {
    enum Value {
        case null
        case bool(Bool)
        /// The number's text as written (already checked against JSON's grammar).
        case number(String, isInteger: Bool)
        case string(String)
        case array([JSONNode])
        /// Members in the order of the file; keys are unique.
        case object([Member])
    }

    var value: Value
    var position: JSONPosition

    /// The value in a few words, for "found …" in messages.
    var found: String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text, _): return JSONPath.excerpt(text, quoted: false)
        case .string(let text): return "a string (\(JSONPath.excerpt(text, quoted: true)))"
        case .array(let elements): return elements.isEmpty ? "an empty array" : "an array"
        case .object(let members): return members.isEmpty ? "an empty object" : "an object"
        }
    }

    /// One `"key": value` of an object.
    struct Member {
        var key: String
        var position: JSONPosition
        var node: JSONNode
    }
}
