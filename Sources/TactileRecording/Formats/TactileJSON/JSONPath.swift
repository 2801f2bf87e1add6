// JSON paths as messages show them: `device.axes[3].maximum`, `events[12][2]`.
import Tactile

/// JSON paths as messages show them: `device.axes[3].maximum`, `events[12][2]`.
enum JSONPath {
    static func key(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.utf8.allSatisfy { byte in
            (0x61...0x7a).contains(byte) || (0x41...0x5a).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x5f
        }
        if plain { return path.isEmpty ? key : path + "." + key }
        return path + "[" + JSONText.quote(key) + "]"
    }

    static func index(_ path: String, _ index: Int) -> String {
        path + "[\(index)]"
    }

    /// At most 40 characters of `text`, with an ellipsis when cut (see `TextFormat/excerpt(_:quoted:)`).
    static func excerpt(_ text: String, quoted: Bool) -> String {
        TextFormat.excerpt(text, quoted: quoted)
    }
}
