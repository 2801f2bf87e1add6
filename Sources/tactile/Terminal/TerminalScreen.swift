// The terminal view's I/O: alternate screen, paced redraws, colours and restoring the terminal.
import Tactile
#if canImport(Glibc)
import Glibc
#endif
import TactileConsole

/// The I/O of ``TerminalView``: the alternate screen, redraws at most
/// ``maximumRate`` times a second of engine (frame) time, colours unless
/// `NO_COLOR` is set (``ColourChoice``), and the terminal restored at the
/// end, also when the process is interrupted; ``end(summary:)`` leaves a
/// summary on the main screen. Used from the main thread only.
final class TerminalScreen {
    /// Redraws per second of frame time, at most.
    static let maximumRate = 30.0
    /// Enter the alternate screen, hide the cursor.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l"
    /// Show the cursor, leave the alternate screen.
    static let leaveSequence = "\u{1B}[?25h\u{1B}[?1049l"

    /// What is drawn.
    var state: TerminalView.State
    /// Whether states, fingers and notices are coloured.
    let usesColour: Bool
    private var lastDrawTime: Double?
    private var active = false

    /// Whether standard output is a terminal (the terminal view is used then, unless `--json`).
    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The terminal's size, or 80×24 when it cannot be read.
    static func size() -> (width: Int, height: Int) {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return (80, 24)
    }

    /// A screen drawing `state`, in colour when standard output is a terminal and `NO_COLOR` is not set.
    init(state: TerminalView.State, usesColour: Bool = ColourChoice.usesColour(isTerminal: TerminalScreen.standardOutputIsTerminal)) {
        self.state = state
        self.usesColour = usesColour
    }

    /// Switches to the alternate screen; on SIGINT/SIGTERM with the default
    /// disposition, restores the terminal before the process ends.
    func begin(handleSignals: Bool) {
        guard !active else { return }
        active = true
        Self.writeRaw(Self.enterSequence)
        if handleSignals {
            for number in [SIGINT, SIGTERM] {
                signal(number) { received in
                    TerminalScreen.leaveSequence.withCString { pointer in _ = write(STDOUT_FILENO, pointer, strlen(pointer)) }
                    _exit(128 + received)
                }
            }
        }
        draw()
    }

    /// Redraws if at least 1/``maximumRate`` s of frame time passed since the
    /// last drawing (or `force`).
    func redraw(at time: Double, force: Bool = false) {
        guard force || Self.isDue(time, lastDraw: lastDrawTime) else { return }
        lastDrawTime = time
        draw()
    }

    /// Whether a drawing at frame time `time` is due after one at `lastDraw`:
    /// at least 1/``maximumRate`` s later (or time went back, or nothing drawn yet).
    static func isDue(_ time: Double, lastDraw: Double?) -> Bool {
        guard let lastDraw else { return true }
        return time < lastDraw || time - lastDraw >= 1 / maximumRate
    }

    /// Draws the state now.
    func draw() {
        guard active else { return }
        let (width, height) = Self.size()
        let lines = TerminalView.renderStyled(state, width: width, height: height)
        var text = "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            text += (usesColour ? line.ansi : line.text) + "\u{1B}[K"
            if index < lines.count - 1 { text += "\r\n" }
        }
        Self.writeRaw(text)
    }

    /// Restores the terminal (cursor shown, main screen back) and prints
    /// `summary` there, so something stays when the picture goes.
    func end(summary: [StyledLine] = []) {
        guard active else { return }
        draw()
        active = false
        Self.writeRaw(Self.leaveSequence)
        guard !summary.isEmpty else { return }
        Self.writeRaw(summary.map { (usesColour ? $0.ansi : $0.text) + "\n" }.joined())
    }

    private static func writeRaw(_ text: String) {
        LineOutput.standardOutput.flush()
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return write(STDOUT_FILENO, base + offset, buffer.count - offset)
            }
            if written <= 0 { if errno == EINTR { continue }; return }
            offset += written
        }
        bytes.removeAll()
    }
}
