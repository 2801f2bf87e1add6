// Plays one recording through the replay driver and prints its touches and actions in time order.
import Foundation
import Tactile
import TactileConsole
import TactileEvdev
import TactileRecording

/// Plays one recording through ``ReplayDriver`` (a window sized to the
/// recording's screen, every recognizer kind attached, the actions
/// ``RecordingReplay`` gives) and prints what happens in time order: one
/// line per touch that begins, ends or is cancelled, and each action
/// (readable, or as JSON lines with `--json`).
@MainActor
struct RecordingPlayer {
    var options: PlaybackOptions
    /// Real-time pacing: `nil` plays as fast as possible; otherwise events are
    /// delivered when wall-clock time reaches their timestamp divided by the factor.
    var speed: Double?
    /// When set, the replay is drawn into this terminal view instead of printed as lines.
    var terminal: TerminalScreen? = nil
    /// When raised, a paced replay ends at the next frame.
    var stop: StopSignal? = nil
    /// Whether each step of recognition is printed too (`--trace`): on
    /// standard output among the other lines, on standard error with `--json`.
    var trace = false

    /// The driver for these options.
    private var driver: ReplayDriver {
        ReplayDriver(runOut: options.runOut, pacer: speed.map { Pacer(speed: $0, stop: stop) })
    }

    /// Plays `recording` (read from `name`) and returns what the replay produced.
    func play(_ recording: Recording, name: String) -> RecordingReplay.Outcome {
        var recording = recording
        (recording.screen, recording.transform) = options.screen.mounted(screen: recording.screen, transform: recording.transform)
        if let terminal {
            return playInTerminal(recording, name: name, terminal: terminal)
        }
        LineOutput.standardOutput.flushesEachLine = speed != nil
        if speed == nil { LineOutput.standardOutput.writeInBackground() }
        if !options.json { emit(Self.headerLine(recording, name: name)) }
        let continuity = options.json ? nil : SharedContinuity()
        let outcome = driver.run(
            device: recording.device, screen: recording.screen, transform: recording.transform, axisValues: recording.axisValues,
            events: recording.events, onFrame: touchLines(continuity), onAction: actionLines(continuity), onTrace: traceLines(continuity))
        LineOutput.standardOutput.flush()
        return outcome
    }

    /// Plays a Tactile JSON recording while reading it, a chunk at a time, so
    /// memory stays flat however long the file is; the actions are printed,
    /// not kept (the outcome's log is empty). Read errors past the header end
    /// the replay and are thrown after what came before was played.
    func playStreaming(_ path: String, name: String) throws(RecordingError) -> (outcome: RecordingReplay.Outcome, warnings: [RecordingWarning]) {
        let stream = try RecordingReader.events(contentsOf: path, readingAhead: true)
        let header = stream.header
        let (screen, transform) = options.screen.mounted(screen: header.screen, transform: header.transform)
        LineOutput.standardOutput.flushesEachLine = speed != nil
        if speed == nil { LineOutput.standardOutput.writeInBackground() }
        if !options.json { emit(Self.headerLine(name: name, device: header.device, events: header.summary.eventCount, duration: header.summary.duration)) }
        var driver = self.driver
        driver.keepsLog = false
        let continuity = options.json ? nil : SharedContinuity()
        let outcome = driver.run(
            device: header.device, screen: screen, transform: transform, axisValues: header.axisValues, events: stream,
            onFrame: touchLines(continuity), onAction: actionLines(continuity), onTrace: traceLines(continuity))
        LineOutput.standardOutput.flush()
        if let error = stream.error { throw error }
        return (outcome, stream.warnings)
    }

    /// Prints the touches of each frame that begin or end (none with `--json`).
    private func touchLines(_ continuity: SharedContinuity?) -> ((TouchFrame) -> Void)? {
        guard !options.json else { return nil }
        return { frame in
            continuity?.value.note(frame)
            for touch in frame.touches where touch.phase == .began || touch.phase.isFinal {
                LineOutput.standardOutput.writeLine { Self.appendTouchLine(touch, frame: frame, to: &$0) }
            }
        }
    }

    /// Prints each action, readable or as a JSON line; a readable `began`
    /// that goes on with the gesture before (a re-grip) reads `continues`.
    private func actionLines(_ continuity: SharedContinuity?) -> (ActionRecord) -> Void {
        let json = options.json
        let output = LineOutput.standardOutput
        return { record in
            guard let continuity, continuity.value.continues(record) else { return output.write(record, json: json) }
            output.writeLine { record.appendReadableLine(to: &$0, stateWord: GestureContinuity.word) }
        }
    }

    /// Prints each step of recognition, `trace ` and the step (with
    /// `--trace`), and notes the re-grips for the action lines.
    private func traceLines(_ continuity: SharedContinuity?) -> ((GestureTraceEvent) -> Void)? {
        let output: ((GestureTraceEvent) -> Void)?
        if !trace {
            output = nil
        } else if options.json {
            output = { printError("trace " + $0.description) }
        } else {
            output = { LineOutput.standardOutput.write("trace " + $0.description) }
        }
        guard let continuity else { return output }
        return { event in
            continuity.value.note(event)
            output?(event)
        }
    }

    /// Plays `recording` drawing into `terminal` (redrawn each frame and action) instead of printing lines.
    private func playInTerminal(_ recording: Recording, name: String, terminal: TerminalScreen) -> RecordingReplay.Outcome {
        let screen = recording.screen
        return driver.run(
            device: recording.device, screen: screen, transform: recording.transform, axisValues: recording.axisValues,
            events: recording.events, onFrame: { frame in
                terminal.state.update(frame: frame, screen: screen)
                terminal.redraw(at: frame.time, force: true)
            },
            onAction: { record in
                terminal.state.update(action: record)
                terminal.redraw(at: record.time, force: true)
            },
            onTrace: { terminal.state.update(trace: $0) })
    }

    private func emit(_ line: String) {
        LineOutput.standardOutput.write(line)
    }

    /// `# name: "device" (touchpad, 2 slots), 812 events, 2.410 s`
    nonisolated static func headerLine(_ recording: Recording, name: String) -> String {
        let duration = recording.events.first.flatMap { first in recording.events.last.map { $0.time - first.time } } ?? 0
        return headerLine(name: name, device: recording.device, events: recording.events.count, duration: duration)
    }

    nonisolated static func headerLine(name: String, device: DeviceDescription, events: Int, duration: Double) -> String {
        let slots = device.slotCount == 0 ? "single-touch" : "\(device.slotCount) slot\(device.slotCount == 1 ? "" : "s")"
        return "# \(TextFormat.visible(name)): \"\(TextFormat.visible(device.name))\" (\(device.kind.rawValue), \(slots)), \(events) events, "
            + FixedDecimal.format(duration, places: 3) + " s"
    }

    /// `   0.012000  touch #1 began      slot 0  (960.0, 540.0) pt  (50.0, 30.0) mm  1 finger`
    nonisolated static func touchLine(_ touch: Touch, frame: TouchFrame) -> String {
        var bytes: [UInt8] = []
        appendTouchLine(touch, frame: frame, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``touchLine(_:frame:)``'s bytes (ASCII only, nothing to escape).
    nonisolated static func appendTouchLine(_ touch: Touch, frame: TouchFrame, to bytes: inout [UInt8]) {
        let start = bytes.count
        LineBytes.appendFixed(frame.time, places: 6, to: &bytes)
        // The time right-aligned in 11 columns.
        let width = bytes.count - start
        if width < 11 { bytes.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: 11 - width), at: start) }
        LineBytes.append("  touch #", to: &bytes)
        LineBytes.appendDigits(UInt(touch.id.rawValue), minimumDigits: 1, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        let phase = touch.phase.rawValue.utf8
        bytes.append(contentsOf: phase.prefix(9))
        if phase.count < 9 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 9 - phase.count)) }
        LineBytes.append("  slot ", to: &bytes)
        LineBytes.append(touch.slot, to: &bytes)
        LineBytes.append("  (", to: &bytes)
        LineBytes.appendFixed(touch.location.x, places: 1, to: &bytes)
        LineBytes.append(", ", to: &bytes)
        LineBytes.appendFixed(touch.location.y, places: 1, to: &bytes)
        LineBytes.append(") pt  (", to: &bytes)
        LineBytes.appendFixed(touch.surfaceLocation.x, places: 1, to: &bytes)
        LineBytes.append(", ", to: &bytes)
        LineBytes.appendFixed(touch.surfaceLocation.y, places: 1, to: &bytes)
        LineBytes.append(") mm  ", to: &bytes)
        LineBytes.append(frame.fingerCount, to: &bytes)
        if frame.fingerCount == 1 { LineBytes.append(" finger", to: &bytes) } else { LineBytes.append(" fingers", to: &bytes) }
        if let rejection = touch.rejection {
            LineBytes.append("  (", to: &bytes)
            bytes.append(contentsOf: rejection.rawValue.utf8)
            LineBytes.append(": no recognizer sees it)", to: &bytes)
        }
    }

    /// Prints the diagnostics summary to standard error, when there is one.
    nonisolated static func report(_ diagnostics: AssemblerDiagnostics, name: String) {
        guard !diagnostics.isEmpty else { return }
        printError("\(TextFormat.visible(name)): assembler diagnostics (\(diagnostics.total) in all):")
        for line in diagnostics.summary {
            printError("  " + line)
        }
    }
}
