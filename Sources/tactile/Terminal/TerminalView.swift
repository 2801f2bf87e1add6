// The full-screen picture `tactile demo` draws: surface, fingers, recognizer panel.
import Tactile

/// The full-screen picture `tactile demo` draws when standard output is a
/// terminal: a title and status lines (and a notice, when there is one), a
/// box standing for the touch surface with each finger at its position, a
/// panel of the recognizers of ``StandardGestures`` with their state, how
/// often they recognized and their values, and the last actions.
///
/// The panel takes the width the values need (up to ``preferredPanelWidth``
/// columns) and the box the rest; each row shows its values with as much
/// detail as fits (``PanelValues``), and a row cut anyway ends in `…`.
///
/// ``renderStyled(_:width:height:)`` is pure (no terminal needed);
/// ``TerminalScreen`` does the I/O.
enum TerminalView {
    /// The panel's width when the terminal is wide enough: room for a pan's
    /// translation and velocity beside the name, state and count.
    static let preferredPanelWidth = 90
    /// The box is never narrower than this (when the terminal has the room):
    /// at 80 columns the panel gets the rest, enough for a pan's values in short form.
    static let minimumBoxWidth = 16

    /// The names of the recognizers of ``StandardGestures``, in order.
    static var standardRecognizerNames: [String] { StandardGestures.recognizerNames }

    /// `state` as exactly `height` lines of at most `width` characters, without styles.
    static func render(_ state: State, width: Int, height: Int) -> [String] {
        renderStyled(state, width: width, height: height).map(\.text)
    }

    /// `state` as exactly `height` styled lines of at most `width`
    /// characters. Tiny sizes give what fits, never a crash.
    static func renderStyled(_ state: State, width: Int, height: Int) -> [StyledLine] {
        let width = max(0, width), height = max(0, height)
        guard width > 0, height > 0 else { return Array(repeating: StyledLine(), count: height) }
        var lines = header(state)
        let available = max(0, height - lines.count)
        let rows = state.recognizers.count
        // The log gets what the panel leaves (a third of the room at most), when that is worth showing.
        var logHeight = height >= 16 ? min(max(0, available - rows), max(9, available / 3)) : 0
        if logHeight < 3 { logHeight = 0 }
        let bodyHeight = max(0, available - logHeight)
        let panelWidth = panelWidth(forTerminalWidth: width)
        let boxWidth = width - panelWidth - (panelWidth > 0 ? 1 : 0)
        let box = surface(state.fingers, width: boxWidth, height: boxHeight(width: boxWidth, aspect: state.aspect, room: bodyHeight))
        let panel = recognizerPanel(state.recognizers, time: state.time, width: panelWidth, height: bodyHeight)
        for row in 0..<bodyHeight {
            var line = StyledLine()
            line.append(styledBoxLine(row < box.count ? box[row] : "").padded(to: boxWidth))
            if panelWidth > 0 {
                line.append(" ")
                line.append(panel[row])
            }
            lines.append(line)
        }
        if logHeight > 0 {
            lines.append(StyledLine(String(repeating: "─", count: min(width, 8)) + " actions", style: .dim))
            let shown = state.log.suffix(logHeight - 1)
            lines.append(contentsOf: shown.map { logLine($0, width: width) })
            lines.append(contentsOf: Array(repeating: StyledLine(), count: logHeight - 1 - shown.count))
        }
        lines = lines.prefix(height).map { $0.clipped(to: width, marksCut: true) }
        lines.append(contentsOf: Array(repeating: StyledLine(), count: height - lines.count))
        return lines
    }

    /// The panel's width in a terminal `width` columns wide: none below 60
    /// columns; otherwise what is left beside a box of at least
    /// ``minimumBoxWidth``, up to ``preferredPanelWidth``, and the box takes the rest.
    static func panelWidth(forTerminalWidth width: Int) -> Int {
        guard width >= 60 else { return 0 }
        let box = max(minimumBoxWidth, min(width - 1 - preferredPanelWidth, width / 2))
        return width - box - 1
    }

    /// The rows of a box `width` columns wide with the screen's proportions
    /// (`aspect`: height over width; a cell is about twice as tall as wide),
    /// at least 8 and at most `room`.
    static func boxHeight(width: Int, aspect: Double, room: Int) -> Int {
        let proportional = aspect.isFinite && aspect > 0 ? Int(saturating: (Double(width) * aspect / 2).rounded() + 1) : room
        return min(room, max(8, proportional))
    }

    /// The title, the status line (time, fingers, the gesture under way) and the notice.
    static func header(_ state: State) -> [StyledLine] {
        var lines = [StyledLine(state.title, style: .bold)]
        var status = StyledLine("t=\(FixedDecimal.format(state.time, places: 3)) s  \(state.fingers.count) finger\(state.fingers.count == 1 ? "" : "s")")
        if !state.gestures.isEmpty {
            status.append("  │ ")
            let current = state.currentGesture
            for (index, gesture) in state.gestures.enumerated() {
                if index > 0 { status.append(", ") }
                status.append(gesture.name, style: index == current ? .reverse : nil)
            }
        }
        lines.append(status)
        if let notice = state.notice { lines.append(StyledLine(notice, style: .yellow)) }
        return lines
    }

    /// A line of the surface box, its fingers styled.
    private static func styledBoxLine(_ text: String) -> StyledLine {
        var line = StyledLine()
        var run = ""
        for character in text {
            if character.isNumber || character == "●" {
                line.append(run)
                run = ""
                line.append(String(character), style: .magenta)
            } else {
                run.append(character)
            }
        }
        line.append(run)
        return line
    }

    /// A log line `width` columns wide at most, with its state styled: the
    /// values as the panel shows them (a swipe's direction as a word), with
    /// as much detail as fits.
    static func logLine(_ line: LogLine, width: Int) -> StyledLine {
        guard let state = line.state else { return StyledLine(line.text, style: .dim) }
        var styled = StyledLine(line.text + "  ")
        let word = line.continues ? GestureContinuity.word : state.rawValue
        styled.append(word, style: TextStyle.of(state))
        let used = line.text.count + 4 + word.count
        styled.append("  " + line.tail(fitting: width - used))
        return styled
    }

    /// The cell (column, row inside the box's border) of a finger at
    /// normalized `x`, `y` in a box `width`×`height` (border included).
    static func cell(x: Double, y: Double, width: Int, height: Int) -> (column: Int, row: Int)? {
        let inner = (width - 2, height - 2)
        guard inner.0 > 0, inner.1 > 0, x.isFinite, y.isFinite else { return nil }
        let column = min(inner.0 - 1, max(0, Int(saturating: (x * Double(inner.0)).rounded(.down))))
        let row = min(inner.1 - 1, max(0, Int(saturating: (y * Double(inner.1)).rounded(.down))))
        return (column + 1, row + 1)
    }

    /// The surface box with the fingers drawn as their slot digit (`●` past 9).
    static func surface(_ fingers: [Finger], width: Int, height: Int) -> [String] {
        guard width >= 2, height >= 2 else { return Array(repeating: "", count: height) }
        var grid = Array(repeating: Array(repeating: Character(" "), count: width), count: height)
        for column in 0..<width { grid[0][column] = "─"; grid[height - 1][column] = "─" }
        for row in 0..<height { grid[row][0] = "│"; grid[row][width - 1] = "│" }
        grid[0][0] = "┌"; grid[0][width - 1] = "┐"; grid[height - 1][0] = "└"; grid[height - 1][width - 1] = "┘"
        for finger in fingers {
            guard let (column, row) = cell(x: finger.x, y: finger.y, width: width, height: height) else { continue }
            grid[row][column] = (0...9).contains(finger.slot) ? Character("\(finger.slot)") : "●"
        }
        return grid.map { String($0) }
    }

    /// One line per recognizer, `width` wide: a mark while it is active, its
    /// name, its state (dimmed a while after it finished), how often it
    /// recognized, and its values with as much detail as fits.
    static func recognizerPanel(_ rows: [RecognizerRow], time: Double = 0, width: Int, height: Int) -> [StyledLine] {
        guard width > 0 else { return Array(repeating: StyledLine(), count: height) }
        let nameWidth = max(8, rows.map(\.name.count).max() ?? 0)
        var lines = rows.prefix(height).map { row -> StyledLine in
            let active = row.state == .began || row.state == .changed
            let finished = row.state == .ended || row.state == .cancelled || row.state == .failed
            let stale = finished && (row.lastTime.map { time - $0 > 2 } ?? false)
            var line = StyledLine(active ? "▶ " : "  ", style: active ? .boldGreen : nil)
            line.append(pad(row.name, to: nameWidth) + " ", style: active ? .bold : nil)
            let word = row.continues && active ? GestureContinuity.word : row.state.rawValue
            line.append(pad(word, to: 9), style: stale ? .dim : TextStyle.of(row.state))
            line.append(" " + pad(row.recognized > 0 ? "×\(row.recognized)" : "", to: 3) + " ")
            let room = width - line.count
            // A finger count (the header counts the fingers down) goes before the values lose their names.
            let withoutFingers = row.values.filter { $0.name != "fingers" }
            let candidates: [([ActionValue], PanelValues.Detail)] = [
                (row.values, .withUnits), (row.values, .plain), (withoutFingers, .withUnits), (withoutFingers, .plain), (row.values, .compact),
            ]
            let values = candidates.lazy.map { PanelValues.text($0.0, detail: $0.1) }
            line.append(values.first { $0.count <= room } ?? PanelValues.text(row.values, detail: .compact))
            return line.clipped(to: width, marksCut: true).padded(to: width)
        }
        lines.append(contentsOf: Array(repeating: StyledLine(String(repeating: " ", count: width)), count: max(0, height - lines.count)))
        return lines
    }

    static func pad(_ text: String, to width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
