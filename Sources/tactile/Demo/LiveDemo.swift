// The live half of `tactile demo`: a live session on one evdev node, printed as it happens.
import ArgumentParser
import Foundation
import Tactile
import TactileConsole
import TactileEvdev
import TactileRecording

/// The live part of `tactile demo`: a ``LiveSession`` on one evdev node with
/// ``StandardGestures`` on a window sized to the screen, printing touches and
/// actions as they happen (the lines of `tactile replay`).
@MainActor
struct LiveDemo {
    /// The evdev node.
    var path: String
    /// The command's options.
    var options: DemoCommand

    func run() async throws {
        let device = try openDevice()
        let (screen, transform, note) = options.playback.screen.liveScreen(for: device)
        if let note { printError("tactile demo: \(note)") }
        Self.sayMounting(of: device, transform: transform, given: options.playback.screen.givenTransform != nil, command: "demo")
        let window = Window(screen: screen)
        let gestures = StandardGestures(attachingTo: window)
        let session = LiveSession(
            device: device, window: window, transform: transform,
            options: .init(idleExit: options.idleExit, maxDuration: options.maxSeconds, runOut: options.playback.runOut)
        )
        let json = options.playback.json
        let output = LineOutput.standardOutput
        output.flushesEachLine = true
        let terminal = attachOutput(to: session, device: device, screen: screen, gestures: gestures, output: output)
        // Ctrl-C, a kill or a closed terminal (SIGHUP) ends the session
        // cleanly (touches cancelled, timers run out) and --record saves.
        let interrupt = session.stopSignal.stopOnSignals([SIGINT, SIGTERM, SIGHUP])
        defer { interrupt.cancel() }
        terminal?.begin(handleSignals: false)
        let outcome: LiveSession.Outcome
        do throws(EvdevError) {
            // The async run: the device is polled off the main actor between events.
            outcome = try await session.run()
            if let terminal {
                let (width, height) = TerminalScreen.size()
                let headline = "tactile demo: \(TextFormat.visible(path)) \"\(TextFormat.visible(device.description.name))\", "
                    + "\(PanelValues.number(outcome.events.last?.time ?? 0, places: 1)) s of input: \(Self.endMessage(outcome.reason, path: path))"
                terminal.end(summary: DemoSummary.lines(terminal.state, headline: headline, width: width, height: height))
            }
        } catch {
            terminal?.end()
            output.flush()
            printError("tactile: error: \(error)")
            throw ExitCode.failure
        }
        withExtendedLifetime(gestures) {}
        output.flush()
        // The end is said on standard error; with --json only when the device went away.
        if !json || outcome.reason == .deviceGone {
            printError("tactile demo: \(Self.endMessage(outcome.reason, path: path)); \(outcome.events.count) events.")
        }
        RecordingPlayer.report(session.pipeline.diagnostics, name: path)
        try saveRecording(of: device, screen: screen, transform: transform, events: outcome.events)
    }

    /// The evdev node opened (grabbed with `--grab`), after checking that
    /// `--record`'s file may be written: refused before the session, not
    /// after it, when what was received would be lost.
    private func openDevice() throws -> EvdevDevice {
        if let file = options.record {
            do throws(RecordingError) {
                try OutputFile.checkFree(file, force: options.force)
            } catch {
                printError("tactile: error: \(error)")
                throw ExitCode.failure
            }
        }
        routeLibevdevMessages(to: "demo")
        do throws(EvdevError) {
            return try EvdevDevice(path: path, options: .init(requireTouch: true, grab: options.grab))
        } catch {
            printError("tactile: error: \(error)")
            throw ExitCode.failure
        }
    }

    /// Shows the session as it happens: the full-screen view on a terminal
    /// (and not `--json`), which is returned; otherwise the touches' and
    /// actions' lines (with `--json` the actions' JSON lines alone).
    private func attachOutput(
        to session: LiveSession, device: EvdevDevice, screen: Screen, gestures: StandardGestures, output: LineOutput
    ) -> TerminalScreen? {
        let json = options.playback.json
        let terminal = !json && TerminalScreen.standardOutputIsTerminal
            ? TerminalScreen(state: .init(title: Self.headerLine(device), recognizerNames: gestures.all.map(\.name))) : nil
        if let terminal {
            session.pipeline.onFrame = { frame in
                terminal.state.update(frame: frame, screen: screen)
                terminal.redraw(at: frame.time)
            }
            session.pipeline.engine.onTrace = { terminal.state.update(trace: $0) }
            session.pipeline.engine.onAction = { record in
                terminal.state.update(action: record)
                // Transitions always show; a stream of `changed` is throttled like frames.
                terminal.redraw(at: record.time, force: record.state != .changed)
            }
            return terminal
        }
        if !json {
            output.write(Self.headerLine(device))
            let pipeline = session.pipeline
            session.pipeline.onFrame = { [unowned pipeline] frame in
                // Timers due before this frame fire first (the engine's first step for
                // the frame), so their actions print before its touches: lines in time order.
                pipeline.advance(to: frame.time)
                for touch in frame.touches where touch.phase == .began || touch.phase.isFinal {
                    output.write(RecordingPlayer.touchLine(touch, frame: frame))
                }
            }
        }
        session.pipeline.engine.onAction = { record in
            output.write(json ? record.jsonLine : record.readableLine)
        }
        return nil
    }

    /// With `--record`, saves what the device sent as a Tactile recording.
    private func saveRecording(of device: EvdevDevice, screen: Screen, transform: SurfaceTransform, events: [InputEvent]) throws {
        guard let file = options.record else { return }
        let recording = Recording(device: device.description, screen: screen, transform: transform, axisValues: device.axisValues, events: events)
        do throws(RecordingError) {
            try OutputFile.write(recording, to: file, as: .tactile, force: options.force)
        } catch {
            printError("tactile: error: cannot save the recording: \(OutputFile.message(for: error))")
            throw ExitCode.failure
        }
    }

    /// `# live: /dev/input/event5 "SynPS/2 Synaptics TouchPad" (touchpad, 2 slots)`;
    /// a protocol-A device says `10 slots, converted from protocol A`. The path
    /// and the name are escaped (`TextFormat.visible`).
    nonisolated static func headerLine(_ device: EvdevDevice) -> String {
        let description = device.description
        let slots = description.slotCount == 0 ? "single-touch"
            : "\(description.slotCount) slot\(description.slotCount == 1 ? "" : "s")"
            + (device.kernelDescription.usesProtocolA ? ", converted from protocol A" : "")
        return "# live: \(TextFormat.visible(device.path)) \"\(TextFormat.visible(description.name))\" (\(description.kind.rawValue), \(slots))"
    }

    /// Says on standard error how the device's surface is taken to be
    /// mounted when it is not upright, and where that comes from (the command
    /// line, or its udev entry), and why a udev matrix is ignored.
    nonisolated static func sayMounting(of device: EvdevDevice, transform: SurfaceTransform, given: Bool, command: String) {
        if let problem = device.udevCalibrationProblem, !given { printError("tactile \(command): \(problem)") }
        guard !transform.isIdentity else { return }
        let source = given ? "as given" : "as its udev entry says (LIBINPUT_CALIBRATION_MATRIX=\(transform); --rotate 0 turns it off)"
        printError("tactile \(command): \(TextFormat.visible(device.path)) is mounted \(transform.summary), \(source)")
    }

    /// Why a live session on `path` ended, for the last line on standard error.
    nonisolated static func endMessage(_ reason: SessionEndReason, path: String) -> String {
        switch reason {
        case .deviceGone: return "\(TextFormat.visible(path)) disappeared (unplugged or unbound)"
        case .stopped: return "stopped"
        case .idle: return "no input for the idle time, ended"
        case .maxDuration: return "the time limit was reached, ended"
        }
    }
}
