// The TOML document tree: values and tables that remember where each key and value was written.

/// A TOML value and the place it was written: what the config loader reads,
/// so that every complaint about a value can point at it.
///
/// ```swift
/// let table = try TOMLParser.parse("fingers = 3\n", file: "gestures.toml")
/// if let value = table["fingers"], case .integer(let n) = value.kind {
///     print(n, value.location)   // 3 gestures.toml:1:11
/// }
/// ```
package struct TOMLValue: Sendable {
    package indirect enum Kind: Sendable {
        case string(String)
        case integer(Int)
        case float(Double)
        case boolean(Bool)
        case array([TOMLValue])
        case table(TOMLTable)
    }

    package var kind: Kind
    /// Where the value starts (a table's: its header's `[`, its first key, or its `{`).
    package var location: SourceLocation

    package init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The value's type in words, for messages: `a string`, `an integer`…
    package var typeDescription: String {
        switch kind {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a float"
        case .boolean: "a boolean"
        case .array: "an array"
        case .table: "a table"
        }
    }

    package var string: String? { if case .string(let s) = kind { s } else { nil } }
    package var table: TOMLTable? { if case .table(let t) = kind { t } else { nil } }
    package var array: [TOMLValue]? { if case .array(let a) = kind { a } else { nil } }
}

/// A TOML table: its keys in the order they were written, each with the
/// place its key was written and its value.
///
/// ```swift
/// let table = try TOMLParser.parse("[devices]\ngrab = false\n", file: "g.toml")
/// table.entries.map(\.key)          // ["devices"]
/// table["devices"]?.table?["grab"]  // a boolean at g.toml:2:8
/// ```
package struct TOMLTable: Sendable {
    package struct Entry: Sendable {
        package var key: String
        /// Where the key (its last part, for a dotted key) was written.
        package var keyLocation: SourceLocation
        package var value: TOMLValue
    }

    /// In the order written.
    package private(set) var entries: [Entry] = []
    private var positions: [String: Int] = [:]

    package init() {}

    /// The value of `key`, if present.
    package subscript(key: String) -> TOMLValue? {
        positions[key].map { entries[$0].value }
    }

    /// The entry of `key`, if present.
    package func entry(_ key: String) -> Entry? { positions[key].map { entries[$0] } }

    /// Adds an entry, replacing the value of an existing key in place.
    package mutating func set(_ key: String, _ value: TOMLValue, keyLocation: SourceLocation) {
        if let position = positions[key] {
            entries[position].value = value
        } else {
            positions[key] = entries.count
            entries.append(Entry(key: key, keyLocation: keyLocation, value: value))
        }
    }

    package var isEmpty: Bool { entries.isEmpty }
}

/// Why a document is not TOML, and where.
package struct TOMLError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package var location: SourceLocation

    package init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    package var description: String { "\(location): \(message)" }
}
