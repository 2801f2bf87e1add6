import Foundation
import Tactile
import TactileRecording

/// Plays one recording through an ``InputPipeline`` whose window carries
/// every recognizer kind (``StandardGestures``) and prints what happens: one
/// line per touch that begins, ends or is cancelled, and each action
/// (readable, or as JSON lines with `--json`).
struct RecordingPlayer {
    var options: PlaybackOptions
    /// Real-time pacing: `nil` plays as fast as possible; otherwise events are
    /// delivered when wall-clock time reaches their timestamp divided by the factor.
    var speed: Double?

    /// Plays `recording` (already read from `name`) and returns the assembler's diagnostics.
    func play(_ recording: EvemuRecording, name: String) -> AssemblerDiagnostics {
        let recording = options.keepTimestamps ? recording : recording.rebased()
        let window = Window(screen: options.screen.screen)
        let gestures = StandardGestures(attachingTo: window)
        defer { withExtendedLifetime(gestures) {} }
        let pipeline = InputPipeline(device: recording.device, window: window)
        let json = options.json
        LineOutput.standardOutput.flushesEachLine = speed != nil
        if !json {
            emit(Self.headerLine(recording, name: name))
            pipeline.onFrame = { frame in
                for touch in frame.touches where touch.phase == .began || touch.phase.isFinal {
                    emit(Self.touchLine(touch, frame: frame))
                }
            }
        }
        pipeline.engine.onAction = { record in
            emit(json ? record.jsonLine : record.readableLine)
        }

        let clock = ContinuousClock()
        let start = clock.now
        let firstTime = recording.events.first?.timeInMicroseconds ?? 0
        for event in recording.events {
            if let speed, event.isReport {
                let offset = Double(event.timeInMicroseconds - firstTime) / 1_000_000 / speed
                let due = start.advanced(by: .microseconds(Int64((offset * 1_000_000).rounded())))
                let wait = clock.now.duration(to: due)
                if wait > .zero {
                    Thread.sleep(forTimeInterval: Double(wait.components.seconds) + Double(wait.components.attoseconds) * 1e-18)
                }
            }
            pipeline.process(event)
        }
        // Touches still down when the recording ends are cancelled, then
        // pending timers get `settle` seconds to fire.
        let end = recording.events.last.map { $0.time + options.settle }
        pipeline.finishInput(at: end)
        LineOutput.standardOutput.flush()
        return pipeline.diagnostics
    }

    private func emit(_ line: String) {
        LineOutput.standardOutput.write(line)
    }

    /// `# name: "device" (touchpad, 2 slots), 812 events, 2.410 s`
    static func headerLine(_ recording: EvemuRecording, name: String) -> String {
        let device = recording.device
        let slots = device.slotCount == 0 ? "single-touch" : "\(device.slotCount) slot\(device.slotCount == 1 ? "" : "s")"
        return "# \(name): \"\(device.name)\" (\(device.kind.rawValue), \(slots)), \(recording.events.count) events, "
            + String(format: "%.3f s", recording.duration)
    }

    /// `   0.012000  touch #1 began      slot 0  (960.0, 540.0) pt  (50.0, 30.0) mm  1 finger`
    static func touchLine(_ touch: Touch, frame: TouchFrame) -> String {
        let phase = touch.phase.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
        let fingers = "\(frame.fingerCount) finger" + (frame.fingerCount == 1 ? "" : "s")
        return String(format: "%11.6f", frame.time) + "  touch \(touch.id) \(phase)  slot \(touch.slot)"
            + String(format: "  (%.1f, %.1f) pt  (%.1f, %.1f) mm  ", touch.location.x, touch.location.y,
                     touch.surfaceLocation.x, touch.surfaceLocation.y)
            + fingers
    }

    /// Prints the diagnostics summary to standard error, when there is one.
    static func report(_ diagnostics: AssemblerDiagnostics, name: String) {
        guard !diagnostics.isEmpty else { return }
        printError("\(name): assembler diagnostics (\(diagnostics.total) in all):")
        for line in diagnostics.summary {
            printError("  " + line)
        }
    }
}
