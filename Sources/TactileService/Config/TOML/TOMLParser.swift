// The TOML 1.0 parser: the document's lines, keys, [tables] and [[arrays of tables]].
import Tactile

/// A TOML 1.0 parser that keeps the place of every key and value, so that a
/// config's every error can point at what is wrong, as a compiler does.
///
/// Stops at the first error. Never recurses deeper than ``maximumDepth``,
/// never loops back: linear in the document's length whatever it holds.
/// Dates and times are refused (gestures.toml has none).
///
/// ```swift
/// do {
///     let table = try TOMLParser.parse("[zones.top]\nedge = \"top\"\n", file: "gestures.toml")
///     print(table["zones"]?.table?["top"]?.location as Any)   // gestures.toml:1:1
/// } catch {
///     print(error)   // e.g. gestures.toml:3:7: duplicate key "edge" (first at line 2, column 1)
/// }
/// ```
package struct TOMLParser {
    /// How deep tables and arrays may nest (dotted keys count too).
    package static let maximumDepth = 64

    var cursor: TOMLCursor
    let root: TOMLTableNode
    var current: TOMLTableNode

    init(_ text: String, file: String) {
        cursor = TOMLCursor(text, file: file)
        root = TOMLTableNode(origin: .header, location: SourceLocation(file: file, line: 1, column: 1), depth: 0)
        current = root
    }

    /// Parses `text`, naming `file` in locations.
    package static func parse(_ text: String, file: String) throws(TOMLError) -> TOMLTable {
        var parser = TOMLParser(text, file: file)
        try parser.parseDocument()
        return parser.root.build()
    }

    /// Whether `scalar` may be part of a bare key (`A-Za-z0-9_-`).
    static func isBareKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
        default: false
        }
    }

    /// The next scalar named for a message.
    var found: String {
        guard let scalar = cursor.current else { return "the end of the file" }
        if cursor.atNewline { return "the end of the line" }
        return TOMLCursor.name(scalar)
    }

    mutating func parseDocument() throws(TOMLError) {
        while true {
            cursor.skipWhitespace()
            guard let scalar = cursor.current else { return }
            if scalar == "#" {
                try cursor.skipComment()
            } else if cursor.atNewline {
                cursor.skipNewline()
            } else if scalar == "[" {
                try parseHeader()
                try endOfLine(after: "the table header")
            } else if TOMLCursor.isControl(scalar) {
                throw TOMLError("\(TOMLCursor.name(scalar)) outside a string", at: cursor.location)
            } else {
                try parseKeyValue(into: current)
                try endOfLine(after: "the value")
            }
        }
    }

    /// Skips spaces and a comment, then expects a newline or the end of the file.
    mutating func endOfLine(after what: String) throws(TOMLError) {
        cursor.skipWhitespace()
        try cursor.skipComment()
        if cursor.isAtEnd { return }
        guard cursor.atNewline else {
            throw TOMLError("expected the end of the line after \(what), found \(found)", at: cursor.location)
        }
        cursor.skipNewline()
    }

    // MARK: Keys

    /// A key, dotted or not: `a`, `a.b`, `"a b".'c'`.
    mutating func parseKey() throws(TOMLError) -> [TOMLKeyPart] {
        var parts: [TOMLKeyPart] = []
        while true {
            if parts.count >= TOMLParser.maximumDepth {
                throw TOMLError("a key may have at most \(TOMLParser.maximumDepth) parts", at: cursor.location)
            }
            parts.append(try parseSimpleKey())
            cursor.skipWhitespace()
            guard cursor.current == "." else { return parts }
            cursor.advance()
            cursor.skipWhitespace()
        }
    }

    mutating func parseSimpleKey() throws(TOMLError) -> TOMLKeyPart {
        let location = cursor.location
        switch cursor.current {
        case let quote? where quote == "\"" || quote == "'":
            if cursor.looksAt(TOMLParser.tripled(quote)) { throw TOMLError("a key cannot be a multi-line string", at: location) }
            return TOMLKeyPart(name: try parseString(quote: quote, multiline: false), location: location)
        case let scalar? where TOMLParser.isBareKeyScalar(scalar):
            var name = String.UnicodeScalarView()
            while let next = cursor.current, TOMLParser.isBareKeyScalar(next) {
                name.append(next)
                cursor.advance()
            }
            return TOMLKeyPart(name: String(name), location: location)
        default:
            throw TOMLError("expected a key, found \(found) (a bare key holds only A-Z a-z 0-9 _ -; quote others)", at: location)
        }
    }

    // MARK: Tables

    /// `[a.b]` or `[[a.b]]`: makes the table the one that key/value lines go into.
    mutating func parseHeader() throws(TOMLError) {
        let start = cursor.location
        cursor.advance()
        let isArray = cursor.current == "["
        if isArray { cursor.advance() }
        cursor.skipWhitespace()
        let key = try parseKey()
        let closing = isArray ? "]]" : "]"
        guard cursor.looksAt(closing) else {
            throw TOMLError("expected \"\(closing)\" to close the table header, found \(found)", at: cursor.location)
        }
        cursor.advance(by: closing.count)
        var table = root
        for (index, part) in key.dropLast().enumerated() {
            table = try headerParent(table, part, path: Array(key[...index]))
        }
        guard let last = key.last else { return }
        if table.depth + 1 > TOMLParser.maximumDepth { throw nestingError(at: last.location) }
        let path = key.dottedDescription
        switch table.item(last.name) {
        case nil:
            let node = TOMLTableNode(origin: isArray ? .arrayElement : .header, location: start, depth: table.depth + 1)
            if isArray {
                let array = TOMLTableArrayNode(location: start)
                array.tables.append(node)
                table.add(last.name, .tables(array), keyLocation: last.location)
            } else {
                table.add(last.name, .table(node), keyLocation: last.location)
            }
            current = node
        case .table(let node):
            if isArray {
                throw TOMLError("[[\(path)]] cannot add to \(path), already a table (\(TOMLParser.place(node.location)))", at: last.location)
            }
            switch node.origin {
            case .implicit:
                node.origin = .header
                current = node
            case .dotted:
                throw TOMLError("table [\(path)] was already defined by dotted keys (\(TOMLParser.place(node.location)))", at: last.location)
            case .header, .arrayElement, .inline:
                throw TOMLError("table [\(path)] is defined twice (first \(TOMLParser.place(node.location)))", at: last.location)
            }
        case .tables(let array):
            guard isArray else {
                throw TOMLError("[\(path)] is an array of tables (\(TOMLParser.place(array.location))); write [[\(path)]] to add one", at: last.location)
            }
            let node = TOMLTableNode(origin: .arrayElement, location: start, depth: table.depth + 1)
            array.tables.append(node)
            current = node
        case .value(let value):
            throw alreadyDefined(path, value, at: last.location)
        }
    }

    /// The table a header's key part leads to, created if missing.
    private func headerParent(_ table: TOMLTableNode, _ part: TOMLKeyPart, path: [TOMLKeyPart]) throws(TOMLError) -> TOMLTableNode {
        switch table.item(part.name) {
        case nil:
            if table.depth + 1 > TOMLParser.maximumDepth { throw nestingError(at: part.location) }
            let node = TOMLTableNode(origin: .implicit, location: part.location, depth: table.depth + 1)
            table.add(part.name, .table(node), keyLocation: part.location)
            return node
        case .table(let node):
            return node
        case .tables(let array):
            return array.tables.last ?? table
        case .value(let value):
            throw alreadyDefined(path.dottedDescription, value, at: part.location)
        }
    }

    /// `key = value`, the key maybe dotted, into `table`.
    mutating func parseKeyValue(into table: TOMLTableNode) throws(TOMLError) {
        let key = try parseKey()
        guard cursor.current == "=" else {
            throw TOMLError("expected \"=\" after the key \(key.dottedDescription), found \(found)", at: cursor.location)
        }
        cursor.advance()
        cursor.skipWhitespace()
        var target = table
        for (index, part) in key.dropLast().enumerated() {
            let path = Array(key[...index]).dottedDescription
            switch target.item(part.name) {
            case nil:
                if target.depth + 1 > TOMLParser.maximumDepth { throw nestingError(at: part.location) }
                let node = TOMLTableNode(origin: .dotted, location: part.location, depth: target.depth + 1)
                target.add(part.name, .table(node), keyLocation: part.location)
                target = node
            case .table(let node) where node.origin == .dotted:
                target = node
            case .table(let node):
                throw TOMLError("a dotted key cannot add to table \(path), defined \(TOMLParser.place(node.location))", at: part.location)
            case .tables(let array):
                throw TOMLError("\(path) is an array of tables (\(TOMLParser.place(array.location))), not a table", at: part.location)
            case .value(let value):
                throw alreadyDefined(path, value, at: part.location)
            }
        }
        guard let last = key.last else { return }
        if let existing = target.entry(last.name) {
            throw TOMLError("duplicate key \(key.dottedDescription) (first \(TOMLParser.place(existing.keyLocation)))", at: last.location)
        }
        let value = try parseValue(depth: target.depth + 1)
        target.add(last.name, .value(value), keyLocation: last.location)
    }

    func alreadyDefined(_ path: String, _ value: TOMLValue, at location: SourceLocation) -> TOMLError {
        let what = if case .table = value.kind { "an inline table" } else { value.typeDescription }
        return TOMLError("\(path) is already \(what) (\(TOMLParser.place(value.location))), not a table that can be added to", at: location)
    }

    func nestingError(at location: SourceLocation) -> TOMLError {
        TOMLError("tables and arrays nest more than \(TOMLParser.maximumDepth) deep", at: location)
    }

    /// `line 3, column 5`.
    static func place(_ location: SourceLocation) -> String { "at line \(location.line), column \(location.column)" }
}
