// The kiosk, live: on the touchscreen as it is mounted, following it as it is unplugged and plugged in again.
import Foundation
import KioskApp
import Tactile
import TactileEvdev

/// A line on standard output, written at once (also into a pipe).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

// `Kiosk [--idle-exit SECONDS]`: prints what happens on the kiosk's screen, and
// (after `#`) what happens to its touchscreen, until Ctrl-C or the idle limit.
let arguments = CommandLine.arguments
let idleExit = arguments.firstIndex(of: "--idle-exit").flatMap { arguments.indices.contains($0 + 1) ? Double(arguments[$0 + 1]) : nil }

// The screen as the person sees it: the panel's display, turned as the
// touchscreen is mounted (its udev entry, as libinput reads it).
let mounting = DeviceDiscovery.touchscreenMounting()
let kiosk = Kiosk(screen: mounting.screen(turning: KioskPanel.display))
kiosk.onLog = { say($0) }

// One session for the kiosk's life: the touchscreen, wherever it is plugged in.
let session = FollowingSession(following: .touchscreen, window: kiosk.window, options: .init(idleExit: idleExit))
session.onChange = { say("# \($0)") }
let interrupt = session.stopSignal.stopOnSignals()
defer { interrupt.cancel() }
let outcome = try await Task { @MainActor in try await session.run() }.value
say("# ended: \(outcome.reason), \(session.connections) connection\(session.connections == 1 ? "" : "s")")
