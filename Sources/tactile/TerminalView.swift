import Tactile

/// The full-screen picture `tactile demo` draws when standard output is a
/// terminal: a box standing for the touch surface with each finger at its
/// position, a panel of the recognizers of ``StandardGestures`` with their
/// state and values, and the last actions.
///
/// ``render(_:width:height:)`` is pure (no terminal needed); ``TerminalScreen``
/// does the I/O.
enum TerminalView {
    /// One finger on the surface, normalized to the screen: `x`, `y` in 0…1.
    struct Finger: Hashable, Sendable {
        /// The slot, drawn as its digit.
        var slot: Int
        /// Horizontal position, 0 (left) … 1 (right).
        var x: Double
        /// Vertical position, 0 (top) … 1 (bottom).
        var y: Double
    }

    /// A recognizer's line in the panel.
    struct RecognizerRow: Hashable, Sendable {
        /// Its name (`tap`, `longPress`, `pan`, …).
        var name: String
        /// Its last reported state.
        var state: GestureRecognizerState = .possible
        /// The values of its last action (scale, velocity, translation, …).
        var values: [ActionValue] = []
    }

    /// Everything drawn.
    struct State: Hashable, Sendable {
        /// A title line (the device or recording).
        var title: String = "tactile demo"
        /// Engine time of the last frame.
        var time: Double = 0
        /// The fingers down.
        var fingers: [Finger] = []
        /// The recognizers, in panel order.
        var recognizers: [RecognizerRow] = []
        /// The last actions, oldest first (readable lines).
        var log: [String] = []
        /// How many log lines are kept.
        var logLimit = 200

        /// A state listing `names` as recognizers, all possible.
        init(title: String = "tactile demo", recognizerNames: [String] = []) {
            self.title = title
            recognizers = recognizerNames.map { RecognizerRow(name: $0) }
        }

        /// Takes the touches of `frame` on `screen` as the fingers down.
        mutating func update(frame: TouchFrame, screen: Screen) {
            time = frame.time
            let bounds = screen.bounds
            fingers = frame.activeTouches.map { touch in
                Finger(slot: touch.slot,
                       x: bounds.width > 0 ? (touch.location.x - bounds.minX) / bounds.width : 0,
                       y: bounds.height > 0 ? (touch.location.y - bounds.minY) / bounds.height : 0)
            }
        }

        /// Records an action: its recognizer's row and the log.
        mutating func update(action record: ActionRecord) {
            time = max(time, record.time)
            if let index = recognizers.firstIndex(where: { $0.name == record.recognizer }) {
                recognizers[index].state = record.state
                recognizers[index].values = record.values
            } else {
                recognizers.append(RecognizerRow(name: record.recognizer, state: record.state, values: record.values))
            }
            log.append(record.readableLine)
            if log.count > logLimit { log.removeFirst(log.count - logLimit) }
        }
    }

    /// The names of the recognizers of ``StandardGestures``, in order.
    static var standardRecognizerNames: [String] { StandardGestures.recognizerNames }

    /// `state` as exactly `height` lines of at most `width` characters (no
    /// escapes). Tiny sizes give what fits, never a crash.
    static func render(_ state: State, width: Int, height: Int) -> [String] {
        let width = max(0, width), height = max(0, height)
        guard width > 0, height > 0 else { return Array(repeating: "", count: height) }
        var lines: [String] = []
        lines.append("\(state.title)  t=\(FixedDecimal.format(state.time, places: 3)) s  \(state.fingers.count) finger\(state.fingers.count == 1 ? "" : "s")")
        // Layout: surface box on the left, recognizer panel on the right,
        // log below, when there is room.
        let panelWidth = width >= 60 ? min(44, width / 2) : 0
        let logHeight = height >= 16 ? min(8, height / 4) + 1 : 0
        let boxWidth = width - panelWidth - (panelWidth > 0 ? 1 : 0)
        let boxHeight = max(0, height - 1 - logHeight)
        let box = surface(state.fingers, width: boxWidth, height: boxHeight)
        let panel = recognizerPanel(state.recognizers, width: panelWidth, height: boxHeight)
        for row in 0..<boxHeight {
            var line = pad(box[row], to: boxWidth)
            if panelWidth > 0 { line += " " + panel[row] }
            lines.append(line)
        }
        if logHeight > 0 {
            lines.append(String(repeating: "─", count: min(width, 8)) + " actions")
            let shown = state.log.suffix(logHeight - 1)
            lines.append(contentsOf: shown)
            lines.append(contentsOf: Array(repeating: "", count: logHeight - 1 - shown.count))
        }
        lines = lines.prefix(height).map { clip($0, to: width) }
        lines.append(contentsOf: Array(repeating: "", count: height - lines.count))
        return lines
    }

    /// The cell (column, row inside the box's border) of a finger at
    /// normalized `x`, `y` in a box `width`×`height` (border included).
    static func cell(x: Double, y: Double, width: Int, height: Int) -> (column: Int, row: Int)? {
        let inner = (width - 2, height - 2)
        guard inner.0 > 0, inner.1 > 0, x.isFinite, y.isFinite else { return nil }
        let column = min(inner.0 - 1, max(0, Int((x * Double(inner.0)).rounded(.down))))
        let row = min(inner.1 - 1, max(0, Int((y * Double(inner.1)).rounded(.down))))
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

    /// One line per recognizer: name, state and values, active ones marked.
    static func recognizerPanel(_ rows: [RecognizerRow], width: Int, height: Int) -> [String] {
        guard width > 0 else { return Array(repeating: "", count: height) }
        var lines = rows.map { row -> String in
            let active = row.state == .began || row.state == .changed
            let values = row.values.map { "\($0.name)=\(FixedDecimal.format($0.value, places: 2))" }.joined(separator: " ")
            return (active ? "▶ " : "  ") + pad(row.name, to: 20) + " " + pad(row.state.rawValue, to: 9) + " " + values
        }
        if lines.count > height { lines = Array(lines.prefix(height)) }
        lines.append(contentsOf: Array(repeating: "", count: height - lines.count))
        return lines.map { pad(clip($0, to: width), to: width) }
    }

    static func pad(_ text: String, to width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static func clip(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width))
    }
}
