// The TOML parser's errors: each kind with its message and exact line and column; random bytes never crash it.
@testable import TactileService
import TactileTestSupport
import Testing

@Suite struct TOMLErrorTests {
    /// The error parsing `text` gives, as `line:column: message`.
    func failure(_ text: String) -> String {
        do {
            _ = try TOMLParser.parse(text, file: "t.toml")
            return "no error"
        } catch {
            return "\(error.location.line):\(error.location.column): \(error.message)"
        }
    }

    @Test(arguments: [
        ("a = 1\na = 2\n", "2:1: duplicate key a (first at line 1, column 1)"),
        ("[t]\nx = 1\n[t]\n", "3:2: table [t] is defined twice (first at line 1, column 1)"),
        ("a.b = 1\n[a]\n", "2:2: table [a] was already defined by dotted keys (at line 1, column 1)"),
        ("[a]\nb = 1\n[a.b]\n", "3:4: a.b is already an integer (at line 2, column 5), not a table that can be added to"),
        ("[[a]]\n[a]\n", "2:2: [a] is an array of tables (at line 1, column 1); write [[a]] to add one"),
        ("[a]\n[[a]]\n", "2:3: [[a]] cannot add to a, already a table (at line 1, column 1)"),
        ("a = [1]\n[[a]]\n", "2:3: a is already an array (at line 1, column 5), not a table that can be added to"),
        ("[a]\nx.y = 1\n[b]\n[a.x]\n", "4:4: table [a.x] was already defined by dotted keys (at line 2, column 1)"),
        ("a = { b = 1 }\na.c = 2\n", "2:1: a is already an inline table (at line 1, column 5), not a table that can be added to"),
        ("a = \"x\\qy\"\n", "1:7: invalid escape \"\\q\" (valid: \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)"),
        ("a = \"\\u12\"\n", "1:6: \\u needs 4 hexadecimal digits"),
        ("a = \"\\uD800\"\n", "1:6: \\uD800 is not a Unicode scalar value (surrogates and values above 10FFFF are not)"),
        ("a = \"\\U00110000\"\n", "1:6: \\U110000 is not a Unicode scalar value (surrogates and values above 10FFFF are not)"),
        ("a = \"x\u{1}\"\n", "1:7: control character U+0001 in a string (write it as \\u0001)"),
        ("a = 'x\u{7F}'\n", "1:7: control character U+007F in a string (write it as \\u007F)"),
        ("# bell \u{7}\n", "1:8: control character U+0007 in a comment"),
        ("a = \"open\nb = 1\n", "1:5: unterminated string: a \"…\" string ends on its line (use \"\"\"…\"\"\" for several lines)"),
        ("a = 'open\n", "1:5: unterminated string: a '…' string ends on its line (use '''…''' for several lines)"),
        ("x = 1\na = \"\"\"never closed\n", "2:5: unterminated multi-line string: no closing \"\"\""),
        ("a = '''never\n", "1:5: unterminated multi-line string: no closing '''"),
        ("a = [1, 2\n", "1:5: unterminated array: the end of the file came before its end"),
        ("a = [1 2]\n", "1:8: expected \",\" or \"]\" in the array, found \"2\""),
        ("a = { b = 1\n", "1:5: the inline table is not closed on its line (an inline table is written on one line; use a [table] for more)"),
        ("a = { b = 1, }\n", "1:14: a trailing comma is not allowed in an inline table"),
        ("a = { b = 1, b = 2 }\n", "1:14: duplicate key b (first at line 1, column 7)"),
        ("a = 1979-05-27\n", "1:5: dates and times are not used in gestures.toml (found 1979-05-27)"),
        ("a = 07:32:00\n", "1:5: dates and times are not used in gestures.toml (found 07:32:00)"),
        ("a = 012\n", "1:5: invalid number 012: leading zeros are not allowed"),
        ("a = 1__0\n", "1:5: invalid number 1__0: an underscore must be between two digits"),
        ("a = 0xG1\n", "1:5: invalid number 0xG1: \"G\" is not a hexadecimal digit"),
        ("a = 1.\n", "1:5: invalid number 1.: after the decimal point: digits are missing"),
        ("a = 1e\n", "1:5: invalid number 1e: in the exponent: digits are missing"),
        ("a = 9223372036854775808\n", "1:5: integer 9223372036854775808 is out of range (a 64-bit signed integer)"),
        ("a = 1e999\n", "1:5: float 1e999 is out of range (a 64-bit float)"),
        ("a = natural\n", "1:5: expected a value, found natural (a string is written in quotes: \"natural\")"),
        ("a =\n", "1:4: expected a value, found the end of the line"),
        ("a = 1 b = 2\n", "1:7: expected the end of the line after the value, found \"b\""),
        ("a 1\n", "1:3: expected \"=\" after the key a, found \"1\""),
        ("= 1\n", "1:1: expected a key, found \"=\" (a bare key holds only A-Z a-z 0-9 _ -; quote others)"),
        ("[a\n", "1:3: expected \"]\" to close the table header, found the end of the line"),
        ("[[a]\n", "1:4: expected \"]]\" to close the table header, found \"]\""),
        ("[a] x\n", "1:5: expected the end of the line after the table header, found \"x\""),
        ("\"\"\"k\"\"\" = 1\n", "1:1: a key cannot be a multi-line string"),
        ("a = \"\"\"x\"\"\"\"\"\"\n", "1:14: too many quotes: a multi-line string ends with at most five"),
        ("a = 1\rb = 2\n", "1:6: expected the end of the line after the value, found control character U+000D"),
        ("  é = 1\n", "1:3: expected a key, found \"é\" (a bare key holds only A-Z a-z 0-9 _ -; quote others)"),
    ])
    func errorAtItsPlace(text: String, expected: String) {
        #expect(failure(text) == expected)
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        let deep = "a = " + String(repeating: "[", count: 100_000) + "\n"
        #expect(failure(deep) == "1:69: tables and arrays nest more than 64 deep")
        let inline = "a = " + String(repeating: "{ b = ", count: 10_000) + "\n"
        #expect(failure(inline).contains("nest more than 64 deep"))
        let dotted = (0..<100).map { "k\($0)" }.joined(separator: ".") + " = 1\n"
        #expect(failure(dotted).contains("at most 64 parts"))
        let header = "[" + (0..<64).map { "k\($0)" }.joined(separator: ".") + "]\na.b = 1\n"
        #expect(failure(header).contains("nest more than 64 deep"))
    }

    @Test func randomInputNeverCrashes() {
        var random = SplitMix(seed: 0x7AC7_11E5)
        let fragments = ["[", "]", "[[", "]]", "{", "}", "=", "\"", "'", "\"\"\"", "'''", "\\", "\\u", "#", "\n", "\r\n", "\r",
                         ",", ".", "a", "b.c", "1", "-", "+", "_", "0x", "e", "inf", "nan", "true", " ", "\t", "é", "\u{0}", "2024-01-01"]
        for round in 0..<400 {
            var text = ""
            let length = Int(random.next() % 60)
            for _ in 0..<length {
                if round % 2 == 0 {
                    text += random.pick(fragments)
                } else if let scalar = Unicode.Scalar(UInt32(random.next() % 0x80)) {
                    text.unicodeScalars.append(scalar)
                }
            }
            _ = failure(text)
        }
    }
}
