// What docs/architecture.md says of the modules, products and commands, compared with Package.swift and the CLI.
import Foundation

/// The facts of `docs/architecture.md` that can be checked, and what they are
/// checked against: its module table against `Package.swift`'s targets and
/// their dependencies, its product table against the manifest's products, its
/// subcommand table against `tactile`'s subcommands. Each comparison returns
/// one line for each difference, empty when the page holds.
///
/// ```swift
/// let lines = DocsDrift.differences(page: page, manifest: manifest, commands: ["demo", "replay"])
/// #expect(lines.isEmpty, "\(lines.joined(separator: "\n"))")
/// ```
enum DocsDrift {
    /// A target of the manifest: its kind (`target`, `executableTarget`,
    /// `systemLibrary`, `testTarget`) and the targets of this package it depends on.
    struct Target: Equatable {
        var name: String
        var kind: String
        var dependencies: Set<String>
    }

    /// A product of the manifest: `library` or `executable`, and its targets.
    struct Product: Equatable {
        var name: String
        var kind: String
        var targets: [String]
    }

    /// Every difference between the page and the manifest and commands.
    static func differences(page: String, manifest: String, commands: [String]) -> [String] {
        moduleDifferences(page: page, manifest: manifest) + productDifferences(page: page, manifest: manifest)
            + commandDifferences(page: page, commands: commands)
    }

    /// The module table (`| target | holds | depends on |`) against every target that is not a test.
    static func moduleDifferences(page: String, manifest: String) -> [String] {
        let targets = ManifestText.targets(in: manifest).filter { $0.kind != "testTarget" }
        guard let rows = MarkdownTable.rows(in: page, header: ["target", "holds", "depends on"]) else {
            return ["docs/architecture.md has no table | target | holds | depends on |"]
        }
        let documented = Dictionary(rows.compactMap { row in MarkdownTable.code(row[0]).map { ($0, row) } }, uniquingKeysWith: { first, _ in first })
        var lines = setDifferences(documented: Set(documented.keys), actual: Set(targets.map(\.name)), what: "target", table: "module")
        for target in targets {
            guard let row = documented[target.name] else { continue }
            let named = Set(MarkdownTable.codeSpans(row[2]))
            for missing in target.dependencies.subtracting(named).sorted() {
                lines.append("module table: `\(target.name)` depends on `\(missing)` in Package.swift, not in the table")
            }
            for extra in named.subtracting(target.dependencies).sorted() {
                lines.append("module table: `\(target.name)` depends on `\(extra)` in the table, not in Package.swift")
            }
        }
        return lines
    }

    /// The product table (`| product | kind | targets |`) against the manifest's products.
    static func productDifferences(page: String, manifest: String) -> [String] {
        let products = ManifestText.products(in: manifest)
        guard let rows = MarkdownTable.rows(in: page, header: ["product", "kind", "targets"]) else {
            return ["docs/architecture.md has no table | product | kind | targets |"]
        }
        let documented = rows.compactMap { row in
            MarkdownTable.code(row[0]).map { Product(name: $0, kind: row[1], targets: MarkdownTable.codeSpans(row[2])) }
        }
        var lines = setDifferences(documented: Set(documented.map(\.name)), actual: Set(products.map(\.name)), what: "product", table: "product")
        for product in products {
            guard let row = documented.first(where: { $0.name == product.name }), row != product else { continue }
            lines.append("product table: `\(product.name)` is \(row.kind) of \(row.targets) in the table, \(product.kind) of \(product.targets) in Package.swift")
        }
        return lines
    }

    /// The subcommand table (`| subcommand | does | mainly uses |`) against the CLI's subcommands.
    static func commandDifferences(page: String, commands: [String]) -> [String] {
        guard let rows = MarkdownTable.rows(in: page, header: ["subcommand", "does", "mainly uses"]) else {
            return ["docs/architecture.md has no table | subcommand | does | mainly uses |"]
        }
        let documented = Set(rows.compactMap { MarkdownTable.code($0[0]) })
        return setDifferences(documented: documented, actual: Set(commands), what: "subcommand", table: "subcommand")
    }

    private static func setDifferences(documented: Set<String>, actual: Set<String>, what: String, table: String) -> [String] {
        actual.subtracting(documented).sorted().map { "\(table) table: no row for the \(what) `\($0)`" }
            + documented.subtracting(actual).sorted().map { "\(table) table: a row for `\($0)`, which is no \(what)" }
    }
}

/// Tables of a Markdown page, read as rows of cells.
enum MarkdownTable {
    /// The rows of the first table whose header cells are `header`, without the
    /// header and its rule; `nil` when the page has no such table.
    static func rows(in page: String, header: [String]) -> [[String]]? {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("|") && cells($0) == header }) else { return nil }
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map(cells).filter { $0.count == header.count }
    }

    /// The cells of a table line, trimmed (a `|` inside backticks does not split).
    static func cells(_ line: String) -> [String] {
        var cells: [String] = [], cell = "", inCode = false
        for character in line.dropFirst() {
            if character == "`" { inCode.toggle() }
            if character == "|", !inCode {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(character)
            }
        }
        return cells
    }

    /// The text of every code span of a cell (`` `Tactile` `` gives `Tactile`).
    static func codeSpans(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The cell's text when it is one code span and nothing else.
    static func code(_ cell: String) -> String? {
        guard cell.hasPrefix("`"), cell.hasSuffix("`"), cell.count > 2 else { return nil }
        let inner = cell.dropFirst().dropLast()
        return inner.contains("`") ? nil : String(inner)
    }
}
