// "Did you mean …?": the closest known name to a misspelt one, by edit distance.

enum ConfigSuggestion {
    /// The candidate closest to `name` (case-insensitive edit distance of at
    /// most a third of its length, at least 1, at most 3), if any.
    static func closest(to name: String, in candidates: [String]) -> String? {
        let typed = Array(name.lowercased().unicodeScalars)
        guard !typed.isEmpty, typed.count <= 64 else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.lowercased().unicodeScalars))
            let allowed = min(3, max(1, candidate.unicodeScalars.count / 3))
            if distance <= allowed, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// ` (did you mean "x"?)`, or nothing.
    static func hint(for name: String, in candidates: [String]) -> String {
        closest(to: name, in: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// Edit distance counting a swap of neighbours as one edit (optimal string alignment).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, row) = (previous, row, beforePrevious)
        }
        return previous[b.count]
    }
}
