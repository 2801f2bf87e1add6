// tactile-evdev-probe --follow: a FollowingSession on the standard gestures, its changes and actions as JSON lines.
import Tactile
import TactileEvdev
#if canImport(Glibc)
import Glibc
#endif

/// `--follow touchscreen|touchpad|any [--directory DIR] [--stop-after-disconnects N] [--idle-exit S]`:
/// follows the device on a window of the standard gestures and prints one line per change and per action:
///
///   {"change":"connected","path":"/dev/input/event5","text":"…"}
///   {"action":{"time":0.25,"recognizer":"pan",…}}
///   {"end":"stopped","events":42,"inOrder":true,"connections":2,"endTime":3.1}   (inOrder: the events' rebased times never go back)
///
/// With `--stop-after-disconnects N` it stops itself once the device went away N times.
@MainActor
func follow(_ arguments: [String]) -> Int32 {
    var arguments = arguments
    var match = DeviceMatch.touchscreen
    var directory = DeviceDiscovery.defaultDirectory
    var stopAfter: Int?
    var options = LiveSession.Options()
    while !arguments.isEmpty {
        let argument = arguments.removeFirst()
        let value = arguments.isEmpty ? "" : arguments.removeFirst()
        switch argument {
        case "--follow": match = value == "touchpad" ? .touchpad : value == "any" ? .anyTouchDevice : .touchscreen
        case "--directory": directory = value
        case "--stop-after-disconnects": stopAfter = Int(value)
        case "--idle-exit": options.idleExit = Double(value)
        default:
            emit(#"{"error":"usage","message":"usage: tactile-evdev-probe --follow KIND [--directory DIR] [--stop-after-disconnects N] [--idle-exit S]"}"#)
            return 64
        }
    }
    let window = Window(screen: .standard)
    let gestures = StandardGestures(attachingTo: window)
    let session = FollowingSession(following: match, window: window, options: options, directory: directory)
    var disconnects = 0
    session.onChange = { change in
        emit("{\"change\":\"\(change.probeName)\",\"path\":\(change.path.map(JSONText.quote) ?? "null"),\"text\":\(JSONText.quote(change.description))}")
        if case .disconnected = change {
            disconnects += 1
            if let stopAfter, disconnects >= stopAfter { session.stopSignal.requestStop() }
        }
    }
    session.pipeline.engine.onAction = { emit("{\"action\":\($0.jsonLine)}") }
    let interrupt = session.stopSignal.stopOnSignals()
    defer { interrupt.cancel() }
    do throws(EvdevError) {
        let outcome = try session.run()
        let inOrder = zip(outcome.events, outcome.events.dropFirst()).allSatisfy { $0.timeInMicroseconds <= $1.timeInMicroseconds }
        emit("{\"end\":\"\(outcome.reason.rawValue)\",\"events\":\(outcome.events.count),\"inOrder\":\(inOrder),"
            + "\"connections\":\(session.connections),\"endTime\":\(outcome.endTime)}")
    } catch {
        emit("{\"error\":\"\(error.reason)\",\"message\":\(JSONText.quote(error.description))}")
        return 2
    }
    withExtendedLifetime(gestures) {}
    return 0
}

extension FollowingSession.Change {
    /// The case's name, for the probe's lines.
    var probeName: String {
        switch self {
        case .connected: return "connected"
        case .disconnected: return "disconnected"
        case .reconnected: return "reconnected"
        case .waiting: return "waiting"
        case .problem: return "problem"
        }
    }

    /// The node the change is about, if any.
    var path: String? {
        switch self {
        case .connected(let path, _), .disconnected(let path, _), .reconnected(let path, _): return path
        case .waiting, .problem: return nil
        }
    }
}
