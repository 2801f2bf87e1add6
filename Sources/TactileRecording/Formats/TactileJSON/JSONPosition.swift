// A position in a file: line, column and byte offset, for errors.

/// A position in a file: 1-based line and column (columns count bytes), and
/// the byte offset.
struct JSONPosition: Hashable, Sendable {
    var line: Int
    var column: Int
    var offset: Int
}
