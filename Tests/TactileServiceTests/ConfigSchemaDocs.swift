// docs/gestures-toml.md's key tables against ConfigSchema: the blocks between markers, a line diff, a re-render.
@testable import TactileService

/// The key tables of `docs/gestures-toml.md`, each between
/// `<!-- schema: ID -->` and `<!-- /schema -->`, against the schema's
/// references rendered: what differs, line by line, and the page with them re-rendered.
enum ConfigSchemaDocs {
    /// A block of the page: its id, the line numbers (0-based) of its markers, and the lines between them.
    struct Block {
        var id: String
        var opening: Int
        var closing: Int
        var lines: [String]
    }

    static let references = ConfigSchema.allCases.flatMap(\.references)

    /// The blocks of `text`, and the problems with its markers (one opened and not closed).
    static func blocks(in text: String) -> (blocks: [Block], problems: [String]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = [], problems: [String] = []
        var open: (id: String, line: Int)?
        for (number, line) in lines.enumerated() {
            if line.hasPrefix("<!-- schema: "), line.hasSuffix(" -->") {
                if let open { problems.append("line \(open.line + 1): <!-- schema: \(open.id) --> is not closed") }
                open = (String(line.dropFirst("<!-- schema: ".count).dropLast(" -->".count)), number)
            } else if line == "<!-- /schema -->", let opened = open {
                blocks.append(Block(id: opened.id, opening: opened.line, closing: number, lines: Array(lines[(opened.line + 1)..<number])))
                open = nil
            }
        }
        if let open { problems.append("line \(open.line + 1): <!-- schema: \(open.id) --> is not closed") }
        return (blocks, problems)
    }

    /// Every way `text` differs from the schema: blocks missing, unknown or
    /// repeated, and each block's lines against the schema's (`-` the page's, `+` the schema's).
    static func differences(in text: String) -> [String] {
        var (blocks, problems) = blocks(in: text)
        for block in blocks where !references.contains(where: { $0.id == block.id }) {
            problems.append("line \(block.opening + 1): no table of ConfigSchema is called \"\(block.id)\"")
        }
        for reference in references {
            let found = blocks.filter { $0.id == reference.id }
            guard let block = found.first, found.count == 1 else {
                problems.append("\(found.isEmpty ? "no" : "more than one") <!-- schema: \(reference.id) --> … <!-- /schema --> block")
                continue
            }
            problems += diff(block.lines, reference.markdown, firstLine: block.opening + 2).map { "[\(reference.id)] " + $0 }
        }
        return problems
    }

    /// `text` with each block's lines those the schema renders.
    static func rendered(into text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for block in blocks(in: text).blocks.reversed() {
            guard let reference = references.first(where: { $0.id == block.id }) else { continue }
            lines.replaceSubrange((block.opening + 1)..<block.closing, with: reference.markdown)
        }
        return lines.joined(separator: "\n")
    }

    /// The lines only `page` has (`- line N: …`) and those only `schema` has (`+ …`), in order, by their longest common subsequence.
    static func diff(_ page: [String], _ schema: [String], firstLine: Int) -> [String] {
        var common = Array(repeating: Array(repeating: 0, count: schema.count + 1), count: page.count + 1)
        for i in stride(from: page.count - 1, through: 0, by: -1) {
            for j in stride(from: schema.count - 1, through: 0, by: -1) {
                common[i][j] = page[i] == schema[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var (i, j, out) = (0, 0, [String]())
        while i < page.count || j < schema.count {
            if i < page.count, j < schema.count, page[i] == schema[j] {
                (i, j) = (i + 1, j + 1)
            } else if j == schema.count || (i < page.count && common[i + 1][j] >= common[i][j + 1]) {
                out.append("- line \(firstLine + i): \(page[i])")
                i += 1
            } else {
                out.append("+ schema: \(schema[j])")
                j += 1
            }
        }
        return out
    }
}
