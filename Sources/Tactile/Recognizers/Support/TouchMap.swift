// A small map from touch to value, kept in touch order, that stops allocating once grown.

/// A small map from touch to value, kept in touch order.
///
/// Recognizers keep a value per finger (where it landed, its last angle):
/// a handful of entries, read and written every frame. A sorted pair of
/// arrays does that without hashing or allocating once it has grown, and
/// iterates in touch order, so sums over it never depend on hash order.
struct TouchMap<Value> {
    private(set) var keys: [TouchID] = []
    private(set) var values: [Value] = []

    init() {}

    /// The number of entries.
    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }

    /// The value for `id`; setting `nil` removes the entry.
    subscript(id: TouchID) -> Value? {
        get {
            guard let index = index(of: id) else { return nil }
            return values[index]
        }
        set {
            let position = insertionPoint(of: id)
            let present = position < keys.count && keys[position] == id
            switch (newValue, present) {
            case (let value?, true): values[position] = value
            case (let value?, false):
                keys.insert(id, at: position)
                values.insert(value, at: position)
            case (nil, true):
                keys.remove(at: position)
                values.remove(at: position)
            case (nil, false): break
            }
        }
    }

    /// Removes every entry, keeping the storage.
    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }

    private func index(of id: TouchID) -> Int? {
        let position = insertionPoint(of: id)
        return position < keys.count && keys[position] == id ? position : nil
    }

    /// The first position whose key is not below `id` (a linear scan: the map holds a few fingers).
    private func insertionPoint(of id: TouchID) -> Int {
        var position = 0
        while position < keys.count, keys[position] < id { position += 1 }
        return position
    }
}
