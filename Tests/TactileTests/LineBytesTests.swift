// The byte builders of printed lines give exactly the bytes of their String counterparts.
import Tactile
import Testing

@Suite("LineBytes")
struct LineBytesTests {
    /// Texts that take every path: plain names, quotes and backslashes,
    /// controls, bidirectional and private-use scalars, accents and emoji.
    static let texts = [
        "", "pan", "doubleTap2", "a b", "say \"hi\"", #"C:\dir"#, "tab\there", "line\nnext", "\u{1B}[31m", "\u{7F}",
        "\u{9B}x", "abc\u{202E}fdp", "zero\u{200B}width", "caf\u{E9}", "\u{6F22}\u{5B57}", "\u{1F44B}", "\u{E000}", "\u{F0000}",
    ]

    @Test("appendFixed writes what FixedDecimal.format writes, for every precision")
    func fixed() {
        var values: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 0.0000004, -0.0000004, 0.0000005, -0.0000005, 123.456789, -987.654321,
                                1e12, -1e12, 8.9e14, 9.5e15, -9.5e15, 1e300, .nan, .infinity, -.infinity, .ulpOfOne, 0.1 + 0.2]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let magnitude = Double.random(in: -7...9, using: &random)
            values.append((Bool.random(using: &random) ? -1 : 1) * Double.random(in: 1...10, using: &random) * pow10(magnitude))
        }
        for value in values {
            for places in -1...9 {
                var bytes: [UInt8] = [UInt8(ascii: "x")]
                LineBytes.appendFixed(value, places: places, to: &bytes)
                #expect(String(decoding: bytes.dropFirst(), as: UTF8.self) == FixedDecimal.format(value, places: places),
                        "\(value) at \(places) places")
            }
        }
    }

    @Test("append writes integers in decimal, and zero-padded digits")
    func integers() {
        for value in [0, 7, -7, 10, 99, -100, Int.max, Int.min, 1_000_000] {
            var bytes: [UInt8] = []
            LineBytes.append(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
        var padded: [UInt8] = []
        LineBytes.appendDigits(42, minimumDigits: 6, to: &padded)
        #expect(String(decoding: padded, as: UTF8.self) == "000042")
    }

    @Test("appendQuoted writes JSONText.quote, appendVisible writes TextFormat.visible")
    func texts() {
        for text in Self.texts {
            var quoted: [UInt8] = []
            LineBytes.appendQuoted(text, to: &quoted)
            #expect(String(decoding: quoted, as: UTF8.self) == JSONText.quote(text), "\(JSONText.quote(text))")
            for escapingBackslash in [true, false] {
                var visible: [UInt8] = []
                LineBytes.appendVisible(text, escapingBackslash: escapingBackslash, to: &visible)
                #expect(String(decoding: visible, as: UTF8.self) == TextFormat.visible(text, escapingBackslash: escapingBackslash))
            }
        }
    }

    @Test("an action record's JSON and readable lines escape what they must")
    func records() {
        for name in Self.texts {
            let record = ActionRecord(time: 1.25, recognizer: name, view: name, state: .changed, touches: 1,
                                      location: Point(x: -0.0004, y: 1e16), values: [ActionValue(name, .nan), ActionValue("scale", 1.5)])
            var expected = "{\"t\":1.250000,\"recognizer\":" + JSONText.quote(name) + ",\"view\":" + JSONText.quote(name)
            expected += ",\"state\":\"changed\",\"touches\":1,\"location\":[0.000," + FixedDecimal.format(1e16, places: 3) + "]"
            expected += ",\"values\":{" + JSONText.quote(name) + ":null,\"scale\":1.500000}}"
            #expect(record.jsonLine == expected)
            let visible = TextFormat.visible(name)
            #expect(record.readableLine == "1.250000  \(visible)@\(visible)  changed  1 touch  (0.0, \(FixedDecimal.format(1e16, places: 1)))  \(visible)=null  scale=1.500")
        }
    }

    private func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        let steps = Int(exponent.rounded(.down))
        for _ in 0..<abs(steps) { result = steps < 0 ? result / 10 : result * 10 }
        return result * (1 + exponent - exponent.rounded(.down))
    }
}
