// Text made safe to print: TextFormat.visible, the excerpts that use it, and JSON quoting of invisible scalars.
import Foundation
@testable import Tactile
import Testing

@Suite("Text made safe to print")
struct VisibleTextTests {
    /// Scalars a terminal obeys or that change what is shown, from every group the rule names.
    static let hostile: [Unicode.Scalar] = [
        "\u{0}", "\u{7}", "\u{8}", "\u{1B}", "\u{7F}",  // C0, DEL
        "\u{80}", "\u{85}", "\u{9B}", "\u{9D}", "\u{9F}",  // C1: NEL, CSI, OSC
        "\u{61C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",  // bidirectional controls
        "\u{2028}", "\u{2029}",  // line and paragraph separators
        "\u{200B}", "\u{FEFF}", "\u{E000}", "\u{F0000}", "\u{E0001}",  // zero width, BOM, private use, tag
    ]

    @Test("an OSC title sequence, a bell and a newline come out as escapes anyone can read")
    func escapesControls() {
        #expect(TextFormat.visible("a\u{1B}]0;pwned\u{7}.json") == #"a\x1b]0;pwned\x07.json"#)
        #expect(TextFormat.visible("line\nnext\r\ttab\u{0}") == #"line\nnext\r\ttab\x00"#)
        #expect(TextFormat.visible("\u{7F}") == #"\x7f"#)
        #expect(TextFormat.visible("CSI \u{9B}2J OSC \u{9D}") == #"CSI \u{9b}2J OSC \u{9d}"#)
        #expect(TextFormat.visible("abc\u{202E}fdp.exe") == #"abc\u{202e}fdp.exe"#)
        #expect(TextFormat.visible("a\u{2028}b\u{2029}") == #"a\u{2028}b\u{2029}"#)
        #expect(TextFormat.visible("tag\u{E0001}") == #"tag\u{e0001}"#)
    }

    @Test("a backslash is doubled, so an escape is never ambiguous; kept when asked")
    func backslash() {
        #expect(TextFormat.visible(#"C:\x1b"#) == #"C:\\x1b"#)
        #expect(TextFormat.visible(#"C:\x1b"#, escapingBackslash: false) == #"C:\x1b"#)
        // Without doubling, escaped text comes back unchanged: the last line of defence is idempotent.
        let once = TextFormat.visible("a\u{1B}b\u{202E}")
        #expect(TextFormat.visible(once, escapingBackslash: false) == once)
        #expect(TextFormat.visible("a\u{1B}" + once, escapingBackslash: false) == #"a\x1b"# + once)
    }

    @Test("printable text stays as it is: ASCII, accents, CJK, emoji, box drawing")
    func printableUnchanged() {
        for text in ["SynPS/2 Synaptics TouchPad", "Écran tactile élan", "触控板", "pinch 🤏 ×2 – ok", "┌─┐ “quoted” 'single'", ""] {
            #expect(TextFormat.visible(text) == text)
        }
    }

    @Test("no scalar the rule names survives, and nothing but the escapes is added")
    func everyHostileScalarEscaped() {
        for scalar in Self.hostile {
            var text = "x"
            text.unicodeScalars.append(scalar)
            let shown = TextFormat.visible(text)
            #expect(shown.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, "U+\(String(scalar.value, radix: 16)) → \(shown)")
            #expect(!TextFormat.isShown(scalar))
            #expect(shown.hasPrefix(#"x\"#))
        }
    }

    @Test("excerpts quote what they found escaped, cut to 40 characters before escaping")
    func excerpts() {
        #expect(TextFormat.excerpt("key\u{1B}[2J") == #""key\x1b[2J""#)
        #expect(TextFormat.excerpt(bytes: Array("a\u{1B}]0;x\u{7}".utf8)[...]) == #""a\x1b]0;x\x07""#)
        let long = String(repeating: "\u{1B}", count: 50)
        #expect(TextFormat.excerpt(long, quoted: false) == String(repeating: #"\x1b"#, count: 40) + "…")
    }

    @Test("JSON quoting writes C1, bidirectional and other invisible scalars as \\uXXXX, and reads back the same")
    func jsonQuote() throws {
        #expect(JSONText.quote("a\u{1B}\u{9B}\u{202E}\u{2028}b") == #""a\u001b\u009b\u202e\u2028b""#)
        #expect(JSONText.quote("plain é 触 🤏") == "\"plain é 触 🤏\"")
        for scalar in Self.hostile where scalar.value <= 0xFFFF {
            var text = "x"
            text.unicodeScalars.append(scalar)
            let quoted = JSONText.quote(text)
            #expect(quoted.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, "\(quoted)")
            let decoded = try JSONDecoder().decode(String.self, from: Data(quoted.utf8))
            #expect(decoded == text)
        }
        // An encoder's output: the same scalars escaped inside strings, nothing else touched.
        let encoded = String(decoding: try JSONEncoder().encode(["name": "Evil\u{1B}\u{9B}\u{202E}"]), as: UTF8.self)
        let escaped = JSONText.escapingInvisible(encoded)
        #expect(escaped.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, "\(escaped)")
        #expect(try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8)) == ["name": "Evil\u{1B}\u{9B}\u{202E}"])
    }

    @Test("readable action lines and trace lines escape names")
    func namesInLines() {
        let record = ActionRecord(time: 0.25, recognizer: "pinch\u{1B}[2J", view: "canvas\u{202E}", state: .began, touches: 2,
                                  location: Point(x: 1, y: 2), values: [ActionValue("scale\n", 1)])
        #expect(record.readableLine == #"0.250000  pinch\x1b[2J@canvas\u{202e}  began  2 touches  (1.0, 2.0)  scale\n=1.000"#)
        let trace = GestureTraceEvent(time: 0, recognizer: "tap\u{9B}", view: "window", step: .yielded(to: "pan\u{7}"))
        #expect(trace.description == #"0.000000  tap\u{9b}@window  yields to pan\x07"#)
    }
}
