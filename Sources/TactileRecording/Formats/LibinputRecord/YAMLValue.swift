// A node of a parsed YAML document (Yams) with its file, line and key path, for readers that report what is wrong.
import Foundation
import Tactile
import Yams

/// A node of a parsed YAML document with where it is, for readers that walk
/// a document and report what is missing or wrong by file, line and key path.
struct YAMLValue {
    let node: Node
    /// The key path from the root: `devices[0].evdev.absinfo.53`.
    let path: String
    let file: String

    /// Parses `bytes` as one YAML document; `nil` for an empty document.
    static func parse(_ bytes: [UInt8], file: String) throws(RecordingError) -> YAMLValue? {
        for line in TextLine.split(bytes) {
            _ = try line.requireText(file: file)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            guard let node = try Yams.compose(yaml: text) else { return nil }
            return YAMLValue(node: node, path: "", file: file)
        } catch let error as YamlError {
            throw Self.syntaxError(error, file: file)
        } catch {
            throw RecordingError(file: file, line: nil, problem: .syntax, message: "expected YAML, found text Yams cannot read: \(error)")
        }
    }

    private static func syntaxError(_ error: YamlError, file: String) -> RecordingError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let within = context.map { " (\($0.text))" } ?? ""
            return RecordingError(file: file, line: mark.line, problem: .syntax, message: "expected YAML, found text that is not: \(problem)\(within)")
        case .reader(let problem, _, _, _):
            return RecordingError(file: file, line: nil, problem: .syntax, message: "expected YAML, found \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return RecordingError(file: file, line: context.mark.line, problem: .duplicateKey, message: "expected each key once, found \(duplicates.map { TextFormat.excerpt($0) }.joined(separator: ", ")) twice")
        default:
            return RecordingError(file: file, line: nil, problem: .syntax, message: "expected YAML, found text Yams cannot read: \(error)")
        }
    }

    /// The 1-based line of the node, when known.
    var line: Int? { node.mark?.line }

    /// `path` for messages, or "the document" at the root.
    var name: String { path.isEmpty ? "the document" : "`\(path)`" }

    func error(_ problem: RecordingError.Problem, _ message: String) -> RecordingError {
        RecordingError(file: file, line: line, problem: problem, message: message)
    }

    var isNull: Bool {
        guard case .scalar(let scalar) = node else { return false }
        return scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// The entries of a mapping, in document order, keyed by their text.
    func mapping() throws(RecordingError) -> [(key: String, value: YAMLValue)] {
        guard case .mapping(let mapping) = node else {
            throw error(.wrongType, "expected \(name) to be a mapping of keys to values, found \(kind)")
        }
        return mapping.map { pair in
            let key = pair.key.string ?? "?"
            return (key, YAMLValue(node: pair.value, path: path.isEmpty ? key : "\(path).\(key)", file: file))
        }
    }

    /// The value of `key`, if the mapping has it.
    func optional(_ key: String) throws(RecordingError) -> YAMLValue? {
        try mapping().last { $0.key == key }?.value
    }

    /// The value of `key`; an error naming the key when it is missing.
    func require(_ key: String, _ what: String) throws(RecordingError) -> YAMLValue {
        guard let value = try optional(key) else {
            let inside = path.isEmpty ? "at the top level" : "in `\(path)`"
            throw error(.missingField, "expected `\(key):` (\(what)) \(inside), found no such key")
        }
        return value
    }

    /// The items of a sequence; a null value counts as an empty one when `allowingNull`.
    func sequence(allowingNull: Bool = false) throws(RecordingError) -> [YAMLValue] {
        if allowingNull, isNull { return [] }
        guard case .sequence(let sequence) = node else {
            throw error(.wrongType, "expected \(name) to be a list, found \(kind)")
        }
        return sequence.enumerated().map { YAMLValue(node: $0.element, path: "\(path)[\($0.offset)]", file: file) }
    }

    /// A scalar's text.
    func string() throws(RecordingError) -> String {
        guard case .scalar(let scalar) = node else {
            throw error(.wrongType, "expected \(name) to be a single value, found \(kind)")
        }
        return scalar.string
    }

    /// A decimal integer within `range`.
    func integer(in range: ClosedRange<Int64>, _ what: String) throws(RecordingError) -> Int64 {
        let text = try string()
        guard let value = Self.decimal(text) else {
            throw error(.invalidNumber, "expected \(what) as a decimal integer at \(name), found \"\(text.prefix(40))\"")
        }
        guard range.contains(value) else {
            throw error(.outOfRange, "expected \(what) in \(range.lowerBound)…\(range.upperBound) at \(name), found \(value)")
        }
        return value
    }

    /// A list of exactly `names.count` decimal integers, each within `range`.
    func integers(_ names: [String], in range: ClosedRange<Int64>, form: String) throws(RecordingError) -> [Int64] {
        let items = try sequence()
        if items.count < names.count {
            throw error(.missingField, "expected \(names[items.count]) in \(name), a list \(form), found only \(items.count) value\(items.count == 1 ? "" : "s")")
        }
        if items.count > names.count {
            throw items[names.count].error(.extraField, "expected \(names.count) values in \(name), a list \(form), found \(items.count)")
        }
        var values: [Int64] = []
        for (item, what) in zip(items, names) {
            values.append(try item.integer(in: range, what))
        }
        return values
    }

    private static func decimal(_ text: String) -> Int64? {
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isWholeNumber }), let magnitude = Int64(digits) else { return nil }
        return negative ? -magnitude : magnitude
    }

    private var kind: String {
        switch node {
        case .scalar(let scalar): return isNull ? "nothing" : "the value \"\(scalar.string.prefix(40))\""
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }
}
