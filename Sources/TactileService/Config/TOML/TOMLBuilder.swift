// The TOML parser's tables under construction: how each was defined, so redefinitions are caught.
import Tactile

/// A table being built, with how it came to be: TOML forbids defining a
/// table twice, extending a `[header]` table with dotted keys, and the like.
final class TOMLTableNode {
    enum Origin {
        /// Created as the parent of a `[a.b]` header (may still get its own header).
        case implicit
        /// Defined by its own `[header]`.
        case header
        /// Created by a dotted key (`a.b = 1`).
        case dotted
        /// An element of an array of tables (`[[a]]`).
        case arrayElement
        /// An inline table (`{ … }`): closed once written.
        case inline
    }

    enum Item {
        case value(TOMLValue)
        case table(TOMLTableNode)
        case tables(TOMLTableArrayNode)
    }

    struct Entry {
        var key: String
        var keyLocation: SourceLocation
        var item: Item
    }

    var origin: Origin
    let location: SourceLocation
    /// Tables above this one (the document is 0).
    let depth: Int
    private(set) var entries: [Entry] = []
    private var positions: [String: Int] = [:]

    init(origin: Origin, location: SourceLocation, depth: Int) {
        self.origin = origin
        self.location = location
        self.depth = depth
    }

    func item(_ key: String) -> Item? { positions[key].map { entries[$0].item } }

    func entry(_ key: String) -> Entry? { positions[key].map { entries[$0] } }

    func add(_ key: String, _ item: Item, keyLocation: SourceLocation) {
        positions[key] = entries.count
        entries.append(Entry(key: key, keyLocation: keyLocation, item: item))
    }

    /// The finished table; depth is bounded by the parser's nesting limit.
    func build() -> TOMLTable {
        var table = TOMLTable()
        for entry in entries {
            let value: TOMLValue
            switch entry.item {
            case .value(let v): value = v
            case .table(let node): value = TOMLValue(.table(node.build()), at: node.location)
            case .tables(let array):
                value = TOMLValue(.array(array.tables.map { TOMLValue(.table($0.build()), at: $0.location) }), at: array.location)
            }
            table.set(entry.key, value, keyLocation: entry.keyLocation)
        }
        return table
    }
}

/// An array of tables being built (`[[gesture]]`).
final class TOMLTableArrayNode {
    let location: SourceLocation
    var tables: [TOMLTableNode] = []

    init(location: SourceLocation) { self.location = location }
}

/// One part of a (possibly dotted) key and where it was written.
struct TOMLKeyPart {
    var name: String
    var location: SourceLocation
}

extension Array where Element == TOMLKeyPart {
    /// `a.b."c d"`, for messages (escaped for a terminal).
    var dottedDescription: String {
        map { part in
            part.name.unicodeScalars.allSatisfy(TOMLParser.isBareKeyScalar) && !part.name.isEmpty
                ? part.name : "\"" + TextFormat.visible(part.name) + "\""
        }.joined(separator: ".")
    }
}
