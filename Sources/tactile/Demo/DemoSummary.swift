// The summary `tactile demo` leaves on screen: what was played and what each recognizer did.
import Tactile

/// What `tactile demo` leaves on the main screen when its terminal view
/// ends: one screen (at most `height - 2` lines, leaving room for the
/// prompt) of what was played and what each recognizer did.
enum DemoSummary {
    /// The summary of `state`'s session, `headline` first, then per
    /// recognizer how often it recognized and its last values, then `notes`
    /// (left out when they do not fit); a shorter form (names and counts
    /// wrapped to `width`) when the table does not fit `height - 2` lines.
    static func lines(_ state: TerminalView.State, headline: String, notes: [String] = [], width: Int, height: Int) -> [StyledLine] {
        let width = max(20, width), room = max(1, height - 2)
        let tally = state.tally
        let names = state.recognizers.map(\.name)
        let fired = names.filter { (tally.recognized[$0] ?? 0) > 0 }
        var lines = [StyledLine(headline, style: .bold)]
        lines.append(StyledLine("\(fired.count) of \(names.count) recognizers recognized; \(tally.touches) touch\(tally.touches == 1 ? "" : "es"), \(tally.actions) action\(tally.actions == 1 ? "" : "s")."))
        let table = self.table(names, tally: tally, width: width)
        var notes = notes
        if tally.briefHolds > 0 {
            let holds = tally.briefHolds == 1 ? "1 hold" : "\(tally.briefHolds) holds"
            notes.insert("\(holds) shorter than \(PanelValues.number(TerminalView.State.briefHold, places: 1)) s (the rest of a tap, or of fingers about to move) left out of the log and the counts.", at: 0)
        }
        if tally.continued > 0 {
            let gestures = tally.continued == 1 ? "1 gesture" : "\(tally.continued) gestures"
            notes.insert("\(gestures) went on as a hand changed its grip (shown as `continues`, counted once).", at: 0)
        }
        let tail = notes.flatMap { PlainText.wrappedWords($0, width: width) }.map { StyledLine($0, style: .dim) }
        if lines.count + table.count + tail.count <= room {
            lines += table + tail
        } else if lines.count + table.count <= room {
            lines += table
        } else {
            lines += wrapped(fired.map { "\($0) ×\(tally.recognized[$0] ?? 0)" }, lead: "recognized: ", width: width)
            let missing = names.filter { !fired.contains($0) }
            if !missing.isEmpty { lines += wrapped(missing, lead: "not recognized: ", width: width).map { StyledLine($0.text, style: .dim) } }
            lines += tail
        }
        lines = lines.map { $0.clipped(to: width, marksCut: true) }
        if lines.count > room {
            lines = Array(lines.prefix(room - 1)) + [StyledLine("…", style: .dim)]
        }
        return Array(lines.prefix(room))
    }

    /// `name  ×count  last values`, one line per recognizer, the values as
    /// detailed as fit `width`; not recognized ones dimmed.
    private static func table(_ names: [String], tally: TerminalView.Tally, width: Int) -> [StyledLine] {
        let nameWidth = max(10, names.map(\.count).max() ?? 0)
        var lines = [StyledLine(TerminalView.pad("recognizer", to: nameWidth) + "  times  last values", style: .dim)]
        for name in names {
            let count = tally.recognized[name] ?? 0
            var line = StyledLine(TerminalView.pad(name, to: nameWidth) + "  ", style: count == 0 ? .dim : nil)
            line.append(TerminalView.pad(count == 0 ? "-" : "×\(count)", to: 5), style: count == 0 ? .dim : .green)
            if let values = tally.lastValues[name], !values.isEmpty {
                let room = width - line.count - 2
                let texts = PanelValues.Detail.allCases.lazy.map { PanelValues.text(values, detail: $0) }
                line.append("  " + (texts.first { $0.count <= room } ?? PanelValues.text(values, detail: .compact)))
            }
            lines.append(line)
        }
        return lines
    }

    /// `items` after `lead`, separated by commas, wrapped to `width` with continuation lines indented.
    private static func wrapped(_ items: [String], lead: String, width: Int) -> [StyledLine] {
        let pieces = items.enumerated().map { $0.element + ($0.offset < items.count - 1 ? "," : "") }
        return PlainText.filled(pieces, width: width, lead: lead, indent: String(repeating: " ", count: min(lead.count, width / 2)))
            .map { StyledLine($0) }
    }
}
