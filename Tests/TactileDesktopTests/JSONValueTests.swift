// The desktop readers' JSON reader: RFC 8259's grammar, strictly, and what each accessor gives.
import Tactile
@testable import TactileDesktop
import Testing

/// ``JSONValue`` reads what the desktops' programs print (sway's IPC,
/// Hyprland's socket, `busctl --json`, `kscreen-doctor --json`,
/// `wlr-randr --json`) in place of Foundation's `JSONSerialization`: it must
/// take every valid text and refuse, as nil, every invalid one.
@Suite struct JSONValueTests {
    @Test func aDesktopsReplyReadsAsATree() throws {
        let reply = try #require(JSONValue.parse(#"""
            [{"name": "eDP-1", "active": true, "rect": {"x": -1920, "y": 0, "width": 1920.5, "height": 1e3},
              "transform": null, "modes": [], "scale": 2E-1, "make": "\u00e9\ud83d\ude00\n\"\/"}]
            """#))
        let output = try #require(reply[0])
        #expect(output["name"]?.string == "eDP-1")
        #expect(output["active"]?.bool == true)
        #expect(output["rect"]?["x"]?.integer == -1920)
        #expect(output["rect"]?["width"]?.number == 1920.5 && output["rect"]?["width"]?.integer == nil)
        #expect(output["rect"]?["height"]?.integer == 1000)
        #expect(output["transform"] == .null && output["modes"]?.array == [])
        #expect(output["scale"]?.number == 0.2)
        #expect(output["make"]?.string == "é😀\n\"/")
        // Wrong kinds and missing keys are nil, never a crash.
        #expect(reply["name"] == nil && reply[1] == nil && reply[-1] == nil && output[0] == nil)
        #expect(output["name"]?.number == nil && output["active"]?.string == nil && output["rect"]?.array == nil)
        #expect(reply.object == nil && output.object?.count == 7)
    }

    @Test func whatIsNotExactlyOneJSONValueIsNil() {
        let invalid = ["", " ", "[1,]", "[1 2]", "{\"a\" 1}", "{\"a\":1,}", "{a:1}", "'a'", "01", "-", "1.", ".5", "1e", "+1",
                       "0x10", "NaN", "Infinity", "tru", "nulls", "[1]]", "[1] x", "\"a", "\"a\u{01}b\"", "\"\\x\"", "\"\\u12\"",
                       "\"\\u12G4\"", "{\"a\":}", "[", "{"]
        for text in invalid { #expect(JSONValue.parse(text) == nil, "\(text)") }
        // Space around one value is allowed; so are the grammar's edge numbers.
        #expect(JSONValue.parse(" \t\r\n 7 \n") == .number(7))
        #expect(JSONValue.parse("-0") == .number(0) && JSONValue.parse("0.0e+0") == .number(0))
        #expect(JSONValue.parse("1E400") == .number(.infinity))
    }

    @Test func strangeButValidTextsReadAsTheGrammarSays() {
        // A repeated key keeps the last; a lone surrogate is U+FFFD; a pair is one scalar.
        #expect(JSONValue.parse(#"{"a": 1, "a": 2}"#)?["a"]?.integer == 2)
        #expect(JSONValue.parse(#""\ud800x""#)?.string == "\u{FFFD}x")
        #expect(JSONValue.parse(#""\ud83d\u0041""#)?.string == "\u{FFFD}A")
        #expect(JSONValue.parse(#""\uD83D\uDE00""#)?.string == "😀")
        // Integers past Int's range are numbers, not integers.
        #expect(JSONValue.parse("1e19")?.integer == nil && JSONValue.parse("1e19")?.number == 1e19)
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(JSONValue.parse(deep) == nil)
        let allowed = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        #expect(JSONValue.parse(allowed) != nil)
        let one = String(repeating: "[", count: JSONValue.maximumDepth + 1) + String(repeating: "]", count: JSONValue.maximumDepth + 1)
        #expect(JSONValue.parse(one) == nil)
    }
}
