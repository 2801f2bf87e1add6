// This guide's live device (GettingStarted.md, "A live device"): make examples builds it, so the
// guide's code compiles, but does not run it; run it by hand on a touch device (it opens
// /dev/input/event5).
import Tactile

let window = Window(screen: .standard)

import TactileEvdev

let device = try EvdevDevice(path: "/dev/input/event5", options: .init(requireTouch: true))
let session = LiveSession(device: device, window: window)
let liveActions = session.pipeline.engine.actions()
let printer = Task { @MainActor in
    for await action in liveActions where action.state == .ended { print(action.readableLine) }
}
let interrupt = session.stopSignal.stopOnSignals()
defer { interrupt.cancel() }
let outcome = try await Task { @MainActor in try await session.run() }.value
await printer.value
print(outcome.reason, outcome.events.count, "events")

let panel = FollowingSession(following: .touchscreen, window: window)
panel.onChange = { print($0) }   // connected, disconnected (gestures cancelled), reconnected at event7…
let stop = panel.stopSignal.stopOnSignals()
defer { stop.cancel() }
let followed = try await Task { @MainActor in try await panel.run() }.value
print(followed.reason, panel.connections, "connections")
