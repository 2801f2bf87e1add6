// An action's values as the terminal panel shows them, at three levels of detail.
import Tactile

/// The values of an action as the terminal view shows them, at three levels
/// of detail, so the panel can use the most that fits its width:
/// `translation=(-40.3, 176.9) pt velocity=(-306, 1500) pt/s`, the same
/// without units, or `t=(-40,177) v=(-306,1500)`.
///
/// An `x`/`y` pair (`translation.x`, `translation.y`) is shown as one point;
/// a swipe's direction as a word; counts as whole numbers.
enum PanelValues {
    /// How much to show.
    enum Detail: CaseIterable, Sendable {
        /// Full names, with units.
        case withUnits
        /// Full names, no units.
        case plain
        /// Short names (`t`, `v`, `s`, `r`, `d`, `f`, `n`, `dir`), pairs in whole points without spaces.
        case compact
    }

    /// `values` at `detail`, separated by single spaces.
    static func text(_ values: [ActionValue], detail: Detail) -> String {
        var pieces: [String] = []
        var index = 0
        while index < values.count {
            let value = values[index]
            if value.name.hasSuffix(".x"), index + 1 < values.count,
               values[index + 1].name == String(value.name.dropLast(2)) + ".y" {
                pieces.append(pair(String(value.name.dropLast(2)), value.value, values[index + 1].value, detail: detail))
                index += 2
            } else {
                pieces.append(single(value.name, value.value, detail: detail))
                index += 1
            }
        }
        return pieces.joined(separator: " ")
    }

    /// `name=(x, y) unit`.
    private static func pair(_ name: String, _ x: Double, _ y: Double, detail: Detail) -> String {
        let places = name == "velocity" || detail == .compact ? 0 : 1
        let separator = detail == .compact ? "," : ", "
        var text = label(name, detail) + "=(" + number(x, places: places) + separator + number(y, places: places) + ")"
        if detail == .withUnits {
            switch name {
            case "translation", "location": text += " pt"
            case "velocity": text += " pt/s"
            default: break
            }
        }
        return text
    }

    /// `name=value unit`.
    private static func single(_ name: String, _ value: Double, detail: Detail) -> String {
        let label = label(name, detail)
        switch name {
        case "fingers", "taps":
            return label + "=" + number(value, places: 0)
        case "direction":
            return label + "=" + direction(value)
        case "duration":
            return label + "=" + number(value, places: 2) + (detail == .withUnits ? " s" : "")
        case "rotation":
            guard detail == .withUnits else { return label + "=" + number(value, places: 2) }
            return label + "=" + number(value, places: 2) + " rad (" + number(value * 180 / .pi, places: 0) + "°)"
        case "velocity":
            return label + "=" + number(value, places: 2) + (detail == .withUnits ? "/s" : "")
        default:
            return label + "=" + number(value, places: 2)
        }
    }

    /// The name, shortened when compact.
    private static func label(_ name: String, _ detail: Detail) -> String {
        guard detail == .compact else { return name }
        let short = ["translation": "t", "velocity": "v", "scale": "s", "rotation": "r", "duration": "d",
                     "fingers": "f", "taps": "n", "direction": "dir", "location": "at"]
        return short[name] ?? name
    }

    /// A swipe direction's raw value as words (`right`, `left`, `up`, `down`, joined by `+`).
    static func direction(_ value: Double) -> String {
        guard value.isFinite, value >= 0, value < 16, value == value.rounded() else { return number(value, places: 0) }
        let bits = Int(value)
        let words = [(1, "right"), (2, "left"), (4, "up"), (8, "down")].filter { bits & $0.0 != 0 }.map(\.1)
        return words.isEmpty ? "none" : words.joined(separator: "+")
    }

    /// `value` with `places` decimals; `-0` shown as `0`.
    static func number(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        let text = FixedDecimal.format(value, places: places)
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { return String(text.dropFirst()) }
        return text
    }
}
