// The TOML parser on valid documents: every feature, and the place of each key and value.
@testable import TactileService
import Testing

@Suite struct TOMLParserTests {
    func parse(_ text: String) throws -> TOMLTable { try TOMLParser.parse(text, file: "t.toml") }

    func value(_ table: TOMLTable, _ path: String...) -> TOMLValue? {
        var current: TOMLValue? = TOMLValue(.table(table), at: SourceLocation(file: "t.toml", line: 1, column: 1))
        for key in path { current = current?.table?[key] }
        return current
    }

    @Test func scalarsAndTheirPlaces() throws {
        let table = try parse("""
            # a comment
            a = "text" # trailing
            b = 'lit\\eral'
              c = 42
            d = -17
            e = 1_000
            f = 0xDEAD_beef
            g = 0o755
            h = 0b1101
            i = 3.25
            j = -1e3
            k = 6.02E+23
            l = inf
            m = -nan
            n = true
            o = false
            p = +0.5
            """)
        #expect(table["a"]?.string == "text")
        #expect(table["a"]?.location == SourceLocation(file: "t.toml", line: 2, column: 5))
        #expect(table["b"]?.string == #"lit\eral"#)
        #expect(table.entry("c")?.keyLocation == SourceLocation(file: "t.toml", line: 4, column: 3))
        #expect(table["c"]?.location.column == 7)
        let integers = ["c": 42, "d": -17, "e": 1000, "f": 0xDEADBEEF, "g": 0o755, "h": 0b1101]
        for (key, expected) in integers {
            guard case .integer(let n)? = table[key]?.kind else { Issue.record("\(key) not an integer"); continue }
            #expect(n == expected, "\(key)")
        }
        let floats = ["i": 3.25, "j": -1000, "k": 6.02e23, "l": Double.infinity, "p": 0.5]
        for (key, expected) in floats {
            guard case .float(let x)? = table[key]?.kind else { Issue.record("\(key) not a float"); continue }
            #expect(x == expected, "\(key)")
        }
        guard case .float(let nan)? = table["m"]?.kind else { Issue.record("m"); return }
        #expect(nan.isNaN)
        guard case .boolean(true)? = table["n"]?.kind, case .boolean(false)? = table["o"]?.kind else { Issue.record("booleans"); return }
        #expect(table.entries.map(\.key) == ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p"])
    }

    @Test func integerLimits() throws {
        let table = try parse("max = 9223372036854775807\nmin = -9223372036854775808\n")
        guard case .integer(let max)? = table["max"]?.kind, case .integer(let min)? = table["min"]?.kind else { Issue.record("ints"); return }
        #expect(max == Int.max && min == Int.min)
    }

    @Test func strings() throws {
        let table = try parse(#"""
            a = "tab\there \"q\" \\ \u00E9 \U0001F600 \b\f\r\n"
            b = """
            line one
            line two\
                 joined"""
            c = '''
            raw \n 'quoted' '''
            d = """two quotes at the end"" """
            e = ""
            f = '''x'' '''
            g = """a""\""""
            h = "é ü 🎉"
            """#)
        #expect(table["a"]?.string == "tab\there \"q\" \\ é 😀 \u{8}\u{C}\r\n")
        #expect(table["b"]?.string == "line one\nline twojoined")
        #expect(table["c"]?.string == "raw \\n 'quoted' ")
        #expect(table["d"]?.string == "two quotes at the end\"\" ")
        #expect(table["e"]?.string == "")
        #expect(table["f"]?.string == "x'' ")
        #expect(table["g"]?.string == "a\"\"\"")
        #expect(table["h"]?.location.column == 5)
    }

    @Test func columnsCountUnicodeScalars() throws {
        let table = try parse("a = \"🎉é\" # é\nb = 'é' # x\nc = 1")
        #expect(table["b"]?.location == SourceLocation(file: "t.toml", line: 2, column: 5))
        let other = try parse("\"é🎉\" = 1\nx = { \"é\" = 2, y = 3 }\n")
        #expect(other["é🎉"]?.location.column == 8)
        #expect(value(other, "x", "y")?.location.column == 20)
    }

    @Test func keys() throws {
        let table = try parse("""
            bare-key_1 = 1
            "quoted key" = 2
            'literal key' = 3
            a.b . c = 4
            a . "d" = 5
            1234 = 6
            "" = 7
            """)
        #expect(table["bare-key_1"] != nil && table["quoted key"] != nil && table["literal key"] != nil)
        #expect(value(table, "a", "b", "c")?.location.line == 4)
        #expect(value(table, "a", "d") != nil)
        #expect(table["1234"] != nil && table[""] != nil)
        #expect(table.entry("a")?.keyLocation == SourceLocation(file: "t.toml", line: 4, column: 1))
    }

    @Test func tablesAndArraysOfTables() throws {
        let table = try parse("""
            top = 1
            [zones.left]
            edge = "left"
            [zones . 'right']
            edge = "right"
            [[gesture]]
            name = "one"
            [gesture.step]
            every = 1
            [[gesture]]
            name = "two"
            [x.y.z]
            [x]
            w = 1
            [fruit]
            apple.color = "red"
            [fruit.apple.texture]
            smooth = true
            """)
        #expect(value(table, "zones", "left", "edge")?.string == "left")
        #expect(value(table, "zones", "right")?.location == SourceLocation(file: "t.toml", line: 4, column: 1))
        let gestures = table["gesture"]?.array ?? []
        #expect(gestures.count == 2)
        #expect(gestures.first?.table?["step"]?.table?["every"] != nil)
        #expect(gestures.last?.table?["name"]?.string == "two")
        #expect(gestures.last?.location.line == 10)
        #expect(value(table, "x", "y", "z")?.table?.isEmpty == true)
        #expect(value(table, "fruit", "apple", "texture", "smooth") != nil)
    }

    @Test func arraysAndInlineTables() throws {
        let table = try parse("""
            a = [1, 2, 3]
            b = [
              "x",   # comment
              ["nested", 'y'],
              { k = 1 },
            ]
            c = []
            d = { click = "right", a.b = 2 }
            e = {}
            f = [ { key = "super" }, { command = ["notify-send", "hi"] } ]
            """)
        #expect(table["a"]?.array?.count == 3)
        #expect(table["b"]?.array?.count == 3)
        #expect(table["b"]?.array?[1].location == SourceLocation(file: "t.toml", line: 4, column: 3))
        #expect(table["c"]?.array?.isEmpty == true)
        #expect(value(table, "d", "click")?.string == "right")
        #expect(value(table, "d", "a", "b") != nil)
        #expect(table["e"]?.table?.isEmpty == true)
        #expect(table["f"]?.array?.last?.table?["command"]?.array?.count == 2)
    }

    @Test func windowsLineEndingsAndByteOrderMark() throws {
        let table = try parse("\u{FEFF}a = 1\r\nb = \"\"\"x\r\ny\"\"\"\r\n")
        #expect(table["b"]?.string == "x\ny")
        #expect(table["b"]?.location.line == 2)
    }

    @Test func nestingUpToTheLimitIsFine() throws {
        let depth = TOMLParser.maximumDepth - 1
        let text = "a = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
        #expect(throws: Never.self) { try parse(text) }
    }
}
