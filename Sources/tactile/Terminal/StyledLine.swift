// A line of the terminal view with its styled stretches.
import Foundation
import Tactile

/// How a stretch of the terminal view is drawn.
enum TextStyle: Hashable, Sendable {
    case bold
    case dim
    case green
    case boldGreen
    case cyan
    case yellow
    case red
    case magenta
    case reverse

    /// The SGR parameters that select the style.
    var parameters: String {
        switch self {
        case .bold: return "1"
        case .dim: return "2"
        case .green: return "32"
        case .boldGreen: return "1;32"
        case .cyan: return "36"
        case .yellow: return "33"
        case .red: return "31"
        case .magenta: return "35"
        case .reverse: return "7"
        }
    }

    /// The style of a recognizer's state: in progress, recognized, given up.
    static func of(_ state: GestureRecognizerState) -> TextStyle {
        switch state {
        case .possible: return .dim
        case .began: return .boldGreen
        case .changed: return .cyan
        case .ended: return .green
        case .cancelled: return .yellow
        case .failed: return .red
        }
    }
}

/// One line of the terminal view: plain text (what tests read, what is
/// measured and clipped) and the styled stretches of it, in characters.
///
/// The text never holds a control character: what comes in is escaped
/// (`TextFormat.visible`, backslashes kept, so text escaped already stays as
/// it is) before it is measured, and only ``ansi`` adds escape sequences.
struct StyledLine: Hashable, Sendable {
    /// A styled stretch: `length` characters from `start`.
    struct Span: Hashable, Sendable {
        var start: Int
        var length: Int
        var style: TextStyle
    }

    /// The characters shown.
    private(set) var text: String
    /// Styled stretches, in order, not overlapping.
    private(set) var spans: [Span]

    /// A line of `text`, styled all through with `style`, if given.
    init(_ text: String = "", style: TextStyle? = nil) {
        let text = TextFormat.visible(text, escapingBackslash: false)
        self.text = text
        spans = style.map { [Span(start: 0, length: text.count, style: $0)] } ?? []
    }

    /// Its width in characters.
    var count: Int { text.count }

    /// Appends `piece`, styled with `style` if given.
    mutating func append(_ piece: String, style: TextStyle? = nil) {
        let piece = TextFormat.visible(piece, escapingBackslash: false)
        if let style, !piece.isEmpty { spans.append(Span(start: text.count, length: piece.count, style: style)) }
        text += piece
    }

    /// Appends another line's text and styles.
    mutating func append(_ line: StyledLine) {
        let offset = text.count
        spans += line.spans.map { Span(start: $0.start + offset, length: $0.length, style: $0.style) }
        text += line.text
    }

    /// The line cut to `width` characters; when it was longer, its last
    /// character becomes `…` (with `marksCut`), so a cut never passes for a value.
    func clipped(to width: Int, marksCut: Bool = false) -> StyledLine {
        guard text.count > width else { return self }
        var line = self
        let keep = max(0, width)
        if marksCut, keep > 0 {
            line.text = String(text.prefix(keep - 1)) + "…"
        } else {
            line.text = String(text.prefix(keep))
        }
        line.spans = spans.compactMap { span in
            guard span.start < keep else { return nil }
            return Span(start: span.start, length: min(span.length, keep - span.start), style: span.style)
        }
        return line
    }

    /// The line padded with spaces to `width` characters (never cut).
    func padded(to width: Int) -> StyledLine {
        guard text.count < width else { return self }
        var line = self
        line.text += String(repeating: " ", count: width - text.count)
        return line
    }

    /// The text with ANSI SGR escapes around each styled stretch.
    var ansi: String {
        guard !spans.isEmpty else { return text }
        var result = ""
        var characters = text.makeIterator()
        var position = 0
        func take(_ count: Int) {
            for _ in 0..<count {
                guard let character = characters.next() else { return }
                result.append(character)
                position += 1
            }
        }
        for span in spans.sorted(by: { $0.start < $1.start }) where span.start >= position {
            take(span.start - position)
            result += "\u{1B}[" + span.style.parameters + "m"
            take(span.length)
            result += "\u{1B}[0m"
        }
        take(text.count - position)
        return result
    }
}

/// Whether to colour what goes to standard output: a terminal, no
/// `NO_COLOR` (https://no-color.org: any non-empty value), and not `TERM=dumb`.
enum ColourChoice {
    /// The choice for `environment` when standard output is a terminal or not.
    static func usesColour(isTerminal: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard isTerminal else { return false }
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }
}
