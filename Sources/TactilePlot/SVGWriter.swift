// Builds SVG text: elements with attributes, escaped text, numbers with one decimal.
import Tactile

/// Builds an SVG document as text, element by element.
///
/// Text from outside (file, device, recognizer and zone names) goes through
/// ``escape(_:)``: control characters become visible escapes (`\x1b`, as
/// everywhere in Tactile's output; XML 1.0 allows none of them), then the
/// XML specials are replaced, so any name makes a well-formed document.
struct SVGWriter {
    private(set) var text = ""
    private var depth = 0

    /// Opens `name` with `attributes` (written in their order).
    mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        indent()
        text += "<" + name
        append(attributes)
        text += ">\n"
        depth += 1
    }

    /// Closes the innermost open `name`.
    mutating func close(_ name: String) {
        depth -= 1
        indent()
        text += "</" + name + ">\n"
    }

    /// An element: empty, or holding `content` (text, escaped here) and a `<title>` tooltip.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], content: String? = nil, title: String? = nil) {
        element(name, attributes: Array(attributes), content: content, title: title)
    }

    /// An element with attributes given as an array (built up by the caller).
    mutating func element(_ name: String, attributes: [(key: String, value: String)], content: String? = nil, title: String? = nil) {
        indent()
        text += "<" + name
        append(attributes)
        if content == nil, title == nil {
            text += "/>\n"
            return
        }
        text += ">"
        if let title { text += "<title>" + Self.escape(title) + "</title>" }
        if let content { text += Self.escape(content) }
        text += "</" + name + ">\n"
    }

    /// Raw markup, as it is (the caller's own, never text from outside).
    mutating func raw(_ markup: String) {
        indent()
        text += markup + "\n"
    }

    private mutating func append<Attributes: Sequence<(key: String, value: String)>>(_ attributes: Attributes) {
        for (key, value) in attributes {
            text += " " + key + "=\"" + Self.escape(value) + "\""
        }
    }

    private mutating func indent() {
        text += String(repeating: " ", count: min(depth, 8))
    }

    /// `text` safe in an XML attribute or element: control characters made
    /// visible (`TextFormat.visible`), then `&`, `<`, `>`, `"` and `'` as entities.
    static func escape(_ text: String) -> String {
        let visible = TextFormat.visible(text, escapingBackslash: false)
        guard visible.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }) else { return visible }
        return TextFormat.replacing(visible) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&apos;"
            default: nil
            }
        }
    }

    /// A coordinate or length: one decimal, `12.5`, `3` (never `3.0`, never `-0`).
    static func number(_ value: Double) -> String {
        var text = FixedDecimal.format(value.isFinite ? value : 0, places: 1)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text == "-0" ? "0" : text
    }

    /// A figure for people, at most `places` decimals, trailing zeros dropped: `0.25`, `10`.
    static func figure(_ value: Double, places: Int) -> String {
        var text = FixedDecimal.format(value, places: places)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
