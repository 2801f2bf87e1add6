// JSON string literals that no terminal acts on: control and bidirectional scalars escaped.
/// JSON string quoting for hand-written JSON (the action log, recordings)
/// and YAML (a JSON string is a YAML 1.2 double-quoted scalar): `"`, `\`,
/// line feed, carriage return and tab by letter; every other scalar up to
/// U+FFFF that is not printed as itself (control characters C0, DEL and C1,
/// bidirectional and other format characters, line and paragraph separators,
/// private-use and unassigned scalars: the rule of `TextFormat.visible`) as
/// `\uXXXX` (`\u001b`, `\u009b`, `\u202e`), so a JSON line on a terminal
/// cannot drive it; everything else as it is. Scalars above U+FFFF stay as
/// they are (none is a control or a bidirectional control, and their escape,
/// a surrogate pair, is one YAML refuses).
package enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    package static func quote(_ text: String) -> String {
        let body = TextFormat.replacing(text) { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case _ where scalar.value <= 0xFFFF && !TextFormat.isShown(scalar): escape(scalar)
            default: nil
            }
        }
        return "\"" + body + "\""
    }

    /// `json` (text a JSON encoder wrote, which escapes C0 controls in
    /// strings but leaves DEL, C1 and bidirectional controls as they are)
    /// with every such scalar written `\uXXXX`: outside strings JSON holds
    /// only ASCII, so they stand inside strings, where the escape means the
    /// same. C0 (line feeds of pretty printing) and scalars above U+FFFF (as in
    /// ``quote(_:)``) are left alone.
    package static func escapingInvisible(_ json: String) -> String {
        func escapes(_ scalar: Unicode.Scalar) -> Bool { (0x20...0xFFFF).contains(scalar.value) && !TextFormat.isShown(scalar) }
        guard json.unicodeScalars.contains(where: escapes) else { return json }
        return TextFormat.replacing(json) { escapes($0) ? escape($0) : nil }
    }

    /// `\u001b`, `\u202e` (a scalar up to U+FFFF).
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u" + TextFormat.hex(scalar.value, width: 4)
    }
}
