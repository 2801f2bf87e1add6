// The replay half of `tactile demo`: bundled recordings at their recorded pace, drawn in the terminal view.
import ArgumentParser
import Foundation
import Tactile
import TactileConsole
import TactileEvdev
import TactileRecording

/// The replay part of `tactile demo`: bundled recordings played at their
/// recorded pace, drawn in the terminal view (the notice of why kept in
/// view, each recording clearing what the previous one left, a summary on
/// the main screen at the end) or printed as lines.
@MainActor
struct DemoReplay {
    /// The recordings, in order.
    var items: [DemoPlaylist.Item]
    /// The command's options.
    var options: DemoCommand
    /// Why it replays instead of going live, when it was not asked to (no touch device).
    var reason: String?

    func run() throws {
        let speed = options.speed
        let description = DemoPlaylist.description(items, speed: speed)
        // One line on standard error says what is played, and why.
        // The description holds fixed words, numbers, a path and label names: escaping it escapes them.
        printError("tactile demo: " + (reason.map { $0 + "; " } ?? "") + TextFormat.visible(description) + ".")
        var player = RecordingPlayer(options: options.playback, speed: speed)
        let stop = StopSignal()
        player.stop = stop
        // A terminal on standard output (and not --json): the full-screen view.
        let terminal = !options.playback.json && TerminalScreen.standardOutputIsTerminal
            ? TerminalScreen(state: .init(recognizerNames: TerminalView.standardRecognizerNames)) : nil
        // Ctrl-C ends the replay cleanly: the terminal restored, the summary left.
        let interrupt = stop.stopOnSignals()
        defer { interrupt.cancel() }

        let started = ContinuousClock.now
        var played = 0
        var diagnosed: [(AssemblerDiagnostics, String)] = []
        if let terminal {
            terminal.state.notice = reason.map { Self.notice($0, count: items.count) }
            player.terminal = terminal
            terminal.begin(handleSignals: false)
        }
        for (index, item) in items.enumerated() {
            if stop.isStopRequested { break }
            if index > 0 { Self.pause(DemoPlaylist.pause / speed, stop: stop) }
            terminal?.state.beginRecording(heading: item.heading(index: index, count: items.count), path: item.path, gestures: item.marks)
            terminal?.draw()
            let outcome = player.play(item.recording, name: item.path)
            played += 1
            if terminal == nil {
                RecordingPlayer.report(outcome.diagnostics, name: item.path)
            } else if !outcome.diagnostics.isEmpty {
                diagnosed.append((outcome.diagnostics, item.path))
            }
        }
        if let terminal {
            if !stop.isStopRequested { Self.pause(DemoPlaylist.pause / speed, stop: stop) }
            let elapsed = started.duration(to: .now)
            let (width, height) = TerminalScreen.size()
            terminal.end(summary: DemoSummary.lines(
                terminal.state, headline: headline(played: played, stopped: stop.isStopRequested, elapsed: elapsed),
                notes: notes(diagnosed), width: width, height: height))
        }
    }

    /// The notice kept in view: `No touch device found: replaying 6 bundled recordings (--device PATH names one).`
    nonisolated static func notice(_ reason: String, count: Int) -> String {
        let what = count == 1 ? "a bundled recording" : "\(count) bundled recordings"
        return "No touch device found: replaying \(what) (--device PATH names one)."
    }

    /// `tactile demo: replayed 6 bundled recordings in 19.8 s (no touch device found)`.
    private func headline(played: Int, stopped: Bool, elapsed: Duration) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let what = stopped ? "replayed \(played) of \(items.count) bundled recordings (stopped)"
            : (items.count == 1 ? "replayed \(TextFormat.visible(items[0].path))" : "replayed \(items.count) bundled recordings")
        return "tactile demo: \(what) in \(PanelValues.number(seconds, places: 1)) s" + (reason == nil ? "" : ", no touch device found")
    }

    /// Where to go from here, and which recordings the assembler had notes on.
    private func notes(_ diagnosed: [(AssemblerDiagnostics, String)]) -> [String] {
        var notes: [String] = []
        if !diagnosed.isEmpty {
            let count = diagnosed.count
            notes.append("The touch assembler worked around quirks of \(count) of the recordings (`tactile replay FILE` says which).")
        }
        // A command that works from here: `make demo` puts nothing on PATH.
        let tactile = TextFormat.visible(CommandName.current)
        notes.append("Next: \(tactile) demo --recording NAME · \(tactile) replay FILE · \(tactile) demo --device /dev/input/eventN"
            + (CommandName.isOnPath ? "" : " (make install puts tactile on PATH)"))
        return notes
    }

    /// Waits `seconds` (the final states stay in view), ending early on a stop.
    private static func pause(_ seconds: Double, stop: StopSignal) {
        let deadline = ContinuousClock.now.advanced(by: .microseconds(Int64(seconds * 1_000_000)))
        while ContinuousClock.now < deadline, !stop.isStopRequested {
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}
